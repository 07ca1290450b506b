import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { Cl, cvToHex } from '@stacks/transactions';
import { c32addressDecode } from 'c32check';
import { createStacksClient, StacksClient } from '../../../src/api';
import { FIXTURE_DIR, MockApi, loadFixture, startMockApi } from '../../mock-api/server';
import {
  ADDRESS,
  API_KEY,
  BLOCK,
  CONTRACT,
  GENERATED,
  INVALID_TX,
  TX,
  UNKNOWN_TX,
  busyTxId,
  mempoolTxId,
} from '../../fixtures/ids';

/* eslint-disable @typescript-eslint/no-explicit-any */

describe('mock chain data API', () => {
  let api: MockApi;
  before(async () => {
    api = await startMockApi();
  });
  after(async () => {
    await api.close();
  });
  beforeEach(() => api.reset());

  async function get(p: string, init?: RequestInit): Promise<{ status: number; body: any; res: Response }> {
    const res = await fetch(api.url + p, init);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, res };
  }

  describe('endpoints', () => {
    it('binds 127.0.0.1 on a random port', () => {
      assert.match(api.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.ok(api.port > 0);
    });

    it('serves every fixture transaction by id with content-type json', async () => {
      const files: Record<string, string> = {
        tokenTransfer: 'tx-token_transfer.json',
        contractCall: 'tx-contract_call-sponsored.json',
        smartContract: 'tx-smart_contract.json',
        coinbase: 'tx-coinbase.json',
        tenureChange: 'tx-tenure_change.json',
        failed: 'tx-failed.json',
        pending: 'tx-pending.json',
        dropped: 'tx-dropped.json',
      };
      for (const [name, file] of Object.entries(files)) {
        const id = (TX as Record<string, string>)[name];
        const r = await get(`/extended/v1/tx/${id}`);
        assert.strictEqual(r.status, 200, name);
        assert.match(r.res.headers.get('content-type') ?? '', /^application\/json/);
        assert.deepStrictEqual(r.body, loadFixture(file), name);
      }
    });

    it('has the special tx statuses and types', async () => {
      assert.strictEqual((await get(`/extended/v1/tx/${TX.pending}`)).body.tx_status, 'pending');
      const dropped = (await get(`/extended/v1/tx/${TX.dropped}`)).body;
      assert.strictEqual(dropped.tx_status, 'dropped_replace_by_fee');
      assert.strictEqual(dropped.replaced_by_tx_id, TX.pending);
      const failed = (await get(`/extended/v1/tx/${TX.failed}`)).body;
      assert.strictEqual(failed.tx_status, 'abort_by_response');
      assert.strictEqual(failed.tx_result.repr, '(err u1)');
      const tc = (await get(`/extended/v1/tx/${TX.tenureChange}`)).body;
      assert.strictEqual(tc.tx_type, 'tenure_change');
      assert.strictEqual(tc.tenure_change_payload.cause, 'block_found');
      for (const k of [
        'tenure_consensus_hash',
        'prev_tenure_consensus_hash',
        'burn_view_consensus_hash',
        'previous_tenure_end',
        'previous_tenure_blocks',
        'pubkey_hash',
      ]) {
        assert.ok(k in tc.tenure_change_payload, k);
      }
    });

    it('accepts tx ids without 0x and in upper case', async () => {
      assert.strictEqual(
        (await get(`/extended/v1/tx/${TX.tokenTransfer.slice(2).toUpperCase()}`)).body.tx_id,
        TX.tokenTransfer,
      );
    });

    it('400 for an ill-formed tx id, 404 for an unknown one, with the real bodies', async () => {
      const bad = await get(`/extended/v1/tx/${INVALID_TX}`);
      assert.strictEqual(bad.status, 400);
      assert.deepStrictEqual(bad.body, loadFixture('error-400-validation-txid-pattern.json'));
      const unknown = await get(`/extended/v1/tx/${UNKNOWN_TX}`);
      assert.strictEqual(unknown.status, 404);
      assert.deepStrictEqual(unknown.body, loadFixture('error-404-not-found-tx.json'));
    });

    it('unknown route: 404 with the Fastify body', async () => {
      const r = await get('/extended/v1/nope');
      assert.strictEqual(r.status, 404);
      assert.deepStrictEqual(r.body, loadFixture('error-404-unknown-route.json'));
    });

    it('serves balances; unknown valid principal gets a zero balance; invalid principal 400', async () => {
      assert.deepStrictEqual(
        (await get(`/extended/v1/address/${ADDRESS.mainnet}/stx`)).body,
        loadFixture('stx-balance--locked.json'),
      );
      assert.deepStrictEqual(
        (await get(`/extended/v1/address/${ADDRESS.testnet}/stx`)).body,
        loadFixture('stx-balance--token-offering-locked.json'),
      );
      assert.deepStrictEqual(
        (await get(`/extended/v1/address/${ADDRESS.sponsor}/stx?unanchored=true`)).body,
        loadFixture('stx-balance--sponsored.json'),
      );
      const zero = await get(`/extended/v1/address/${CONTRACT.deployed}/stx`);
      assert.strictEqual(zero.status, 200);
      assert.strictEqual(zero.body.balance, '0');
      const bad = await get('/extended/v1/address/S.hello-world/stx');
      assert.strictEqual(bad.status, 400);
      assert.deepStrictEqual(bad.body, loadFixture('error-400-invalid-principal.json'));
    });

    it('unanchored=true with until_block: 400 with the real body', async () => {
      const r = await get(`/extended/v1/address/${ADDRESS.mainnet}/stx?unanchored=true&until_block=100`);
      assert.strictEqual(r.status, 400);
      assert.deepStrictEqual(r.body, loadFixture('error-400-until-block-and-unanchored.json'));
      assert.strictEqual((await get(`/extended/v1/address/${ADDRESS.mainnet}/stx?until_block=100`)).status, 200);
    });

    it('serves v2 blocks by latest, height, hash and index hash; 404 otherwise', async () => {
      const fixture = loadFixture('block-v2--latest.json');
      for (const key of ['latest', String(BLOCK.height), BLOCK.hash, BLOCK.indexBlockHash]) {
        const r = await get(`/extended/v2/blocks/${key}`);
        assert.strictEqual(r.status, 200, key);
        assert.deepStrictEqual(r.body, fixture, key);
      }
      const nak = await get(`/extended/v2/blocks/${BLOCK.nakamoto.height}`);
      assert.deepStrictEqual(nak.body, loadFixture('block-v2--nakamoto-tenure.json'));
      const big = await get(`/extended/v2/blocks/${BLOCK.big.hash}`);
      assert.strictEqual(big.body.tx_count, BLOCK.big.txCount);
      const missing = await get(`/extended/v2/blocks/${BLOCK.unknownHeight}`);
      assert.strictEqual(missing.status, 404);
      assert.deepStrictEqual(missing.body, loadFixture('error-404-v2-block.json'));
      assert.strictEqual((await get(`/extended/v2/blocks/${BLOCK.unknownHash}`)).status, 404);
    });

    it('serves v1 block by height; 404 with the real body otherwise', async () => {
      const r = await get(`/extended/v1/block/by_height/${BLOCK.height}`);
      assert.deepStrictEqual(r.body, loadFixture('block-v1--by_height-latest.json'));
      assert.ok(r.body.txs.includes(TX.tokenTransfer));
      const missing = await get(`/extended/v1/block/by_height/${BLOCK.unknownHeight}`);
      assert.strictEqual(missing.status, 404);
      assert.deepStrictEqual(missing.body, loadFixture('error-404-block-by-height.json'));
    });

    it('links fixture txs to the latest block', async () => {
      const block = (await get(`/extended/v1/block/by_height/${BLOCK.height}`)).body;
      for (const id of block.txs) {
        const tx = (await get(`/extended/v1/tx/${id}`)).body;
        assert.strictEqual(tx.block_hash, BLOCK.hash);
        assert.strictEqual(tx.block_height, BLOCK.height);
      }
      assert.strictEqual((await get('/extended/v2/blocks/latest')).body.tx_count, block.txs.length);
    });

    it('serves a big v1 block with 300 distinct, resolvable txs', async () => {
      const r = await get(`/extended/v1/block/by_height/${BLOCK.big.height}`);
      assert.strictEqual(r.body.hash, BLOCK.big.hash);
      assert.strictEqual(r.body.txs.length, GENERATED.bigBlockTxCount);
      assert.strictEqual(new Set(r.body.txs).size, GENERATED.bigBlockTxCount);
      const last = await get(`/extended/v1/tx/${r.body.txs[299]}`);
      assert.strictEqual(last.body.block_hash, BLOCK.big.hash);
      const again = await get(`/extended/v1/block/by_height/${BLOCK.big.height}`);
      assert.deepStrictEqual(again.body, r.body, 'deterministic');
    });

    it('serves mempool stats and server status (chain tip = latest block)', async () => {
      assert.deepStrictEqual((await get('/extended/v1/tx/mempool/stats')).body, loadFixture('mempool-stats.json'));
      const status = (await get('/extended')).body;
      assert.deepStrictEqual(status, loadFixture('server-status.json'));
      const latest = (await get('/extended/v2/blocks/latest')).body;
      assert.strictEqual(status.chain_tip.block_height, latest.height);
      assert.strictEqual(status.chain_tip.block_hash, latest.hash);
    });

    it('serves the fee estimates, and the pending transactions newest first, paged by the cursor receipt_time:tx_id', async () => {
      assert.deepStrictEqual((await get('/extended/v2/mempool/fees')).body, loadFixture('mempool-fees.json'));
      const total = GENERATED.mempoolTxCount + 3;
      const p1 = (await get('/extended/v3/mempool/transactions?limit=4')).body;
      assert.deepStrictEqual([p1.limit, p1.total, p1.results.length], [4, total, 4]);
      assert.deepStrictEqual(
        p1.results.map((t: { tx_id: string }) => t.tx_id),
        [0, 1, 2, 3].map(mempoolTxId),
      );
      assert.strictEqual(p1.cursor.previous, null);
      assert.strictEqual(p1.cursor.current, `${p1.results[0].receipt_time}:${mempoolTxId(0)}`);
      const p2 = (await get(`/extended/v3/mempool/transactions?limit=4&cursor=${p1.cursor.next}`)).body;
      assert.strictEqual(p2.results[0].tx_id, mempoolTxId(4));
      assert.strictEqual(p2.cursor.previous, p1.cursor.current, 'previous: the start of the page before');
      // Each known pending transaction opens: the list and the transaction route agree.
      const tx = (await get(`/extended/v1/tx/${mempoolTxId(4)}`)).body;
      assert.deepStrictEqual(
        [tx.tx_status, tx.tx_type, tx.fee_rate],
        ['pending', p2.results[0].type, p2.results[0].fee_rate],
      );
      // The end: the API's own test bodies, then the oldest of the mock's pending transactions.
      const last = (await get('/extended/v3/mempool/transactions?limit=50')).body;
      assert.strictEqual(last.cursor.next, null);
      assert.deepStrictEqual(last.results.slice(-3, -1), loadFixture('v3-mempool-transactions.json').results);
      assert.strictEqual(last.results.at(-1).tx_id, TX.pending);
      assert.strictEqual((await get('/extended/v3/mempool/transactions?cursor=12:nope')).status, 400);
      assert.strictEqual((await get('/extended/v3/mempool/transactions?limit=51')).status, 400);
    });

    it('serves contract status: known found, others found:false', async () => {
      const ids = [
        CONTRACT.deployed,
        CONTRACT.statusPending,
        CONTRACT.statusSuccess,
        CONTRACT.notFound,
        CONTRACT.called,
      ];
      const r = await get(
        '/extended/v2/smart-contracts/status?' + ids.map((i) => 'contract_id=' + encodeURIComponent(i)).join('&'),
      );
      assert.strictEqual(r.status, 200);
      assert.deepStrictEqual(Object.keys(r.body).sort(), [...ids].sort());
      assert.strictEqual(r.body[CONTRACT.deployed].result.tx_id, TX.smartContract);
      assert.strictEqual(r.body[CONTRACT.statusPending].result.status, 'pending');
      assert.strictEqual(r.body[CONTRACT.statusSuccess].result.status, 'success');
      assert.deepStrictEqual(r.body[CONTRACT.notFound], { found: false });
      assert.deepStrictEqual(r.body[CONTRACT.called], { found: false });
    });

    it('serves address transactions and events', async () => {
      assert.deepStrictEqual((await get(`/extended/v2/addresses/${ADDRESS.mainnet}/transactions`)).body, {
        ...loadFixture('address-transactions--mainnet.json'),
      });
      const t = (await get(`/extended/v2/addresses/${ADDRESS.testnet}/transactions`)).body;
      assert.strictEqual(t.results[0].tx.tx_id, TX.tokenTransfer);
      const ev = await get(`/extended/v2/addresses/${ADDRESS.mainnet}/transactions/${TX.mainnetContractCall}/events`);
      assert.deepStrictEqual(ev.body, loadFixture('address-tx-events--mainnet.json'));
      const ev2 = await get(`/extended/v2/addresses/${ADDRESS.testnet}/transactions/${TX.tokenTransfer}/events`);
      assert.deepStrictEqual(ev2.body, loadFixture('address-tx-events--testnet.json'));
      const empty = (await get(`/extended/v2/addresses/${ADDRESS.unknown}/transactions`)).body;
      assert.deepStrictEqual(empty, { limit: 20, offset: 0, total: 0, results: [] });
    });

    it('limit > 50, limit < 1, bad offset: 400 with the real message', async () => {
      const r = await get(`/extended/v2/addresses/${ADDRESS.mainnet}/transactions?limit=51`);
      assert.strictEqual(r.status, 400);
      assert.deepStrictEqual(r.body, loadFixture('error-400-limit-too-large.json'));
      assert.strictEqual((await get(`/extended/v2/addresses/${ADDRESS.mainnet}/transactions?limit=0`)).status, 400);
      assert.strictEqual((await get(`/extended/v2/addresses/${ADDRESS.mainnet}/transactions?offset=-1`)).status, 400);
      assert.strictEqual((await get(`/extended/v2/addresses/${ADDRESS.mainnet}/transactions?offset=x`)).status, 400);
      const ev = await get(`/extended/v2/addresses/${ADDRESS.mainnet}/transactions/${TX.manyEvents}/events?limit=51`);
      assert.strictEqual(ev.status, 400);
      assert.strictEqual((await get(`/extended/v2/addresses/nope/transactions`)).status, 400);
    });
  });

  describe('paging of generated data', () => {
    it('slices TX.manyEvents events with event_limit/event_offset, event_count stays total', async () => {
      const all: any[] = [];
      for (let offset = 0; offset < GENERATED.manyEventsCount; offset += 50) {
        const r = await get(`/extended/v1/tx/${TX.manyEvents}?event_limit=50&event_offset=${offset}`);
        assert.strictEqual(r.body.event_count, GENERATED.manyEventsCount);
        assert.strictEqual(r.body.events.length, 50);
        all.push(...r.body.events);
      }
      assert.deepStrictEqual(
        all.map((e) => e.event_index),
        [...Array(GENERATED.manyEventsCount).keys()],
      );
      assert.ok(all.some((e) => e.event_type === 'smart_contract_log'));
      assert.ok(all.some((e) => e.event_type === 'stx_asset'));
      const def = await get(`/extended/v1/tx/${TX.manyEvents}`);
      assert.strictEqual(def.body.events.length, 96);
      const past = await get(`/extended/v1/tx/${TX.manyEvents}?event_offset=1000`);
      assert.deepStrictEqual(past.body.events, []);
    });

    it('pages the 200 transactions of ADDRESS.busy, all distinct', async () => {
      const ids: string[] = [];
      for (let offset = 0; ; offset += 50) {
        const r = await get(`/extended/v2/addresses/${ADDRESS.busy}/transactions?limit=50&offset=${offset}`);
        assert.strictEqual(r.body.total, GENERATED.busyTxCount);
        if (r.body.results.length === 0) break;
        ids.push(...r.body.results.map((x: any) => x.tx.tx_id));
      }
      assert.strictEqual(ids.length, GENERATED.busyTxCount);
      assert.strictEqual(new Set(ids).size, GENERATED.busyTxCount);
      assert.ok(ids.includes(busyTxId(0)));
      assert.strictEqual((await get(`/extended/v1/tx/${busyTxId(7)}`)).status, 200);
    });

    it('pages address events of TX.manyEvents', async () => {
      const r = await get(
        `/extended/v2/addresses/${ADDRESS.mainnet}/transactions/${TX.manyEvents}/events?limit=50&offset=150`,
      );
      assert.strictEqual(r.body.total, 200);
      assert.strictEqual(r.body.results.length, 50);
    });
  });

  describe('faults', () => {
    it('status: default real bodies and custom ones', async () => {
      api.fault({ kind: 'status', status: 503 });
      const r = await get('/extended');
      assert.strictEqual(r.status, 503);
      assert.deepStrictEqual(r.body, loadFixture('error-503-db-unavailable.json'));
      api.clearFaults();
      api.fault({
        match: '/extended/v1/tx/',
        times: 1,
        fault: { kind: 'status', status: 429, headers: { 'retry-after': '7' } },
      });
      const t = await get(`/extended/v1/tx/${TX.tokenTransfer}`);
      assert.strictEqual(t.status, 429);
      assert.strictEqual(t.res.headers.get('retry-after'), '7');
      assert.strictEqual((await get(`/extended/v1/tx/${TX.tokenTransfer}`)).status, 200, 'times: 1');
      api.fault({ kind: 'status', status: 410 });
      assert.deepStrictEqual((await get('/extended')).body, loadFixture('error-410-deprecated-disabled.json'));
      api.clearFaults();
      api.fault({ kind: 'status', status: 418, body: { x: 1 } });
      assert.deepStrictEqual((await get('/extended')).body, { x: 1 });
    });

    it('match: only matching requests get the fault; first matching rule wins', async () => {
      api.fault({ match: /\/stx$/, fault: { kind: 'status', status: 500 } });
      api.fault({ match: /\/stx$/, fault: { kind: 'status', status: 502 } });
      assert.strictEqual((await get(`/extended/v1/address/${ADDRESS.mainnet}/stx`)).status, 500);
      assert.strictEqual((await get('/extended')).status, 200);
    });

    it('delay and slowFirstByte: served normally after the delay', async () => {
      api.fault({ kind: 'delay', ms: 150 });
      let t0 = Date.now();
      let r = await get('/extended');
      assert.strictEqual(r.status, 200);
      assert.ok(Date.now() - t0 >= 140);
      api.clearFaults();
      api.fault({ kind: 'slowFirstByte', ms: 150 });
      t0 = Date.now();
      r = await get('/extended');
      assert.strictEqual(r.body.status, 'ready');
      assert.ok(Date.now() - t0 >= 140);
    });

    it('hang: never answers, the request is abortable', async () => {
      api.fault({ kind: 'hang' });
      await assert.rejects(
        fetch(api.url + '/extended', { signal: AbortSignal.timeout(200) }),
        (e: Error) => e.name === 'TimeoutError' || e.name === 'AbortError',
      );
    });

    it('reset: fetch rejects', async () => {
      api.fault({ kind: 'reset' });
      await assert.rejects(fetch(api.url + '/extended'));
    });

    it('malformed: 200 with invalid JSON', async () => {
      api.fault({ kind: 'malformed' });
      const res = await fetch(api.url + '/extended');
      assert.strictEqual(res.status, 200);
      await assert.rejects(res.json());
    });

    it('truncated: body read fails', async () => {
      api.fault({ kind: 'truncated' });
      const res = await fetch(api.url + `/extended/v1/tx/${TX.tokenTransfer}`);
      assert.strictEqual(res.status, 200);
      await assert.rejects(res.text());
    });

    it('oversized: valid JSON of at least the given size', async () => {
      api.fault({ kind: 'oversized', bytes: 3_000_000 });
      const res = await fetch(api.url + '/extended');
      const text = await res.text();
      assert.ok(text.length >= 3_000_000);
      assert.doesNotThrow(() => JSON.parse(text));
    });

    it('body: replaces the body', async () => {
      api.fault({ kind: 'body', body: { tx_id: 42, tx_status: '<script>' } });
      assert.deepStrictEqual((await get(`/extended/v1/tx/${TX.tokenTransfer}`)).body, {
        tx_id: 42,
        tx_status: '<script>',
      });
    });

    it('redirect: Location header', async () => {
      api.fault({ kind: 'redirect', location: 'http://example.invalid/x', status: 307 });
      const res = await fetch(api.url + '/extended', { redirect: 'manual' });
      assert.strictEqual(res.status, 307);
      assert.strictEqual(res.headers.get('location'), 'http://example.invalid/x');
    });

    it('headers: extra headers with the normal body', async () => {
      api.fault({ kind: 'headers', headers: { warning: '299 - "Deprecated API"' } });
      const r = await get(`/extended/v1/block/by_height/${BLOCK.height}`);
      assert.strictEqual(r.res.headers.get('warning'), '299 - "Deprecated API"');
      assert.strictEqual(r.body.height, BLOCK.height);
    });

    it('override: serves a body for an exact path', async () => {
      api.override('/extended', { status: 'overridden' }, 201);
      const r = await get('/extended?x=1');
      assert.strictEqual(r.status, 201);
      assert.deepStrictEqual(r.body, { status: 'overridden' });
      api.reset();
      assert.strictEqual((await get('/extended')).body.status, 'ready');
    });
  });

  describe('recording', () => {
    it('records every request with headers, including faulted ones', async () => {
      api.fault({ match: 'mempool', fault: { kind: 'status', status: 500 } });
      await get(`/extended/v1/tx/${TX.tokenTransfer}?event_limit=5`, {
        headers: { 'x-api-key': 'k1', accept: 'application/json' },
      });
      await get('/extended/v1/tx/mempool/stats');
      assert.strictEqual(api.requests.length, 2);
      const [a, b] = api.requests;
      assert.ok(a && b, 'both requests recorded');
      assert.strictEqual(a.method, 'GET');
      assert.strictEqual(a.path, `/extended/v1/tx/${TX.tokenTransfer}`);
      assert.strictEqual(a.query.get('event_limit'), '5');
      assert.strictEqual(a.url, `/extended/v1/tx/${TX.tokenTransfer}?event_limit=5`);
      assert.strictEqual(a.headers['x-api-key'], 'k1');
      assert.ok(a.time <= b.time);
      assert.strictEqual(api.requestsTo('/extended/v1/tx/').length, 2);
      assert.strictEqual(api.requestsTo(/mempool/).length, 1);
    });
  });

  describe('options', () => {
    it('rateLimit: 429 with Retry-After and ratelimit headers', async () => {
      const limited = await startMockApi({ rateLimit: { limit: 2, windowMs: 60_000 } });
      try {
        const r1 = await fetch(limited.url + '/extended');
        assert.strictEqual(r1.headers.get('ratelimit-limit'), '2');
        assert.strictEqual(r1.headers.get('ratelimit-remaining'), '1');
        assert.ok(Number(r1.headers.get('ratelimit-reset')) > 0);
        await (await fetch(limited.url + '/extended')).text();
        const r3 = await fetch(limited.url + '/extended');
        assert.strictEqual(r3.status, 429);
        assert.ok(Number(r3.headers.get('retry-after')) > 0);
        assert.strictEqual(r3.headers.get('ratelimit-remaining'), '0');
        assert.strictEqual((await r3.json()).error, 'Too Many Requests');
        assert.strictEqual(limited.requests.length, 3);
      } finally {
        await limited.close();
      }
    });

    it('rateLimit: a new window allows requests again', async () => {
      const limited = await startMockApi({ rateLimit: { limit: 1, windowMs: 200 } });
      try {
        assert.strictEqual((await fetch(limited.url + '/extended')).status, 200);
        assert.strictEqual((await fetch(limited.url + '/extended')).status, 429);
        await new Promise((r) => setTimeout(r, 250));
        assert.strictEqual((await fetch(limited.url + '/extended')).status, 200);
      } finally {
        await limited.close();
      }
    });

    it('requireKey: 401 without key, 403 with a wrong one, 200 with the right one', async () => {
      const keyed = await startMockApi({ requireKey: API_KEY });
      try {
        const r401 = await fetch(keyed.url + '/extended');
        assert.strictEqual(r401.status, 401);
        assert.ok((await r401.json()).message);
        assert.strictEqual((await fetch(keyed.url + '/extended', { headers: { 'X-API-Key': 'wrong' } })).status, 403);
        assert.strictEqual((await fetch(keyed.url + '/extended', { headers: { 'X-API-Key': API_KEY } })).status, 200);
      } finally {
        await keyed.close();
      }
    });

    it('close() ends hanging requests', async () => {
      const m = await startMockApi();
      m.fault({ kind: 'hang' });
      const p = fetch(m.url + '/extended').then(
        () => 'resolved',
        () => 'rejected',
      );
      await new Promise((r) => setTimeout(r, 50));
      await m.close();
      assert.strictEqual(await p, 'rejected');
    });
  });

  it('a new mock never serves on the port of one closed before it: the origin is new to the extension', async () => {
    // The system hands closed ports out again (about ten times in 400 binds here), and what the
    // extension learnt of an origin (routes switched off, its client) would leak into the next test.
    const ports = new Set<number>();
    for (let i = 0; i < 400; i++) {
      const m = await startMockApi();
      await m.close();
      assert.ok(!ports.has(m.port), `mock ${i + 1} got port ${m.port} again`);
      assert.strictEqual(m.url, `http://127.0.0.1:${m.port}`);
      ports.add(m.port);
    }
  });

  describe('fixtures', () => {
    const files = fs.readdirSync(FIXTURE_DIR).filter((f) => f.endsWith('.json'));
    const walk = (v: unknown, visit: (key: string, value: unknown) => void, key = ''): void => {
      if (Array.isArray(v)) v.forEach((x) => walk(x, visit, key));
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, visit, k);
      else visit(key, v);
    };

    it('every address in ids.ts and in the fixtures passes c32check', () => {
      const addresses = new Set<string>([
        ...Object.values(ADDRESS),
        ...Object.values(CONTRACT).map((c) => c.slice(0, c.indexOf('.'))),
      ]);
      for (const f of files) {
        const text = fs.readFileSync(path.join(FIXTURE_DIR, f), 'utf8');
        for (const m of text.matchAll(/\bS[0-9A-Z]{27,40}\b/g)) addresses.add(m[0]);
      }
      assert.ok(addresses.size > 10);
      for (const a of addresses) {
        assert.doesNotThrow(() => c32addressDecode(a), a);
      }
      assert.ok(ADDRESS.mainnet.startsWith('SP') && c32addressDecode(ADDRESS.mainnet)[0] === 22);
      assert.ok(ADDRESS.testnet.startsWith('ST') && c32addressDecode(ADDRESS.testnet)[0] === 26);
    });

    it('no fixture keeps a placeholder id where a 0x+64 hex is expected', () => {
      const hashKeys = new Set([
        'tx_id',
        'block_hash',
        'hash',
        'index_block_hash',
        'parent_block_hash',
        'parent_index_block_hash',
        'miner_txid',
        'burn_block_hash',
        'txs',
        'replaced_by_tx_id',
        'previous_tenure_end',
      ]);
      const bad: string[] = [];
      for (const f of files) {
        const text = fs.readFileSync(path.join(FIXTURE_DIR, f), 'utf8');
        walk(JSON.parse(text), (k, v) => {
          if (hashKeys.has(k) && v !== null && !(typeof v === 'string' && /^0x[0-9a-f]{64}$/.test(v)))
            bad.push(`${f}: ${k}=${String(v)}`);
        });
      }
      assert.deepStrictEqual(bad, []);
      for (const id of [
        ...Object.values(TX),
        UNKNOWN_TX,
        BLOCK.hash,
        BLOCK.indexBlockHash,
        BLOCK.big.hash,
        BLOCK.unknownHash,
      ]) {
        assert.match(id, /^0x[0-9a-f]{64}$/);
      }
    });

    it('UNKNOWN_TX is not served by any fixture', () => {
      for (const f of files) assert.ok(!fs.readFileSync(path.join(FIXTURE_DIR, f), 'utf8').includes(UNKNOWN_TX), f);
    });
  });
});

