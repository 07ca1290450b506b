/**
 * Telling the user when a watched address gets a new transaction (opt-in:
 * `stacksLookup.watchedAddresses.notify`, off by default). The rules are in
 * src/chain/addressWatch.ts; this file runs the rounds and shows the notifications.
 *
 * Like the transaction watcher (txWatch.ts): nothing is asked before the user has asked for chain
 * data in the window; each round (a minute apart) asks the addresses whose turn it is, as many as
 * the watchers' share of the budget allows (with the watched transactions, half of it:
 * src/chain/watchBudget.ts), as background requests that fail fast instead of waiting for the
 * budget; a round that meets the rate limit stops and the next waits as long as the budget asks;
 * failed rounds back off; never more than one round in flight; a lease so that two windows of one
 * workspace never both notify. A round shows a few notifications at most, then one that counts the
 * rest. What was seen last is kept in the workspace state, so a reload neither repeats nor misses
 * a notification.
 */
import * as vscode from 'vscode';
import type { StacksClient, Transaction } from '../../api';
import { isStacksApiError } from '../../api/errors';
import {
  addressRoundDelay,
  ADDRESS_LOOK_LIMIT,
  ADDRESS_ROUND_MS,
  type Fresh,
  headOf,
  moreMessage,
  newSince,
  readHead,
  roundNotifications,
  unlistedSince,
} from '../../chain/addressWatch';
import { checkPrincipal } from '../../chain/identifiers';
import type { NetworkId } from '../../chain/networks';
import { MAX_DELAY_MS } from '../../chain/txWatch';
import { Rotation, SharedBudget } from '../../chain/watchBudget';
import { Commands, Settings, Views } from '../../constants';
import type { WatchSettings } from '../shared/config';
import type { LogSink } from '../shared/log';
import type { WatchNetwork } from '../network/network';
import { showInfo } from '../shared/notify';
import { failureNotice, OPEN, OPEN_LINE, txFailure } from '../failure/txFailure';
import { budgetPerMinute } from './watchBudget';
import type { Watchlist } from './watchlist';
import { Disposable } from '../shared/lifecycle';
import { Rounds, type RoundEnd } from './rounds';

const SEEN_KEY = 'stacksLookup.watchedAddresses.seen';
const LEASE_KEY = 'stacksLookup.watchedAddresses.lease';
const LEASE_MS = 2 * 5 * 60_000 + 30_000;
/** The first round after the feature starts: soon, so the first look is taken while the user is there. */
const FIRST_ROUND_MS = 2_000;
const SHOW_WATCHED = vscode.l10n.t('Show Watched Addresses');

export interface AddressWatchDeps {
  networks: WatchNetwork;
  config: WatchSettings;
  log: LogSink;
  watchlist: Watchlist;
  state: vscode.Memento;
  /** The watchers' share of the budget, with the watched transactions' rounds (this watcher's own by default). */
  shared?: SharedBudget;
  /** Shows the view at its Watched Addresses section: the summary notification's button. */
  revealWatched?: () => Promise<void>;
}

export class AddressWatcher extends Disposable {
  private waitingForUse: vscode.Disposable | undefined;
  /** Which addresses each round asks: the ones longest unasked, as many as the share allows. */
  private readonly rotation: Rotation<string>;
  /** The rounds (one in flight at most, the lease, the warning), on the clients' clock; `count` since activation. */
  readonly rounds: Rounds;

