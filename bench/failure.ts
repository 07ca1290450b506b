/**
 * From a failed transaction to its named error: the time `txFailure` takes once the transaction is
 * there, cold (a new client: one request for the called contract's source, then the reading) and
 * warm (the same client: the source is kept, only the reading), next to one round trip to the
 * same mock (a transaction request). The mock runs in a child process. Then the reading alone of
 * the largest source it reads (nearly 2 MB), which a contract's deployer chooses.
 */
import { createStacksClient } from '../src/api';
import { explainFailure, MAX_FAILURE_SOURCE_CHARS } from '../src/chain/failureReason';
import { nearlyMaxFailureSource } from '../test/fixtures/hostile';
import { txFailure } from '../src/ui/failure/txFailure';
import { TX } from '../test/fixtures/ids';
import { mockInChild } from './util';

export interface FailureResult {
  runs: number;
  /** Medians, in ms. */
  roundTripMs: number;
  coldMs: number;
  warmMs: number;
  /** Requests of one cold run (the source only). */
  coldRequests: number;
  headline: string;
  /** Median of five readings of a source of nearly 2 MB for the error of its last copy, in ms. */
  largestMs: number;
  largestChars: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function measureFailure(runs = 15): Promise<FailureResult> {
  const mock = await mockInChild();
  try {
    const rtt: number[] = [];
    const cold: number[] = [];
    const warm: number[] = [];
    let coldRequests = 0;
    let headline = '';
    const unlimited = { limit: 1e9, windowMs: 60_000 };
    for (let i = 0; i < runs; i++) {
      const probe = createStacksClient({ baseUrl: mock.url, rateLimit: unlimited });
      let t = performance.now();
      await probe.getTransaction(TX.tokenTransfer);
      rtt.push(performance.now() - t);

      const client = createStacksClient({ baseUrl: mock.url, rateLimit: unlimited });
      const tx = await client.getTransaction(TX.failedSbtc);
      const before = await mock.requests();
      t = performance.now();
      const f = await txFailure(tx, client);
      cold.push(performance.now() - t);
      coldRequests = (await mock.requests()) - before;
      t = performance.now();
      await txFailure(tx, client);
      warm.push(performance.now() - t);
      headline = f?.headline ?? '';
    }
    const { source, copies } = nearlyMaxFailureSource(MAX_FAILURE_SOURCE_CHARS);
    const largest: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const f = explainFailure(source, `complete-deposit-wrapper-${copies - 1}`, '(err u302)');
      largest.push(performance.now() - t);
      if (!f.ok || f.names.length !== 1) throw new Error('the largest source: the error was not named');
    }
    return {
      runs,
      roundTripMs: median(rtt),
      coldMs: median(cold),
      warmMs: median(warm),
      coldRequests,
      headline,
      largestMs: median(largest),
      largestChars: source.length,
    };
  } finally {
    await mock.close();
  }
}
