/**
 * How the watchers share the rate budget. The rounds of watched transactions and of watched
 * addresses together use at most half of it, so hovers, lookups and the view keep the other half
 * however many watches there are. Every watched item (a transaction or an address) gets the same
 * share: with N items and B requests a minute, each is asked about every N / (B / 2) minutes, and
 * each round asks the items least recently asked, so every one is asked in turn. Pure, so the
 * extension and the benchmark follow the same rules; src/ui/watch/txWatch.ts and addressWatch.ts
 * carry them out.
 */

/** What background work reads of a client: its rate budget now (`StacksClient.rateBudget`). */
export interface BudgetOf {
  rateBudget(): { perMinute: number; monthSpent: boolean };
}

/** The budget a minute of a client without a key before its API has named one (`defaultLimit` of src/api). */
const KEYLESS_PER_MINUTE = 50;

/**
 * The rate budget a minute background work plans with: the smallest among the clients it asks,
 * so no API's share is overdrawn. Each client's is what its API's `x-ratelimit-limit-stacks-minute`
 * last said (before that, 500 with a key and 50 without), so a keyed client told 500 gives the
 * background its half of 500, a keyless one its half of 50, and a tier that allows fewer is
 * followed. With no client to ask, the keyless figure.
 */
export function leastPerMinute(clients: Iterable<BudgetOf>): number {
  let least = Number.POSITIVE_INFINITY;
  for (const c of clients) least = Math.min(least, c.rateBudget().perMinute);
  return Number.isFinite(least) && least >= 1 ? least : KEYLESS_PER_MINUTE;
}

/** Requests a minute all watchers together may send: half the budget. */
export function watchShare(perMinute: number): number {
  return Math.max(1, Math.floor(perMinute / 2));
}

/** How long one turn over every watched item takes at the watchers' share, in ms. */
export function turnMs(watched: number, perMinute: number): number {
  return Math.ceil((Math.max(1, watched) * 60_000) / watchShare(perMinute));
}

/**
 * What the watchers share: how many items they follow together, and the requests they sent in the
 * last minute, so that together they never send more than their share in any minute.
 */
export class SharedBudget {
  private readonly counts: Array<() => number> = [];
  /** When each watch request of the last minute went out, oldest first. */
  private readonly sent: number[] = [];

  /** A watcher's count of items joins the share. */
  join(count: () => number): void {
    this.counts.push(count);
  }

  /** Every item the watchers follow. */
  get watched(): number {
    let n = 0;
    for (const c of this.counts) n += c();
    return n;
  }

  /** Requests the watchers may still send now without passing their share of the last minute. */
  room(now: number, perMinute: number): number {
    while (this.sent.length && this.sent[0]! <= now - 60_000) this.sent.shift();
    return Math.max(0, watchShare(perMinute) - this.sent.length);
  }

  spend(now: number): void {
    this.sent.push(now);
  }
}

export interface TakeOptions {
  now: number;
  /** The rate budget of the client asked, per minute. */
  perMinute: number;
  /** No item is asked more often than this (0: as often as the rounds come). */
  minIntervalMs: number;
  /** What the first round may spend, as the time of a round (the share earned before it). */
  firstRoundMs: number;
}

/**
 * The turn of one watcher's items: each round takes its part of the share earned since the last
 * round (never more than a minute's, nor what the watchers together sent in the last minute
 * leaves), and spends it on the items asked longest ago (never asked first), so a long list is
 * asked a part at a time and every item comes up in turn.
 */
export class Rotation<T> {
  /** Requests earned and not yet spent. */
  private credit = 0;
  private lastAt: number | undefined;
  /** When each item was last asked, by key. */
  private readonly askedAt = new Map<string, number>();

  constructor(
    private readonly keyOf: (item: T) => string,
    private readonly shared: SharedBudget,
  ) {}

  /** The items to ask this round, in order; call `asked` for each one whose request went out. */
  take(items: readonly T[], options: TakeOptions): T[] {
    if (!items.length) {
      this.askedAt.clear();
      return [];
    }
    const interval = Math.max(
      options.minIntervalMs,
      turnMs(Math.max(items.length, this.shared.watched), options.perMinute),
    );
    const perMs = items.length / interval;
    const elapsed = this.lastAt === undefined ? options.firstRoundMs : Math.max(0, options.now - this.lastAt);
    this.lastAt = options.now;
    // A minute's share at most, so a pause (a rate limit, failed rounds) never ends in a burst.
    const cap = Math.max(1, Math.min(items.length, Math.ceil(perMs * 60_000)));
    this.credit = Math.min(cap, this.credit + perMs * elapsed);
    const keys = new Set(items.map(this.keyOf));
    for (const k of [...this.askedAt.keys()]) if (!keys.has(k)) this.askedAt.delete(k);
    const n = Math.min(Math.floor(this.credit), this.shared.room(options.now, options.perMinute));
    if (n <= 0) return [];
    const at = (item: T): number => this.askedAt.get(this.keyOf(item)) ?? Number.NEGATIVE_INFINITY;
    // Array.prototype.sort is stable: items asked at the same time keep the list's order.
    return [...items].sort((a, b) => (at(a) < at(b) ? -1 : at(a) > at(b) ? 1 : 0)).slice(0, n);
  }

  /** One request went out for `item`. */
  asked(item: T, now: number): void {
    this.askedAt.set(this.keyOf(item), now);
    this.credit = Math.max(0, this.credit - 1);
    this.shared.spend(now);
  }
}
