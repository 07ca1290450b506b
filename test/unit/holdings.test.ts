import * as assert from 'assert';
import { createStacksClient, FtHolding, MempoolTransaction, NftHolding, Page, StacksApiError } from '../../src/api';
import * as S from '../../src/api/schemas';
import { addressHover, HoverSource } from '../../src/ui/editor/hoverText';
import { nonceGap } from '../../src/chain/nonces';
import type { Section, TableRow, ViewModel } from '../../src/protocol';
import { loadPanel } from '../../src/ui/panels/models';
import { addressModel } from '../../src/ui/panels/models/address';
import { addressPendingSection, nftsSection, tokensSection } from '../../src/ui/panels/models/holdings';
import type { ModelContext } from '../../src/ui/panels/models/values';
import { ADDRESS, TOKEN } from '../fixtures/ids';
import { HOLDER, MIA_ASSET } from '../mock-api/holdings';
import { ERROR_BODIES } from '../mock-api/fixtures';
import { loadFixture, MockApi, startMockApi } from '../mock-api/server';
import { MODEL_CONTEXT } from './modelContext';

const MIA_META = loadFixture('ft-metadata--miamicoin.json') as S.FtMetadata;
const ctx: ModelContext = {
  ...MODEL_CONTEXT,
  network: 'mainnet',
  tokens: new Map([
    [TOKEN.mia, { meta: MIA_META }],
    ['SP000000000000000000002Q6VF78.token-big', { raw: 'the Token Metadata API does not know this token' }],
  ]),
};

const table = (s: Section): Extract<Section, { type: 'table' }> => {
  assert.strictEqual(s.type, 'table');
  return s as Extract<Section, { type: 'table' }>;
};
const cells = (r: TableRow): string[] => r.cells.map((c) => c.map((v) => v.text).join(' '));
const titles = (m: ViewModel): string[] =>
  m.sections.map((s) =>
    String(s.type === 'table' ? s.title : s.type === 'notice' ? s.text : s.type === 'fields' ? s.title : s.type),
  );

const ftPage = (results: FtHolding[], total = results.length): Page<FtHolding> => ({
  limit: 20,
  offset: 0,
  total,
  results,
});

