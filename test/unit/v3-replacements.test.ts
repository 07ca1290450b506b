// The replacements of the switched-off routes, each given the mock API's v3 routes in-process (its
// route table, test/mock-api/routes.ts, whose v3 answers the schema test checks against
// openapi-v3.yaml): the requests each one makes (route template for the notices, path, query, and
// the name of what it reads, which the client's error sentences use), how it walks a cursor-paged
// list to an offset and where it stops, and the v1 model it returns. A server that sends short
// pages is the mock with a smaller page size; an empty page is the mock's page with its results
// left out; a list longer than the mock's is paged by the mock's own cursor pager.
import * as assert from 'assert';
import { kindForStatus, StacksApiError } from '../../src/api/errors';
import {
  addressEventsReplacement,
  addressTransactionsReplacement,
  balanceReplacement,
  blockTransactionsReplacement,
  blockV1Replacement,
  CursorMemo,
  transactionReplacement,
  type Fetch,
} from '../../src/api/replacements';
import { parseWith, type Schema } from '../../src/api/schemas/parse';
import { ADDRESS, BLOCK, TX } from '../fixtures/ids';
import { data } from '../mock-api/data';
import { clone, Json, loadFixture } from '../mock-api/fixtures';
import { cursorPage } from '../mock-api/replacementRoutes';
import { ROUTES } from '../mock-api/routes';
import { toV3BalanceChanges, toV3Event } from '../mock-api/v3';

interface Sent {
  route: string;
  path: string;
  query: Array<[string, string]>;
  what: string;
}

/** The mock API's answer to a GET of `path`, from its route table; an error status is thrown as the client would. */
function routeAnswer(path: string, query: URLSearchParams): Json {
  for (const r of ROUTES) {
    const m = r.pattern.exec(path);
    if (!m) continue;
    const reply = r.handler({ params: m.slice(1), query, method: 'GET', url: `${path}?${query.toString()}` });
    if (reply.status !== 200)
      throw new StacksApiError(kindForStatus(reply.status), JSON.stringify(reply.body), { status: reply.status, path });
    return clone(reply.body);
  }
  throw new Error(`the mock has no route for ${path}`);
}

interface CursorList {
  items: Json[];
  cursors: string[];
}

const HEIGHT_CURSOR = /^[0-9]+:[0-9]+:[0-9]+$/;
/** The mock's lists of transactions, with the cursor it gives each item (block_height:0:tx_index). */
const TX_LISTS: Array<[RegExp, (item: Json, i: number) => string]> = [
  [/^\/extended\/v3\/blocks\/[^/]+\/transactions$/, (t, i) => `${t.block.height}:0:${t.block.tx_index ?? i}`],
  [
    /^\/extended\/v3\/principals\/[^/]+\/transactions$/,
    (r, i) => `${r.transaction.block?.height ?? 0}:0:${r.transaction.block?.tx_index ?? i}`,
  ],
];
const wholeLists = new Map<string, CursorList>();

/**
 * One of the mock's transaction lists whole, read once 50 a page, with each item's cursor: its
 * pages are then cut from it by the mock's own pager, without converting the list for each page.
 */
function wholeList(path: string, cursorOf: (item: Json, i: number) => string): CursorList {
  let list = wholeLists.get(path);
  if (!list) {
    const items: Json[] = [];
    for (let cursor: string | null = null, first = true; first || cursor !== null; first = false) {
      const page = routeAnswer(
        path,
        new URLSearchParams([['limit', '50'], ...(cursor === null ? [] : [['cursor', cursor]])]),
      );
      items.push(...(page.results as Json[]));
      cursor = page.cursor.next;
    }
    list = { items, cursors: items.map(cursorOf) };
    wholeLists.set(path, list);
  }
  return list;
}

/** A page of `list` as the mock pages its v3 lists. */
function listPage(list: CursorList, q: URLSearchParams, pattern: RegExp): Json {
  return cursorPage(list.items, list.cursors, q.get('cursor'), Number(q.get('limit') ?? 20), pattern, pattern.source)
    .body;
}

