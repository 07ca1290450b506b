/**
 * Watching transactions until they land: the watch list (kept in the workspace state, so it
 * survives a reload), the polling rounds, the notifications and the status-bar item. The rules
 * (what a status means, the back-off) are in src/chain/txWatch.ts.
 *
 * Polling stays inside the rate budget: at most MAX_WATCHED_TXS watches, and each round asks the
 * watches longest unasked, as many as the watchers' share of the budget allows (with the watched
 * addresses, half of it: src/chain/watchBudget.ts), as background requests that fail fast instead
 * of waiting for the budget; a round that meets the rate limit stops and the next one waits as long
 * as the budget asks. Never more than one round in flight. A window holds a lease on the list while it follows it, so two windows of one
 * workspace never both notify. After a reload the kept list is shown at once and followed again
 * from the user's first request for chain data in the window.
 */
import * as vscode from 'vscode';
import { isStacksApiError } from '../../api/errors';
import { checkTxId } from '../../chain/identifiers';
import { isNetworkId, NetworkId, NETWORK_LABELS } from '../../chain/networks';
import {
  capMessage,
  expiredMessage,
  FIRST_DELAY_MS,
  MAX_DELAY_MS,
  MAX_WATCHED_TXS,
  nextDelay,
  outcomeOf,
  readWatched,
  isExpired,
  WatchedTx,
} from '../../chain/txWatch';
import { Rotation, SharedBudget } from '../../chain/watchBudget';
import { Commands, WATCHED_TXS_KEY } from '../../constants';
import type { WatchSettings } from '../shared/config';
import type { LogSink } from '../shared/log';
import type { WatchNetwork } from '../network/network';
import { showInfo, showWarning } from '../shared/notify';
import { failureNotice, OPEN, OPEN_LINE, txFailure, type TxFailure } from '../failure/txFailure';
import { budgetPerMinute } from './watchBudget';
import { Disposable } from '../shared/lifecycle';
import { Rounds, type RoundEnd } from './rounds';
import { showWatchedMenu, TxStatusItem } from './txStatusItem';

const LIST_KEY = WATCHED_TXS_KEY;
const LEASE_KEY = 'stacksLookup.watchedTransactions.lease';
/** A lease not renewed for this long belongs to a window that is gone. */
const LEASE_MS = 2 * MAX_DELAY_MS + 30_000;

export interface TxWatchDeps {
  networks: WatchNetwork;
  config: WatchSettings;
  log: LogSink;
  state: vscode.Memento;
  /** The watchers' share of the budget, with the watched addresses' rounds (this watcher's own by default). */
  shared?: SharedBudget;
}

export class TxWatcher extends Disposable {
  /** The item that shows how many transactions are watched, and opens their menu. */
  readonly statusItem: TxStatusItem;
  /** The rounds (one in flight at most, the lease, the warning), on the clients' clock. */
  readonly rounds: Rounds;
  /** Which watches each round asks: the ones longest unasked, as many as the share allows. */
  private readonly rotation: Rotation<WatchedTx>;
  private stopped = false;
  /** Kept watches wait for the window's first request for chain data (see `load`). */
  private waitingForUse: vscode.Disposable | undefined;
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires when the list changes (a watch added or ended). */
  readonly onDidChange = this.changed.event;

  constructor(private readonly deps: TxWatchDeps) {
    super();
    const shared = deps.shared ?? new SharedBudget();
    shared.join(() => this.watched.length);
    this.rotation = new Rotation((w) => `${w.network}|${w.id}`, shared);
    this.statusItem = this.register(new TxStatusItem());
    this.rounds = new Rounds({
      clock: () => deps.networks.clock,
      state: deps.state,
      leaseKey: LEASE_KEY,
      leaseMs: LEASE_MS,
      warning: () =>
        vscode.l10n.t(
          'Stacks Lookup cannot reach the API to follow your watched transactions; it keeps trying. See the log for the reason.',
        ),
      body: (signal) => this.round(signal),
      next: ({ rounds, budgetWaitMs, waiting }) =>
        this.watched.length && !this.stopped ? nextDelay(rounds, budgetWaitMs, waiting) : undefined,
    });
    this.load();
  }

  /** The watched transactions, oldest first. */
  get watched(): WatchedTx[] {
    return readWatched(this.deps.state.get(LIST_KEY), isNetworkId);
  }