describe('mock chain data API in sunset mode', () => {
  let api: MockApi;
  before(async () => {
    api = await startMockApi({ sunset: true });
  });
  after(async () => {
    await api.close();
  });
  beforeEach(() => api.reset());

  async function get(p: string): Promise<{ status: number; body: any }> {
    const res = await fetch(api.url + p);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  /** A request path for a route template, its parameters filled with ids the mock knows. */
  function pathOf(template: string): string {
    const sample: Record<string, string> = {
      tx_id: TX.tokenTransfer,
      principal: ADDRESS.mainnet,
      address: ADDRESS.mainnet,
      burnchain_address: ADDRESS.mainnet,
      height: String(BLOCK.height),
      height_or_hash: String(BLOCK.height),
      hash: BLOCK.hash,
      block_hash: BLOCK.hash,
      contract_id: CONTRACT.deployed,
      pox: 'pox4',
    };
    return template.replace(/\{([^}]+)\}/g, (_, name: string) => sample[name] ?? '1').replace('*', 'x');
  }

  it('answers every route the API marks deprecated with 410 and the real body, before checking its arguments', async () => {
    const { API_ROUTES } = await import('../../mock-api/apiRoutes');
    const deprecated = API_ROUTES.filter((r) => r.deprecated && r.method === 'GET');
    assert.strictEqual(API_ROUTES.filter((r) => r.deprecated).length, 38, 'the 38 routes marked deprecated at v9.0.2');
    for (const r of deprecated) {
      const { status, body } = await get(pathOf(r.template));
      assert.strictEqual(status, 410, r.template);
      assert.deepStrictEqual(body, loadFixture('error-410-deprecated-disabled.json'), r.template);
    }
    assert.strictEqual((await get(`/extended/v1/tx/${INVALID_TX}`)).status, 410, 'no 400: the hook runs first');
  });

  it('serves the routes that are not deprecated, and the v3 replacements', async () => {
    for (const p of [
      '/extended',
      '/extended/v1/tx/mempool/stats',
      `/extended/v2/blocks/${BLOCK.height}`,
      `/extended/v2/smart-contracts/status?contract_id=${CONTRACT.deployed}`,
      `/extended/v3/transactions/${TX.tokenTransfer}`,
      `/extended/v3/transactions/${TX.manyEvents}/events`,
      `/extended/v3/principals/${ADDRESS.mainnet}/transactions`,
      `/extended/v3/principals/${ADDRESS.mainnet}/balances/stx`,
      `/extended/v3/principals/${ADDRESS.mainnet}/transactions/${TX.mainnetContractCall}/balance-changes`,
      `/extended/v3/blocks/${BLOCK.height}/transactions`,
      '/extended/v2/mempool/fees',
      '/extended/v3/mempool/transactions',
    ])
      assert.strictEqual((await get(p)).status, 200, p);
  });

  it('reset() keeps the mode; sunset(false) serves the deprecated routes again', async () => {
    assert.ok(api.inSunset);
    assert.strictEqual((await get(`/extended/v1/tx/${TX.tokenTransfer}`)).status, 410);
    api.sunset(false);
    assert.strictEqual((await get(`/extended/v1/tx/${TX.tokenTransfer}`)).status, 200);
    api.sunset(true);
  });

  it('v3 transactions leave out the heavy fields unless asked with include=, as the API does', async () => {
    const lean = (await get(`/extended/v3/transactions/${TX.contractCall}`)).body;
    assert.strictEqual(lean.contract_call.function_args, undefined);
    assert.strictEqual(lean.post_conditions, undefined);
    assert.strictEqual(lean.result, undefined);
    const full = (
      await get(`/extended/v3/transactions/${TX.contractCall}?include=function_args,post_conditions,result`)
    ).body;
    assert.ok(full.contract_call.function_args.length > 0);
    assert.ok(Array.isArray(full.post_conditions));
    assert.ok(full.result.repr);
    const deploy = (await get(`/extended/v3/transactions/${TX.smartContract}?include=source_code`)).body;
    assert.ok(deploy.smart_contract.source_code.length > 0);
    assert.strictEqual((await get(`/extended/v3/transactions/${TX.contractCall}?include=events`)).status, 400);
  });

  it('v3 gives a token transfer memo as {hex, repr}, in the fixture and converted from v1', async () => {
    const fixture = (await get(`/extended/v3/transactions/${TX.tokenTransfer}`)).body;
    assert.deepStrictEqual(fixture.token_transfer.memo, { hex: '0x6869', repr: 'hi' });
    const converted = (await get(`/extended/v3/transactions/${busyTxId(0)}`)).body;
    const v1 = loadFixture('tx-token_transfer.json');
    assert.deepStrictEqual(converted.token_transfer.memo, { hex: v1.token_transfer.memo, repr: 'hi' });
    const page = (await get(`/extended/v3/principals/${ADDRESS.mainnet}/transactions`)).body;
    const transfer = page.results.find((r: any) => r.transaction.type === 'token_transfer');
    assert.strictEqual(typeof transfer.transaction.token_transfer.memo.repr, 'string');
  });
});

