// What the client leaves behind once an answer is in: nothing on the caller's AbortSignal (a panel
// or a watch passes one signal to hundreds of reads; a listener left on it per read grows without
// bound and Node warns past 10), and the size it counts a value at in its response cache. Against
// the mock API (real fixtures).
import * as assert from 'assert';
import { getEventListeners } from 'events';
import { createStacksClient, StacksClient } from '../../src/api';
import { SwitchedOffRoutes } from '../../src/api/fallback';
import { jsonLength } from '../../src/api/resources/core';
import { ADDRESS, TX } from '../fixtures/ids';
import { MockApi, startMockApi } from '../mock-api/server';
import { rejectsWith } from './rejectsWith';

describe("Stacks API client: the caller's signal once an answer is in", function () {
  let mock: MockApi;
  const client = (): StacksClient =>
    createStacksClient({ baseUrl: mock.url, switchedOff: new SwitchedOffRoutes(), cache: false });
  before(async () => (mock = await startMockApi()));
  after(() => mock.close());
  beforeEach(() => mock.reset());

  it('leaves no abort listener on a signal shared by many reads, answered or failed', async () => {
    const c = client();
    const stop = new AbortController();
    const { signal } = stop;
    for (let i = 0; i < 12; i++) {
      await c.getStxBalance(ADDRESS.mainnet, { signal });
      await c.getTransaction(TX.tokenTransfer, { signal });
    }
    mock.override(`/extended/v1/tx/${TX.tokenTransfer}`, { error: 'boom' }, 500);
    await assert.rejects(c.getTransaction(TX.tokenTransfer, { signal }));
    assert.strictEqual(getEventListeners(signal, 'abort').length, 0);
  });

  it('leaves none either when two callers shared one request', async () => {
    const c = client();
    const a = new AbortController();
    const b = new AbortController();
    await Promise.all([
      c.getStxBalance(ADDRESS.mainnet, { signal: a.signal }),
      c.getStxBalance(ADDRESS.mainnet, { signal: b.signal }),
    ]);
    assert.strictEqual(mock.requestsTo(`/extended/v1/address/${ADDRESS.mainnet}/stx`).length, 1, 'one request');
    assert.deepStrictEqual(
      [getEventListeners(a.signal, 'abort').length, getEventListeners(b.signal, 'abort').length],
      [0, 0],
    );
  });

  it('still cancels a read whose signal aborts while it is on its way', async () => {
    const c = client();
    const stop = new AbortController();
    const read = c.getStxBalance(ADDRESS.mainnet, { signal: stop.signal });
    stop.abort();
    await rejectsWith(read, 'cancelled', 'The request was cancelled.');
    assert.strictEqual(getEventListeners(stop.signal, 'abort').length, 0);
  });
});

describe('Stacks API client: the size of a cached answer', () => {
  it('is the length of its JSON text', () => {
    assert.strictEqual(jsonLength({ a: [1, 'x'] }), '{"a":[1,"x"]}'.length);
    assert.strictEqual(jsonLength(null), 4);
  });

  it('is 0 for a value with no JSON text, and too large to keep for one that cannot be written', () => {
    assert.strictEqual(jsonLength(undefined), 0);
    assert.strictEqual(
      jsonLength(() => 1),
      0,
    );
    assert.strictEqual(jsonLength({ n: 1n }), Infinity);
    const loop: Record<string, unknown> = {};
    loop['self'] = loop;
    assert.strictEqual(jsonLength(loop), Infinity);
  });
});
