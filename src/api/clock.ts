// The clock a client counts its rate budget and its cache's freshness in, and that paces the
// explorer's auto refresh. Real time for users; the in-host tests move it forward, through the test
// API, so that a rate-limit block or a refresh interval passes without being waited out.
import { StacksApiError } from './errors';

/** The time a client reads, and how it waits (for its rate budget to come back, for a timer). */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Waits `ms`, or rejects with a `cancelled` error when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new StacksApiError('cancelled', 'The request was cancelled.'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new StacksApiError('cancelled', 'The request was cancelled.'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export const realTime: Clock = { now: () => Date.now(), sleep };

/**
 * Real time that can be moved forward: a wait ends as soon as the clock has passed its end. The
 * in-host tests use it to let a rate-limit block or an interval pass without waiting it out.
 */
export class AdjustableClock implements Clock {
  private offset = 0;
  private readonly sleepers = new Set<{ until: number; wake(): void }>();

  readonly now = (): number => Date.now() + this.offset;

  readonly sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(new StacksApiError('cancelled', 'The request was cancelled.'));
      const finish = (error?: StacksApiError): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.sleepers.delete(waiting);
        if (error) reject(error);
        else resolve();
      };
      const onAbort = (): void => finish(new StacksApiError('cancelled', 'The request was cancelled.'));
      const waiting = { until: this.now() + ms, wake: () => finish() };
      const timer = setTimeout(finish, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.sleepers.add(waiting);
    });

  /** How long each current wait has left, in ms of this clock. */
  get waits(): number[] {
    const t = this.now();
    return [...this.sleepers].map((s) => Math.max(0, s.until - t));
  }

  /** Moves the clock forward by `ms` and ends the waits that are over. */
  advance(ms: number): void {
    this.offset += ms;
    const t = this.now();
    for (const s of [...this.sleepers]) if (s.until <= t) s.wake();
  }
}

/**
 * At most one pending call of `run`, after a wait on a clock: setting it again replaces the one
 * before, and clearing it drops it. The watchers' rounds wait on the clients' clock this way.
 */
export class ClockTimer {
  private pending: AbortController | undefined;

  constructor(
    private readonly clock: () => Clock,
    private readonly run: () => void,
  ) {}

  get isSet(): boolean {
    return this.pending !== undefined;
  }

  set(ms: number): void {
    this.pending?.abort();
    const mine = new AbortController();
    this.pending = mine;
    this.clock()
      .sleep(ms, mine.signal)
      .then(
        () => {
          if (this.pending !== mine) return;
          this.pending = undefined;
          this.run();
        },
        () => undefined, // cleared or set again
      );
  }

  clear(): void {
    this.pending?.abort();
    this.pending = undefined;
  }
}