describe('mock API: CORS for the web extension', () => {
  let mock: MockApi;
  before(async () => {
    mock = await startMockApi();
  });
  after(() => mock.close());

  it('answers a preflight for X-API-Key without recording a request', async () => {
    mock.reset();
    const res = await fetch(`${mock.url}/extended`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://vscode.dev',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'x-api-key',
      },
    });
    assert.strictEqual(res.status, 204);
    assert.strictEqual(res.headers.get('access-control-allow-origin'), '*');
    assert.match(res.headers.get('access-control-allow-headers') ?? '', /x-api-key/i);
    assert.match(res.headers.get('access-control-allow-methods') ?? '', /GET/);
    assert.strictEqual(mock.requests.length, 0);
  });

  it('lets a browser read every answer and the ratelimit, retry-after and Warning headers', async () => {
    mock.fault({ kind: 'status', status: 429, headers: { 'retry-after': '7' } });
    const res = await fetch(`${mock.url}/extended`, { headers: { Origin: 'https://vscode.dev' } });
    mock.reset();
    assert.strictEqual(res.status, 429);
    assert.strictEqual(res.headers.get('access-control-allow-origin'), '*');
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').split(/,\s*/);
    for (const h of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after', 'warning'])
      assert.ok(exposed.includes(h), `${h} exposed`);
  });
});

