import { sleep } from './clock';
import { StacksApiError } from './errors';
import * as l10n from '../chain/l10n';

/** How a call treats an empty budget: explicit lookups wait, hovers and background work fail fast. */
export type BudgetMode = 'wait' | 'fail-fast';

export interface RateLimitOptions {
  /** Requests allowed per window; defaults to 50 without a key and 500 with one (section 8). */
  limit?: number;
  /** The window length; one minute by default. */
  windowMs?: number;
}

/**
 * A client-side request budget over a sliding window, corrected by what the server says
 * (`ratelimit-remaining`, `x-ratelimit-remaining-*`, `retry-after`).
 */
export class RateLimiter {
  private readonly sent: number[] = [];
  /** The server's own count of what is left, and until when it holds. */
  private serverRemaining: { remaining: number; until: number } | undefined;
  private blockedUntil = 0;

  constructor(
    readonly limit: number,
    readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
    private readonly wait: (ms: number, signal?: AbortSignal) => Promise<void> = sleep,
  ) {}

  /** Milliseconds until one more request may go out (0: now). */
  waitTime(): number {
    const t = this.now();
    this.prune(t);
    let wait = 0;
    if (this.blockedUntil > t) wait = this.blockedUntil - t;
    if (this.sent.length >= this.limit) wait = Math.max(wait, this.sent[0]! + this.windowMs - t);
    if (this.serverRemaining && this.serverRemaining.until > t && this.serverRemaining.remaining <= 0) {
      wait = Math.max(wait, this.serverRemaining.until - t);
    }
    return Math.max(0, wait);
  }

  /** Takes one request from the budget, waiting for it when the mode allows. */
  async acquire(mode: BudgetMode, signal?: AbortSignal, onWait?: (ms: number) => void): Promise<void> {
    for (;;) {
      const wait = this.waitTime();
      if (wait === 0) {
        this.sent.push(this.now());
        if (this.serverRemaining) this.serverRemaining.remaining--;
        return;
      }
      if (mode === 'fail-fast') {
        throw new StacksApiError(
          'rate-limited',
          l10n.t(
            'Rate limit reached: {0} requests per {1} s. Try again in {2} s.',
            this.limit,
            Math.round(this.windowMs / 1000),
            Math.ceil(wait / 1000),
          ),
          { retryAfterMs: wait },
        );
      }
      onWait?.(wait);
      await this.wait(Math.min(wait, 1000), signal);
    }
  }

  /**
   * Reads the rate-limit headers of a response; returns the wait a `Retry-After` asks for. No
   * wait the server asks for is longer than the window: a wrong or hostile header must not
   * stall lookups for longer than the budget itself would.
   */
  observe(headers: Headers, status: number): number | undefined {
    const t = this.now();
    const asked = parseRetryAfter(headers.get('retry-after'), t);
    const retryAfter = asked === undefined ? undefined : Math.min(asked, this.windowMs);
    let remaining = num(headers.get('ratelimit-remaining'));
    headers.forEach((value, name) => {
      if (name.startsWith('x-ratelimit-remaining')) {
        const n = num(value);
        if (n !== undefined) remaining = remaining === undefined ? n : Math.min(remaining, n);
      }
    });
    if (remaining !== undefined) {
      const reset = parseReset(headers.get('ratelimit-reset'), t);
      this.serverRemaining = { remaining, until: t + Math.min(reset ?? this.windowMs, this.windowMs) };
    }
    if (status === 429) this.blockedUntil = Math.max(this.blockedUntil, t + (retryAfter ?? this.windowMs / 6));
    return retryAfter;
  }

  private prune(t: number): void {
    while (this.sent.length && this.sent[0]! <= t - this.windowMs) this.sent.shift();
  }
}

function num(v: string | null): number | undefined {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** Above this, a `ratelimit-reset` is a Unix time in seconds (2001-09-09), not seconds to wait. */
const EPOCH_SECONDS = 1e9;

/**
 * `ratelimit-reset` in ms from `now`: seconds to wait (the IETF draft) or, as the API's
 * documentation describes it, the Unix time of the reset.
 */
export function parseReset(v: string | null, now = Date.now()): number | undefined {
  const n = num(v);
  if (n === undefined) return undefined;
  return n > EPOCH_SECONDS ? Math.max(0, Math.round(n * 1000 - now)) : Math.round(n * 1000);
}

/** `Retry-After` is seconds or an HTTP date. */
export function parseRetryAfter(v: string | null, now = Date.now()): number | undefined {
  if (!v) return undefined;
  const secs = num(v);
  if (secs !== undefined) return Math.round(secs * 1000);
  const date = Date.parse(v);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Re-exported for the transport's own waits. */
export { sleep };
