import * as assert from 'assert';
import { startMockApi, MockApi } from '../mock-api/server';
import {
  idealRequests,
  naiveClient,
  preparePendingTxs,
  replay,
  requestEconomy,
  sessionScript,
  SESSION_IDS,
} from '../../bench/session';

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

  it('the script is 200 hovers and lookups over 40 identifiers of every kind', () => {
    const script = sessionScript(200);
    assert.strictEqual(script.length, 200);
    assert.strictEqual(new Set(script.map((s) => s.target.id)).size, 40);
    assert.strictEqual(SESSION_IDS.length, 40);
    const kinds = new Set(script.map((s) => s.target.kind));
    assert.deepStrictEqual([...kinds].sort(), ['address', 'confirmed-tx', 'contract', 'pending-tx']);
    const actions = new Set(script.map((s) => s.action));
    assert.deepStrictEqual([...actions].sort(), ['hover', 'hover+lookup', 'lookup']);
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

  it('a naive client sends one request per call: every hover and every panel part', async () => {
    preparePendingTxs(mock);
    const script = sessionScript(40);
    const r = await replay(naiveClient(mock.url), script, mock);
    assert.strictEqual(r.failures, 0, r.firstFailure);
    assert.ok(r.requests >= script.length, `${r.requests} requests for ${script.length} steps`);
    assert.ok(r.requests > idealRequests(script).total);
  });
});
