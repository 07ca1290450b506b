/**
 * Issue 17 (items 4 and 5), client side: a burn (Bitcoin) block and the Stacks blocks it confirms,
 * and a block's transactions with type, status and fee, from the deprecated v2 list or, once the
 * API has switched it off, the v3 list.
 */
import * as assert from 'assert';
import { createStacksClient, ErrorKind, StacksApiError, StacksClient } from '../../src/api';
import { BURN_BLOCK_SETTLED_MS } from '../../src/api/client';
import { SwitchedOffRoutes } from '../../src/api/fallback';
import * as S from '../../src/api/schemas';
import { BLOCK, BURN, GENERATED, TX } from '../fixtures/ids';
import { MockApi, startMockApi } from '../mock-api/server';

async function kindOf(p: Promise<unknown>): Promise<ErrorKind | 'ok'> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    assert.ok(e instanceof StacksApiError, String(e));
    return e.kind;
  }
}

describe('Burn blocks and block transactions (client)', function () {
  let mock: MockApi;
  let sunset: MockApi;
  const client = (m: MockApi, o: { cache?: boolean } = {}): StacksClient =>
    createStacksClient({ baseUrl: m.url, switchedOff: new SwitchedOffRoutes(), ...o });

  before(async () => {
    mock = await startMockApi();
    sunset = await startMockApi({ sunset: true });
  });
  after(async () => {
    await mock.close();
    await sunset.close();
  });
  beforeEach(() => {
    mock.reset();
    sunset.reset();
  });

  describe('getBurnBlock and getBurnBlockBlocks', () => {
    it('reads a burn block by height, hash (with 0x) and latest, the same block each way', async () => {
      const c = client(mock, { cache: false });
      const byHeight = await c.getBurnBlock(BURN.latestHeight);
      assert.strictEqual(byHeight.burn_block_hash, BURN.latestHash);
      assert.deepStrictEqual(byHeight.stacks_blocks, [BLOCK.hash]);
      assert.deepStrictEqual(await c.getBurnBlock(BURN.latestHash), byHeight);
      assert.deepStrictEqual(await c.getBurnBlock('latest'), byHeight);
      const five = await c.getBurnBlock(BURN.hash700000);
      assert.strictEqual(five.burn_block_height, BURN.height700000);
      assert.strictEqual(five.stacks_blocks.length, BURN.stacksBlocks700000);
    });

    it('pages the Stacks blocks of a burn block, newest first', async () => {
      const c = client(mock);
      const first = await c.getBurnBlockBlocks(BURN.height700000, { limit: 2 });
      assert.strictEqual(first.total, BURN.stacksBlocks700000);
      assert.deepStrictEqual(
        first.results.map((b) => b.height),
        [BLOCK.nakamoto.height, BLOCK.nakamoto.height - 1],
      );
      const last = await c.getBurnBlockBlocks(BURN.hash700000, { limit: 2, offset: 4 });
      assert.deepStrictEqual(
        last.results.map((b) => b.height),
        [1],
      );
      assert.strictEqual(mock.requestsTo('/extended/v2/burn-blocks/')[0]?.query.get('limit'), '2');
    });

    it('keeps a burn block settled long ago, and its blocks, without asking again', async () => {
      const c = client(mock);
      await c.getBurnBlock(BURN.latestHeight);
      await c.getBurnBlockBlocks(BURN.latestHeight, { limit: 20 });
      await c.getBurnBlock(BURN.latestHeight);
      await c.getBurnBlockBlocks(BURN.latestHeight, { limit: 20 });
      assert.strictEqual(mock.requestsTo('/extended/v2/burn-blocks/').length, 2);
      // `latest` moves: it is asked again once the fresh window has passed
      const fresh = createStacksClient({ baseUrl: mock.url, freshMs: 0, switchedOff: new SwitchedOffRoutes() });
      await fresh.getBurnBlock('latest');
      await fresh.getBurnBlock('latest');
      assert.strictEqual(mock.requestsTo('/extended/v2/burn-blocks/latest').length, 2);
    });

    it("counts a burn block's age on the client's clock, not on real time", async () => {
      const minedAt = (await client(mock, { cache: false }).getBurnBlock(BURN.latestHeight)).burn_block_time * 1000;
      // By this client's clock the block was mined a minute ago; by real time, long ago.
      let t = minedAt + 60_000;
      const clock = { now: () => t, sleep: () => Promise.resolve() };
      const c = createStacksClient({ baseUrl: mock.url, clock, switchedOff: new SwitchedOffRoutes() });
      const asked = () => mock.requestsTo('/extended/v2/burn-blocks/').length;
      mock.reset();
      const twice = async () => {
        await c.getBurnBlock(BURN.latestHeight);
        await c.getBurnBlockBlocks(BURN.latestHeight, { limit: 20 });
        t += 10_000; // past the 3 s a young answer is kept
        await c.getBurnBlock(BURN.latestHeight);
        await c.getBurnBlockBlocks(BURN.latestHeight, { limit: 20 });
      };
      await twice();
      assert.strictEqual(asked(), 4, 'a block a minute old may still gain Stacks blocks: asked again');
      t = minedAt + BURN_BLOCK_SETTLED_MS + 60_000;
      mock.reset();
      await twice();
      assert.strictEqual(asked(), 2, 'two hours on by the same clock, it is settled: kept');
    });

    it('a burn block the API does not know is not found; a bad answer is an invalid response', async () => {
      const c = client(mock);
      assert.strictEqual(await kindOf(c.getBurnBlock(BURN.unknownHeight)), 'not-found');
      assert.strictEqual(await kindOf(c.getBurnBlockBlocks(BURN.unknownHeight)), 'not-found');
      mock.fault({ match: '/extended/v2/burn-blocks/', fault: { kind: 'malformed' } });
      assert.strictEqual(await kindOf(client(mock).getBurnBlock(BURN.bigHeight)), 'invalid-response');
    });

    it('checks its arguments before sending anything', async () => {
      const c = client(mock);
      for (const [what, p] of [
        ['a negative height', c.getBurnBlock(-1)],
        ['a short hash', c.getBurnBlock('0x1234')],
        ['a path', c.getBurnBlock('../../v1/tx/x')],
        ['a limit over 30', c.getBurnBlockBlocks(1, { limit: 31 })],
        ['a negative offset', c.getBurnBlockBlocks(1, { offset: -1 })],
      ] as const)
        assert.strictEqual(await kindOf(p), 'invalid-input', what);
      assert.strictEqual(mock.requests.length, 0);
    });
  });

  describe('getBlockTransactions', () => {
    it('a page of the block with type, status, sender and fee, without events', async () => {
      const p = await client(mock).getBlockTransactions(BLOCK.height, { limit: 20 });
      assert.ok(p.total > 0 && p.results.length === p.total);
      for (const t of p.results) {
        assert.ok(t.tx_type && t.tx_status && t.fee_rate !== undefined && t.sender_address, t.tx_id);
        assert.strictEqual(t.events, undefined);
      }
      assert.ok(p.results.some((t) => t.tx_id === TX.tokenTransfer));
    });

    it('pages a big block by limit and offset', async () => {
      const c = client(mock);
      const p = await c.getBlockTransactions(BLOCK.big.hash, { limit: 20, offset: 40 });
      assert.strictEqual(p.total, GENERATED.bigBlockTxCount);
      assert.strictEqual(p.offset, 40);
      assert.strictEqual(p.results.length, 20);
    });

    it('with the v2 list switched off, the same rows from the v3 list, each page by its cursor', async () => {
      const old = client(mock, { cache: false });
      const gone = client(sunset, { cache: false });
      const row = (t: S.Transaction) => [t.tx_id, t.tx_type, t.tx_status, t.sender_address, String(t.fee_rate)];
      for (const [block, offset] of [
        [BLOCK.height, 0],
        [BLOCK.big.hash, 0],
        [BLOCK.big.hash, 20],
        [BLOCK.big.hash, 40],
      ] as const) {
        const v2 = await old.getBlockTransactions(block, { limit: 20, offset });
        const v3 = await gone.getBlockTransactions(block, { limit: 20, offset });
        assert.strictEqual(v3.total, v2.total);
        assert.deepStrictEqual(v3.results.map(row), v2.results.map(row), `${block} at ${offset}`);
      }
      assert.strictEqual(
        sunset.requestsTo('/extended/v2/blocks/').filter((r) => r.path.endsWith('/transactions')).length,
        1,
      );
      // paging forward costs one request per page: each page starts at the cursor the one before gave
      const v3Requests = sunset.requestsTo('/extended/v3/blocks/');
      assert.strictEqual(v3Requests.length, 4);
    });

    it('a block named by its hash is kept; an unknown block is not found; arguments are checked', async () => {
      const c = client(mock);
      await c.getBlockTransactions(BLOCK.hash, { limit: 20 });
      await c.getBlockTransactions(BLOCK.hash, { limit: 20 });
      assert.strictEqual(mock.requestsTo(`/extended/v2/blocks/${BLOCK.hash}/transactions`).length, 1);
      assert.strictEqual(await kindOf(c.getBlockTransactions(BLOCK.unknownHash)), 'not-found');
      assert.strictEqual(await kindOf(client(sunset).getBlockTransactions(BLOCK.unknownHash)), 'not-found');
      mock.reset();
      assert.strictEqual(await kindOf(c.getBlockTransactions(BLOCK.height, { limit: 51 })), 'invalid-input');
      assert.strictEqual(await kindOf(c.getBlockTransactions('0xnope')), 'invalid-input');
      assert.strictEqual(mock.requests.length, 0);
    });
  });
});
