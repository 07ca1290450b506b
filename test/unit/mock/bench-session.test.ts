import * as assert from 'assert';
import {
  idealRequests,
  naiveClient,
  preparePendingTxs,
  replay,
  sessionScript,
  SESSION_IDS,
} from '../../../bench/session';
import { MockApi, startMockApi } from '../../mock-api/server';

// The benchmark's own instruments (bench/session.ts): the scripted session and the naive client
// the extension's client is compared with. They measure; these tests check the measure.
describe("The request-economy benchmark's session and naive client", () => {
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

  it('a naive client sends one request per call: every hover and every panel part', async () => {
    preparePendingTxs(mock);
    const script = sessionScript(40);
    const r = await replay(naiveClient(mock.url), script, mock);
    assert.strictEqual(r.failures, 0, r.firstFailure);
    assert.ok(r.requests >= script.length, `${r.requests} requests for ${script.length} steps`);
    assert.ok(r.requests > idealRequests(script).total);
  });
});