  /**
   * Takes up the kept list, as at activation: the item at once, and the rounds once the user has
   * asked for chain data in this window (nothing is fetched before that, a reload included).
   */
  load(): void {
    this.stopped = false;
    this.render();
    if (!this.watched.length) return;
    if (this.deps.networks.used) this.schedule(FIRST_DELAY_MS);
    else {
      const sub = this.deps.networks.onDidFirstUse(() => {
        sub.dispose();
        if (this.watched.length && !this.rounds.active) this.schedule(FIRST_DELAY_MS);
      });
      this.waitingForUse = sub;
    }
  }

  /** Stops following the list and gives the lease back (the list stays kept), as at deactivation. */
  suspend(): void {
    this.stopped = true;
    this.waitingForUse?.dispose();
    this.waitingForUse = undefined;
    this.rounds.stop();
  }

  /**
   * Starts watching a transaction: asked once at once (the user is waiting for the answer), then
   * followed by the rounds. One that already left the mempool is reported, not watched.
   */
  async watch(id: string, network: NetworkId): Promise<boolean> {
    const checked = checkTxId(id);
    if (!checked.ok) {
      void showWarning(checked.reason);
      return false;
    }
    const txId = checked.value;
    if (this.watched.some((w) => w.id === txId && w.network === network)) {
      void showInfo(
        vscode.l10n.t('Already watching transaction {0}… on {1}.', txId.slice(0, 10), NETWORK_LABELS[network]),
      );
      return true;
    }
    if (this.watched.length >= MAX_WATCHED_TXS) return this.atCap();
    const { client } = await this.deps.networks.endpoint(network);
    let seen;
    try {
      seen = await client.getTransaction(txId);
    } catch (e) {
      // Not known yet (not propagated) or not reachable now: watched all the same.
      if (!isStacksApiError(e) || (e.kind !== 'not-found' && e.kind !== 'network' && e.kind !== 'server')) throw e;
    }
    const outcome = outcomeOf(txId, seen);
    if (outcome.ended) {
      const failure = outcome.kind === 'aborted' && seen ? await txFailure(seen, client) : undefined;
      void this.tell(
        outcome.message.replace(/^Transaction/, 'Transaction'),
        outcome.tone,
        { id: txId, network },
        failure,
      );
      return false;
    }
    // Another watch may have been added while this one was asked.
    if (this.watched.length >= MAX_WATCHED_TXS) return this.atCap();
    await this.save([...this.watched, { id: txId, network, since: Date.now() }]);
    const minutes = this.deps.config.watchMaxMinutes;
    void showInfo(
      vscode.l10n.t(
        'Watching transaction {0}… on {1}: you will be told when it is mined or dropped (for up to {2} minutes).',
        txId.slice(0, 10),
        NETWORK_LABELS[network],
        minutes,
      ),
    );
    // A new watch is asked about soon again, whatever the back-off of the others had reached.
    this.rounds.count = 0;
    if (!this.rounds.inFlight) this.schedule(FIRST_DELAY_MS);
    return true;
  }

  /** Refuses one more watch, and says how to make room. */
  private atCap(): false {
    void showWarning(capMessage(), vscode.l10n.t('Show Watched Transactions')).then((choice) => {
      if (choice) void this.showMenu();
    });
    return false;
  }

  async unwatch(id: string, network: NetworkId): Promise<void> {
    await this.save(this.watched.filter((w) => !(w.id === id && w.network === network)));
  }

  /** Resolves when the round in flight, or the next one, has ended. */
  nextRound(): Promise<void> {
    return this.rounds.nextRound();
  }

  override dispose(): void {
    this.suspend();
    super.dispose();
  }

  // ---- the rounds ----------------------------------------------------------------------------

  /**
   * The next round in `ms`, on the clients' clock: the one that paces their rate budget, so the
   * budget's wait and the back-off are counted alike (and the in-host tests let it pass at once).
   */
  private schedule(ms: number): void {
    if (this.stopped) return;
    this.rounds.schedule(ms);
  }

