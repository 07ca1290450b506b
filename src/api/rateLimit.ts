import { sleep } from './clock';
import { StacksApiError } from './errors';
import * as l10n from '../chain/l10n';

/** How a call treats an empty budget: explicit lookups wait, hovers and background work fail fast. */
export type BudgetMode = 'wait' | 'fail-fast';

export interface RateLimitOptions {
  /**
   * Requests allowed per window before the API has said its own; defaults to `defaultLimit`. An
   * explicit limit is kept even when the API names another (the benchmark raises it on purpose).
   */
  limit?: number;
  /** The window length; one minute by default. */
  windowMs?: number;
}

/**
 * The per-minute budget before the API's headers name one: 50 requests a minute without a key and
 * 500 with one (the API's reference, section 8). The first answer's
 * `x-ratelimit-limit-stacks-minute` (or `ratelimit-limit`) replaces it, so a tier that allows
 * fewer (the tier page lists 25 without a key) is followed from then on.
 */
export function defaultLimit(hasKey: boolean): number {
  return hasKey ? 500 : 50;
}

/**
 * What a client's rate budget stands at now, for those who plan their own pace by it (the
 * watchers' and drift's background share): the requests a minute it allows (the API's
 * `x-ratelimit-limit-stacks-minute` once an answer named it, the default for the key before that,
 * or the limit a caller fixed), and whether the month's quota is spent (every request is refused
 * until its reset).
 */
export interface RateBudget {
  perMinute: number;
  monthSpent: boolean;
}

/** The longest a spent month is held, whatever reset the server names. */
const MAX_MONTH_MS = 32 * 24 * 60 * 60_000;

/** How long a month spent without a reset date holds before one request asks again. */
const MONTH_RECHECK_MS = 60 * 60_000;

/** The monthly quota the API says is used up, and when it comes back (when the API says). */
export interface SpentQuota {
  /** Epoch ms of the reset the API named; undefined when it named none. */
  resetsAt?: number;
  /** Epoch ms until which no request is sent. */
  until: number;
}

/**
 * A client-side request budget over a sliding window, corrected by what the server says. The
 * hosted API counts requests per second, per minute and per month (`x-ratelimit-*-stacks-second`,
 * `-minute`, `-month`, and the generic `ratelimit-*` of the current window): the second and minute
 * counts pace the requests, the month's is a quota that, once spent, refuses every request at once
 * until its reset instead of retrying each minute.
 */
export class RateLimiter {
  private readonly sent: number[] = [];
  /** The server's own count of what is left, and until when it holds. */
  private serverRemaining: { remaining: number; until: number } | undefined;
  private blockedUntil = 0;
  /** The per-minute limit the server named, when it named one. */
  private serverLimit: number | undefined;
  private spent: SpentQuota | undefined;

  constructor(
    private readonly configuredLimit: number,
    readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
    private readonly wait: (ms: number, signal?: AbortSignal) => Promise<void> = sleep,
    /** True when the limit was chosen by the caller, not a default: the server's figure does not replace it. */
    private readonly fixed = false,
  ) {}

  /** Requests allowed per window: what the server last said, else the configured figure. */
  get limit(): number {
    return this.fixed ? this.configuredLimit : (this.serverLimit ?? this.configuredLimit);
  }

  /** The monthly quota, while the server says it is used up. */
  get monthSpent(): SpentQuota | undefined {
    if (this.spent && this.spent.until <= this.now()) this.spent = undefined;
    return this.spent;
  }

  /** The budget as requests a minute (the window's limit scaled to a minute), and whether the month is spent. */
  budget(): RateBudget {
    return {
      perMinute: Math.max(1, Math.floor((this.limit * 60_000) / this.windowMs)),
      monthSpent: this.monthSpent !== undefined,
    };
  }

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

  /**
   * Takes one request from the budget, waiting for it when the mode allows. A spent month refuses
   * in either mode, at once: waiting a minute would not bring it back.
   */
  async acquire(mode: BudgetMode, signal?: AbortSignal, onWait?: (ms: number) => void): Promise<void> {
    for (;;) {
      const month = this.monthSpent;
      if (month) throw monthError(month);
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
   * stall lookups for longer than the budget itself would. A spent month is the exception: it
   * holds until the reset the server names, and is said as such rather than as a wait.
   */
  observe(headers: Headers, status: number): number | undefined {
    const t = this.now();
    const asked = parseRetryAfter(headers.get('retry-after'), t);
    const reset = parseReset(headers.get('ratelimit-reset'), t);
    const month = num(headers.get('x-ratelimit-remaining-stacks-month'));
    const monthOver = month !== undefined && month <= 0;
    if (monthOver) {
      // The reset of a spent month is the longest wait the answer names beyond the minute, if any.
      const far = [asked, reset].filter((w): w is number => w !== undefined && w > this.windowMs);
      // (At most a month and a day: a month's quota comes back within that, whatever a header says.)
      const resetsAt = far.length ? t + Math.min(Math.max(...far), MAX_MONTH_MS) : undefined;
      this.spent = resetsAt !== undefined ? { resetsAt, until: resetsAt } : { until: t + MONTH_RECHECK_MS };
    } else if (month !== undefined) {
      this.spent = undefined;
    }
    const retryAfter = asked === undefined ? undefined : Math.min(asked, this.windowMs);
    const minuteLimit =
      num(headers.get('x-ratelimit-limit-stacks-minute')) ??
      (monthOver ? undefined : num(headers.get('ratelimit-limit')));
    if (minuteLimit !== undefined && minuteLimit >= 1) this.serverLimit = minuteLimit;
    let remaining = monthOver ? undefined : num(headers.get('ratelimit-remaining'));
    let until = t + Math.min(reset ?? this.windowMs, this.windowMs);
    headers.forEach((value, name) => {
      if (!name.startsWith('x-ratelimit-remaining') || name.endsWith('-month')) return;
      const n = num(value);
      if (n === undefined) return;
      // A spent second holds for that second only; any other count for the window.
      if (name.endsWith('-second') && n <= 0 && (remaining === undefined || remaining > 0)) {
        remaining = 0;
        until = t + 1000;
        return;
      }
      if (name.endsWith('-second')) return;
      remaining = remaining === undefined ? n : Math.min(remaining, n);
      if (n <= 0) until = t + Math.min(reset ?? this.windowMs, this.windowMs);
    });
    if (remaining !== undefined) this.serverRemaining = { remaining, until };
    if (status === 429 && !monthOver)
      this.blockedUntil = Math.max(this.blockedUntil, t + (retryAfter ?? this.windowMs / 6));
    return monthOver ? undefined : retryAfter;
  }

  private prune(t: number): void {
    while (this.sent.length && this.sent[0]! <= t - this.windowMs) this.sent.shift();
  }
}

/** The error of a request refused because the month's quota is spent. */
function monthError(q: SpentQuota): StacksApiError {
  return new StacksApiError(
    'rate-limited',
    q.resetsAt !== undefined
      ? l10n.t("The API's monthly request quota is used up until {0}.", quotaDate(q.resetsAt))
      : l10n.t("The API's monthly request quota is used up."),
    { quota: 'month', ...(q.resetsAt !== undefined ? { resetsAt: q.resetsAt } : {}) },
  );
}

/** A reset date as the API's quota is counted, in UTC: "2026-01-01 00:00 UTC". */
export function quotaDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
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