/** The mock API's answer to a GET of `path`. */
function mockAnswer(path: string, query: URLSearchParams): Json {
  const txList = TX_LISTS.find(([re]) => re.test(path));
  return txList ? clone(listPage(wholeList(path, txList[1]), query, HEIGHT_CURSOR)) : routeAnswer(path, query);
}

/**
 * The replacements' `fetch`: records each request and answers it from the mock (or from `serve`,
 * given the mock's own answer), with at most `pageSize` items a page; every answer must fit the
 * schema the replacement reads it with.
 */
function v3Api(
  o: { pageSize?: number; serve?: (path: string, query: URLSearchParams, normal: () => Json) => Json } = {},
) {
  const sent: Sent[] = [];
  const fetch: Fetch = async <B>(
    route: string,
    path: string,
    query: Array<[string, string]>,
    schema: Schema<B>,
    what: string,
  ): Promise<B> => {
    sent.push({ route, path, query: query.map(([k, v]): [string, string] => [k, v]), what });
    const q = new URLSearchParams(query);
    const limit = q.get('limit');
    if (o.pageSize !== undefined && limit !== null) q.set('limit', String(Math.min(Number(limit), o.pageSize)));
    const normal = () => mockAnswer(path, q);
    const body: unknown = o.serve ? o.serve(path, q, normal) : normal();
    const parsed = parseWith(schema, body);
    if (!parsed.ok) throw new Error(`the ${what} served does not fit its schema: ${parsed.problem}`);
    return parsed.value;
  };
  return { fetch, sent };
}

/** The mock's answer with its results left out, its cursors and total kept. */
const emptied = (normal: () => Json): Json => ({ ...normal(), results: [] });

const TX_ROUTE = '/extended/v3/transactions/{tx_id}';
const EVENTS_ROUTE = '/extended/v3/transactions/{tx_id}/events';
const INCLUDE: [string, string] = ['include', 'function_args,source_code,post_conditions,result'];
const CHANGES_ROUTE = '/extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes';
const PRINCIPAL_TXS_ROUTE = '/extended/v3/principals/{principal}/transactions';
const BLOCK_TXS_ROUTE = '/extended/v3/blocks/{height_or_hash}/transactions';
const NOT_IN_BALANCE_CHANGES = ['event_index', 'type', 'sender', 'recipient'];

/** `n` balance changes of one principal in one transaction, one FT each, in the order and with the cursors the API gives. */
function manyChanges(n: number): CursorList {
  const events = Array.from({ length: n }, (_, i) => ({
    type: 'ft',
    event_index: i,
    data: {
      type: 'transfer',
      amount: String(i + 1),
      asset_identifier: `${ADDRESS.mainnet}.token-${String(i).padStart(3, '0')}::token`,
      sender: ADDRESS.mainnet,
      recipient: ADDRESS.busy,
    },
  }));
  const items: Json[] = toV3BalanceChanges(ADDRESS.mainnet, events);
  return { items, cursors: items.map((c) => `2:${c.asset.identifier}`) };
}

const changesPage = (list: CursorList, q: URLSearchParams): Json => listPage(list, q, /^[0-9]+:\S+$/);

async function goneWith(p: Promise<unknown>, message: string, path: string): Promise<void> {
  await assert.rejects(p, (e: unknown) => {
    assert.ok(e instanceof StacksApiError, String(e));
    assert.strictEqual(e.kind, 'gone');
    assert.strictEqual(e.message, message);
    assert.strictEqual(e.path, path);
    return true;
  });
}

