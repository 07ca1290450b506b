import * as assert from 'assert';
import { createStacksClient, StacksApiError, StacksClient, StacksClientOptions } from '../../src/api';
import { ADDRESS, BLOCK, TX } from '../fixtures/ids';
import { deprecated, loadFixture, MockApi, startMockApi, switchedOff } from '../mock-api/server';

const V1_TX = /^\/extended\/v1\/tx\/0x[0-9a-f]{64}(\?|$)/;
const V1_BALANCE = /^\/extended\/v1\/address\/[^/]+\/stx/;
const V2_ADDRESS_TXS = /^\/extended\/v2\/addresses\/[^/]+\/transactions(\?|$)/;
const V1_BLOCK = /^\/extended\/v1\/block\/by_height\//;

describe('API evolution: deprecated and switched-off routes', function () {
  let mock: MockApi;
  let logs: string[];
  let deprecations: Array<[string, string]>;
  let fallbacks: Array<[string, string]>;
  const client = (o: Partial<StacksClientOptions> = {}): StacksClient =>
    createStacksClient({
      baseUrl: mock.url,
      cache: false,
      log: (level, message) => logs.push(`${level}: ${message}`),
      onDeprecation: (route, warning) => deprecations.push([route, warning]),
      onFallback: (route, replacement) => fallbacks.push([route, replacement]),
      ...o,
    });

  before(async () => {
    mock = await startMockApi();
  });
  after(async () => {
    await mock.close();
  });
  beforeEach(() => {
    mock.reset();
    logs = [];
    deprecations = [];
    fallbacks = [];
  });

  it('logs a deprecation warning once per route, however many calls', async () => {
    mock.fault(deprecated(V1_TX, 'Deprecated: use /extended/v3/transactions/{tx_id}'));
    mock.fault(deprecated(V1_BLOCK));
    const c = client();
    for (const id of [TX.tokenTransfer, TX.coinbase, TX.failed, TX.tokenTransfer]) await c.getTransaction(id);
    await c.getBlockByHeightV1(BLOCK.height);
    await c.getBlockByHeightV1(BLOCK.big.height);
    assert.deepStrictEqual(
      deprecations.map(([r]) => r),
      ['/extended/v1/tx/{tx_id}', '/extended/v1/block/by_height/{height}'],
    );
    assert.match(deprecations[0]![1], /299 - "Deprecated: use \/extended\/v3\/transactions/);
    const warned = logs.filter((l) => l.startsWith('warn:') && l.includes('deprecated'));
    assert.strictEqual(warned.length, 2, warned.join('\n'));
    assert.match(warned[0]!, /\/extended\/v1\/tx\/\{tx_id\}/);
  });

  describe('a switched-off route falls back to its replacement with the same model', () => {
    it('transaction by id (mined, with paged events, and pending)', async () => {
      const normal = client();
      const expected = await normal.getTransaction(TX.tokenTransfer);
      const expectedEvents = await normal.getTransaction(TX.manyEvents, { eventLimit: 120, eventOffset: 30 });
      const expectedPending = await normal.getTransaction(TX.pending);
      const expectedCall = await normal.getTransaction(TX.contractCall);

      mock.reset();
      mock.fault(switchedOff(V1_TX));
      const c = client();
      const tx = await c.getTransaction(TX.tokenTransfer);
      for (const k of [
        'tx_id',
        'tx_type',
        'tx_status',
        'sender_address',
        'nonce',
        'fee_rate',
        'sponsored',
        'block_height',
        'block_hash',
        'block_time',
        'tx_index',
        'burn_block_height',
        'event_count',
        'token_transfer',
        'post_conditions',
        'execution_cost_runtime',
      ] as const) {
        assert.deepStrictEqual(tx[k], expected[k], k);
      }
      assert.strictEqual(tx.tx_result, undefined, 'v3 has no tx_result: unknown, not invented');

      const many = await c.getTransaction(TX.manyEvents, { eventLimit: 120, eventOffset: 30 });
      assert.strictEqual(many.event_count, expectedEvents.event_count);
      assert.deepStrictEqual(
        many.events?.map((e) => [e.event_index, e.event_type, e.asset?.amount, e.contract_log?.value.repr]),
        expectedEvents.events?.map((e) => [e.event_index, e.event_type, e.asset?.amount, e.contract_log?.value.repr]),
      );
      const cursors = mock
        .requestsTo('/extended/v3/transactions/')
        .filter((r) => r.path.endsWith('/events'))
        .map((r) => r.query.get('cursor'));
      assert.deepStrictEqual(
        cursors,
        ['30', '80', '130'],
        "event_offset becomes the first cursor, then the server's next cursors",
      );

      const pending = await c.getTransaction(TX.pending);
      for (const k of ['tx_id', 'tx_status', 'tx_type', 'sender_address', 'block_height', 'receipt_time'] as const)
        assert.deepStrictEqual(pending[k], expectedPending[k], k);
      assert.strictEqual(pending.contract_call?.contract_id, expectedPending.contract_call?.contract_id);
      assert.strictEqual(pending.contract_call?.function_name, expectedPending.contract_call?.function_name);
      // v3 arguments carry hex and repr only; names and types are unknown there
      assert.deepStrictEqual(
        pending.contract_call?.function_args,
        expectedPending.contract_call?.function_args?.map((a) => ({ hex: a.hex, repr: a.repr })),
      );

      const call = await c.getTransaction(TX.contractCall);
      for (const k of ['sponsored', 'sponsor_address', 'sender_address'] as const)
        assert.deepStrictEqual(call[k], expectedCall[k], k);
      assert.deepStrictEqual(
        call.contract_call?.function_args?.map((a) => a.repr),
        expectedCall.contract_call?.function_args?.map((a) => a.repr),
      );
    });

    it('principal STX balance, with total sent/received marked unknown', async () => {
      const expected = await client().getStxBalance(ADDRESS.mainnet);
      mock.reset();
      mock.fault(switchedOff(V1_BALANCE));
      const b = await client().getStxBalance(ADDRESS.mainnet);
      for (const k of [
        'balance',
        'locked',
        'lock_tx_id',
        'lock_height',
        'burnchain_lock_height',
        'burnchain_unlock_height',
      ] as const)
        assert.deepStrictEqual(b[k], expected[k], k);
      assert.strictEqual(b.total_sent, undefined);
      assert.strictEqual(b.total_received, undefined);
      assert.ok(!('total_sent' in b), 'no invented zero');
      assert.strictEqual(mock.requestsTo('/extended/v2/addresses/')[0]!.query.get('include_mempool'), 'true');
    });

    it('principal transactions, offset pages reached through the cursor', async () => {
      const normal = client();
      const expected = await normal.getAddressTransactions(ADDRESS.mainnet);
      const expectedPages = [
        await normal.getAddressTransactions(ADDRESS.busy, { limit: 50 }),
        await normal.getAddressTransactions(ADDRESS.busy, { limit: 50, offset: 50 }),
        await normal.getAddressTransactions(ADDRESS.busy, { limit: 30, offset: 130 }),
      ];

      mock.reset();
      mock.fault(switchedOff(V2_ADDRESS_TXS));
      const c = client();
      const page = await c.getAddressTransactions(ADDRESS.mainnet);
      assert.strictEqual(page.total, expected.total);
      assert.deepStrictEqual(
        page.results.map((r) => [
          r.tx.tx_id,
          r.tx.tx_type,
          r.tx.tx_status,
          r.tx.block_height,
          r.stx_sent,
          r.stx_received,
        ]),
        expected.results.map((r) => [
          r.tx.tx_id,
          r.tx.tx_type,
          r.tx.tx_status,
          r.tx.block_height,
          r.stx_sent,
          r.stx_received,
        ]),
      );
      assert.strictEqual(page.results[0]!.events, undefined, 'per-asset counts are unknown in v3');

      const pages = [
        await c.getAddressTransactions(ADDRESS.busy, { limit: 50 }),
        await c.getAddressTransactions(ADDRESS.busy, { limit: 50, offset: 50 }),
        await c.getAddressTransactions(ADDRESS.busy, { limit: 30, offset: 130 }),
      ];
      pages.forEach((p, i) => {
        assert.strictEqual(p.total, expectedPages[i]!.total);
        assert.strictEqual(p.offset, expectedPages[i]!.offset);
        assert.deepStrictEqual(
          p.results.map((r) => r.tx.tx_id),
          expectedPages[i]!.results.map((r) => r.tx.tx_id),
          `page ${i}`,
        );
      });
      // page 2 starts from the cursor learnt on page 1; offset 130 walks from offset 100 (known) in one step
      const v3 = mock.requestsTo('/extended/v3/principals/' + ADDRESS.busy);
      assert.strictEqual(v3.length, 4, v3.map((r) => r.url).join('\n'));
    });

    it('v1 block by height, from the v2 block and all pages of its transactions', async () => {
      const normal = client();
      const expected = await normal.getBlockByHeightV1(BLOCK.big.height);
      const expectedLatest = await normal.getBlockByHeightV1(BLOCK.height);
      mock.reset();
      mock.fault(switchedOff(V1_BLOCK));
      const c = client();
      const b = await c.getBlockByHeightV1(BLOCK.big.height);
      for (const k of [
        'height',
        'hash',
        'index_block_hash',
        'parent_block_hash',
        'burn_block_height',
        'burn_block_hash',
        'canonical',
        'miner_txid',
        'block_time',
      ] as const)
        assert.deepStrictEqual(b[k], expected[k], k);
      assert.strictEqual(b.txs.length, BLOCK.big.txCount);
      assert.deepStrictEqual([...b.txs].sort(), [...expected.txs].sort());
      assert.deepStrictEqual(b.microblocks_accepted, []);
      assert.deepStrictEqual(b.microblocks_streamed, []);
      const pages = mock.requestsTo(`/extended/v2/blocks/${BLOCK.big.height}/transactions`);
      assert.strictEqual(pages.length, 6);
      assert.ok(pages.every((r) => r.query.get('limit') === '50'));
      const latest = await c.getBlockByHeightV1(BLOCK.height);
      assert.deepStrictEqual(latest.txs, expectedLatest.txs);
    });
  });

  it('remembers a switched-off route: later calls go straight to the replacement, and the user is told once', async () => {
    mock.fault(switchedOff(V1_TX));
    mock.fault(switchedOff(V1_BALANCE));
    const c = client();
    await c.getTransaction(TX.tokenTransfer);
    await c.getTransaction(TX.coinbase);
    await c.getTransaction(TX.tokenTransfer);
    await c.getStxBalance(ADDRESS.testnet);
    await c.getStxBalance(ADDRESS.mainnet);
    assert.strictEqual(
      mock.requests.filter((r) => V1_TX.test(r.url)).length,
      1,
      'one 410, then no more requests to the old route',
    );
    assert.strictEqual(mock.requests.filter((r) => V1_BALANCE.test(r.url)).length, 1);
    assert.strictEqual(
      mock.requestsTo('/extended/v3/transactions/').filter((r) => !r.path.endsWith('/events')).length,
      3,
    );
    assert.deepStrictEqual(fallbacks, [
      ['/extended/v1/tx/{tx_id}', '/extended/v3/transactions/{tx_id}'],
      ['/extended/v1/address/{principal}/stx', '/extended/v2/addresses/{principal}/balances/stx'],
    ]);
    assert.strictEqual(logs.filter((l) => l.startsWith('warn:') && l.includes('switched off')).length, 2);

    // another client (another network or key) finds out for itself
    const other = client();
    await other.getTransaction(TX.tokenTransfer);
    assert.strictEqual(mock.requests.filter((r) => V1_TX.test(r.url)).length, 2);
  });

  it("a 410 on a route without a replacement stays a gone error with the server's words", async () => {
    mock.fault(switchedOff(/^\/extended\/v1\/tx\/mempool\/stats/));
    const c = client();
    const serverWords = loadFixture('error-410-deprecated-disabled.json').message as string;
    await assert.rejects(
      c.getMempoolStats(),
      (e: unknown) =>
        e instanceof StacksApiError && e.kind === 'gone' && e.status === 410 && e.message.includes(serverWords),
    );
    // a balance at a past block has no replacement either (the v2 route knows only the current balance)
    mock.fault(switchedOff(V1_BALANCE));
    await assert.rejects(
      c.getStxBalance(ADDRESS.mainnet, { untilBlock: 3000 }),
      (e: unknown) => e instanceof StacksApiError && e.kind === 'gone' && e.message.includes(serverWords),
    );
    assert.deepStrictEqual(fallbacks, []);
  });

  it('a 410 from the replacement itself is a gone error', async () => {
    mock.fault(switchedOff(V1_TX));
    mock.fault(switchedOff(/^\/extended\/v3\/transactions\//));
    const c = client();
    await assert.rejects(
      c.getTransaction(TX.tokenTransfer),
      (e: unknown) =>
        e instanceof StacksApiError && e.kind === 'gone' && e.path === `/extended/v3/transactions/${TX.tokenTransfer}`,
    );
    mock.clearFaults();
    mock.fault(switchedOff(V1_BLOCK));
    mock.fault(switchedOff(/^\/extended\/v2\/blocks\/\d+\/transactions/));
    await assert.rejects(
      c.getBlockByHeightV1(BLOCK.height),
      (e: unknown) => e instanceof StacksApiError && e.kind === 'gone',
    );
  });

  it('a deprecation warning on the replacement is logged once under its own route', async () => {
    mock.fault(switchedOff(V1_TX));
    mock.fault(deprecated(/^\/extended\/v3\/transactions\//));
    const c = client();
    await c.getTransaction(TX.tokenTransfer);
    await c.getTransaction(TX.coinbase);
    assert.deepStrictEqual(
      deprecations.map(([r]) => r),
      ['/extended/v3/transactions/{tx_id}'],
    );
  });
});
