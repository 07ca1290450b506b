import * as assert from 'assert';
import {
  createStacksClient,
  StacksApiError,
  StacksClient,
  StacksClientOptions,
  SwitchedOffRoutes,
} from '../../src/api';
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
  /** What the origin has switched off, fresh for each test (every test here shares one mock). */
  let memory: SwitchedOffRoutes;
  const client = (o: Partial<StacksClientOptions> = {}): StacksClient =>
    createStacksClient({
      baseUrl: mock.url,
      cache: false,
      switchedOff: memory,
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
    memory = new SwitchedOffRoutes();
  });

  it('logs a deprecation warning once per route, however many calls', async () => {
    mock.fault(deprecated(V1_TX, 'Deprecated: use /extended/v3/transactions/{tx_id}'));
    const long = `Deprecated: ${'use the v3 routes; '.repeat(30)}`;
    mock.fault(deprecated(V1_BLOCK, long));
    const c = client();
    for (const id of [TX.tokenTransfer, TX.coinbase, TX.failed, TX.tokenTransfer]) await c.getTransaction(id);
    await c.getBlockByHeightV1(BLOCK.height);
    await c.getBlockByHeightV1(BLOCK.big.height);
    assert.deepStrictEqual(
      deprecations.map(([r]) => r),
      ['/extended/v1/tx/{tx_id}', '/extended/v1/block/by_height/{height}'],
    );
    assert.strictEqual(deprecations[0]![1], '299 - "Deprecated: use /extended/v3/transactions/{tx_id}"');
    assert.strictEqual(deprecations[1]![1], `299 - "${long}"`, 'the listener gets the whole header');
    assert.deepStrictEqual(
      logs.filter((l) => l.startsWith('warn:')),
      [
        'warn: The API marks /extended/v1/tx/{tx_id} as deprecated: 299 - "Deprecated: use /extended/v3/transactions/{tx_id}"',
        `warn: The API marks /extended/v1/block/by_height/{height} as deprecated: ${`299 - "${long}`.slice(0, 300)}`,
      ],
      "one line per route, the server's words cut at 300 characters",
    );
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
      assert.deepStrictEqual(tx.tx_result, expected.tx_result, 'asked for with include=result');
      assert.deepStrictEqual(tx.unavailable, ['anchor_mode', 'post_condition_mode', 'parent_burn_block_time']);
      assert.strictEqual(
        mock.requestsTo(`/extended/v3/transactions/${TX.tokenTransfer}`)[0]!.query.get('include'),
        'function_args,source_code,post_conditions,result',
      );

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

    it('principal STX balance, with the totals marked not available', async () => {
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
      assert.deepStrictEqual(b.unavailable, [
        'total_sent',
        'total_received',
        'total_fees_sent',
        'total_miner_rewards_received',
        'token_offering_locked',
      ]);
      assert.strictEqual(mock.requestsTo(`/extended/v3/principals/${ADDRESS.mainnet}/balances/stx`).length, 1);
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

    it('v1 block by height, from the v2 block and all pages of its v3 transaction list', async () => {
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
      const pages = mock.requestsTo(`/extended/v3/blocks/${BLOCK.big.height}/transactions`);
      assert.strictEqual(pages.length, 6);
      assert.ok(pages.every((r) => r.query.get('limit') === '50'));
      assert.deepStrictEqual(
        pages.map((r) => r.query.get('cursor')),
        [null, ...[50, 100, 150, 200, 250].map((i) => `${BLOCK.big.height}:0:${i}`)],
        "the server's next cursors",
      );
      const latest = await c.getBlockByHeightV1(BLOCK.height);
      assert.deepStrictEqual(latest.txs, expectedLatest.txs);
    });
  });

  it('remembers a switched-off route per origin: later calls go straight to the replacement, and the user is told once', async () => {
    // its own server, so the memory shared by the clients of one origin starts empty
    const own = await startMockApi();
    const ownClient = (o: Partial<StacksClientOptions> = {}): StacksClient =>
      createStacksClient({
        baseUrl: own.url,
        cache: false,
        log: (level, message) => logs.push(`${level}: ${message}`),
        onFallback: (route, replacement) => fallbacks.push([route, replacement]),
        ...o,
      });
    try {
      await remembers(own, ownClient);
    } finally {
      await own.close();
    }
  });

  async function remembers(mock: MockApi, client: (o?: Partial<StacksClientOptions>) => StacksClient): Promise<void> {
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
      ['/extended/v1/address/{principal}/stx', '/extended/v3/principals/{principal}/balances/stx'],
    ]);
    assert.deepStrictEqual(
      logs.filter((l) => l.startsWith('warn:')),
      [
        'warn: The API has switched off /extended/v1/tx/{tx_id} (410 Gone); using /extended/v3/transactions/{tx_id} instead.',
        'warn: The API has switched off /extended/v1/address/{principal}/stx (410 Gone); using /extended/v3/principals/{principal}/balances/stx instead.',
      ],
    );

    // another client of the same origin (another key, network name or timeout) already knows
    const other = client({ apiKey: 'another-key', timeoutMs: 5000 });
    await other.getTransaction(TX.coinbase);
    assert.strictEqual(mock.requests.filter((r) => V1_TX.test(r.url)).length, 1, 'no second 410');
    assert.strictEqual(fallbacks.length, 3, 'each client tells its user once');
  }

  it("a 410 on a route without a replacement stays a gone error with the server's words", async () => {
    mock.fault(switchedOff(/^\/extended\/v1\/tx\/mempool\/stats/));
    const c = client();
    const serverWords = loadFixture('error-410-deprecated-disabled.json').message as string;
    await assert.rejects(
      c.getMempoolStats(),
      (e: unknown) =>
        e instanceof StacksApiError &&
        e.kind === 'gone' &&
        e.status === 410 &&
        e.message === `This API route has been switched off: ${serverWords}`,
    );
    // a balance at a past block has no replacement either (the v2 route knows only the current balance)
    mock.fault(switchedOff(V1_BALANCE));
    await assert.rejects(
      c.getStxBalance(ADDRESS.mainnet, { untilBlock: 3000 }),
      (e: unknown) => e instanceof StacksApiError && e.kind === 'gone' && e.message.includes(serverWords),
    );
    await assert.rejects(
      c.getStxBalance(ADDRESS.mainnet, { unanchored: true }),
      (e: unknown) => e instanceof StacksApiError && e.kind === 'gone' && e.message.includes(serverWords),
      'nor an unanchored one (v3 has no unanchored)',
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
    mock.fault(switchedOff(/^\/extended\/v3\/blocks\/\d+\/transactions/));
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