describe('mock API: new transactions of an address', () => {
  let mock: MockApi;
  before(async () => {
    mock = await startMockApi();
  });
  after(() => mock.close());
  beforeEach(() => mock.reset());

  it('adds a new transaction to an address after a number of requests, and serves it', async () => {
    const c = createStacksClient({ baseUrl: mock.url, cache: false });
    const before = await c.getAddressTransactions(ADDRESS.mainnet, { limit: 5 });
    const id = mock.newTransactionLater(ADDRESS.mainnet, 1);
    assert.deepStrictEqual(
      (await c.getAddressTransactions(ADDRESS.mainnet, { limit: 5 })).results.map((r) => r.tx.tx_id),
      before.results.map((r) => r.tx.tx_id),
      'as usual for one more request',
    );
    const after = await c.getAddressTransactions(ADDRESS.mainnet, { limit: 5 });
    assert.strictEqual(after.results[0]!.tx.tx_id, id);
    assert.strictEqual(after.total, before.total + 1);
    assert.strictEqual((await c.getTransaction(id)).tx_status, 'success');
  });
});

describe('mock API: the node refuses a read-only call as the node does', () => {
  let mock: MockApi;
  let c: StacksClient;
  const ADDR = 'ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG';
  before(async () => {
    mock = await startMockApi();
  });
  after(() => mock.close());
  beforeEach(() => {
    mock.reset();
    c = createStacksClient({ baseUrl: mock.url });
  });

  it('unknown function, argument count and type, a public function', async () => {
    const call = (fn: string, args: string[]) =>
      c.callReadOnly(CONTRACT.typeProbe, fn, { sender: ADDR, arguments: args });
    assert.strictEqual((await call('nope', [])).cause, 'RuntimeCheck(UndefinedFunction("nope"))');
    assert.strictEqual(
      (await call('safe-div', [cvToHex(Cl.int(1))])).cause,
      'RuntimeCheck(IncorrectArgumentCount(2, 1))',
    );
    assert.match(
      (await call('safe-div', [cvToHex(Cl.uint(1)), cvToHex(Cl.int(1))])).cause!,
      /^RuntimeCheck\(TypeValueError\(IntType/,
    );
    assert.strictEqual((await call('set-score', [cvToHex(Cl.uint(1)), cvToHex(Cl.int(1))])).cause, 'NotReadOnly');
  });
});