describe('v3 replacements of switched-off routes', () => {
  before(() => {
    // The two long lists are read from the mock once, before the tests are timed.
    for (const path of [
      `/extended/v3/blocks/${BLOCK.big.height}/transactions`,
      `/extended/v3/principals/${ADDRESS.busy}/transactions`,
    ])
      mockAnswer(path, new URLSearchParams());
  });

  describe('transaction by id', () => {
    it('asks the transaction with its heavy fields, then its events from the offset, 50 a page, only as many as still wanted', async () => {
      const api = v3Api();
      const r = transactionReplacement(TX.manyEvents, 120, 30);
      const tx = await r.load(api.fetch);
      assert.strictEqual(r.route, TX_ROUTE);
      const events = `/extended/v3/transactions/${TX.manyEvents}/events`;
      assert.deepStrictEqual(api.sent, [
        { route: TX_ROUTE, path: `/extended/v3/transactions/${TX.manyEvents}`, query: [INCLUDE], what: 'transaction' },
        {
          route: EVENTS_ROUTE,
          path: events,
          query: [
            ['limit', '50'],
            ['cursor', '30'],
          ],
          what: 'event list',
        },
        {
          route: EVENTS_ROUTE,
          path: events,
          query: [
            ['limit', '50'],
            ['cursor', '80'],
          ],
          what: 'event list',
        },
        {
          route: EVENTS_ROUTE,
          path: events,
          query: [
            ['limit', '20'],
            ['cursor', '130'],
          ],
          what: 'event list',
        },
      ]);
      assert.deepStrictEqual(tx.events, (data().txs.get(TX.manyEvents).events as Json[]).slice(30, 150));
      assert.strictEqual(tx.event_count, 300);
      assert.ok(!('poison_microblock' in tx), 'only a poison-microblock transaction has that payload');
    });

    it('stops at the transaction’s event count, even when the last page it read was full', async () => {
      const api = v3Api();
      const tx = await transactionReplacement(TX.manyEvents, undefined, 250).load(api.fetch);
      assert.deepStrictEqual(
        api.sent.map((s) => s.query),
        [
          [INCLUDE],
          [
            ['limit', '50'],
            ['cursor', '250'],
          ],
        ],
      );
      assert.deepStrictEqual(
        tx.events?.map((e) => e.event_index),
        Array.from({ length: 50 }, (_, i) => 250 + i),
      );
    });

    it('asks a server that sends short pages at most 20 times for the events', async () => {
      const api = v3Api({ pageSize: 1 });
      const tx = await transactionReplacement(TX.manyEvents, undefined, undefined).load(api.fetch);
      assert.strictEqual(api.sent.length, 1 + 20);
      assert.deepStrictEqual(api.sent[1]!.query, [['limit', '50']]);
      assert.deepStrictEqual(api.sent[20]!.query, [
        ['limit', '50'],
        ['cursor', '19'],
      ]);
      assert.deepStrictEqual(
        tx.events?.map((e) => e.event_index),
        Array.from({ length: 20 }, (_, i) => i),
      );
    });

    it('gives an STX lock and NFT events as the documented route does', async () => {
      const lock = await transactionReplacement(TX.stackStx, undefined, undefined).load(v3Api().fetch);
      assert.deepStrictEqual(lock.events, loadFixture('tx-contract_call-stack_stx.json').events);

      // An NFT transfer (the API's address events of this transaction) and a mint (an NFT the API lists as held).
      const transfer = (loadFixture('address-tx-events--mainnet.json').results as Json[]).find((e) => e.type === 'nft');
      const held = loadFixture('v3-balances-nft--three.json').results[0];
      const v1Events: Json[] = [
        {
          event_index: 0,
          event_type: 'non_fungible_token_asset',
          tx_id: TX.mainnetContractCall,
          asset: {
            asset_event_type: 'transfer',
            asset_id: transfer.data.asset_identifier,
            sender: transfer.data.sender,
            recipient: transfer.data.recipient,
            value: transfer.data.value,
          },
        },
        {
          event_index: 1,
          event_type: 'non_fungible_token_asset',
          tx_id: TX.mainnetContractCall,
          asset: {
            asset_event_type: 'mint',
            asset_id: held.asset_identifier,
            recipient: ADDRESS.mainnet,
            value: held.value,
          },
        },
      ];
      const api = v3Api({
        serve: (path, _q, normal) =>
          path.endsWith('/events')
            ? clone({
                total: 2,
                limit: 50,
                cursor: { next: null, previous: null, current: '0' },
                results: v1Events.map(toV3Event),
              })
            : { ...normal(), event_count: 2 },
      });
      const nft = await transactionReplacement(TX.mainnetContractCall, undefined, undefined).load(api.fetch);
      assert.deepStrictEqual(nft.events, v1Events);
    });

    it('gives a poison-microblock transaction its empty payload', async () => {
      const { token_transfer: _t, ...rest } = loadFixture('v3-transaction--token_transfer.json');
      const poison = { ...rest, type: 'poison_microblock' };
      const tx = await transactionReplacement(TX.tokenTransfer, undefined, undefined).load(
        v3Api({ serve: () => poison }).fetch,
      );
      assert.strictEqual(tx.tx_type, 'poison_microblock');
      assert.deepStrictEqual(tx.poison_microblock, {});
    });
  });

  it('STX balance: the v3 balance as the v1 model, the lock side by side, no mempool fields when v3 has none', async () => {
    const api = v3Api({ serve: () => loadFixture('v3-balances-stx--locked.json') });
    const r = balanceReplacement(ADDRESS.mainnet);
    const b = await r.load(api.fetch);
    const route = '/extended/v3/principals/{principal}/balances/stx';
    assert.strictEqual(r.route, route);
    assert.deepStrictEqual(api.sent, [
      { route, path: `/extended/v3/principals/${ADDRESS.mainnet}/balances/stx`, query: [], what: 'balance' },
    ]);
    assert.deepStrictEqual(b, {
      balance: '1000000',
      locked: '400000',
      lock_tx_id: '0x000000000000000000000000000000000000000000000000000000000000012e',
      lock_height: 3,
      burnchain_lock_height: 3,
      burnchain_unlock_height: 1000,
      unavailable: [
        'total_sent',
        'total_received',
        'total_fees_sent',
        'total_miner_rewards_received',
        'token_offering_locked',
      ],
    });
  });

  describe('events of an address in one transaction', () => {
    const path = `/extended/v3/principals/${ADDRESS.mainnet}/transactions/${TX.mainnetContractCall}/balance-changes`;

    it('are its balance changes, one per asset, STX without an asset identifier, cut to the page asked for', async () => {
      const api = v3Api();
      const r = addressEventsReplacement(ADDRESS.mainnet, TX.mainnetContractCall, undefined, undefined);
      const page = await r.load(api.fetch);
      assert.strictEqual(r.route, CHANGES_ROUTE);
      assert.deepStrictEqual(api.sent, [{ route: CHANGES_ROUTE, path, query: [['limit', '50']], what: 'event list' }]);
      const stx = { sent: '350', received: '0', net: '-350' };
      const ft = { sent: '103', received: '0', net: '-103' };
      const nft = { sent: '1', received: '0', net: '-1' };
      const miamicoin = 'SP466FNC0P7JWTNM2R9T199QRZN1MYEDTAR0KP27.miamicoin-token::miamicoin';
      const boom = 'SP497E7RX3233ATBS2AB9G4WTHB63X5PBSP5VGAQ.boom-nfts::boom';
      assert.deepStrictEqual(page, {
        limit: 20,
        offset: 0,
        total: 3,
        results: [
          { type: 'stx', data: { amount: '-350' }, balance_change: stx, unavailable: NOT_IN_BALANCE_CHANGES },
          {
            type: 'ft',
            data: { amount: '-103', asset_identifier: miamicoin },
            balance_change: ft,
            unavailable: NOT_IN_BALANCE_CHANGES,
          },
          {
            type: 'nft',
            data: { amount: '-1', asset_identifier: boom },
            balance_change: nft,
            unavailable: NOT_IN_BALANCE_CHANGES,
          },
        ],
      });

      const second = await addressEventsReplacement(ADDRESS.mainnet, TX.mainnetContractCall, 1, 1).load(v3Api().fetch);
      assert.deepStrictEqual(
        second.results.map((e) => e.data.asset_identifier),
        [miamicoin],
      );
    });

    it('walk a long list by the server’s cursor, and stop once they hold the page asked for', async () => {
      const list = manyChanges(120);
      const api = v3Api({ serve: (_p, q) => changesPage(list, q) });
      const full = await addressEventsReplacement(ADDRESS.mainnet, TX.manyEvents, 50, 0).load(api.fetch);
      assert.strictEqual(api.sent.length, 1, 'the first 50 changes are the page');
      assert.deepStrictEqual(full.results.length, 50);

      api.sent.length = 0;
      const page = await addressEventsReplacement(ADDRESS.mainnet, TX.manyEvents, 20, 60).load(api.fetch);
      assert.deepStrictEqual(
        api.sent.map((s) => s.query),
        [
          [['limit', '50']],
          [
            ['limit', '50'],
            ['cursor', list.cursors[50]!],
          ],
        ],
      );
      assert.strictEqual(page.total, 120);
      assert.deepStrictEqual(
        page.results.map((e) => e.data.asset_identifier),
        list.items.slice(60, 80).map((c) => c.asset.identifier),
      );
    });

    it('ask a server that sends short pages at most 20 times', async () => {
      const list = manyChanges(30);
      const api = v3Api({ pageSize: 1, serve: (_p, q) => changesPage(list, q) });
      const page = await addressEventsReplacement(ADDRESS.mainnet, TX.manyEvents, 5, 25).load(api.fetch);
      assert.strictEqual(api.sent.length, 20);
      assert.deepStrictEqual(page, { limit: 5, offset: 25, total: 30, results: [] });
    });
  });

  describe('cursor memo of the v3 lists', () => {
    it('gives the nearest start known at or before an offset, of that list only; the start itself needs no cursor', () => {
      const memo = new CursorMemo();
      memo.set('SP1', 50, 'c50');
      memo.set('SP1', 100, 'c100');
      memo.set('SP2', 80, 'other80');
      memo.set('SP1', 0, 'c0');
      assert.strictEqual(memo.get('SP1', 50), 'c50');
      assert.strictEqual(memo.get('SP1', 60), undefined);
      assert.deepStrictEqual(memo.nearest('SP1', 99), { offset: 50, cursor: 'c50' });
      assert.deepStrictEqual(memo.nearest('SP1', 100), { offset: 100, cursor: 'c100' });
      assert.deepStrictEqual(memo.nearest('SP1', 10), { offset: 0 });
      assert.deepStrictEqual(memo.nearest('SP2', 99), { offset: 80, cursor: 'other80' });
    });

    it('forgets one list’s starts and keeps the others', () => {
      const memo = new CursorMemo();
      memo.set('SP1', 50, 'c50');
      memo.set('SP2', 50, 'other50');
      memo.forget('SP1');
      assert.strictEqual(memo.get('SP1', 50), undefined);
      assert.strictEqual(memo.get('SP2', 50), 'other50');
    });

    it('holds at most 2,000 starts: the next one clears what it held', () => {
      const memo = new CursorMemo();
      for (let i = 1; i <= 2000; i++) memo.set('SP1', i, `c${i}`);
      assert.strictEqual(memo.get('SP1', 1), 'c1');
      memo.set('SP1', 2001, 'c2001');
      assert.strictEqual(memo.get('SP1', 1), undefined);
      assert.strictEqual(memo.get('SP1', 2000), undefined);
      assert.strictEqual(memo.get('SP1', 2001), 'c2001');
    });
  });

  describe('transactions of a principal', () => {
    const path = `/extended/v3/principals/${ADDRESS.busy}/transactions`;

    it('reach an offset through the pages before it, 50 at a time, and start the next page where the last ended', async () => {
      const api = v3Api();
      const memo = new CursorMemo();
      const r = addressTransactionsReplacement(ADDRESS.busy, 20, 130, memo);
      const page = await r.load(api.fetch);
      assert.strictEqual(r.route, PRINCIPAL_TXS_ROUTE);
      const at = (k: number) => `${BLOCK.big.height}:0:${200 - k}`; // the k-th newest of the 200, as the API's cursor names it
      const asked = (query: Array<[string, string]>): Sent => ({
        route: PRINCIPAL_TXS_ROUTE,
        path,
        query,
        what: 'transaction list',
      });
      assert.deepStrictEqual(api.sent, [
        asked([['limit', '50']]),
        asked([
          ['limit', '50'],
          ['cursor', at(50)],
        ]),
        asked([
          ['limit', '30'],
          ['cursor', at(100)],
        ]),
        asked([
          ['limit', '20'],
          ['cursor', at(130)],
        ]),
      ]);
      const all = (data().addressTxs.get(ADDRESS.busy) as Json[]).map((t) => t.tx.tx_id as string);
      assert.strictEqual(page.total, 200);
      assert.deepStrictEqual(
        page.results.map((t) => t.tx.tx_id),
        all.slice(130, 150),
      );

      api.sent.length = 0;
      const next = await addressTransactionsReplacement(ADDRESS.busy, 20, 150, memo).load(api.fetch);
      assert.deepStrictEqual(api.sent, [
        asked([
          ['limit', '20'],
          ['cursor', at(150)],
        ]),
      ]);
      assert.deepStrictEqual(
        next.results.map((t) => t.tx.tx_id),
        all.slice(150, 170),
      );
    });

    it('an offset more than 20 pages away is a gone error that says to page forward', async () => {
      const api = v3Api({ pageSize: 2 });
      await goneWith(
        addressTransactionsReplacement(ADDRESS.busy, 20, 150, new CursorMemo()).load(api.fetch),
        'The API switched off the offset-paged transaction list; its replacement pages by cursor and offset 150 is too far to reach. Page forward from the start instead.',
        path,
      );
      assert.strictEqual(api.sent.length, 20);
    });
  });

  describe('transactions of a block', () => {
    const path = `/extended/v3/blocks/${BLOCK.big.height}/transactions`;
    const ids = (): string[] => data().blocksV1.get(BLOCK.big.height).txs;

    it('reach an offset through the pages before it, 50 at a time', async () => {
      const api = v3Api();
      const r = blockTransactionsReplacement(String(BLOCK.big.height), 20, 130, new CursorMemo());
      const page = await r.load(api.fetch);
      assert.strictEqual(r.route, BLOCK_TXS_ROUTE);
      const asked = (query: Array<[string, string]>): Sent => ({
        route: BLOCK_TXS_ROUTE,
        path,
        query,
        what: 'block transaction list',
      });
      const at = (i: number) => `${BLOCK.big.height}:0:${i}`;
      assert.deepStrictEqual(api.sent, [
        asked([['limit', '50']]),
        asked([
          ['limit', '50'],
          ['cursor', at(50)],
        ]),
        asked([
          ['limit', '30'],
          ['cursor', at(100)],
        ]),
        asked([
          ['limit', '20'],
          ['cursor', at(130)],
        ]),
      ]);
      assert.strictEqual(page.total, BLOCK.big.txCount);
      assert.deepStrictEqual(
        page.results.map((t) => t.tx_id),
        ids().slice(130, 150),
      );
    });

    it('keep each block’s starts apart in a memo they share', async () => {
      const memo = new CursorMemo();
      await blockTransactionsReplacement(String(BLOCK.big.height), 20, 100, memo).load(v3Api().fetch);
      const api = v3Api();
      const latest = await blockTransactionsReplacement('latest', 20, 100, memo).load(api.fetch);
      assert.deepStrictEqual(
        api.sent.map((s) => s.query),
        [[['limit', '50']]],
        'the latest block is walked from its own start',
      );
      assert.deepStrictEqual(latest, { limit: 20, offset: 100, total: 6, results: [] });
    });

    it('an offset more than 20 pages away is a gone error that says to page forward', async () => {
      const api = v3Api({ pageSize: 2 });
      await goneWith(
        blockTransactionsReplacement(String(BLOCK.big.height), 20, 150, new CursorMemo()).load(api.fetch),
        'The API switched off the offset-paged block transaction list; its replacement pages by cursor and offset 150 is too far to reach. Page forward from the start instead.',
        path,
      );
      assert.strictEqual(api.sent.length, 20);
    });
  });

  describe('v1 block by height', () => {
    it('is the v2 block with the ids of every page of its v3 transaction list, in order', async () => {
      const api = v3Api();
      const r = blockV1Replacement(BLOCK.big.height);
      const b = await r.load(api.fetch);
      assert.strictEqual(r.route, BLOCK_TXS_ROUTE);
      const path = `/extended/v3/blocks/${BLOCK.big.height}/transactions`;
      assert.deepStrictEqual(api.sent, [
        {
          route: '/extended/v2/blocks/{height_or_hash}',
          path: `/extended/v2/blocks/${BLOCK.big.height}`,
          query: [],
          what: 'block',
        },
        ...[undefined, 50, 100, 150, 200, 250].map((i): Sent => ({
          route: BLOCK_TXS_ROUTE,
          path,
          query:
            i === undefined
              ? [['limit', '50']]
              : [
                  ['limit', '50'],
                  ['cursor', `${BLOCK.big.height}:0:${i}`],
                ],
          what: 'block transaction list',
        })),
      ]);
      assert.deepStrictEqual(b.txs, data().blocksV1.get(BLOCK.big.height).txs);
    });

    it('reads at most 40 pages of a server that sends short pages', async () => {
      const api = v3Api({ pageSize: 2 });
      const b = await blockV1Replacement(BLOCK.big.height).load(api.fetch);
      assert.strictEqual(api.sent.length, 1 + 40);
      assert.deepStrictEqual(b.txs, (data().blocksV1.get(BLOCK.big.height).txs as string[]).slice(0, 80));
    });
  });

  it('every walk ends at a page that comes back empty, whatever next cursor it names', async () => {
    const onEmptyFirst = (match: (path: string) => boolean) => {
      let served = 0;
      return v3Api({
        serve: (path, _q, normal) => (match(path) && served++ === 0 ? emptied(normal) : normal()),
      });
    };

    const events = onEmptyFirst((p) => p.endsWith('/events'));
    const tx = await transactionReplacement(TX.manyEvents, undefined, undefined).load(events.fetch);
    assert.deepStrictEqual(tx.events, []);
    assert.strictEqual(events.sent.length, 2);

    const list = manyChanges(120);
    let first = true;
    const changes = v3Api({
      serve: (_p, q) => {
        const page = changesPage(list, q);
        if (!first) return page;
        first = false;
        return { ...page, results: [] };
      },
    });
    const changed = await addressEventsReplacement(ADDRESS.mainnet, TX.manyEvents, 20, 60).load(changes.fetch);
    assert.deepStrictEqual(changed, { limit: 20, offset: 60, total: 120, results: [] });
    assert.strictEqual(changes.sent.length, 1);

    const principal = onEmptyFirst(() => true);
    const txs = await addressTransactionsReplacement(ADDRESS.busy, 20, 100, new CursorMemo()).load(principal.fetch);
    assert.deepStrictEqual(txs, { limit: 20, offset: 100, total: 200, results: [] });
    assert.strictEqual(principal.sent.length, 1);

    const block = onEmptyFirst(() => true);
    const blockTxs = await blockTransactionsReplacement(String(BLOCK.big.height), 20, 100, new CursorMemo()).load(
      block.fetch,
    );
    assert.deepStrictEqual(blockTxs, { limit: 20, offset: 100, total: BLOCK.big.txCount, results: [] });
    assert.strictEqual(block.sent.length, 1);

    const v1 = onEmptyFirst((p) => p.startsWith('/extended/v3/'));
    const b = await blockV1Replacement(BLOCK.big.height).load(v1.fetch);
    assert.deepStrictEqual(b.txs, []);
    assert.strictEqual(v1.sent.length, 2);
  });
});