  constructor(private readonly deps: AddressWatchDeps) {
    super();
    const shared = deps.shared ?? new SharedBudget();
    shared.join(() => this.asking);
    this.rotation = new Rotation((address) => address, shared);
    this.rounds = new Rounds({
      clock: () => deps.networks.clock,
      state: deps.state,
      leaseKey: LEASE_KEY,
      leaseMs: LEASE_MS,
      warning: () =>
        vscode.l10n.t(
          'Stacks Lookup cannot reach the API to look for new transactions of your watched addresses; it keeps trying. See the log for the reason.',
        ),
      body: (signal) => this.round(signal),
      next: ({ failures, budgetWaitMs }) =>
        this.deps.config.watchedNotify && this.deps.watchlist.items.length
          ? addressRoundDelay(failures, budgetWaitMs)
          : undefined,
    });
    this.registerAll(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (deps.config.affects(e, Settings.watchedNotify)) this.update();
      }),
      deps.watchlist.onDidChange(() => this.update()),
    );
    this.update();
  }

  /** Starts or stops the rounds to match the setting and the list. */
  update(): void {
    if (!this.deps.config.watchedNotify || !this.deps.watchlist.items.length) {
      this.stop();
      return;
    }
    if (this.rounds.active) return;
    if (this.deps.networks.used) this.schedule(FIRST_ROUND_MS);
    else if (!this.waitingForUse) {
      this.waitingForUse = this.deps.networks.onDidFirstUse(() => {
        this.waitingForUse?.dispose();
        this.waitingForUse = undefined;
        this.update();
      });
    }
  }

  /** The addresses the rounds ask (none while notifications are off). */
  get asking(): number {
    return this.deps.config.watchedNotify ? this.deps.watchlist.items.length : 0;
  }

  /** Resolves when the round in flight, or the next one, has ended. */
  nextRound(): Promise<void> {
    return this.rounds.nextRound();
  }

  override dispose(): void {
    this.stop();
    super.dispose();
  }

  private stop(): void {
    this.waitingForUse?.dispose();
    this.waitingForUse = undefined;
    this.rounds.stop();
  }

  /** The next round in `ms`, on the clients' clock (see TxWatcher's schedule). */
  private schedule(ms: number): void {
    this.rounds.schedule(ms);
  }

  /** One round: the addresses whose turn it is are asked, and what is new is told (even when cut short). */
  private async round(signal: AbortSignal): Promise<RoundEnd> {
    const news: Array<Fresh<NetworkId>> = [];
    // The new transactions themselves, so a failed one's notification can name its error.
    const seenTxs = new Map<string, { tx: Transaction; client: StacksClient }>();
    try {
      const addresses = this.deps.watchlist.items;
      const networkOf = (address: string): NetworkId => {
        const chain = checkPrincipal(address);
        return this.deps.networks.networkFor(chain.ok ? chain.value.network : undefined);
      };
      const now = this.deps.networks.clock.now();
      const turn = this.rotation.take(addresses, {
        now,
        perMinute: await budgetPerMinute(this.deps.networks, addresses.map(networkOf)),
        minIntervalMs: ADDRESS_ROUND_MS,
        firstRoundMs: ADDRESS_ROUND_MS,
      });
      const kept = this.deps.state.get<unknown>(SEEN_KEY);
      const seen: Record<string, unknown> = typeof kept === 'object' && kept !== null ? { ...kept } : {};
      let failed = false;
      for (const address of turn) {
        if (signal.aborted) return { budgetWaitMs: 0 };
        const network = networkOf(address);
        const key = `${network}|${address}`;
        try {
          const { client } = await this.deps.networks.endpoint(network, { background: true });
          const page = await client.getAddressTransactions(address, {
            limit: ADDRESS_LOOK_LIMIT,
            budget: 'fail-fast',
            signal,
          });
          this.rotation.asked(address, now);
          const newest = page.results.map(({ tx }) => ({
            ...tx,
            time: tx.block_time ?? tx.burn_block_time ?? tx.receipt_time,
          }));
          const last = readHead(seen[key]);
          const fresh = newSince(last, newest);
          const unlisted = unlistedSince(last, fresh.length, newest.length, page.total);
          // An address with none yet gets the empty head: its first transaction is then new. A
          // list that emptied (a reorganisation) keeps the last head: nothing is told twice.
          if (newest[0] || !last) seen[key] = headOf(newest[0], page.total);
          // Kept before telling: a reload in between never tells the same transaction twice.
          await this.deps.state.update(SEEN_KEY, { ...seen });
          if (fresh.length) news.push({ address, network, txs: fresh, unlisted });
          for (const { tx } of page.results)
            if (fresh.some((t) => t.tx_id === tx.tx_id)) seenTxs.set(tx.tx_id, { tx, client });
        } catch (e) {
          if (isStacksApiError(e) && e.kind === 'cancelled') return { budgetWaitMs: 0 };
          // The rest waits for the next round.
          if (isStacksApiError(e) && e.kind === 'rate-limited')
            return { failed, budgetWaitMs: e.retryAfterMs ?? MAX_DELAY_MS };
          this.rotation.asked(address, now);
          failed = true;
          this.deps.log.warn(`Watching address ${address}: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      return { failed, budgetWaitMs: 0 };
    } finally {
      // What was seen is kept already: it is told even when the round was cut short.
      this.tellRound(news, seenTxs);
    }
  }

  /** A few of the round's new transactions one by one, and one notification that counts the rest. */
  private tellRound(
    news: ReadonlyArray<Fresh<NetworkId>>,
    txs: ReadonlyMap<string, { tx: Transaction; client: StacksClient }> = new Map(),
  ): void {
    const { told, more } = roundNotifications(news);
    for (const t of told) {
      const seen = txs.get(t.txId);
      // A failed call is named from its contract's source (read once a session), fail-fast.
      const failure = seen ? txFailure(seen.tx, seen.client, { budget: 'fail-fast' }) : Promise.resolve(undefined);
      void failure.then(async (f) => {
        const n = failureNotice(t.message, f, t.network);
        const choice = await showInfo(n.text, ...n.buttons);
        if (choice === OPEN)
          void vscode.commands.executeCommand(Commands.showTransaction, { kind: 'tx', id: t.txId, network: t.network });
        if (choice === OPEN_LINE) void vscode.commands.executeCommand(Commands.openErrorLine, n.line);
      });
    }
    if (more > 0)
      void showInfo(moreMessage(more), SHOW_WATCHED).then((choice) => {
        if (choice === SHOW_WATCHED)
          this.showWatched().then(undefined, (e: unknown) =>
            this.deps.log.warn(`Showing the watched addresses: ${e instanceof Error ? e.message : String(e)}`),
          );
      });
  }

  /** The view at its Watched Addresses section, or the view at least. */
  private async showWatched(): Promise<void> {
    if (this.deps.revealWatched) await this.deps.revealWatched();
    else await vscode.commands.executeCommand(`${Views.explorer}.focus`);
  }
}
