// The holdings lists of src/api/resources/holdings.ts through the client and the mock API, beyond what
// test/unit/holdings.test.ts checks: the sentences of a wrong limit or offset and of a body that
// does not fit, which 404 means "no v3 here", how the v1 fallback orders, filters and pages what
// the real v1 body holds, and where the walk of a changing list starts again.
import * as assert from 'assert';
import { createStacksClient, StacksClientOptions } from '../../src/api';
import { ADDRESS } from '../fixtures/ids';
import { HOLDER } from '../mock-api/holdings';
import { ERROR_BODIES } from '../mock-api/fixtures';
import { loadFixture, MockApi, startMockApi } from '../mock-api/server';
import { rejectsWith } from './rejectsWith';

const ftPath = (p: string) => `/extended/v3/principals/${p}/balances/ft`;
const nftPath = (p: string) => `/extended/v3/principals/${p}/balances/nft`;
const pendingPath = (p: string) => `/extended/v3/principals/${p}/mempool/transactions`;
const v1Path = (p: string) => `/extended/v1/address/${p}/balances`;

describe('holdings lists: sentences, fallback and paging', () => {
  let mock: MockApi;
  before(async () => {
    mock = await startMockApi();
  });
  after(() => mock.close());
  beforeEach(() => mock.reset());
  const client = (o: Partial<StacksClientOptions> = {}) =>
    createStacksClient({ baseUrl: mock.url, cache: false, ...o });

  /** An API without the v3 holdings lists, whose v1 balances of ADDRESS.unknown are `v1`. */
  const withoutV3 = (v1: unknown) => {
    const p = ADDRESS.unknown;
    mock.override(ftPath(p), ERROR_BODIES.unknownRoute('GET', ftPath(p)), 404);
    mock.override(nftPath(p), ERROR_BODIES.unknownRoute('GET', nftPath(p)), 404);
    mock.override(v1Path(p), v1);
    return p;
  };
  const v1Body = () => loadFixture('address-balances--v1-tokens.json');

  describe('arguments', () => {
    it('a limit or offset out of range is refused by name, before any request', async () => {
      const c = client();
      await rejectsWith(
        c.getFtHoldings(HOLDER, { limit: 201 }),
        'invalid-input',
        '"limit" must be a whole number from 1 to 200 (got 201).',
      );
      await rejectsWith(
        c.getNftHoldings(HOLDER, { offset: -1 }),
        'invalid-input',
        '"offset" must be a whole number of 0 or more (got -1).',
      );
      await rejectsWith(
        c.getPrincipalMempoolTransactions(HOLDER, { limit: 51 }),
        'invalid-input',
        '"limit" must be a whole number from 1 to 50 (got 51).',
      );
      assert.strictEqual(mock.requests.length, 0);
    });
  });

  describe('a body that does not fit names the list', () => {
    it('the v3 token, NFT and pending lists each by their own name', async () => {
      const ft = loadFixture('v3-balances-ft--three.json');
      ft.results[2].balance = 1000000;
      mock.override(ftPath(HOLDER), ft);
      const nft = loadFixture('v3-balances-nft--three.json');
      delete nft.results[1].asset_identifier;
      mock.override(nftPath(HOLDER), nft);
      const pending = loadFixture('v3-mempool-transactions.json');
      pending.results[0].tx_id = null;
      mock.override(pendingPath(HOLDER), pending);
      const c = client();
      await rejectsWith(
        c.getFtHoldings(HOLDER),
        'invalid-response',
        'The API sent an unexpected token balance list: field "results[2].balance" should be a string, not a number.',
      );
      await rejectsWith(
        c.getNftHoldings(HOLDER),
        'invalid-response',
        'The API sent an unexpected NFT list: field "results[1].asset_identifier" is missing.',
      );
      await rejectsWith(
        c.getPrincipalMempoolTransactions(HOLDER),
        'invalid-response',
        'The API sent an unexpected pending transaction list: field "results[0].tx_id" should be a string, not null.',
      );
    });

    it('the v1 balances of an API without v3 as "token balances"', async () => {
      const v1 = v1Body();
      v1.fungible_tokens.cash.balance = 500000;
      const p = withoutV3(v1);
      await rejectsWith(
        client().getFtHoldings(p),
        'invalid-response',
        'The API sent an unexpected token balances: field "fungible_tokens.cash.balance" should be a string, not a number.',
      );
    });
  });

  describe('which 404 means an API without v3', () => {
    it('a 404 on a later page is that page’s error: the v1 balances are not asked', async () => {
      mock.fault({ match: /balances\/ft\?.*cursor=/, fault: { kind: 'status', status: 404 } });
      const c = client();
      await rejectsWith(c.getFtHoldings(HOLDER, { limit: 1, offset: 1 }), 'not-found');
      assert.strictEqual(mock.requestsTo(v1Path(HOLDER)).length, 0);
      mock.clearFaults();
      assert.strictEqual((await c.getFtHoldings(HOLDER, { limit: 1, offset: 1 })).results[0]!.balance, '2000000');
    });

    it('pending transactions: the 404 of an API without v3 has its status; another failure keeps its kind', async () => {
      const p = ADDRESS.unknown;
      mock.override(pendingPath(p), ERROR_BODIES.unknownRoute('GET', pendingPath(p)), 404);
      const c = client();
      const e = await rejectsWith(
        c.getPrincipalMempoolTransactions(p),
        'not-found',
        'This API has no /extended/v3/principals/{principal}/mempool/transactions.',
      );
      assert.strictEqual(e.status, 404);
      mock.fault({ match: pendingPath(HOLDER), fault: { kind: 'status', status: 503 } });
      const busy = await rejectsWith(c.getPrincipalMempoolTransactions(HOLDER), 'server');
      assert.strictEqual(busy.status, 503);
    });
  });

  describe('the v1 fallback', () => {
    it('tokens: largest first, equal balances by name, nothing held left out', async () => {
      const v1 = v1Body();
      const t = v1.fungible_tokens;
      // The real body, with a token at zero and one of the same balance as gox named after it.
      v1.fungible_tokens = {
        ...t,
        spent: { balance: '0', total_sent: '100', total_received: '100' },
        zap: { ...t.gox },
      };
      const p = withoutV3(v1);
      const ft = await client().getFtHoldings(p);
      assert.deepStrictEqual(
        ft.results.map((h) => `${h.asset_identifier} ${h.balance}`),
        ['cash 500000', 'gox 199375', 'zap 199375', 'bux 99615'],
      );
      assert.strictEqual(ft.total, 4);
    });

    it('NFTs: by collection name, collections of none left out', async () => {
      const v1 = v1Body();
      const n = v1.non_fungible_tokens;
      v1.non_fungible_tokens = {
        gox: n.gox,
        tendies: n.tendies,
        cash: n.cash,
        given: { count: '0', total_sent: '4', total_received: '4' },
        bux: n.bux,
      };
      const p = withoutV3(v1);
      const nft = await client().getNftHoldings(p);
      assert.deepStrictEqual(
        nft.results.map((h) => [h.asset_identifier, h.count]),
        [
          ['bux', 262],
          ['cash', 500],
          ['gox', 138],
        ],
      );
    });

    it('pages by limit and offset over what it holds', async () => {
      const p = withoutV3(v1Body());
      const c = client();
      const page = await c.getFtHoldings(p, { limit: 1, offset: 1 });
      assert.deepStrictEqual(page, {
        limit: 1,
        offset: 1,
        total: 3,
        results: [{ asset_identifier: 'gox', balance: '199375' }],
      });
      const nft = await c.getNftHoldings(p, { limit: 2, offset: 0 });
      assert.deepStrictEqual(
        nft.results.map((h) => h.asset_identifier),
        ['bux', 'cash'],
      );
      assert.strictEqual(nft.total, 3);
    });
  });

  describe('a changing list', () => {
    it('reading the first page again forgets where later pages started: the third is walked to afresh', async () => {
      const c = client();
      for (const offset of [0, 1, 2]) await c.getFtHoldings(HOLDER, { limit: 1, offset });
      assert.strictEqual(mock.requestsTo(ftPath(HOLDER)).length, 3);
      await c.getFtHoldings(HOLDER, { limit: 1, offset: 0 });
      mock.reset();
      const third = await c.getFtHoldings(HOLDER, { limit: 1, offset: 2 });
      assert.strictEqual(third.results[0]!.balance, '1000000');
      const asked = mock.requestsTo(ftPath(HOLDER)).map((r) => r.query.get('cursor')?.split(':')[0]);
      assert.deepStrictEqual(asked, ['2000000', '1000000'], 'from the start of page two, not of page three');
    });
  });
});
