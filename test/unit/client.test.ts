import * as assert from 'assert';
import * as http from 'http';
import { AddressInfo } from 'net';
import * as z from 'zod/mini';
import { createStacksClient, ErrorKind, StacksApiError, StacksClient, StacksClientOptions } from '../../src/api';
import { sleep } from '../../src/api/clock';
import { isRouteMissing } from '../../src/api/errors';
import * as S from '../../src/api/schemas';
import { ERROR_BODIES } from '../mock-api/fixtures';
import { ADDRESS, BLOCK, CONTRACT, GENERATED, mempoolTxId, TX, UNKNOWN_TX } from '../fixtures/ids';
import { loadFixture, MockApi, startMockApi } from '../mock-api/server';
import { rejectsWith } from './rejectsWith';

describe('Stacks API client', function () {
  let mock: MockApi;
  const clients: StacksClient[] = [];
  const client = (o: Partial<StacksClientOptions> = {}) => {
    const c = createStacksClient({ baseUrl: mock.url, ...o });
    clients.push(c);
    return c;
  };

  before(async () => {
    mock = await startMockApi();
  });
  after(async () => {
    await mock.close();
  });
  beforeEach(() => mock.reset());

  describe('every endpoint against the mock API', () => {
    it('gets transactions of every type, confirmed, failed, pending and dropped', async () => {
      const c = client();
      const types = new Set<string>();
      for (const id of Object.values(TX)) {
        const tx = await c.getTransaction(id);
        assert.strictEqual(tx.tx_id, id);
        types.add(tx.tx_type);
      }
      for (const t of ['token_transfer', 'contract_call', 'smart_contract', 'coinbase', 'tenure_change'])
        assert.ok(types.has(t), t);
      const pending = await c.getTransaction(TX.pending);
      assert.strictEqual(pending.tx_status, 'pending');
      assert.strictEqual(pending.block_height, undefined);
      assert.match((await c.getTransaction(TX.dropped)).tx_status, /^dropped/);
      assert.strictEqual((await c.getTransaction(TX.failed)).tx_result?.repr, '(err u1)');
    });

    it('pages the events of a transaction with event_limit and event_offset', async () => {
      const tx = await client().getTransaction(TX.manyEvents, { eventLimit: 50, eventOffset: 100 });
      assert.strictEqual(tx.events?.length, 50);
      assert.strictEqual(tx.events?.[0]?.event_index, 100);
      assert.strictEqual(tx.event_count, 300);
      const req = mock.requestsTo('/extended/v1/tx/')[0]!;
      assert.strictEqual(req.query.get('event_limit'), '50');
      assert.strictEqual(req.query.get('event_offset'), '100');
    });

    it('gets balances, at a block and unanchored', async () => {
      const c = client();
      const b = await c.getStxBalance(ADDRESS.mainnet);
      assert.strictEqual(typeof b.balance, 'string');
      await c.getStxBalance(ADDRESS.testnet, { untilBlock: 3000 });
      await c.getStxBalance(ADDRESS.testnet, { unanchored: true });
      await c.getStxBalance(CONTRACT.deployed);
      const reqs = mock.requestsTo('/extended/v1/address/');
      assert.strictEqual(reqs[1]!.query.get('until_block'), '3000');
      assert.strictEqual(reqs[2]!.query.get('unanchored'), 'true');
      const offering = await c.getStxBalance(ADDRESS.testnet);
      assert.ok(offering.token_offering_locked?.unlock_schedule.length);
    });

    it('gets blocks by height, hash and latest, and the v1 block by height', async () => {
      const c = client();
      assert.strictEqual((await c.getBlock('latest')).height, BLOCK.height);
      assert.strictEqual((await c.getBlock(BLOCK.height)).hash, BLOCK.hash);
      assert.strictEqual((await c.getBlock(BLOCK.hash)).height, BLOCK.height);
      assert.strictEqual((await c.getBlock(BLOCK.nakamoto.height)).tenure_height, 4555);
      const v1 = await c.getBlockByHeightV1(BLOCK.big.height);
      assert.strictEqual(v1.txs.length, 300);
    });

    it('gets mempool statistics with fractional and null percentiles', async () => {
      const m = await client().getMempoolStats();
      assert.ok(Object.keys(m.tx_type_counts).includes('contract_call'));
      assert.strictEqual(m.tx_ages.poison_microblock?.p50, null);
    });

    it('gets fee estimates at low, medium and high priority for a transfer, a contract call and a deploy', async () => {
      const f = await client().getMempoolFees();
      assert.deepStrictEqual(f.token_transfer, {
        no_priority: 3000,
        low_priority: 3000,
        medium_priority: 6000,
        high_priority: 401199,
      });
      assert.strictEqual(f.contract_call?.medium_priority, 100000);
      assert.strictEqual(f.smart_contract?.high_priority, 1082500);
      assert.strictEqual(f.all.low_priority, 3000);
      assert.strictEqual(mock.requestsTo('/extended/v2/mempool/fees').length, 1);
    });

    it("reads the fee estimates of the API's own test (every kind), and of an empty mempool (only `all`)", () => {
      // tests/api/mempool/mempool.test.ts (v9.0.2), "mempool fee priorities".
      const tested = {
        all: { high_priority: 855000, low_priority: 450000, medium_priority: 675000, no_priority: 225000 },
        contract_call: { high_priority: 190000, low_priority: 100000, medium_priority: 150000, no_priority: 50000 },
        smart_contract: { high_priority: 490000, low_priority: 400000, medium_priority: 450000, no_priority: 350000 },
        token_transfer: { high_priority: 885000, low_priority: 750000, medium_priority: 825000, no_priority: 675000 },
      };
      assert.ok(S.parseWith(S.MempoolFees, tested).ok);
      // src/api/routes/v2/mempool.ts: with nothing pending, `all` is zeros and the kinds are left out.
      const empty = S.parseWith(S.MempoolFees, {
        all: { no_priority: 0, low_priority: 0, medium_priority: 0, high_priority: 0 },
      });
      assert.ok(empty.ok && empty.value.token_transfer === undefined);
      assert.ok(!S.parseWith(S.MempoolFees, { token_transfer: tested.token_transfer }).ok, '`all` is required');
    });

    it('pages the pending transactions by cursor: a page turn is one request from the cursor of the page before', async () => {
      const c = client();
      const total = GENERATED.mempoolTxCount + 3;
      const first = await c.getMempoolTransactions({ limit: 20 });
      assert.deepStrictEqual([first.limit, first.offset, first.total, first.results.length], [20, 0, total, 20]);
      assert.strictEqual(first.results[0]!.tx_id, mempoolTxId(0));
      assert.strictEqual(first.results[0]!.sender.address, ADDRESS.mainnet);
      assert.match(first.results[0]!.fee_rate, /^\d+$/);
      const second = await c.getMempoolTransactions({ limit: 20, offset: 20 });
      assert.strictEqual(second.results[0]!.tx_id, mempoolTxId(20));
      const third = await c.getMempoolTransactions({ limit: 20, offset: 40 });
      assert.deepStrictEqual(third.results.map((t) => t.tx_id).slice(-3), [
        '0x0000000000000000000000000000000000000000000000000000000000000002',
        '0x0000000000000000000000000000000000000000000000000000000000000001',
        TX.pending,
      ]);
      const reqs = mock.requestsTo('/extended/v3/mempool/transactions');
      assert.strictEqual(reqs.length, 3, 'one request per page');
      assert.deepStrictEqual(
        reqs.map((r) => [r.query.get('limit'), r.query.get('cursor')?.split(':')[1] ?? null]),
        [
          ['20', null],
          ['20', mempoolTxId(20)],
          ['20', mempoolTxId(40)],
        ],
      );
      assert.strictEqual(
        reqs.some((r) => r.query.has('offset')),
        false,
        'the v3 list has no offset',
      );
    });

    it('reading the first page again starts the cursors afresh: later pages follow the mempool as it is now', async () => {
      const c = client({ freshMs: 0 });
      for (const offset of [0, 20, 40]) await c.getMempoolTransactions({ offset });
      await c.getMempoolTransactions({ offset: 0 });
      const before = mock.requestsTo('/extended/v3/mempool/transactions').length;
      await c.getMempoolTransactions({ offset: 40 });
      const walked = mock.requestsTo('/extended/v3/mempool/transactions').slice(before);
      assert.deepStrictEqual(
        walked.map((r) => r.query.get('cursor')?.split(':')[1]),
        [mempoolTxId(20), mempoolTxId(40)],
        'from the start of page 2 as the first page now gives it, not from a cursor learnt before',
      );
    });

    it('keeps a page of pending transactions only briefly: the mempool is never settled', async () => {
      const c = client();
      await c.getMempoolTransactions();
      await c.getMempoolTransactions();
      assert.strictEqual(mock.requestsTo('/extended/v3/mempool/transactions').length, 1, 'reused while fresh');
      const stale = client({ freshMs: 0 });
      await stale.getMempoolFees();
      await stale.getMempoolFees();
      await stale.getMempoolTransactions();
      assert.strictEqual(mock.requestsTo('/extended/v2/mempool/fees').length, 2, 'asked again once stale');
      assert.strictEqual(mock.requestsTo('/extended/v3/mempool/transactions').length, 2);
    });

    it('says not found, or unexpected, for the new mempool routes as for every other', async () => {
      mock.override('/extended/v2/mempool/fees', { all: { low_priority: '3000' } });
      const e = await rejectsWith(client().getMempoolFees(), 'invalid-response', /fee estimates/);
      assert.deepStrictEqual([e.status, e.path], [200, '/extended/v2/mempool/fees'], 'the answer it came from');
      mock.reset();
      mock.fault({ match: '/extended/v3/mempool', fault: { kind: 'status', status: 404 } });
      await rejectsWith(client().getMempoolTransactions(), 'not-found');
    });

    it('checks many contracts in one request with contract_id repeated', async () => {
      const ids = [CONTRACT.statusSuccess, CONTRACT.statusPending, CONTRACT.notFound];
      const map = await client().getContractsStatus(ids);
      assert.strictEqual(map[CONTRACT.statusSuccess]?.result?.status, 'success');
      assert.strictEqual(map[CONTRACT.statusPending]?.result?.block_height, undefined);
      assert.strictEqual(map[CONTRACT.notFound]?.found, false);
      const reqs = mock.requestsTo('/extended/v2/smart-contracts/status');
      assert.strictEqual(reqs.length, 1);
      assert.deepStrictEqual(reqs[0]!.query.getAll('contract_id'), ids);
    });

    it('gets the server status', async () => {
      const s = await client().getServerStatus();
      assert.strictEqual(s.chain_tip?.block_height, BLOCK.height);
    });

    it('pages address transactions and their events', async () => {
      const c = client();
      const page = await c.getAddressTransactions(ADDRESS.busy, { limit: 50, offset: 150 });
      assert.strictEqual(page.total, 200);
      assert.strictEqual(page.results.length, 50);
      const main = await c.getAddressTransactions(ADDRESS.mainnet);
      assert.ok(main.results.every((r) => typeof r.stx_sent === 'string'));
      const ev = await c.getAddressTransactionEvents(ADDRESS.mainnet, TX.mainnetContractCall, { limit: 10 });
      assert.ok(ev.results.some((e) => e.type === 'nft' && e.data.value));
    });
  });

  describe('schemas', () => {
    const cases: Array<{ file: string; schema: S.Schema<unknown> }> = [
      { file: 'tx-token_transfer.json', schema: S.Transaction },
      { file: 'stx-balance--locked.json', schema: S.StxBalance },
      { file: 'block-v2--latest.json', schema: S.Block },
      { file: 'block-v1--by_height-latest.json', schema: S.BlockV1 },
      { file: 'mempool-stats.json', schema: S.MempoolStats },
      { file: 'mempool-fees.json', schema: S.MempoolFees },
      { file: 'v3-mempool-transactions.json', schema: S.MempoolTransactionsPage },
      { file: 'server-status.json', schema: S.ServerStatus },
      { file: 'address-transactions--mainnet.json', schema: S.AddressTransactionsPage },
      { file: 'address-tx-events--mainnet.json', schema: S.AddressEventsPage },
    ];

    it('parses a fixture of every documented route, and one of every transaction type', () => {
      for (const { file, schema } of cases) {
        const r = S.parseWith(schema, loadFixture(file));
        assert.ok(r.ok, `${file}: ${r.ok ? '' : r.problem}`);
      }
      for (const f of [
        'tx-coinbase.json',
        'tx-contract_call-sponsored.json',
        'tx-dropped.json',
        'tx-failed.json',
        'tx-pending.json',
        'tx-smart_contract.json',
        'tx-tenure_change.json',
      ]) {
        const r = S.parseWith(S.Transaction, loadFixture(f));
        assert.ok(r.ok, `${f}: ${r.ok ? '' : r.problem}`);
      }
      assert.ok(S.parseWith(S.ContractsStatus, loadFixture('contracts-status.json')).ok);
    });

    it('keeps unknown fields and accepts unknown enum values', () => {
      const tx = {
        ...(loadFixture('tx-token_transfer.json') as object),
        tx_type: 'future_type',
        tx_status: 'problematic_skipped',
        brand_new: { x: 1 },
      };
      const r = S.parseWith(S.Transaction, tx);
      assert.ok(r.ok);
      assert.strictEqual((r.value as Record<string, unknown>).brand_new !== undefined, true);
      assert.strictEqual(r.value.tx_status, 'problematic_skipped');
    });

    /** The required (non-optional) keys of a zod/mini object schema. */
    function requiredKeys(schema: S.Schema<unknown>): string[] {
      assert.ok(schema instanceof z.ZodMiniObject, 'the endpoint answers an object');
      return Object.entries(schema.def.shape)
        .filter(([, v]) => v._zod.def.type !== 'optional')
        .map(([k]) => k);
    }

    const endpoints: Array<{
      name: string;
      file: string;
      path: string;
      schema: S.Schema<unknown>;
      call: (c: StacksClient) => Promise<unknown>;
    }> = [
      {
        name: 'transaction',
        file: 'tx-token_transfer.json',
        path: `/extended/v1/tx/${TX.tokenTransfer}`,
        schema: S.Transaction,
        call: (c) => c.getTransaction(TX.tokenTransfer),
      },
      {
        name: 'balance',
        file: 'stx-balance--locked.json',
        path: `/extended/v1/address/${ADDRESS.mainnet}/stx`,
        schema: S.StxBalance,
        call: (c) => c.getStxBalance(ADDRESS.mainnet),
      },
      {
        name: 'block',
        file: 'block-v2--latest.json',
        path: '/extended/v2/blocks/latest',
        schema: S.Block,
        call: (c) => c.getBlock('latest'),
      },
      {
        name: 'v1 block',
        file: 'block-v1--by_height-latest.json',
        path: `/extended/v1/block/by_height/${BLOCK.height}`,
        schema: S.BlockV1,
        call: (c) => c.getBlockByHeightV1(BLOCK.height),
      },
      {
        name: 'mempool',
        file: 'mempool-stats.json',
        path: '/extended/v1/tx/mempool/stats',
        schema: S.MempoolStats,
        call: (c) => c.getMempoolStats(),
      },
      {
        name: 'mempool transaction list',
        file: 'v3-mempool-transactions.json',
        path: '/extended/v3/mempool/transactions',
        schema: S.MempoolTransactionsPage,
        call: (c) => c.getMempoolTransactions(),
      },
      {
        name: 'status',
        file: 'server-status.json',
        path: '/extended',
        schema: S.ServerStatus,
        call: (c) => c.getServerStatus(),
      },
      {
        name: 'address transactions',
        file: 'address-transactions--mainnet.json',
        path: `/extended/v2/addresses/${ADDRESS.mainnet}/transactions`,
        schema: S.AddressTransactionsPage,
        call: (c) => c.getAddressTransactions(ADDRESS.mainnet),
      },
      {
        name: 'address events',
        file: 'address-tx-events--mainnet.json',
        path: `/extended/v2/addresses/${ADDRESS.mainnet}/transactions/${TX.mainnetContractCall}/events`,
        schema: S.AddressEventsPage,
        call: (c) => c.getAddressTransactionEvents(ADDRESS.mainnet, TX.mainnetContractCall),
      },
    ];

    for (const ep of endpoints) {
      it(`names the missing or retyped required field of a ${ep.name}`, async () => {
        const keys = requiredKeys(ep.schema);
        assert.ok(keys.length >= 2, `${ep.name} has required fields`);
        for (const key of keys) {
          for (const mutate of ['delete', 'retype'] as const) {
            const body = structuredClone(loadFixture(ep.file)) as Record<string, unknown>;
            if (mutate === 'delete') delete body[key];
            else body[key] = typeof body[key] === 'string' ? 12345 : 'not-the-right-type';
            mock.override(ep.path, body);
            await rejectsWith(ep.call(client({ cache: false })), 'invalid-response', new RegExp(`"${key}"`));
          }
        }
      });
    }

    it('names a nested field, such as a transaction inside an address page', async () => {
      const body = structuredClone(loadFixture('address-transactions--mainnet.json')) as {
        results: Array<{ tx: Record<string, unknown> }>;
      };
      delete body.results[1]!.tx.tx_id;
      mock.override(`/extended/v2/addresses/${ADDRESS.mainnet}/transactions`, body);
      await rejectsWith(
        client().getAddressTransactions(ADDRESS.mainnet),
        'invalid-response',
        /"results\[1\]\.tx\.tx_id" is missing/,
      );
    });

    it('treats a body that is not JSON, or a truncated or oversized one, as a bad response', async () => {
      mock.fault({ kind: 'malformed' });
      await rejectsWith(client().getServerStatus(), 'invalid-response', /not JSON/);
      mock.reset();
      mock.fault({ kind: 'oversized', bytes: 11 * 1024 * 1024 });
      await rejectsWith(client().getServerStatus(), 'invalid-response', /larger than 10 MB/);
      mock.reset();
      mock.fault({ kind: 'truncated' });
      const e = await client()
        .getServerStatus()
        .then(
          () => undefined,
          (x: unknown) => x as StacksApiError,
        );
      assert.ok(e && ['network', 'invalid-response'].includes(e.kind), `truncated body: ${e?.kind}`);
    });
  });

  describe('input validation happens before any request', () => {
    const bad: Array<[string, (c: StacksClient) => Promise<unknown>, RegExp]> = [
      ['short tx id', (c) => c.getTransaction('0x1234'), /64 hex digits/],
      ['tx id with non-hex', (c) => c.getTransaction('0x' + 'g'.repeat(64)), /not a transaction id/],
      ['bad checksum', (c) => c.getStxBalance('SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTF'), /checksum/],
      ['unknown version', (c) => c.getStxBalance('SZ2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKQ9H6DPR'), /not a Stacks address/],
      ['bad contract name', (c) => c.getContractsStatus([`${ADDRESS.mainnet}.1bad`]), /contract name/],
      ['long contract name', (c) => c.getContractsStatus([`${ADDRESS.mainnet}.${'a'.repeat(41)}`]), /longer than 40/],
      ['no contracts', (c) => c.getContractsStatus([]), /at least one/],
      [
        'limit 0',
        (c) => c.getAddressTransactions(ADDRESS.mainnet, { limit: 0 }),
        /"limit" must be a whole number from 1 to 50/,
      ],
      ['limit 51', (c) => c.getAddressTransactions(ADDRESS.mainnet, { limit: 51 }), /from 1 to 50/],
      [
        'negative offset',
        (c) => c.getAddressTransactionEvents(ADDRESS.mainnet, TX.tokenTransfer, { offset: -1 }),
        /"offset"/,
      ],
      [
        'both unanchored and untilBlock',
        (c) => c.getStxBalance(ADDRESS.mainnet, { unanchored: true, untilBlock: 5 }),
        /not both/,
      ],
      [
        'mempool page limit 51',
        (c) => c.getMempoolTransactions({ limit: 51 }),
        /"limit" must be a whole number from 1 to 50/,
      ],
      ['mempool page offset 1.5', (c) => c.getMempoolTransactions({ offset: 1.5 }), /"offset"/],
      ['block words', (c) => c.getBlock('yesterday'), /not a block/],
      ['negative height', (c) => c.getBlockByHeightV1(-3), /not a block height/],
      ['v1 block by hash', (c) => c.getBlockByHeightV1(BLOCK.hash), /takes a block height/],
    ];
    for (const [name, call, msg] of bad) {
      it(`rejects ${name} with invalid-input and sends nothing`, async () => {
        await rejectsWith(call(client()), 'invalid-input', msg);
        assert.strictEqual(mock.requests.length, 0);
      });
    }
  });

  describe('URLs and the API key', () => {
    it('refuses plain http to a host that is not loopback, and sends nothing', async () => {
      let calls = 0;
      const c = createStacksClient({
        baseUrl: 'http://api.example.test',
        fetch: async () => {
          calls++;
          return new Response('{}');
        },
      });
      await rejectsWith(c.getServerStatus(), 'insecure-url', /https/);
      assert.strictEqual(calls, 0);
    });

    it('accepts https anywhere and http on loopback hosts', async () => {
      const seen: string[] = [];
      const fake: typeof fetch = async (input) => {
        seen.push(String(input));
        return new Response(JSON.stringify(loadFixture('server-status.json')), { status: 200 });
      };
      for (const base of [
        'https://api.example.test',
        'http://localhost:3999',
        'http://127.0.0.1:3999',
        'http://[::1]:3999',
      ]) {
        await createStacksClient({ baseUrl: base, fetch: fake }).getServerStatus();
      }
      assert.deepStrictEqual(seen, [
        'https://api.example.test/extended',
        'http://localhost:3999/extended',
        'http://127.0.0.1:3999/extended',
        'http://[::1]:3999/extended',
      ]);
    });

    it('sends X-API-Key only when a key is set, and Accept always', async () => {
      await client().getServerStatus();
      await client({ apiKey: 'secret-key-1' }).getServerStatus();
      const [a, b] = mock.requests;
      assert.strictEqual(a!.headers['x-api-key'], undefined);
      assert.strictEqual(a!.headers.accept, 'application/json');
      assert.strictEqual(b!.headers['x-api-key'], 'secret-key-1');
      assert.ok(!b!.url.includes('secret-key-1'));
    });

    it('sends the key in X-API-Key alone, through either exchange: no other header and not the URL', async () => {
      const key = 'secret-key-5';
      await client({ apiKey: key }).getServerStatus();
      await client({ apiKey: key, fetch: globalThis.fetch }).getTransaction(TX.tokenTransfer);
      assert.strictEqual(mock.requests.length, 2);
      for (const r of mock.requests) {
        const carrying = Object.entries(r.headers).filter(([, v]) => String(v).includes(key));
        assert.deepStrictEqual(carrying, [['x-api-key', key]], `${r.url}: ${JSON.stringify(r.headers)}`);
        assert.ok(!r.url.includes(key), r.url);
      }
    });

    it('refuses a redirect to another origin, so the key never leaves', async () => {
      const other = await startMockApi();
      try {
        mock.fault({ kind: 'redirect', location: `${other.url}/extended` });
        const e = await rejectsWith(
          client({ apiKey: 'secret-key-2' }).getServerStatus(),
          'insecure-url',
          /another site/,
        );
        assert.ok(!e.message.includes('secret-key-2'));
        assert.strictEqual(other.requests.length, 0);
      } finally {
        await other.close();
      }
    });

    it('follows a same-origin redirect with the key', async () => {
      // The base URL carries a path prefix: /old-status/extended redirects to /extended.
      const c = createStacksClient({ baseUrl: mock.url + '/old-status', apiKey: 'secret-key-3' });
      mock.fault({ match: '/old-status/extended', fault: { kind: 'redirect', location: '/extended' } });
      const s = await c.getServerStatus();
      assert.strictEqual(s.status, 'ready');
      assert.strictEqual(mock.requests.length, 2);
      assert.strictEqual(mock.requests[1]!.headers['x-api-key'], 'secret-key-3');
    });

    it('never puts the key in an error message or a log line', async () => {
      const lines: string[] = [];
      const c = client({ apiKey: 'secret-key-4', log: (_l, m) => lines.push(m) });
      mock.fault({ kind: 'status', status: 403 });
      const e = await rejectsWith(c.getServerStatus(), 'forbidden');
      await c.getTransaction(TX.tokenTransfer).catch(() => undefined);
      assert.ok(lines.length > 0);
      for (const text of [e.message, ...lines]) assert.ok(!text.includes('secret-key-4'), text);
    });
  });

  describe('errors', () => {
    const statuses: Array<[number, ErrorKind]> = [
      [400, 'bad-request'],
      [401, 'unauthorized'],
      [403, 'forbidden'],
      [404, 'not-found'],
      [410, 'gone'],
      [429, 'rate-limited'],
      [500, 'server'],
      [502, 'server'],
      [503, 'server'],
    ];
    for (const [status, kind] of statuses) {
      it(`maps ${status} to ${kind} with the server's own words`, async () => {
        mock.fault({
          kind: 'status',
          status,
          body: { message: `words for ${status}` },
          headers: status === 429 ? { 'retry-after': '60' } : {},
        });
        const e = await rejectsWith(client().getServerStatus(), kind, new RegExp(`words for ${status}`));
        assert.strictEqual(e.status, status);
      });
    }

    it('uses the older "error" field when there is no "message"', async () => {
      mock.fault({ kind: 'status', status: 503, body: { error: 'The database service is unavailable' } });
      await rejectsWith(client().getServerStatus(), 'server', /database service is unavailable/);
    });

    it('tells a 404 for a route the API does not have apart from a 404 for a resource', async () => {
      const path = `/extended/v2/blocks/${BLOCK.height}/transactions`;
      mock.fault({ match: path, fault: { kind: 'status', status: 404, body: ERROR_BODIES.unknownRoute('GET', path) } });
      const route = await rejectsWith(client().getBlockTransactions(BLOCK.height), 'not-found');
      assert.strictEqual(route.routeMissing, true);
      assert.ok(isRouteMissing(route));
      for (const body of [
        ERROR_BODIES.v2BlockNotFound(),
        ERROR_BODIES.blockByHeightNotFound(),
        { error: 'cannot find block' },
      ]) {
        mock.reset();
        mock.fault({ kind: 'status', status: 404, body });
        const resource = await rejectsWith(client().getBlock(BLOCK.height), 'not-found');
        assert.strictEqual(isRouteMissing(resource), false, JSON.stringify(body));
      }
    });

    it('reports an unknown transaction as not-found', async () => {
      await rejectsWith(client().getTransaction(UNKNOWN_TX), 'not-found', /could not find transaction/);
    });

    it('times out', async () => {
      mock.fault({ kind: 'hang' });
      await rejectsWith(client({ timeoutMs: 200 }).getServerStatus(), 'timeout', /did not answer within/);
    });

    it('times out on a slow first byte of the body', async () => {
      mock.fault({ kind: 'slowFirstByte', ms: 1000 });
      await rejectsWith(client({ timeoutMs: 200 }).getServerStatus(), 'timeout');
    });

    it('is cancelled by an aborted signal', async () => {
      mock.fault({ kind: 'hang' });
      const ac = new AbortController();
      const p = client().getServerStatus({ signal: ac.signal });
      setTimeout(() => ac.abort(), 50);
      await rejectsWith(p, 'cancelled');
    });

    it('reports a reset connection and a refused connection as network errors', async () => {
      mock.fault({ kind: 'reset' });
      await rejectsWith(client().getServerStatus(), 'network');
      const closed = http.createServer();
      await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((r) => closed.close(() => r()));
      await rejectsWith(
        createStacksClient({ baseUrl: `http://127.0.0.1:${port}` }).getServerStatus(),
        'network',
        /refused/,
      );
    });

    it('says "refused" when a server that was used stops, not "reset" of an old socket', async () => {
      const devnet = await startMockApi();
      const c = createStacksClient({ baseUrl: devnet.url });
      await c.getServerStatus();
      await devnet.close();
      await rejectsWith(c.getMempoolStats(), 'network', /refused/);
    });

    it('one failed lookup never breaks the next', async () => {
      const c = client();
      mock.fault({ fault: { kind: 'status', status: 500 }, times: 1 });
      await rejectsWith(c.getMempoolStats(), 'server');
      assert.ok((await c.getMempoolStats()).tx_type_counts);
    });
  });

  describe('rate limits', () => {
    it('fails fast when the budget is spent and the mode says so', async () => {
      const c = client({ rateLimit: { limit: 2, windowMs: 60_000 }, cache: false });
      await c.getServerStatus({ budget: 'fail-fast' });
      await c.getMempoolStats({ budget: 'fail-fast' });
      const e = await rejectsWith(c.getServerStatus({ budget: 'fail-fast' }), 'rate-limited');
      assert.ok(e.retryAfterMs! > 0);
      assert.strictEqual(mock.requests.length, 2);
    });

    it('makes explicit lookups wait for the budget instead of failing', async () => {
      const c = client({ rateLimit: { limit: 2, windowMs: 400 }, cache: false });
      const waits: number[] = [];
      const t0 = Date.now();
      for (let i = 0; i < 3; i++) await c.getServerStatus({ onWait: (ms) => waits.push(ms) });
      assert.ok(Date.now() - t0 >= 300, 'third request waited for the window');
      assert.ok(waits.length > 0, 'the caller was told it waits');
      assert.strictEqual(mock.requests.length, 3);
    });

    it('uses 50 per minute without a key and 500 with one, until the API names its own', async () => {
      const c = client({ cache: false });
      let sent = 0;
      const tryOne = () => c.getServerStatus({ budget: 'fail-fast' }).then(() => sent++);
      for (let i = 0; i < 50; i++) await tryOne();
      await rejectsWith(c.getServerStatus({ budget: 'fail-fast' }), 'rate-limited');
      assert.strictEqual(sent, 50);
      const k = client({ cache: false, apiKey: 'k' });
      let sentWithKey = 0;
      for (let i = 0; i < 500; i++) await k.getServerStatus({ budget: 'fail-fast' }).then(() => sentWithKey++);
      await rejectsWith(k.getServerStatus({ budget: 'fail-fast' }), 'rate-limited', /\b500 requests per 60 s\b/);
      assert.strictEqual(sentWithKey, 500);
      assert.strictEqual(mock.requests.length, 550, 'the refused requests were not sent');
    });

    it('believes the server when it says the budget is spent', async () => {
      const c = client({ cache: false });
      mock.fault({
        fault: { kind: 'headers', headers: { 'ratelimit-remaining': '0', 'ratelimit-reset': '30' } },
        times: 1,
      });
      await c.getServerStatus();
      await rejectsWith(c.getServerStatus({ budget: 'fail-fast' }), 'rate-limited');
      assert.strictEqual(mock.requests.length, 1);
    });

    it('retries once after a short Retry-After', async () => {
      mock.fault({ fault: { kind: 'status', status: 429, headers: { 'retry-after': '0.2' } }, times: 1 });
      const s = await client().getServerStatus();
      assert.strictEqual(s.status, 'ready');
      assert.strictEqual(mock.requests.length, 2);
    });

    it('fails with the wait when Retry-After is long, at most the window (one minute)', async () => {
      mock.fault({ kind: 'status', status: 429, headers: { 'retry-after': '45' } });
      const e = await rejectsWith(client().getServerStatus(), 'rate-limited');
      assert.strictEqual(e.retryAfterMs, 45_000);
      mock.clearFaults();
      mock.fault({ kind: 'status', status: 429, headers: { 'retry-after': '120' } });
      const capped = await rejectsWith(client().getServerStatus(), 'rate-limited');
      assert.strictEqual(capped.retryAfterMs, 60_000);
      assert.strictEqual(mock.requests.length, 2, 'one request each, no retry');
    });
  });

  // Issue 11, item 12: a list never holds more than was asked for, whatever the server sends,
  // and the response cache is bounded by size, not only by count.
  describe('bounds', () => {
    it('keeps at most the events asked for', async () => {
      const tx = structuredClone(loadFixture('tx-contract_call-sponsored.json')) as {
        tx_id: string;
        events: Array<Record<string, unknown>>;
      };
      const one = tx.events[0] ?? { event_index: 0, event_type: 'smart_contract_log' };
      tx.events = Array.from({ length: 20_000 }, (_, i) => ({ ...one, event_index: i }));
      mock.override(`/extended/v1/tx/${tx.tx_id}`, tx);
      const c = client({ cache: false });
      assert.strictEqual((await c.getTransaction(tx.tx_id, { eventLimit: 50 })).events?.length, 50);
      assert.strictEqual((await c.getTransaction(tx.tx_id)).events?.length, 200, 'the most one page may hold');
    });

    it('keeps at most the list items asked for, and a page size no larger', async () => {
      const page = structuredClone(loadFixture('address-transactions--mainnet.json')) as {
        limit: number;
        results: unknown[];
      };
      const item = page.results[0];
      page.results = Array.from({ length: 2_000 }, () => item);
      page.limit = 100_000;
      mock.override(`/extended/v2/addresses/${ADDRESS.mainnet}/transactions`, page);
      const c = client({ cache: false });
      const p = await c.getAddressTransactions(ADDRESS.mainnet, { limit: 20 });
      assert.strictEqual(p.results.length, 20);
      assert.strictEqual(p.limit, 20);
      assert.strictEqual((await c.getAddressTransactions(ADDRESS.mainnet)).results.length, 50);
    });

    it('keeps only the contracts asked for in a status answer', async () => {
      const status = loadFixture('contracts-status.json') as Record<string, unknown>;
      const extra = Object.fromEntries(
        Array.from({ length: 1_000 }, (_, i) => [`${CONTRACT.deployed}${i}`, { found: false }]),
      );
      mock.override('/extended/v2/smart-contracts/status', { ...status, ...extra });
      const r = await client().getContractsStatus([CONTRACT.deployed]);
      assert.deepStrictEqual(Object.keys(r), [CONTRACT.deployed]);
    });

    it('keeps at most 500 answers: the 501st evicts the least recently used', async () => {
      const c = client({ rateLimit: { limit: 10_000 }, freshMs: 3_600_000 });
      const atBlock = (height: number) => c.getStxBalance(ADDRESS.mainnet, { untilBlock: height });
      for (let height = 1; height <= 500; height++) await atBlock(height);
      await atBlock(1);
      assert.strictEqual(mock.requests.length, 500, 'all 500 answers are kept');
      await atBlock(501);
      await atBlock(1);
      assert.strictEqual(mock.requests.length, 501, 'the one just read stays');
      await atBlock(2);
      assert.strictEqual(mock.requests.length, 502, 'the least recently used answer was evicted');
    });

    it('an answer over 1 MB is returned to the caller but not cached', async () => {
      const base = loadFixture('tx-token_transfer.json') as Record<string, unknown>;
      const big = TX.tokenTransfer;
      const small = TX.contractCall;
      mock.override(`/extended/v1/tx/${big}`, { ...base, tx_id: big, padding: 'x'.repeat(8 * 1024 * 1024) });
      mock.override(`/extended/v1/tx/${small}`, { ...base, tx_id: small, padding: 'x'.repeat(900 * 1024) });
      const c = client();
      for (let i = 0; i < 2; i++) {
        const tx = await c.getTransaction(big);
        assert.strictEqual(tx.tx_id, big);
        assert.strictEqual((tx as { padding?: string }).padding?.length, 8 * 1024 * 1024, 'the whole answer');
      }
      assert.strictEqual(
        mock.requestsTo(`/extended/v1/tx/${big}`).length,
        2,
        'asked again: the 8 MB answer was not kept',
      );
      await c.getTransaction(small);
      await c.getTransaction(small);
      assert.strictEqual(mock.requestsTo(`/extended/v1/tx/${small}`).length, 1, 'an answer under 1 MB is kept');
    });

    it('evicts by size: answers just under 1 MB fill at most 20 MB', async () => {
      const base = loadFixture('tx-token_transfer.json') as Record<string, unknown>;
      const ids = Array.from({ length: 22 }, (_, i) => `0x${i.toString(16).padStart(64, 'a')}`);
      for (const id of ids)
        mock.override(`/extended/v1/tx/${id}`, { ...base, tx_id: id, padding: 'x'.repeat(1000 * 1024) });
      const c = client();
      for (const id of ids) await c.getTransaction(id);
      assert.strictEqual(mock.requests.length, 22);
      await c.getTransaction(ids[21]!);
      assert.strictEqual(mock.requests.length, 22, 'the newest stays cached');
      await c.getTransaction(ids[0]!);
      assert.strictEqual(mock.requests.length, 23, 'the oldest was evicted: 22 MB is over the 20 MB bound');
    });
  });

  describe('request economy', () => {
    it('shares identical requests in flight', async () => {
      mock.fault({ fault: { kind: 'delay', ms: 100 }, times: 1 });
      const c = client();
      const [a, b] = await Promise.all([c.getTransaction(TX.pending), c.getTransaction(TX.pending)]);
      assert.strictEqual(a.tx_id, b.tx_id);
      assert.strictEqual(mock.requests.length, 1);
      assert.strictEqual(c.stats.shared, 1);
    });

    it('one caller cancelling does not cancel the others', async () => {
      mock.fault({ fault: { kind: 'delay', ms: 150 }, times: 1 });
      const c = client();
      const ac = new AbortController();
      const first = c.getTransaction(TX.pending, { signal: ac.signal });
      const second = c.getTransaction(TX.pending);
      setTimeout(() => ac.abort(), 20);
      await rejectsWith(first, 'cancelled', /^The request was cancelled\.$/);
      assert.strictEqual((await second).tx_id, TX.pending);
      assert.strictEqual(mock.requests.length, 1);
    });

    it('aborts the request when every caller has gone', async () => {
      mock.fault({ fault: { kind: 'hang' }, times: 1 });
      const c = client();
      const a1 = new AbortController();
      const a2 = new AbortController();
      const p1 = c.getTransaction(TX.pending, { signal: a1.signal });
      const p2 = c.getTransaction(TX.pending, { signal: a2.signal });
      setTimeout(() => {
        a1.abort();
        a2.abort();
      }, 30);
      await rejectsWith(p1, 'cancelled');
      await rejectsWith(p2, 'cancelled');
      // The abandoned request is gone: a new call goes out again and succeeds.
      assert.strictEqual((await c.getTransaction(TX.pending)).tx_id, TX.pending);
      assert.strictEqual(mock.requests.length, 2);
    });

    it('a request every caller left does not drop the one that replaced it', async () => {
      // The first request hangs until its only caller leaves; the second, for the same id, takes
      // 300 ms. The first one's end must not forget the second: a third caller joins it.
      mock.fault({ fault: { kind: 'hang' }, times: 1 });
      mock.fault({ fault: { kind: 'delay', ms: 300 }, times: 1 });
      const c = client();
      const ac = new AbortController();
      const first = c.getTransaction(TX.pending, { signal: ac.signal });
      await new Promise((r) => setTimeout(r, 30));
      ac.abort();
      const second = c.getTransaction(TX.pending);
      await rejectsWith(first, 'cancelled');
      await new Promise((r) => setTimeout(r, 30)); // the abandoned request has ended by now
      const third = c.getTransaction(TX.pending);
      assert.strictEqual((await second).tx_id, TX.pending);
      assert.strictEqual((await third).tx_id, TX.pending);
      assert.strictEqual(mock.requests.length, 2, 'the third caller joined the second request');
      assert.strictEqual(c.stats.shared, 1);
    });

    it('a lookup already cancelled gets no answer, not even a cached one, and says which path', async () => {
      const c = client();
      await c.getTransaction(TX.tokenTransfer);
      const ac = new AbortController();
      ac.abort();
      const e = await rejectsWith(c.getTransaction(TX.tokenTransfer, { signal: ac.signal }), 'cancelled');
      assert.strictEqual(e.message, 'The request was cancelled.');
      assert.ok(e.path?.endsWith(TX.tokenTransfer), String(e.path));
      assert.strictEqual(c.stats.cacheHits, 0);
      assert.strictEqual(mock.requests.length, 1);
    });

    it('caches a confirmed canonical transaction and a block by hash', async () => {
      const c = client();
      await c.getTransaction(TX.tokenTransfer);
      await c.getTransaction(TX.tokenTransfer);
      await c.getBlock(BLOCK.hash);
      await c.getBlock(BLOCK.hash);
      assert.strictEqual(mock.requests.length, 2);
      assert.strictEqual(c.stats.cacheHits, 2);
    });

    it('never serves pending transactions, balances, latest or the tip stale beyond the fresh window', async () => {
      // The client's clock, stopped: the window is not shortened by a slow machine, and passes at once.
      let t = Date.now();
      const c = client({ freshMs: 100, clock: { now: () => t, sleep } });
      const calls = [
        () => c.getTransaction(TX.pending),
        () => c.getStxBalance(ADDRESS.mainnet),
        () => c.getBlock('latest'),
        () => c.getServerStatus(),
      ];
      for (const call of calls) await call();
      for (const call of calls) await call();
      assert.strictEqual(mock.requests.length, 4, 'reused within the fresh window');
      t += 99;
      for (const call of calls) await call();
      assert.strictEqual(mock.requests.length, 4, 'still reused 99 ms later');
      t += 2;
      for (const call of calls) await call();
      assert.strictEqual(mock.requests.length, 8, 'asked again after it');
    });

    it('does not cache when the cache is off', async () => {
      const c = client({ cache: false });
      await c.getTransaction(TX.tokenTransfer);
      await c.getTransaction(TX.tokenTransfer);
      assert.strictEqual(mock.requests.length, 2);
    });
  });
});
