/**
 * Telling the user when a watched address gets a new transaction (opt-in:
 * `stacksLookup.watchedAddresses.notify`, off by default). The rules are in
 * src/chain/addressWatch.ts; this file runs the rounds and shows the notifications.
 *
 * Like the transaction watcher (txWatch.ts): nothing is asked before the user has asked for chain
 * data in the window; one request per watched address per round, as a background request that
 * fails fast instead of waiting for the budget; a round that meets the rate limit stops and the
 * next waits as long as the budget asks; failed rounds back off; never more than one round in
 * flight; a lease so that two windows of one workspace never both notify. What was seen last is
 * kept in the workspace state, so a reload neither repeats nor misses a notification.
 */
import * as vscode from 'vscode';
import { isStacksApiError } from '../../api/errors';
import { ClockTimer } from '../../api/clock';
import {
  addressRoundDelay,
  ADDRESS_LOOK_LIMIT,
  headOf,
  newSince,
  newTxMessages,
  readHead,
} from '../../chain/addressWatch';
import { checkPrincipal } from '../../chain/identifiers';
import { MAX_DELAY_MS } from '../../chain/txWatch';
import { Commands, Settings } from '../../constants';
import type { Config } from '../shared/config';
import type { Log } from '../shared/log';
import type { NetworkService } from '../network/network';
import { showInfo, showWarning } from '../shared/notify';
import type { Watchlist } from './watchlist';

const SEEN_KEY = 'stacksLookup.watchedAddresses.seen';
const LEASE_KEY = 'stacksLookup.watchedAddresses.lease';
const LEASE_MS = 2 * 5 * 60_000 + 30_000;
const FAILURES_BEFORE_WARNING = 3;
/** The first round after the feature starts: soon, so the first look is taken while the user is there. */
const FIRST_ROUND_MS = 2_000;

export interface AddressWatchDeps {
  networks: NetworkService;
  config: Config;
  log: Log;
  watchlist: Watchlist;
  state: vscode.Memento;
}

export class AddressWatcher implements vscode.Disposable {
  private readonly owner = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  /** The wait for the next round, on the clients' clock (real time for users; the tests move it). */
  private readonly timer = new ClockTimer(
    () => this.d.networks.clock,
    () => void this.runRound(),
  );
  private round: AbortController | undefined;
  private failures = 0;
  private warned = false;
  private readonly subs: vscode.Disposable[] = [];
  private waitingForUse: vscode.Disposable | undefined;
  private roundWaiters: Array<() => void> = [];
  /** Rounds run since activation (tests and the bench read it). */
  rounds = 0;

  constructor(private readonly d: AddressWatchDeps) {
    this.subs.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (d.config.affects(e, Settings.watchedNotify)) this.update();
      }),
      d.watchlist.onDidChange(() => this.update()),
    );
    this.update();
  }

  /** Starts or stops the rounds to match the setting and the list. */
  update(): void {
    if (!this.d.config.watchedNotify || !this.d.watchlist.items.length) {
      this.stop();
      return;
    }
    if (this.timer.isSet || this.round) return;
    if (this.d.networks.used) this.schedule(FIRST_ROUND_MS);
    else if (!this.waitingForUse) {
      this.waitingForUse = this.d.networks.onDidFirstUse(() => {
        this.waitingForUse?.dispose();
        this.waitingForUse = undefined;
        this.update();
      });
    }
  }

  /** Runs a round now (after the one in flight, if any), as the timer would. */
  async roundNow(): Promise<void> {
    if (this.round) await this.nextRound();
    this.timer.clear();
    await this.runRound();
  }

  /** Resolves when the round in flight, or the next one, has ended. */
  nextRound(): Promise<void> {
    return new Promise((resolve) => this.roundWaiters.push(resolve));
  }

  dispose(): void {
    this.stop();
    for (const s of this.subs) s.dispose();
  }

  private stop(): void {
    this.waitingForUse?.dispose();
    this.waitingForUse = undefined;
    this.timer.clear();
    this.round?.abort();
    const lease = this.d.state.get<{ owner: string; at: number }>(LEASE_KEY);
    if (lease?.owner === this.owner) void this.d.state.update(LEASE_KEY, undefined);
  }

  /** The next round in `ms`, on the clients' clock (see TxWatcher's schedule). */
  private schedule(ms: number): void {
    this.timer.set(ms);
  }

  private async runRound(): Promise<void> {
    if (this.round) return;
    const controller = new AbortController();
    this.round = controller;
    let budgetWaitMs = 0;
    const addresses = this.d.watchlist.items;
    try {
      if (!this.holdLease()) {
        budgetWaitMs = MAX_DELAY_MS; // another window tells the user
        return;
      }
      const kept = this.d.state.get<unknown>(SEEN_KEY);
      const seen: Record<string, unknown> = typeof kept === 'object' && kept !== null ? { ...kept } : {};
      let failed = false;
      for (const address of addresses) {
        if (controller.signal.aborted) return;
        const chain = checkPrincipal(address);
        const network = this.d.networks.networkFor(chain.ok ? chain.value.network : undefined);
        const key = `${network}|${address}`;
        try {
          const { client } = await this.d.networks.endpoint(network, { background: true });
          const page = await client.getAddressTransactions(address, {
            limit: ADDRESS_LOOK_LIMIT,
            budget: 'fail-fast',
            signal: controller.signal,
          });
          const newest = page.results.map(({ tx }) => ({
            ...tx,
            time: tx.block_time ?? tx.burn_block_time ?? tx.receipt_time,
          }));
          const fresh = newSince(readHead(seen[key]), newest);
          if (newest[0]) seen[key] = headOf(newest[0]);
          // Kept before telling: a reload in between never tells the same transaction twice.
          await this.d.state.update(SEEN_KEY, { ...seen });
          for (const n of newTxMessages(address, fresh)) void this.tell(n.message, n.txId, network);
        } catch (e) {
          if (isStacksApiError(e) && e.kind === 'cancelled') return;
          if (isStacksApiError(e) && e.kind === 'rate-limited') {
            budgetWaitMs = e.retryAfterMs ?? MAX_DELAY_MS;
            break; // the rest waits for the next round
          }
          failed = true;
          this.d.log.warn(`Watching address ${address}: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      this.failures = failed ? this.failures + 1 : 0;
      if (this.failures >= FAILURES_BEFORE_WARNING && !this.warned) {
        this.warned = true;
        void showWarning(
          'Stacks Lookup cannot reach the API to look for new transactions of your watched addresses; it keeps trying. See the log for the reason.',
        );
      }
    } finally {
      this.round = undefined;
      this.rounds++;
      if (this.d.config.watchedNotify && this.d.watchlist.items.length) {
        const perMinute = (await this.d.networks.hasKeyFor()) ? 500 : 50;
        this.schedule(addressRoundDelay(addresses.length, perMinute, this.failures, budgetWaitMs));
      }
      for (const r of this.roundWaiters.splice(0)) r();
    }
  }

  private holdLease(): boolean {
    const now = Date.now();
    const lease = this.d.state.get<{ owner: string; at: number }>(LEASE_KEY);
    if (lease && lease.owner !== this.owner && now - lease.at < LEASE_MS) return false;
    void this.d.state.update(LEASE_KEY, { owner: this.owner, at: now });
    return true;
  }

  private async tell(message: string, txId: string | undefined, network: string): Promise<void> {
    const choice = await (txId ? showInfo(message, 'Open') : showInfo(message));
    if (choice === 'Open' && txId)
      await vscode.commands.executeCommand(Commands.showTransaction, { kind: 'tx', id: txId, network });
  }
}
