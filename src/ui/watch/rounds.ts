/**
 * The skeleton both watchers' rounds share (txWatch.ts, addressWatch.ts): never more than one
 * round in flight; the next one after a wait on the clients' clock (real time for users; the
 * in-host tests move it); a lease in the workspace state, so two windows of one workspace never
 * both notify; one warning of a watch session after failed rounds in a row; and the waiters of a
 * round's end. What a round asks and when the next one comes is the watcher's.
 */
import type * as vscode from 'vscode';
import { ClockTimer, type Clock } from '../../api/clock';
import { MAX_DELAY_MS } from '../../chain/txWatch';
import { showWarning } from '../shared/notify';

/** Failed rounds in a row before the one warning of a watch session. */
const FAILURES_BEFORE_WARNING = 3;

/** What a round's body reports. */
export interface RoundEnd {
  /** Whether a request failed (undefined: the round was cut short, and the count of failures stays). */
  failed?: boolean;
  /** How long the rate budget asked the next round to wait (0: as the back-off says). */
  budgetWaitMs: number;
  /** Whether some of the list waits for its turn (the round asked fewer than it follows). */
  waiting?: boolean;
}

export interface RoundsOptions {
  clock: () => Clock;
  state: vscode.Memento;
  leaseKey: string;
  /** A lease not renewed for this long belongs to a window that is gone. */
  leaseMs: number;
  /** The warning after failed rounds in a row. */
  warning: () => string;
  /** The round itself, run while this window holds the lease. */
  body(signal: AbortSignal): Promise<RoundEnd>;
  /** When the next round comes, or undefined for none. */
  next(o: { rounds: number; failures: number; budgetWaitMs: number; waiting: boolean }): number | undefined;
}

/** A round run now, what the timer calls; the in-host tests' probe (src/testApi.ts) drives one this way. */
export interface RoundDriver {
  readonly inFlight: boolean;
  nextRound(): Promise<void>;
  clearTimer(): void;
  run(): Promise<void>;
}

export class Rounds implements RoundDriver {
  private readonly owner = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  /** The wait for the next round, on the clients' clock. */
  private readonly timer: ClockTimer;
  private round: AbortController | undefined;
  private failures = 0;
  private warned = false;
  private waiters: Array<() => void> = [];
  /** Rounds run (the back-off counts them; the tests and the bench read them). */
  count = 0;

  constructor(private readonly options: RoundsOptions) {
    this.timer = new ClockTimer(options.clock, () => void this.run());
  }

  get inFlight(): boolean {
    return this.round !== undefined;
  }

  /** Whether a round is in flight or waits on the clock. */
  get active(): boolean {
    return this.round !== undefined || this.timer.isSet;
  }

  /** The next round in `ms` (replacing the one that waited). */
  schedule(ms: number): void {
    this.timer.set(ms);
  }

  clearTimer(): void {
    this.timer.clear();
  }

  /** Resolves when the round in flight, or the next one, has ended. */
  nextRound(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** No round waits or runs any more, and the lease is given back. */
  stop(): void {
    this.timer.clear();
    this.round?.abort();
    const lease = this.options.state.get<{ owner: string; at: number }>(this.options.leaseKey);
    if (lease?.owner === this.owner) void this.options.state.update(this.options.leaseKey, undefined);
  }

  async run(): Promise<void> {
    if (this.round) return;
    const controller = new AbortController();
    this.round = controller;
    let end: RoundEnd = { budgetWaitMs: 0 };
    try {
      if (!this.holdLease()) {
        end = { budgetWaitMs: MAX_DELAY_MS }; // another window follows the list
        return;
      }
      end = await this.options.body(controller.signal);
      if (end.failed === undefined) return;
      this.failures = end.failed ? this.failures + 1 : 0;
      if (this.failures >= FAILURES_BEFORE_WARNING && !this.warned) {
        this.warned = true;
        void showWarning(this.options.warning());
      }
    } finally {
      this.round = undefined;
      this.count++;
      const ms = this.options.next({
        rounds: this.count,
        failures: this.failures,
        budgetWaitMs: end.budgetWaitMs,
        waiting: end.waiting ?? false,
      });
      if (ms !== undefined) this.timer.set(ms);
      for (const r of this.waiters.splice(0)) r();
    }
  }

  /** Takes or renews the lease; false while another window holds it. */
  private holdLease(): boolean {
    const now = Date.now();
    const lease = this.options.state.get<{ owner: string; at: number }>(this.options.leaseKey);
    if (lease && lease.owner !== this.owner && now - lease.at < this.options.leaseMs) return false;
    void this.options.state.update(this.options.leaseKey, { owner: this.owner, at: now });
    return true;
  }
}
