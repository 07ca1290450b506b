/**
 * The background requests of watched transactions and watched addresses. The rounds follow the
 * rules of the watchers (src/ui/txWatch.ts, src/ui/addressWatch.ts): each round asks the items
 * whose turn it is (`Rotation`, src/chain/watchBudget.ts, both watchers sharing half the budget),
 * one fail-fast request each, a rate limit ends the round and sets the wait, `nextDelay` and
 * `addressRoundDelay` between rounds.
 *
 * - `measureWatchLoad`: 20 pending transactions watched without an API key (then the watched
 *   addresses alone), against a mock that enforces the same limit as the client's budget (50 a
 *   minute, the hosted API's without a key); time runs `SCALE` times faster, the rate window and
 *   freshness included, so minutes of watching take seconds.
 * - `measureBackgroundBudget`: 100 watched transactions and 20 watched addresses at once, without a
 *   key, on a simulated clock (the client's budget and cache count in it; the rounds take no real
 *   time): the requests of each simulated minute, and how long any watch waits to be asked.
 */
import { c32address } from 'c32check';
import { createStacksClient, isStacksApiError, type StacksClient } from '../src/api';
import type { Clock } from '../src/api/clock';
import { addressRoundDelay, ADDRESS_LOOK_LIMIT, ADDRESS_ROUND_MS } from '../src/chain/addressWatch';
import { FIRST_DELAY_MS, MAX_DELAY_MS, nextDelay } from '../src/chain/txWatch';
import { Rotation, SharedBudget } from '../src/chain/watchBudget';
import { ADDRESS, mempoolTxId, mockHash } from '../test/fixtures/ids';
import { startMockApi } from '../test/mock-api/server';

const SCALE = 20;
const LIMIT_PER_MINUTE = 50;
/** The first address round comes this soon after the feature starts (src/ui/addressWatch.ts). */
const FIRST_ADDRESS_ROUND_MS = 2_000;

export interface WatchLoadResult {
  watches: number;
  minutes: number;
  requests: number;
  perWatchPerMinute: number;
  responses429: number;
  rounds: number;
  /** Requests of the whole run that the client's own budget held back (failed fast, never sent). */
  heldBack: number;
  addresses: { watched: number; requests: number; perAddressPerMinute: number; responses429: number };
}

type Kind = 'tx' | 'address';

/** One watcher: its items, its turn, and when its next round comes (in watch time). */
interface Watcher {
  kind: Kind;
  ids: string[];
  rotation: Rotation<string>;
  next: number;
  rounds: number;
  failures: number;
}

function watcher(kind: Kind, ids: string[], shared: SharedBudget): Watcher {
  shared.join(() => ids.length);
  return {
    kind,
    ids,
    rotation: new Rotation<string>((id) => id, shared),
    next: kind === 'tx' ? FIRST_DELAY_MS : FIRST_ADDRESS_ROUND_MS,
    rounds: 0,
    failures: 0,
  };
}

/**
 * One round of a watcher at `now` (watch time), as the extension runs it; sets its next round.
 * `toWatchMs` turns a wait the client reports (in the client's time) into watch time.
 */
async function round(
  w: Watcher,
  client: StacksClient,
  now: number,
  toWatchMs: (clientMs: number) => number,
  onAsked: (id: string) => void,
): Promise<{ heldBack: number }> {
  const turn = w.rotation.take(w.ids, {
    now,
    perMinute: LIMIT_PER_MINUTE,
    minIntervalMs: w.kind === 'tx' ? 0 : ADDRESS_ROUND_MS,
    firstRoundMs: w.kind === 'tx' ? FIRST_DELAY_MS : ADDRESS_ROUND_MS,
  });
  let budgetWaitMs = 0;
  let failed = false;
  let heldBack = 0;
  for (const id of turn) {
    try {
      if (w.kind === 'tx') await client.getTransaction(id, { budget: 'fail-fast' });
      else await client.getAddressTransactions(id, { limit: ADDRESS_LOOK_LIMIT, budget: 'fail-fast' });
      w.rotation.asked(id, now);
      onAsked(id);
    } catch (e) {
      if (isStacksApiError(e) && e.kind === 'rate-limited') {
        heldBack++;
        budgetWaitMs = e.retryAfterMs === undefined ? MAX_DELAY_MS : toWatchMs(e.retryAfterMs);
        break;
      }
      w.rotation.asked(id, now);
      onAsked(id);
      if (!(isStacksApiError(e) && e.kind === 'not-found')) failed = true;
    }
  }
  w.rounds++;
  w.failures = failed ? w.failures + 1 : 0;
  w.next +=
    w.kind === 'tx'
      ? nextDelay(w.rounds, budgetWaitMs, turn.length < w.ids.length)
      : addressRoundDelay(w.failures, budgetWaitMs);
  return { heldBack };
}

