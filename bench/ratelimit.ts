/**
 * Measure 6: a burst of hovers and explicit lookups without an API key against a mock that
 * enforces a rate limit. Our client's budget is configured to the same limit (as it is to the
 * real API's 50/min by default); the naive client makes the same calls for comparison.
 * Every call asks for a different transaction, so no cache or sharing hides the burst.
 */
import { createStacksClient, isStacksApiError } from '../src/api';
import type { StacksClient } from '../src/api';
import { GENERATED, bigBlockFillerTxId, busyTxId } from '../test/fixtures/ids';
import { startMockApi } from '../test/mock-api/server';
import { naiveClient } from './session';

export interface BurstRun {
  hovers: number;
  lookups: number;
  responses429: number;
  hoversShown: number;
  hoversFailedFast: number;
  lookupsDone: number;
  otherFailures: number;
  firstFailure?: string;
  /** Time until the last lookup was answered. */
  lastLookupMs: number;
}

export interface RateLimitResult {
  limit: number;
  windowMs: number;
  ours: BurstRun;
  naive: BurstRun;
}

async function burst(
  make: (baseUrl: string, fetch: typeof globalThis.fetch) => StacksClient,
  hovers: number,
  lookups: number,
  rateLimit: { limit: number; windowMs: number },
): Promise<BurstRun> {
  const mock = await startMockApi({ rateLimit });
  let responses429 = 0;
  const counting: typeof globalThis.fetch = async (input, init) => {
    const res = await globalThis.fetch(input, init);
    if (res.status === 429) responses429++;
    return res;
  };
  const client = make(mock.url, counting);
  const run: BurstRun = {
    hovers,
    lookups,
    responses429: 0,
    hoversShown: 0,
    hoversFailedFast: 0,
    lookupsDone: 0,
    otherFailures: 0,
    lastLookupMs: 0,
  };
  const t0 = performance.now();
  const fail = (e: unknown, what: string): void => {
    run.otherFailures++;
    run.firstFailure ??= `${what}: ${isStacksApiError(e) ? e.kind + ': ' : ''}${(e as Error).message}`;
  };
  // Interleaved the way a session is: mostly hovers, a lookup every few of them.
  const jobs: Array<Promise<void>> = [];
  const every = Math.max(1, Math.round(hovers / Math.max(1, lookups)));
  let h = 0;
  let l = 0;
  while (h < hovers || l < lookups) {
    for (let k = 0; k < every && h < hovers; k++, h++) {
      const id = busyTxId(h % GENERATED.busyTxCount);
      jobs.push(
        client.getTransaction(id, { budget: 'fail-fast' }).then(
          () => void run.hoversShown++,
          (e: unknown) =>
            isStacksApiError(e) && e.kind === 'rate-limited' ? void run.hoversFailedFast++ : fail(e, 'hover'),
        ),
      );
    }
    if (l < lookups) {
      const id = bigBlockFillerTxId(l++);
      jobs.push(
        client.getTransaction(id, { budget: 'wait' }).then(
          () => {
            run.lookupsDone++;
            run.lastLookupMs = performance.now() - t0;
          },
          (e: unknown) => fail(e, 'lookup'),
        ),
      );
    }
  }
  await Promise.all(jobs);
  run.responses429 = responses429;
  await mock.close();
  return run;
}

export async function measureRateLimit(opts: {
  limit: number;
  windowMs: number;
  hovers: number;
  lookups: number;
}): Promise<RateLimitResult> {
  const rateLimit = { limit: opts.limit, windowMs: opts.windowMs };
  const ours = await burst(
    (baseUrl, fetch) => createStacksClient({ baseUrl, fetch, rateLimit }),
    opts.hovers,
    opts.lookups,
    rateLimit,
  );
  const naive = await burst((baseUrl, fetch) => naiveClient(baseUrl, fetch), opts.hovers, opts.lookups, rateLimit);
  return { ...rateLimit, ours, naive };
}
