import * as assert from 'assert';
import { startMockApi, MockApi, loadFixture } from '../mock-api/server';
import {
  clientOnClock,
  Clock,
  EXTRA_PENDING,
  preparePendingTxs,
  replay,
  requestEconomy,
  resourcesOf,
  sessionScript,
  SESSION_IDS,
  Step,
  FRESHNESS_MS,
} from '../../bench/session';
import { data } from '../mock-api/data';
import { toV3Transaction } from '../mock-api/v3';

/** Events per page the client asks of the v3 events route, and the v1 default of `event_limit`. */
const V3_EVENT_STEP = 50;
const V1_DEFAULT_EVENT_LIMIT = 96;

/**
 * The fewest requests that serve the script when every deprecated route answers 410: the same
 * fetches as `idealRequests` (by the same freshness rules), each costing the requests of its
 * replacement (a mined transaction: itself and its pages of events), plus the 410 of each call of
 * a switched-off route made before the client knew it (calls of one step run at the same time).
 */
function idealInSunset(script: readonly Step[]): number {
  const fetchedAt = new Map<string, number>();
  const goneRoutes = new Set<string>();
  let total = 0;
  for (const step of script) {
    const learnt: string[] = [];
    for (const r of new Map(resourcesOf(step).map((x) => [x.url, x])).values()) {
      const last = fetchedAt.get(r.url);
      if (last !== undefined && step.at - last < r.freshMs) continue;
      fetchedAt.set(r.url, step.at);
      const tx = /^\/extended\/v1\/tx\/(0x[0-9a-f]{64})(?:\?event_limit=(\d+))?/.exec(r.url);
      const route = tx
        ? 'tx'
        : r.url.includes('/smart-contracts/') ||
            r.url.startsWith('/extended/v3/') ||
            r.url.startsWith('/v2/contracts/') ||
            r.url === '/v2/pox'
          ? undefined // not deprecated: never a 410
          : r.url.split('/').slice(2, 4).join('');
      if (route && !goneRoutes.has(route)) {
        learnt.push(route);
        total++; // its 410
      }
      total++;
      if (tx && r.freshMs === FRESHNESS_MS.settledTx) {
        const t = data().txs.get(tx[1]!);
        const count: number = t?.event_count ?? t?.events?.length ?? 0;
        const want = tx[2] === undefined ? V1_DEFAULT_EVENT_LIMIT : Number(tx[2]);
        total += Math.ceil(Math.min(want, count) / V3_EVENT_STEP);
      }
    }
    for (const route of learnt) goneRoutes.add(route);
  }
  return total;
}

// The correctness half of the benchmark's request-economy measure (`npm run bench`): counts only,
// nothing here is timed.
describe('Request economy of a scripted editing session', () => {
  let mock: MockApi;

  beforeEach(async () => {
    mock = await startMockApi();
  });
  afterEach(async () => {
    await mock.close();
  });

  it('our client sends exactly the ideal number of requests: each resource once, plus the refreshes freshness demands', async () => {
    const r = await requestEconomy(mock, 200);
    assert.strictEqual(r.ours.failures, 0, r.ours.firstFailure);
    assert.strictEqual(r.naive.failures, 0, r.naive.firstFailure);
    assert.ok(r.ideal.refreshes > 0, 'the script should make some data old enough to be fetched again');
    assert.strictEqual(
      r.ours.requests,
      r.ideal.total,
      `ours ${r.ours.requests}, ideal ${r.ideal.total} (${r.ideal.distinct} resources + ${r.ideal.refreshes} refreshes)`,
    );
    assert.ok(r.naive.requests > r.ours.requests, `naive ${r.naive.requests} vs ours ${r.ours.requests}`);
  });

  it('with every deprecated route switched off, a mined transaction read from v3 is settled and kept: still the ideal count', async () => {
    mock.sunset(true);
    preparePendingTxs(mock);
    const pending = toV3Transaction(loadFixture('tx-pending.json'));
    for (const id of EXTRA_PENDING) mock.override(`/extended/v3/transactions/${id}`, { ...pending, tx_id: id });
    const script = sessionScript(200);
    const clock: Clock = { now: Date.now() };
    const r = await replay(clientOnClock(mock.url, clock), script, mock, clock);
    assert.strictEqual(r.failures, 0, r.firstFailure);
    assert.strictEqual(r.requests, idealInSunset(script), `ours ${r.requests}`);
    // each confirmed transaction: its v3 route once per distinct call (hover, panel), never again
    const settled = SESSION_IDS.filter((i) => i.kind === 'confirmed-tx').map((i) => i.id);
    for (const id of settled) {
      const asked = mock.requests.filter((q) => q.path === `/extended/v3/transactions/${id}`).length;
      assert.ok(asked <= 2, `${id} asked ${asked} times`);
    }
    assert.ok(mock.requests.filter((q) => q.path.startsWith('/extended/v1/tx/0x')).length <= 2, 'a 410 only at first');
  });
});