/** One kind of watch alone, in real time `SCALE` times faster, against a mock that enforces the limit. */
async function run(
  minutes: number,
  kind: Kind,
  ids: string[],
): Promise<{ requests: number; responses429: number; rounds: number; heldBack: number }> {
  const windowMs = 60_000 / SCALE;
  const mock = await startMockApi({ rateLimit: { limit: LIMIT_PER_MINUTE, windowMs } });
  let responses429 = 0;
  const counting: typeof globalThis.fetch = async (input, init) => {
    const res = await globalThis.fetch(input, init);
    if (res.status === 429) responses429++;
    return res;
  };
  const client = createStacksClient({
    baseUrl: mock.url,
    fetch: counting,
    rateLimit: { limit: LIMIT_PER_MINUTE, windowMs },
    freshMs: 3_000 / SCALE,
  });
  const start = Date.now();
  const watchTime = () => (Date.now() - start) * SCALE;
  const w = watcher(kind, ids, new SharedBudget());
  let heldBack = 0;
  try {
    while (w.next < minutes * 60_000) {
      const wait = w.next / SCALE - (Date.now() - start);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const r = await round(
        w,
        client,
        watchTime(),
        (ms) => ms * SCALE,
        () => undefined,
      );
      heldBack += r.heldBack;
    }
    return { requests: mock.requests.length, responses429, rounds: w.rounds, heldBack };
  } finally {
    await mock.close();
  }
}

export async function measureWatchLoad(o: { watches: number; minutes: number }): Promise<WatchLoadResult> {
  const txs = Array.from({ length: o.watches }, (_, i) => mempoolTxId(i));
  const t = await run(o.minutes, 'tx', txs);
  const addresses = Object.values(ADDRESS).slice(0, Math.min(o.watches, Object.values(ADDRESS).length));
  const a = await run(o.minutes, 'address', addresses);
  return {
    watches: o.watches,
    minutes: o.minutes,
    requests: t.requests,
    perWatchPerMinute: t.requests / o.watches / o.minutes,
    responses429: t.responses429,
    rounds: t.rounds,
    heldBack: t.heldBack,
    addresses: {
      watched: addresses.length,
      requests: a.requests,
      perAddressPerMinute: a.requests / addresses.length / o.minutes,
      responses429: a.responses429,
    },
  };
}

export interface BackgroundBudgetResult {
  transactions: number;
  addresses: number;
  minutes: number;
  requests: number;
  /** All requests over the simulated minutes. */
  perMinute: number;
  /** The most requests in any 60 s of the run, wherever it starts. */
  busiestMinute: number;
  /** The longest any watch waited to be asked: from the start to its first request, or between two. */
  longestWaitMs: number;
  /** Requests the client's own budget held back (failed fast, never sent). */
  heldBack: number;
  /** Requests the watchers' share left of the client's budget at the busiest moment, for hovers and lookups. */
  leftForUser: number;
}

/** 100 watched transactions and 20 watched addresses at once, without a key, on a simulated clock. */
export async function measureBackgroundBudget(o: {
  transactions: number;
  addresses: number;
  minutes: number;
}): Promise<BackgroundBudgetResult> {
  let now = 0;
  const clock: Clock = { now: () => now, sleep: () => Promise.resolve() };
  const mock = await startMockApi();
  const sentAt: number[] = [];
  const counting: typeof globalThis.fetch = (input, init) => {
    sentAt.push(now);
    return globalThis.fetch(input, init);
  };
  // The client as a user without a key has it: 50 requests a minute, on the simulated clock.
  const client = createStacksClient({ baseUrl: mock.url, fetch: counting, clock });
  const shared = new SharedBudget();
  const txs = Array.from({ length: o.transactions }, (_, i) => mockHash(`bench:watched-tx:${i}`));
  const addresses = Array.from({ length: o.addresses }, (_, i) =>
    c32address(22, mockHash(`bench:watched-address:${i}`).slice(2, 42)),
  );
  const watchers = [watcher('tx', txs, shared), watcher('address', addresses, shared)];
  const asked = new Map<string, number[]>();
  const end = o.minutes * 60_000;
  let heldBack = 0;
  try {
    for (;;) {
      const w = watchers.reduce((a, b) => (b.next < a.next ? b : a));
      if (w.next >= end) break;
      now = w.next;
      const r = await round(
        w,
        client,
        now,
        (ms) => ms,
        (id) => asked.set(id, [...(asked.get(id) ?? []), now]),
      );
      heldBack += r.heldBack;
    }
  } finally {
    await mock.close();
  }
  let busiestMinute = 0;
  for (let i = 0, j = 0; i < sentAt.length; i++) {
    while (sentAt[j]! <= sentAt[i]! - 60_000) j++;
    busiestMinute = Math.max(busiestMinute, i - j + 1);
  }
  let longestWaitMs = 0;
  for (const id of [...txs, ...addresses]) {
    const times = [0, ...(asked.get(id) ?? []), end];
    for (let i = 1; i < times.length; i++) longestWaitMs = Math.max(longestWaitMs, times[i]! - times[i - 1]!);
  }
  return {
    transactions: o.transactions,
    addresses: o.addresses,
    minutes: o.minutes,
    requests: sentAt.length,
    perMinute: sentAt.length / o.minutes,
    busiestMinute,
    longestWaitMs,
    heldBack,
    leftForUser: LIMIT_PER_MINUTE - busiestMinute,
  };
}
