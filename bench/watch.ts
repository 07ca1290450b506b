/**
 * The background requests of watched transactions (and watched addresses): 20 pending
 * transactions watched without an API key, against a mock that enforces the same limit as the
 * client's budget (50 a minute, the hosted API's without a key). The rounds follow the rules of
 * the transaction watcher (src/ui/txWatch.ts with src/chain/txWatch.ts: one fail-fast request per
 * watch per round, a rate limit ends the round and sets the wait, `nextDelay` between rounds) and
 * of the address watcher (src/chain/addressWatch.ts); time runs `SCALE` times faster, the rate
 * window and freshness included, so minutes of watching take seconds.
 */
import { createStacksClient, isStacksApiError } from '../src/api';
import { addressRoundDelay, ADDRESS_LOOK_LIMIT } from '../src/chain/addressWatch';
import { MAX_DELAY_MS, nextDelay } from '../src/chain/txWatch';
import { ADDRESS, mempoolTxId } from '../test/fixtures/ids';
import { startMockApi } from '../test/mock-api/server';

const SCALE = 20;
const LIMIT_PER_MINUTE = 50;

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

async function run(
  minutes: number,
  kind: 'tx' | 'address',
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
  const end = Date.now() + (minutes * 60_000) / SCALE;
  let rounds = 0;
  let heldBack = 0;
  let failures = 0;
  try {
    while (Date.now() < end) {
      let budgetWaitMs = 0;
      let failed = false;
      for (const id of ids) {
        try {
          if (kind === 'tx') await client.getTransaction(id, { budget: 'fail-fast' });
          else await client.getAddressTransactions(id, { limit: ADDRESS_LOOK_LIMIT, budget: 'fail-fast' });
        } catch (e) {
          if (isStacksApiError(e) && e.kind === 'rate-limited') {
            heldBack++;
            budgetWaitMs = (e.retryAfterMs ?? MAX_DELAY_MS / SCALE) * SCALE; // the budget's wait, in watch time
            break;
          }
          failed = true;
        }
      }
      rounds++;
      failures = failed ? failures + 1 : 0;
      const delay =
        kind === 'tx'
          ? nextDelay(rounds, budgetWaitMs)
          : addressRoundDelay(ids.length, LIMIT_PER_MINUTE, failures, budgetWaitMs);
      await new Promise((r) => setTimeout(r, delay / SCALE));
    }
    return { requests: mock.requests.length, responses429, rounds, heldBack };
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