describe('Holdings and pending transactions of an address (issue 14)', () => {
  describe('view models', () => {
    it('tokens with decimals and symbol; raw with the asset identifier and the reason where metadata is absent', () => {
      const three = loadFixture('v3-balances-ft--three.json').results as FtHolding[];
      const t = table(tokensSection(ftPage([{ asset_identifier: MIA_ASSET, balance: '1234567890' }, ...three]), ctx));
      assert.strictEqual(t.title, 'Fungible tokens (4)');
      assert.deepStrictEqual(cells(t.rows[0]!), ['miamicoin', '1,234.56789 MIA', MIA_ASSET]);
      assert.strictEqual(t.rows[0]!.cells[1]![0]!.hint, undefined, 'nothing to say');
      assert.deepStrictEqual(cells(t.rows[1]!), ['big', '3,000,000', three[0]!.asset_identifier]);
      assert.strictEqual(t.rows[1]!.cells[1]![0]!.hint, 'raw amount: the Token Metadata API does not know this token');
      assert.strictEqual(t.rows[1]!.cells[1]![0]!.full, `3000000 ${three[0]!.asset_identifier}`);
      // A token never asked about (devnet or custom) says so too.
      assert.strictEqual(t.rows[2]!.cells[1]![0]!.hint, 'raw amount: no token metadata');
    });

    it('a list longer than a page pages by its own offset', () => {
      const many = Array.from({ length: 20 }, (_, i) => ({
        asset_identifier: `SP000000000000000000002Q6VF78.t${i}::t`,
        balance: '1',
      }));
      const t = table(tokensSection({ limit: 20, offset: 20, total: 45, results: many }, ctx));
      assert.deepStrictEqual(t.paging, { param: 'ftOffset', offset: 20, limit: 20, total: 45, sequential: true });
    });

    it('NFT instances with their values; v1 counts per collection, the value not available', () => {
      const three = loadFixture('v3-balances-nft--three.json').results as NftHolding[];
      const t = table(nftsSection({ limit: 20, offset: 0, total: 3, results: three }, ctx));
      assert.strictEqual(t.title, 'NFTs (3)');
      assert.deepStrictEqual(
        t.rows.map(cells).map((c) => c.slice(0, 2)),
        [
          ['A', 'u1'],
          ['A', 'u2'],
          ['B', 'u1'],
        ],
      );
      const v1 = table(
        nftsSection(
          {
            limit: 20,
            offset: 0,
            total: 1,
            results: [{ asset_identifier: 'bux', count: 262, unavailable: ['value'] }],
          },
          ctx,
        ),
      );
      assert.strictEqual(v1.title, 'NFTs (1 collections)');
      assert.deepStrictEqual(cells(v1.rows[0]!), ['bux', '262', 'bux']);
    });

    it('pending transactions: the ones a nonce gap holds back name the missing nonce', () => {
      const gap = nonceGap(loadFixture('v3-nonces--gap.json'));
      const mk = (nonce: number, sender: string = ADDRESS.pendingSender): MempoolTransaction => ({
        tx_id: '0x' + String(nonce).padStart(64, '0'),
        type: 'token_transfer',
        status: 'pending',
        sender: { address: sender, nonce },
        fee_rate: '3000',
        receipt_time: 1_700_000_000,
      });
      const incoming: MempoolTransaction = {
        ...mk(7, ADDRESS.mainnet),
        token_transfer: { recipient: ADDRESS.pendingSender, amount: '1' },
      };
      const t = table(
        addressPendingSection(
          { limit: 20, offset: 0, total: 4, results: [mk(5), mk(3), mk(9, ADDRESS.mainnet), incoming] },
          ADDRESS.pendingSender,
          gap,
          ctx,
        ),
      );
      assert.strictEqual(t.title, 'Pending transactions (4)');
      assert.strictEqual(cells(t.rows[0]!)[5], 'Stuck: nonce 4 is missing');
      assert.strictEqual(cells(t.rows[1]!)[5], 'Pending');
      assert.strictEqual(cells(t.rows[2]!)[2], '—', 'another sender has no nonce of this address');
      assert.strictEqual(t.rows[2]!.cells[2]![0]!.hint, `sent by ${ADDRESS.mainnet}`);
      assert.strictEqual(cells(t.rows[2]!)[5], 'Calls or deploys it', 'sent by another, so it calls its contract');
      assert.strictEqual(cells(t.rows[3]!)[5], 'Incoming');
    });

    it('the address panel: tokens, NFTs, nonces and pending in that order; an API without v3 says so', () => {
      const balance = S.parseWith(S.StxBalance, loadFixture('stx-balance--locked.json'));
      assert.ok(balance.ok);
      const m = addressModel(
        {
          principal: ADDRESS.pendingSender,
          balance: balance.value,
          txs: { limit: 20, offset: 0, total: 0, results: [] },
          nonces: { ok: true, value: loadFixture('v3-nonces--gap.json') },
          pending: { missing: 'not available on this API' },
          holdings: { ft: ftPage([]), nft: { missing: 'not loaded: rate limited' } },
        },
        {},
        ctx,
      );
      const t = titles(m);
      const at = (s: string) => t.findIndex((x) => x.startsWith(s));
      assert.ok(at('Fungible tokens (0)') < at('NFTs: not loaded: rate limited'), t.join(' | '));
      assert.ok(at('NFTs') < at('Nonces'));
      assert.ok(at('Nonces') < at('Pending transactions: not available on this API'));
      assert.ok(at('Pending transactions') < at('Transactions (0)'));
    });
  });

  describe('the hover', () => {
    const source: HoverSource = { network: 'mainnet', networkLabel: 'Mainnet', baseUrl: 'https://api.example', now: 0 };
    const balance = S.parseWith(S.StxBalance, loadFixture('stx-balance--locked.json'));

    it('counts tokens and NFTs and names the largest with decimals, the rest raw and why', () => {
      assert.ok(balance.ok);
      const md = addressHover(ADDRESS.pendingSender, balance, source, {
        ok: true,
        value: {
          ftTotal: 4,
          nftTotal: 3,
          top: [
            { holding: { asset_identifier: MIA_ASSET, balance: '1234567890' }, meta: MIA_META },
            {
              holding: { asset_identifier: 'SP000000000000000000002Q6VF78.token-big::big', balance: '3000000' },
              meta: 'the Token Metadata API does not know this token',
            },
          ],
        },
      }).markdown;
      assert.match(md, /Tokens: 4 fungible · 3 NFTs/);
      assert.match(md, /1,234\.56789 MIA · `SP466FNC0P7JWTNM2R9T199QRZN1MYEDTAR0KP27\.miamicoin-token::miamicoin`/);
      assert.match(
        md,
        /3000000 `SP000000000000000000002Q6VF78\.token-big::big` _\(raw amount: the Token Metadata API does not know this token\)_/,
      );
      assert.match(md, /and 2 more in the panel/);
    });

    it('a symbol and an asset identifier from a stranger stay inert', () => {
      assert.ok(balance.ok);
      const md = addressHover(ADDRESS.pendingSender, balance, source, {
        ok: true,
        value: {
          ftTotal: 1,
          nftTotal: 0,
          top: [
            {
              holding: { asset_identifier: 'SP1.x::[click](command:evil)', balance: '5' },
              meta: { symbol: '<img src=x onerror=alert(1)>](command:evil)', decimals: 0 },
            },
          ],
        },
      }).markdown;
      assert.doesNotMatch(md, /\]\(command:evil\)/, 'no link');
      assert.doesNotMatch(md, /(^|[^\\])<img/, 'no HTML');
    });
  });

  describe('the client', () => {
    let mock: MockApi;
    before(async () => {
      mock = await startMockApi();
    });
    after(() => mock.close());
    beforeEach(() => mock.reset());
    const ftPath = (p: string) => `/extended/v3/principals/${p}/balances/ft`;

    it('reads the FT and NFT holdings the API asserts, largest first', async () => {
      const c = createStacksClient({ baseUrl: mock.url });
      const ft = await c.getFtHoldings(HOLDER);
      assert.deepStrictEqual(ft.results, loadFixture('v3-balances-ft--three.json').results);
      assert.strictEqual(ft.total, 3);
      const nft = await c.getNftHoldings(HOLDER);
      assert.deepStrictEqual(nft.results, loadFixture('v3-balances-nft--three.json').results);
    });

    it('pages by cursor: a page turned forward is one request, a limit over 200 none', async () => {
      const c = createStacksClient({ baseUrl: mock.url, cache: false });
      const p1 = await c.getFtHoldings(HOLDER, { limit: 1, offset: 0 });
      const p2 = await c.getFtHoldings(HOLDER, { limit: 1, offset: 1 });
      const p3 = await c.getFtHoldings(HOLDER, { limit: 1, offset: 2 });
      assert.deepStrictEqual(
        [p1, p2, p3].map((p) => p.results[0]!.balance),
        ['3000000', '2000000', '1000000'],
      );
      const asked = mock.requestsTo(ftPath(HOLDER));
      assert.strictEqual(asked.length, 3);
      assert.match(asked[2]!.url, /cursor=1000000%3ASP000000000000000000002Q6VF78\.token-small%3A%3Asmall/);
      await assert.rejects(
        c.getNftHoldings(HOLDER, { limit: 201 }),
        (e: unknown) => e instanceof StacksApiError && e.kind === 'invalid-input',
      );
      assert.strictEqual(mock.requestsTo('/extended/v3/principals/' + HOLDER + '/balances/nft').length, 0);
    });

    it('an API without v3: the v1 balances, once asked for v3; the real v1 body mapped', async () => {
      const p = ADDRESS.unknown;
      mock.override(ftPath(p), ERROR_BODIES.unknownRoute('GET', ftPath(p)), 404);
      mock.override(`/extended/v3/principals/${p}/balances/nft`, ERROR_BODIES.unknownRoute('GET', '/x'), 404);
      mock.override(`/extended/v1/address/${p}/balances`, loadFixture('address-balances--v1-tokens.json'));
      const logs: string[] = [];
      const c = createStacksClient({ baseUrl: mock.url, cache: false, log: (_l, m) => logs.push(m) });
      const ft = await c.getFtHoldings(p);
      assert.deepStrictEqual(
        ft.results.map((h) => `${h.asset_identifier} ${h.balance}`),
        ['cash 500000', 'gox 199375', 'bux 99615'],
        'largest first, the negative balance left out',
      );
      const nft = await c.getNftHoldings(p);
      assert.deepStrictEqual(
        nft.results.map((h) => [h.asset_identifier, h.count, h.unavailable]),
        [
          ['bux', 262, ['value']],
          ['cash', 500, ['value']],
          ['gox', 138, ['value']],
        ],
      );
      await c.getFtHoldings(p, { limit: 2, offset: 2 });
      assert.strictEqual(mock.requestsTo(ftPath(p)).length, 1, 'v3 is asked once');
      assert.deepStrictEqual(
        logs.filter((l) => /has no/.test(l)),
        [
          'The API has no /extended/v3/principals/{principal}/balances/ft (404): reading /extended/v1/address/{principal}/balances instead.',
          'The API has no /extended/v3/principals/{principal}/balances/nft (404): reading /extended/v1/address/{principal}/balances instead.',
        ],
        'said once per route',
      );
      assert.strictEqual(mock.requestsTo(`/extended/v1/address/${p}/balances`).length, 3);
    });

    it('the address panel of an API without v3: tokens named by bare ids stay raw, NFT collections with how many are held', async () => {
      const p = ADDRESS.unknown;
      mock.override(ftPath(p), ERROR_BODIES.unknownRoute('GET', ftPath(p)), 404);
      mock.override(`/extended/v3/principals/${p}/balances/nft`, ERROR_BODIES.unknownRoute('GET', '/x'), 404);
      mock.override(`/extended/v1/address/${p}/balances`, loadFixture('address-balances--v1-tokens.json'));
      const c = createStacksClient({ baseUrl: mock.url });
      const { model } = await loadPanel(
        { kind: 'address', id: p },
        {},
        { client: c, ctx: { ...MODEL_CONTEXT, baseUrl: mock.url }, signal: new AbortController().signal },
      );
      const section = (prefix: string) => {
        const t = model.sections.find((x) => x.type === 'table' && x.title?.startsWith(prefix));
        assert.ok(t, `no ${prefix} in ${titles(model).join(', ')}`);
        return table(t);
      };
      const ft = section('Fungible tokens');
      assert.deepStrictEqual(ft.rows.map(cells), [
        ['cash', '500,000', 'cash'],
        ['gox', '199,375', 'gox'],
        ['bux', '99,615', 'bux'],
      ]);
      assert.deepStrictEqual(
        ft.rows.map((r) => r.cells[1]![0]!.hint),
        Array(3).fill('raw amount: the asset identifier names no token contract'),
      );
      const nft = section('NFTs');
      assert.strictEqual(nft.title, 'NFTs (3 collections)');
      assert.deepStrictEqual(
        nft.columns.map((col) => col.label),
        ['Collection', 'Held', 'Asset identifier'],
      );
      assert.deepStrictEqual(nft.rows.map(cells), [
        ['bux', '262', 'bux'],
        ['cash', '500', 'cash'],
        ['gox', '138', 'gox'],
      ]);
    });

    it('other failures are not taken for an API without v3', async () => {
      mock.fault({ match: ftPath(HOLDER), times: 1, fault: { kind: 'status', status: 503 } });
      const c = createStacksClient({ baseUrl: mock.url });
      await assert.rejects(c.getFtHoldings(HOLDER), (e: unknown) => e instanceof StacksApiError && e.kind === 'server');
      assert.strictEqual(mock.requestsTo(`/extended/v1/address/${HOLDER}/balances`).length, 0);
      assert.strictEqual((await c.getFtHoldings(HOLDER)).total, 3, 'and v3 is asked again');
    });

    it("a principal's pending transactions: the API's list of that principal, nothing dropped, paged by cursor", async () => {
      // The API lists what a principal sends, receives or whose contract is called; the client
      // asks that principal's own route and keeps every item of the answer.
      const body = loadFixture('v3-mempool-transactions.json') as { total: number; results: unknown[] };
      const pox = 'SP000000000000000000002Q6VF78.pox-4';
      const sender = 'SP466FNC0P7JWTNM2R9T199QRZN1MYEDTAR0KP27';
      const pendingPath = (p: string) => `/extended/v3/principals/${p}/mempool/transactions`;
      for (const p of [pox, sender]) mock.override(pendingPath(p), body);
      const c = createStacksClient({ baseUrl: mock.url, cache: false });
      for (const p of [pox, sender]) {
        const page = await c.getPrincipalMempoolTransactions(p, { limit: 50 });
        assert.deepStrictEqual(page.results, body.results, p);
        assert.strictEqual(page.total, body.total);
        const asked = mock.requestsTo(pendingPath(p));
        assert.deepStrictEqual(
          asked.map((r) => [r.path, r.query.get('limit')]),
          [[pendingPath(p), '50']],
        );
      }
      mock.reset();
      const mine = await c.getPrincipalMempoolTransactions(ADDRESS.pendingSender, { limit: 10 });
      assert.strictEqual(mine.results.length, 10);
      const next = await c.getPrincipalMempoolTransactions(ADDRESS.pendingSender, { limit: 5, offset: 5 });
      assert.deepStrictEqual(next.results, mine.results.slice(5, 10));
      mock.override(pendingPath(ADDRESS.unknown), ERROR_BODIES.unknownRoute('GET', pendingPath(ADDRESS.unknown)), 404);
      await assert.rejects(
        c.getPrincipalMempoolTransactions(ADDRESS.unknown),
        (e: unknown) =>
          e instanceof StacksApiError &&
          e.kind === 'not-found' &&
          e.message === 'This API has no /extended/v3/principals/{principal}/mempool/transactions.',
      );
    });
  });
});
