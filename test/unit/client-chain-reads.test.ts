// The client's chain reads, from a transaction to the fee estimates: the route template each one
// reports a deprecation under, the word its "unexpected answer" error names it by, how long each
// answer is kept (on the client's clock), the checks of its arguments, and the page the replacement
// of the address events route gives. Against the mock API (real fixtures), or an injected fetch
// where hundreds of requests are needed.
import * as assert from 'assert';
import { createStacksClient, StacksClient, StacksClientOptions } from '../../src/api';
import { AdjustableClock } from '../../src/api/clock';
import { SwitchedOffRoutes } from '../../src/api/fallback';
import { ADDRESS, BLOCK, BURN, CONTRACT, TOKEN, TX } from '../fixtures/ids';
import { loadFixture, MockApi, startMockApi, switchedOff } from '../mock-api/server';
import { rejectsWith } from './rejectsWith';
import { routeReadTests, type RouteRead } from './routeReads';
import { fakeFetch } from '../fakes/fetch';

describe('Stacks API client: chain reads', function () {
  let mock: MockApi;
  const client = (o: Partial<StacksClientOptions> = {}): StacksClient =>
    createStacksClient({ baseUrl: mock.url, switchedOff: new SwitchedOffRoutes(), ...o });

  before(async () => {
    mock = await startMockApi();
  });
  after(async () => {
    await mock.close();
  });
  beforeEach(() => mock.reset());

  /** Each read: its route template, the path the mock serves it on, and the word its errors use. */
  const reads: RouteRead[] = [
    {
      name: 'transaction',
      route: '/extended/v1/tx/{tx_id}',
      path: `/extended/v1/tx/${TX.tokenTransfer}`,
      what: 'transaction',
      call: (c) => c.getTransaction(TX.tokenTransfer),
    },
    {
      name: 'STX balance',
      route: '/extended/v1/address/{principal}/stx',
      path: `/extended/v1/address/${ADDRESS.mainnet}/stx`,
      what: 'balance',
      call: (c) => c.getStxBalance(ADDRESS.mainnet),
    },
    {
      name: 'block',
      route: '/extended/v2/blocks/{height_or_hash}',
      path: `/extended/v2/blocks/${BLOCK.hash}`,
      what: 'block',
      call: (c) => c.getBlock(BLOCK.hash),
    },
    {
      name: 'v1 block',
      route: '/extended/v1/block/by_height/{height}',
      path: `/extended/v1/block/by_height/${BLOCK.height}`,
      what: 'block',
      call: (c) => c.getBlockByHeightV1(BLOCK.height),
    },
    {
      name: 'block transaction list',
      route: '/extended/v2/blocks/{height_or_hash}/transactions',
      path: `/extended/v2/blocks/${BLOCK.height}/transactions`,
      what: 'block transaction list',
      call: (c) => c.getBlockTransactions(BLOCK.height),
    },
    {
      name: 'burn block',
      route: '/extended/v2/burn-blocks/{height_or_hash}',
      path: `/extended/v2/burn-blocks/${BURN.latestHeight}`,
      what: 'burn block',
      call: (c) => c.getBurnBlock(BURN.latestHeight),
    },
    {
      name: "burn block's list of blocks",
      route: '/extended/v2/burn-blocks/{height_or_hash}/blocks',
      path: `/extended/v2/burn-blocks/${BURN.height700000}/blocks`,
      what: 'list of blocks',
      call: (c) => c.getBurnBlockBlocks(BURN.height700000),
    },
    {
      name: 'mempool statistics',
      route: '/extended/v1/tx/mempool/stats',
      path: '/extended/v1/tx/mempool/stats',
      what: 'mempool statistics',
      call: (c) => c.getMempoolStats(),
    },
    {
      name: 'contract status',
      route: '/extended/v2/smart-contracts/status',
      path: '/extended/v2/smart-contracts/status',
      what: 'contract status',
      call: (c) => c.getContractsStatus([CONTRACT.statusSuccess]),
    },
    {
      name: 'server status',
      route: '/extended',
      path: '/extended',
      what: 'server status',
      call: (c) => c.getServerStatus(),
    },
    {
      name: 'address transaction list',
      route: '/extended/v2/addresses/{address}/transactions',
      path: `/extended/v2/addresses/${ADDRESS.mainnet}/transactions`,
      what: 'transaction list',
      call: (c) => c.getAddressTransactions(ADDRESS.mainnet),
    },
    {
      name: 'address event list',
      route: '/extended/v2/addresses/{address}/transactions/{tx_id}/events',
      path: `/extended/v2/addresses/${ADDRESS.mainnet}/transactions/${TX.mainnetContractCall}/events`,
      what: 'event list',
      call: (c) => c.getAddressTransactionEvents(ADDRESS.mainnet, TX.mainnetContractCall),
    },
    {
      name: 'nonce state',
      route: '/extended/v3/principals/{principal}/nonces',
      path: `/extended/v3/principals/${ADDRESS.mainnet}/nonces`,
      what: 'nonce state',
      call: (c) => c.getNonces(ADDRESS.mainnet),
    },
    {
      name: 'fee estimates',
      route: '/extended/v2/mempool/fees',
      path: '/extended/v2/mempool/fees',
      what: 'fee estimates',
      call: (c) => c.getMempoolFees(),
    },
    {
      name: 'token metadata',
      route: '/metadata/v1/ft/{principal}',
      path: `/metadata/v1/ft/${TOKEN.mia}`,
      what: 'token metadata',
      call: (c) => c.getFtMetadata(TOKEN.mia),
    },
  ];

  describe('the route each read reports, and the word its errors use', () => {
    routeReadTests(reads, () => mock, client);
  });

  describe('checks of the arguments, before any request', () => {
    it('names eventLimit and eventOffset when they are out of range', async () => {
      const c = client();
      await rejectsWith(
        c.getTransaction(TX.tokenTransfer, { eventLimit: 0 }),
        'invalid-input',
        '"eventLimit" must be a whole number from 1 to 200 (got 0).',
      );
      await rejectsWith(
        c.getTransaction(TX.tokenTransfer, { eventLimit: 201 }),
        'invalid-input',
        '"eventLimit" must be a whole number from 1 to 200 (got 201).',
      );
      await rejectsWith(
        c.getTransaction(TX.tokenTransfer, { eventOffset: -1 }),
        'invalid-input',
        '"eventOffset" must be a whole number of 0 or more (got -1).',
      );
      assert.strictEqual(mock.requests.length, 0);
    });

    it("names the limit of a burn block's list of blocks, at most 30", async () => {
      await rejectsWith(
        client().getBurnBlockBlocks(BURN.height700000, { limit: 31 }),
        'invalid-input',
        '"limit" must be a whole number from 1 to 30 (got 31).',
      );
      assert.strictEqual(mock.requests.length, 0);
    });

    it('refuses "latest" as the block of a past balance, and says to leave it out', async () => {
      await rejectsWith(
        client().getStxBalance(ADDRESS.mainnet, { untilBlock: 'latest' }),
        'invalid-input',
        '"untilBlock" takes a block height or hash, not "latest": leave it out for the current balance.',
      );
      assert.strictEqual(mock.requests.length, 0);
    });

    it('checks at most 100 contracts at once, counting a contract named twice once', async () => {
      const ids = Array.from({ length: 101 }, (_, i) => `${ADDRESS.mainnet}.contract-${i}`);
      const c = client();
      await rejectsWith(c.getContractsStatus(ids), 'invalid-input', 'Check at most 100 contracts at once (got 101).');
      assert.strictEqual(mock.requests.length, 0);
      const hundred = ids.slice(0, 100);
      const statuses = await c.getContractsStatus([...hundred, hundred[0]!]);
      assert.strictEqual(Object.keys(statuses).length, 100);
      const reqs = mock.requestsTo('/extended/v2/smart-contracts/status');
      assert.strictEqual(reqs.length, 1);
      assert.deepStrictEqual(reqs[0]!.query.getAll('contract_id'), hundred);
    });
  });

  describe('what each answer holds', () => {
    it('gives the status of only the contracts the server answered for', async () => {
      const status = loadFixture('contracts-status.json') as Record<string, unknown>;
      const answered = Object.keys(status)[0]!;
      mock.override('/extended/v2/smart-contracts/status', { [answered]: status[answered] });
      const r = await client().getContractsStatus([answered, CONTRACT.notFound]);
      assert.deepStrictEqual(r, { [answered]: status[answered] });
      assert.strictEqual(Object.hasOwn(r, CONTRACT.notFound), false);
    });

    it('an address transaction page with only an offset asked for keeps the page size the server chose', async () => {
      const p = await client().getAddressTransactions(ADDRESS.busy, { offset: 10 });
      assert.deepStrictEqual([p.limit, p.offset, p.total, p.results.length], [20, 10, 200, 20]);
      const req = mock.requestsTo(`/extended/v2/addresses/${ADDRESS.busy}/transactions`)[0]!;
      assert.deepStrictEqual([...req.query], [['offset', '10']]);
    });

    describe('with the address events route switched off, the page its v3 replacement gives', () => {
      const eventsPath = `/extended/v2/addresses/${ADDRESS.mainnet}/transactions/${TX.mainnetContractCall}/events`;
      const v3Path = `/extended/v3/principals/${ADDRESS.mainnet}/transactions/${TX.mainnetContractCall}/balance-changes`;
      const events = (o: { limit?: number; offset?: number }) =>
        client().getAddressTransactionEvents(ADDRESS.mainnet, TX.mainnetContractCall, o);
      const shape = (p: { limit: number; offset: number; total: number; results: Array<{ type: string }> }) => [
        p.limit,
        p.offset,
        p.total,
        p.results.map((e) => e.type),
      ];

      beforeEach(() => mock.fault(switchedOff(/\/events(\?|$)/)));

      it('without limit or offset: the first 20 changes', async () => {
        assert.deepStrictEqual(shape(await events({})), [20, 0, 3, ['stx', 'ft', 'nft']]);
        assert.strictEqual(mock.requestsTo(eventsPath).length, 1, 'the switched-off route, asked once');
        assert.strictEqual(mock.requestsTo(v3Path).length, 1);
      });

      it('with a limit and an offset: that many from there', async () => {
        assert.deepStrictEqual(shape(await events({ limit: 30, offset: 1 })), [30, 1, 3, ['ft', 'nft']]);
        assert.deepStrictEqual(shape(await events({ limit: 1, offset: 2 })), [1, 2, 3, ['nft']]);
        assert.strictEqual(mock.requestsTo(v3Path).length, 2);
      });

      it('with an offset alone: 20 from there', async () => {
        assert.deepStrictEqual(shape(await events({ offset: 1 })), [20, 1, 3, ['ft', 'nft']]);
        assert.strictEqual(mock.requestsTo(v3Path).length, 1);
      });
    });
  });

  describe('how long an answer is kept', () => {
    it("counts the cache's freshness on the clock the client is given", async () => {
      const clock = new AdjustableClock();
      const c = client({ clock, freshMs: 3_000 });
      await c.getMempoolStats();
      await c.getMempoolStats();
      assert.strictEqual(mock.requests.length, 1, 'reused while fresh');
      clock.advance(3_001);
      await c.getMempoolStats();
      assert.strictEqual(mock.requests.length, 2, 'asked again once the clock has passed the fresh window');
    });

    it('keeps a balance at a block hash for good; at a height or now only for the fresh window', async () => {
      const c = client({ freshMs: 0 });
      const count = () => mock.requestsTo(`/extended/v1/address/${ADDRESS.mainnet}/stx`).length;
      await c.getStxBalance(ADDRESS.mainnet, { untilBlock: BLOCK.hash });
      await c.getStxBalance(ADDRESS.mainnet, { untilBlock: BLOCK.hash });
      assert.strictEqual(count(), 1, 'a past block named by its hash cannot change');
      for (const untilBlock of [3000, '3000', undefined]) {
        const before = count();
        await c.getStxBalance(ADDRESS.mainnet, untilBlock === undefined ? {} : { untilBlock });
        await c.getStxBalance(ADDRESS.mainnet, untilBlock === undefined ? {} : { untilBlock });
        assert.strictEqual(count() - before, 2, `until ${String(untilBlock)}: asked each time`);
      }
    });

    it('keeps a block named by its hash for good, one at a height for 30 s, latest for the fresh window', async () => {
      const clock = new AdjustableClock();
      const c = client({ clock, freshMs: 0 });
      const count = (seg: string | number) => mock.requestsTo(new RegExp(`^/extended/v2/blocks/${seg}$`)).length;
      for (let i = 0; i < 2; i++) {
        await c.getBlock(BLOCK.hash);
        await c.getBlock(BLOCK.height);
        await c.getBlock('latest');
      }
      assert.deepStrictEqual([count(BLOCK.hash), count(BLOCK.height), count('latest')], [1, 1, 2]);
      clock.advance(30_001);
      await c.getBlock(BLOCK.hash);
      await c.getBlock(BLOCK.height);
      assert.deepStrictEqual([count(BLOCK.hash), count(BLOCK.height)], [1, 2]);
    });

    it("keeps a block's transactions by its hash for good, at a height for 30 s, latest for the fresh window", async () => {
      const clock = new AdjustableClock();
      const c = client({ clock, freshMs: 0 });
      const count = (seg: string | number) => mock.requestsTo(`/extended/v2/blocks/${seg}/transactions`).length;
      for (let i = 0; i < 2; i++) {
        await c.getBlockTransactions(BLOCK.hash);
        await c.getBlockTransactions(BLOCK.height);
        await c.getBlockTransactions('latest');
      }
      assert.deepStrictEqual([count(BLOCK.hash), count(BLOCK.height), count('latest')], [1, 1, 2]);
      clock.advance(30_001);
      await c.getBlockTransactions(BLOCK.hash);
      await c.getBlockTransactions(BLOCK.height);
      assert.deepStrictEqual([count(BLOCK.hash), count(BLOCK.height)], [1, 2]);
    });

    it("keeps a block's transactions by hash only 30 s when any of them is not canonical", async () => {
      const canonical = loadFixture('tx-token_transfer.json') as Record<string, unknown>;
      const orphaned = { ...(loadFixture('tx-contract_call-sponsored.json') as object), canonical: false };
      assert.strictEqual(canonical.canonical, true);
      const path = `/extended/v2/blocks/${BLOCK.hash}/transactions`;
      mock.override(path, { limit: 20, offset: 0, total: 2, results: [canonical, orphaned] });
      const clock = new AdjustableClock();
      const c = client({ clock, freshMs: 0 });
      await c.getBlockTransactions(BLOCK.hash);
      await c.getBlockTransactions(BLOCK.hash);
      assert.strictEqual(mock.requestsTo(path).length, 1, 'kept 30 s');
      clock.advance(30_001);
      await c.getBlockTransactions(BLOCK.hash);
      assert.strictEqual(mock.requestsTo(path).length, 2, 'asked again after them');
    });

    it('keeps a burn block settled long ago for good, by height; latest only for the fresh window', async () => {
      const c = client({ freshMs: 0 });
      for (let i = 0; i < 2; i++) {
        await c.getBurnBlock(BURN.latestHeight);
        await c.getBurnBlock('latest');
      }
      assert.strictEqual(mock.requestsTo(`/extended/v2/burn-blocks/${BURN.latestHeight}`).length, 1);
      assert.strictEqual(mock.requestsTo('/extended/v2/burn-blocks/latest').length, 2);
    });

    describe("the Stacks blocks of a burn block (fresh window 0: kept only when they can't change)", () => {
      const twice = async (heightOrHash: number | string, path: string): Promise<number> => {
        const c = client({ freshMs: 0 });
        await c.getBurnBlockBlocks(heightOrHash);
        await c.getBurnBlockBlocks(heightOrHash);
        return mock.requestsTo(path).length;
      };

      it('keeps the canonical blocks of a burn block settled long ago for good', async () => {
        const path = `/extended/v2/burn-blocks/${BURN.height700000}/blocks`;
        assert.strictEqual(await twice(BURN.height700000, path), 1);
      });

      it('asks again for the blocks of the latest burn block, settled or not', async () => {
        const latest = await client().getBurnBlockBlocks('latest');
        assert.ok(latest.results.length > 0 && latest.results.every((b) => b.canonical));
        mock.reset();
        assert.strictEqual(await twice('latest', '/extended/v2/burn-blocks/latest/blocks'), 2);
      });

      it('asks again while a burn block has no Stacks block yet', async () => {
        const path = `/extended/v2/burn-blocks/${BURN.height700000}/blocks`;
        mock.override(path, { limit: 20, offset: 0, total: 0, results: [] });
        assert.strictEqual(await twice(BURN.height700000, path), 2);
      });

      it('asks again when one of its blocks is not canonical, however old', async () => {
        const path = `/extended/v2/burn-blocks/${BURN.height700000}/blocks`;
        const page = structuredClone(loadFixture('burn-block-blocks--700000.json')) as {
          results: Array<{ canonical: boolean }>;
        };
        page.results[1]!.canonical = false;
        mock.override(path, page);
        assert.strictEqual(await twice(BURN.height700000, path), 2);
      });
    });

    it('remembers more than 500 tokens without metadata, each asked once a session', async () => {
      const notFound = JSON.stringify(loadFixture('error-404-ft-metadata-token-not-found.json'));
      const asked: string[] = [];
      const fetch = fakeFetch(async (input) => {
        asked.push(String(input));
        return new Response(notFound, { status: 404, headers: { 'content-type': 'application/json' } });
      });
      const c = createStacksClient({
        baseUrl: 'https://api.example.test',
        fetch,
        rateLimit: { limit: 10_000 },
        switchedOff: new SwitchedOffRoutes(),
      });
      const tokens = Array.from({ length: 501 }, (_, i) => `${ADDRESS.mainnet}.token-${i}`);
      for (const t of tokens) assert.strictEqual(await c.getFtMetadata(t), null);
      assert.strictEqual(asked.length, 501);
      assert.strictEqual(asked[0], `https://api.example.test/metadata/v1/ft/${tokens[0]}`);
      for (const t of tokens) assert.strictEqual(await c.getFtMetadata(t), null);
      assert.strictEqual(asked.length, 501, 'every answer was remembered');
    });
  });
});
