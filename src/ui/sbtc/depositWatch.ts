/**
 * Watched sBTC deposits: "Watch" on a deposit's panel (or `Stacks: Watch sBTC Deposit…`) tells
 * the user once when the deposit is minted, fails or is replaced. It rides the watch rounds'
 * background budget (src/chain/watchBudget.ts, shared with the watched transactions and
 * addresses): each round asks the deposits whose turn it is, one registry read each (fail-fast,
 * never marking the window used) and Emily only where the user agreed in this window; a lease so
 * two windows of a workspace never both notify; kept in the workspace state for a day at most.
 */
import * as vscode from 'vscode';
import { isStacksApiError } from '../../api/errors';
import { isNetworkId, NETWORK_LABELS, type NetworkId } from '../../chain/networks';
import { depositId, parseDepositId, type DepositRef } from '../../chain/sbtc';
import { MAX_DELAY_MS } from '../../chain/txWatch';
import { Rotation, SharedBudget } from '../../chain/watchBudget';
import { Commands } from '../../constants';
import type { WatchNetwork } from '../network/network';
import { Disposable } from '../shared/lifecycle';
import type { LogSink } from '../shared/log';
import { showInfo, showWarning } from '../shared/notify';
import { Rounds, type RoundEnd } from '../watch/rounds';
import { budgetPerMinute } from '../watch/watchBudget';
import { depositOutcome, findDeposit } from './deposit';
import { emilyGate } from './gate';

const LIST_KEY = 'stacksLookup.sbtc.watchedDeposits';
const LEASE_KEY = 'stacksLookup.sbtc.watchLease';
const LEASE_MS = 5 * 60_000;
/** A deposit takes Bitcoin blocks: a watch lasts a day at most. */
const MAX_WATCH_MS = 24 * 60 * 60_000;
const MAX_WATCHED = 20;
const FIRST_DELAY_MS = 5_000;
const ROUND_MS = 60_000;

export interface WatchedDeposit {
  id: string;
  network: NetworkId;
  since: number;
}

export interface DepositWatchDeps {
  networks: WatchNetwork;
  log: LogSink;
  state: vscode.Memento;
  shared: SharedBudget;
  amountText: (sats: string | number) => string;
}

export class DepositWatcher extends Disposable {
  readonly rounds: Rounds;
  private readonly rotation: Rotation<WatchedDeposit>;
  private waitingForUse: vscode.Disposable | undefined;

  constructor(private readonly deps: DepositWatchDeps) {
    super();
    deps.shared.join(() => this.watched.length);
    this.rotation = new Rotation((w) => `${w.network}|${w.id}`, deps.shared);
    this.rounds = new Rounds({
      clock: () => deps.networks.clock,
      state: deps.state,
      leaseKey: LEASE_KEY,
      leaseMs: LEASE_MS,
      warning: () =>
        vscode.l10n.t('Stacks Lookup cannot reach the API to follow your watched sBTC deposits; it keeps trying.'),
      body: (signal) => this.round(signal),
      next: ({ budgetWaitMs }) => (this.watched.length ? Math.max(ROUND_MS, budgetWaitMs) : undefined),
    });
    // Kept watches wait for the window's first request for chain data.
    if (this.watched.length) {
      if (deps.networks.used) this.rounds.schedule(FIRST_DELAY_MS);
      else
        this.waitingForUse = deps.networks.onDidFirstUse(() => {
          this.waitingForUse?.dispose();
          if (this.watched.length && !this.rounds.active) this.rounds.schedule(FIRST_DELAY_MS);
        });
    }
  }

  get watched(): WatchedDeposit[] {
    const raw = this.deps.state.get<unknown>(LIST_KEY);
    if (!Array.isArray(raw)) return [];
    return raw
      .filter(
        (w): w is WatchedDeposit =>
          !!w &&
          typeof w === 'object' &&
          typeof (w as WatchedDeposit).id === 'string' &&
          parseDepositId((w as WatchedDeposit).id) !== undefined &&
          typeof (w as WatchedDeposit).network === 'string' &&
          isNetworkId((w as WatchedDeposit).network) &&
          typeof (w as WatchedDeposit).since === 'number',
      )
      .slice(0, MAX_WATCHED);
  }

  async watch(ref: DepositRef, network: NetworkId): Promise<boolean> {
    const id = depositId(ref);
    if (this.watched.some((w) => w.id === id && w.network === network)) return true;
    if (this.watched.length >= MAX_WATCHED) {
      void showWarning(vscode.l10n.t('At most {0} sBTC deposits are watched at a time.', MAX_WATCHED));
      return false;
    }
    await this.deps.state.update(LIST_KEY, [...this.watched, { id, network, since: Date.now() }]);
    void showInfo(
      vscode.l10n.t(
        'Watching sBTC deposit {0}… on {1}: you will be told once when it is minted or fails (for up to a day).',
        ref.txid.slice(0, 10),
        NETWORK_LABELS[network],
      ),
    );
    if (!this.rounds.inFlight) this.rounds.schedule(FIRST_DELAY_MS);
    return true;
  }

  nextRound(): Promise<void> {
    return this.rounds.nextRound();
  }

  override dispose(): void {
    this.waitingForUse?.dispose();
    this.rounds.stop();
    super.dispose();
  }

  private async end(w: WatchedDeposit): Promise<void> {
    await this.deps.state.update(
      LIST_KEY,
      this.watched.filter((x) => !(x.id === w.id && x.network === w.network)),
    );
  }

  private async round(signal: AbortSignal): Promise<RoundEnd> {
    for (const w of this.watched) if (Date.now() - w.since > MAX_WATCH_MS) await this.end(w);
    const list = this.watched;
    const now = this.deps.networks.clock.now();
    const turn = this.rotation.take(list, {
      now,
      perMinute: await budgetPerMinute(
        this.deps.networks,
        list.map((w) => w.network),
      ),
      minIntervalMs: 0,
      firstRoundMs: FIRST_DELAY_MS,
    });
    let failed = false;
    for (const w of turn) {
      if (signal.aborted) return { budgetWaitMs: 0 };
      const ref = parseDepositId(w.id)!;
      try {
        const { client } = await this.deps.networks.endpoint(w.network, { background: true });
        const emily = await emilyGate().access(w.network, false);
        const facts = await findDeposit(client, w.network, ref, emily, { budget: 'fail-fast', signal });
        this.rotation.asked(w, now);
        const outcome = depositOutcome(facts, this.deps.amountText);
        if (!outcome.ended) continue;
        await this.end(w);
        const open = vscode.l10n.t('Open');
        const show = outcome.tone === 'info' ? showInfo : showWarning;
        void show(outcome.message, open).then(async (choice) => {
          if (choice === open)
            await vscode.commands.executeCommand(Commands.lookup, {
              kind: 'sbtcDeposit',
              id: w.id,
              network: w.network,
            });
        });
      } catch (e) {
        if (isStacksApiError(e) && e.kind === 'cancelled') return { budgetWaitMs: 0 };
        if (isStacksApiError(e) && e.kind === 'rate-limited')
          return { failed, budgetWaitMs: e.retryAfterMs ?? MAX_DELAY_MS };
        this.rotation.asked(w, now);
        failed = true;
        this.deps.log.warn(`Watching sBTC deposit ${w.id}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    return { failed, budgetWaitMs: 0 };
  }
}