  /** One round: expired watches end, then the watches whose turn it is are asked. */
  private async round(signal: AbortSignal): Promise<RoundEnd> {
    // Expired watches end without a request.
    for (const w of this.watched) {
      if (!isExpired(w, this.deps.config.watchMaxMinutes, Date.now())) continue;
      await this.end(w);
      void this.tell(expiredMessage(w.id, this.deps.config.watchMaxMinutes), 'info', w);
    }
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
    const waiting = turn.length < list.length;
    let failed = false;
    for (const w of turn) {
      if (signal.aborted) return { budgetWaitMs: 0, waiting };
      try {
        const { client } = await this.deps.networks.endpoint(w.network, { background: true });
        const quick = { budget: 'fail-fast' as const, signal };
        const tx = await client.getTransaction(w.id, quick);
        this.rotation.asked(w, now);
        const outcome = outcomeOf(w.id, tx);
        if (outcome.ended) {
          // A failed call named from its contract's source (read once a session), fail-fast.
          const failure = outcome.kind === 'aborted' ? await txFailure(tx, client, quick) : undefined;
          await this.end(w);
          void this.tell(outcome.message, outcome.tone, w, failure);
        }
      } catch (e) {
        if (isStacksApiError(e) && e.kind === 'cancelled') return { budgetWaitMs: 0, waiting };
        // The rest waits for the next round.
        if (isStacksApiError(e) && e.kind === 'rate-limited')
          return { failed, budgetWaitMs: e.retryAfterMs ?? MAX_DELAY_MS, waiting };
        this.rotation.asked(w, now);
        if (isStacksApiError(e) && e.kind === 'not-found') continue; // not propagated yet
        failed = true;
        this.deps.log.warn(`Watching ${w.id}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    return { failed, budgetWaitMs: 0, waiting };
  }

  private async end(w: WatchedTx): Promise<void> {
    await this.save(this.watched.filter((x) => !(x.id === w.id && x.network === w.network)));
  }

  private async save(list: WatchedTx[]): Promise<void> {
    if (!list.length) {
      // Nothing left to follow: no round waits on the clock.
      this.rounds.clearTimer();
    }
    await this.deps.state.update(LIST_KEY, list.length ? list : undefined);
    this.render();
    this.changed.fire();
  }

  private async tell(
    message: string,
    tone: 'info' | 'warning',
    w: { id: string; network: NetworkId },
    failure?: TxFailure,
  ): Promise<void> {
    const n = failureNotice(message, failure, w.network);
    const choice = await (tone === 'info' ? showInfo(n.text, ...n.buttons) : showWarning(n.text, ...n.buttons));
    if (choice === OPEN)
      await vscode.commands.executeCommand(Commands.showTransaction, { kind: 'tx', id: w.id, network: w.network });
    if (choice === OPEN_LINE) await vscode.commands.executeCommand(Commands.openErrorLine, n.line);
  }

  private render(): void {
    this.statusItem.render(this.watched);
  }

  /** The status-bar item's menu: open a watched transaction, or stop watching it. */
  showMenu(): Promise<void> {
    return showWatchedMenu(this.watched, (id, network) => this.unwatch(id, network));
  }
}

/** `Stacks: Watch Transaction…` (from the palette, a hover link or a panel) and the item's menu. */
export function registerTxWatchCommands(
  watcher: TxWatcher,
  networks: WatchNetwork,
  toTarget: (arg: unknown) => { kind: string; id: string; network?: NetworkId } | undefined,
): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Commands.watchTransaction, async (arg?: unknown) => {
      let target = arg === undefined ? undefined : toTarget(arg);
      if (arg !== undefined && (!target || target.kind !== 'tx')) {
        void showWarning(
          vscode.l10n.t('Give a transaction id (0x followed by 64 hex digits) to watch it until it lands.'),
        );
        return false;
      }
      if (!target) {
        const id = await vscode.window.showInputBox({
          title: vscode.l10n.t('Stacks: Watch Transaction'),
          prompt: vscode.l10n.t('The id of a pending transaction: you are told when it is mined or dropped'),
          placeHolder: '0x…',
          ignoreFocusOut: true,
          validateInput: (v) => {
            const c = checkTxId(v);
            return v.trim() === '' || c.ok ? undefined : c.reason;
          },
        });
        if (!id?.trim()) return false;
        target = { kind: 'tx', id: id.trim() };
      }
      return watcher.watch(target.id, target.network ?? networks.current);
    }),
    vscode.commands.registerCommand(Commands.showWatchedTransactions, () => watcher.showMenu()),
  ];
}
