// The parts every panel model is built from, at their edges: the table bound, the shared loading
// rules (cancelling, the budget mode, a part that did not answer, page offsets), token metadata for
// more tokens than a panel asks about or that fails, and "Why it failed" with more lines than it
// lists. The panel goldens show these parts on the mock chain's answers; here they meet what a
// hostile or unlucky server gives.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { type StacksClient, type Transaction, createStacksClient } from '../../src/api';
import { StacksApiError } from '../../src/api/errors';
import * as S from '../../src/api/schemas';
import type { Section, ViewModel } from '../../src/protocol';
import { txFailure } from '../../src/ui/failure/failure';
import { loadPanel } from '../../src/ui/panels/models';
import { addressModel } from '../../src/ui/panels/models/address';
import { addressPendingSection } from '../../src/ui/panels/models/holdings';
import type { NonceGap } from '../../src/chain/nonces';
import { blockModel, transactionsTable } from '../../src/ui/panels/models/block';
import { contractModel } from '../../src/ui/panels/models/contracts';
import { contractHash } from '../../src/chain/contractHash';
import { removeEnvSimnet } from '../../src/chain/drift';
import { mempoolModel } from '../../src/ui/panels/models/network';
import { boundTables, MAX_TABLE_ROWS } from '../../src/ui/panels/models/bounds';
import { postConditions } from '../../src/ui/panels/models/postConditions';
import { eventsSection, EVENTS_PER_PAGE } from '../../src/ui/panels/models/txEvents';
import { failureSections, MAX_FAILURE_LINKS, resultText } from '../../src/ui/panels/models/failure';
import { nonceProblem, orMissing, pageStart, unlessRouteMissing } from '../../src/ui/panels/models/load';
import {
  loadTokens,
  MAX_TOKENS_PER_PANEL,
  tokensOfEvents,
  tokensOfTransaction,
} from '../../src/ui/panels/models/tokens';
import { field, NOT_AVAILABLE, text, type ModelContext, type TokenInfo } from '../../src/ui/panels/models/values';
import { ADDRESS, BURN, CONTRACT, DEPLOYED, deployedStatus, TOKEN, TX } from '../fixtures/ids';
import { FIXTURE_DIR } from '../mock-api/fixtures';
import { loadFixture, type MockApi } from '../mock-api/server';
import { withMockClient } from '../fakes/mockClient';
import { MODEL_CONTEXT } from './modelContext';
import { untyped } from '../fakes/fetch';

type Table = Extract<Section, { type: 'table' }>;

function fixtureTx(name: string): Transaction {
  const parsed = S.parseWith(S.Transaction, loadFixture(name));
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.value;
}

function table(title: string | undefined, rows: number, detail?: (i: number) => Section[]): Table {
  return {
    type: 'table',
    ...(title !== undefined ? { title } : {}),
    columns: [{ label: '#' }],
    empty: 'None',
    rows: Array.from({ length: rows }, (_, i) => ({
      cells: [[text(i)]],
      ...(detail ? { detail: detail(i) } : {}),
    })),
  };
}

function model(...sections: Section[]): ViewModel {
  return untyped<ViewModel>({ kind: 'tx', title: 'T', badges: [], sections });
}

/** A list an API answer carries, from `test/fixtures/api-parts/` (see its SOURCES.md). */
function answerPart(name: string): unknown[] {
  return JSON.parse(fs.readFileSync(path.join(FIXTURE_DIR, '..', 'api-parts', name), 'utf8')) as unknown[];
}
/** An NFT, a token and an STX post-condition, as the API's test asserts them. */
const API_POST_CONDITIONS = answerPart('post_conditions--nft-ft-stx.json');

describe('panel model parts', () => {
  describe('the table bound', () => {
    const fields: Section = { type: 'fields', rows: [field('Fee', text('1 STX'))] };

    it('leaves a model whose tables fit as it was, the very same object', () => {
      const m = model(
        fields,
        table('Events', MAX_TABLE_ROWS, () => [table('Inner', MAX_TABLE_ROWS)]),
      );
      assert.strictEqual(boundTables(m), m);
    });

    it('cuts a table one row over the bound, keeps every other section, and says what it cut', () => {
      const m = model(fields, table('Post-conditions', MAX_TABLE_ROWS + 1), table('Events', MAX_TABLE_ROWS));
      const b = boundTables(m);
      assert.deepStrictEqual(
        b.sections.map((s) => [s.type, s.type === 'table' ? s.rows.length : s.type === 'notice' ? s.text : '']),
        [
          ['fields', ''],
          ['table', MAX_TABLE_ROWS],
          ['notice', 'Post-conditions: showing the first 1,000 of 1,001 rows.'],
          ['table', MAX_TABLE_ROWS],
        ],
      );
      const notice = b.sections[2] as Extract<Section, { type: 'notice' }>;
      assert.strictEqual(notice.tone, 'warning');
      assert.strictEqual(notice.icon, 'warning');
      assert.strictEqual((m.sections[1] as Table).rows.length, MAX_TABLE_ROWS + 1, 'the input is not changed');
    });

    it('names a table without a title "This list"', () => {
      const b = boundTables(model(table(undefined, 5_000)));
      assert.strictEqual((b.sections[1] as { text: string }).text, 'This list: showing the first 1,000 of 5,000 rows.');
    });

    it('cuts a huge table inside an expanded row, and leaves the rows around it', () => {
      const m = model(table('Transactions', 2, (i) => (i === 1 ? [table('Events', 20_000)] : [fields])));
      const outer = boundTables(m).sections[0] as Table;
      assert.strictEqual(outer.rows.length, 2);
      assert.deepStrictEqual(outer.rows[0]!.detail, [fields]);
      const inner = outer.rows[1]!.detail!;
      assert.strictEqual((inner[0] as Table).rows.length, MAX_TABLE_ROWS);
      assert.strictEqual((inner[1] as { text: string }).text, 'Events: showing the first 1,000 of 20,000 rows.');
    });
  });

  describe('the loading rules', () => {
    it('starts a page on its boundary and never below zero', () => {
      assert.deepStrictEqual(
        [undefined, -20, 0, 19, 20, 45, 1.5, Number.MAX_VALUE].map((o) => pageStart(o, 20)),
        [0, 0, 0, 0, 20, 40, 0, 0],
      );
    });

    it('says why a side part is missing in a few words, and lets a cancel through', async () => {
      const err = (kind: ConstructorParameters<typeof StacksApiError>[0]) => new StacksApiError(kind, 'm');
      assert.strictEqual(nonceProblem(err('not-found')), NOT_AVAILABLE);
      assert.strictEqual(nonceProblem(err('gone')), NOT_AVAILABLE);
      assert.strictEqual(nonceProblem(err('rate-limited')), 'not loaded: rate limited');
      assert.strictEqual(nonceProblem(err('invalid-response')), 'not loaded: invalid response');
      assert.strictEqual(nonceProblem(new TypeError('x is undefined')), 'not loaded: unexpected error');
      assert.throws(() => nonceProblem(err('cancelled')), { kind: 'cancelled' });
      assert.deepStrictEqual(await orMissing(Promise.reject(err('server'))), { missing: 'not loaded: server' });
      assert.strictEqual(await orMissing(Promise.resolve(7)), 7);
      await assert.rejects(orMissing(Promise.reject(err('cancelled'))), { kind: 'cancelled' });
    });

    it('shows a part as missing only when the route is missing, or any 404 where asked', async () => {
      const routeMissing = new StacksApiError('not-found', 'Route GET:/x not found', { routeMissing: true });
      const notFound = new StacksApiError('not-found', 'Block not found', { status: 404 });
      const server = new StacksApiError('server', 'down', { status: 503 });
      assert.deepStrictEqual(await unlessRouteMissing(Promise.reject(routeMissing)), { missing: NOT_AVAILABLE });
      await assert.rejects(unlessRouteMissing(Promise.reject(notFound)), { message: 'Block not found' });
      assert.deepStrictEqual(await unlessRouteMissing(Promise.reject(notFound), true), { missing: NOT_AVAILABLE });
      await assert.rejects(unlessRouteMissing(Promise.reject(server), true), { message: 'down' });
    });

    describe('against the mock', () => {
      let mock: MockApi;
      withMockClient((m) => (mock = m));
      const ctx = MODEL_CONTEXT;
      /** What a panel load against the mock carries: a new client (an empty cache), the mock's URL. */
      const loadOptions = (over: Partial<ModelContext> = {}, signal = new AbortController().signal) => ({
        client: createStacksClient({ baseUrl: mock.url }),
        ctx: { ...ctx, baseUrl: mock.url, ...over },
        signal,
      });

      it('a panel load that is cancelled stops its request at once and rejects as cancelled', async () => {
        mock.fault({ match: `/extended/v1/tx/${TX.tokenTransfer}`, fault: { kind: 'hang' } });
        const ac = new AbortController();
        const load = loadPanel({ kind: 'tx', id: TX.tokenTransfer }, {}, loadOptions({}, ac.signal));
        await waitFor(() => mock.hanging === 1);
        ac.abort();
        await assert.rejects(load, { kind: 'cancelled' });
        await waitFor(() => mock.hanging === 0);
      });

      it('a page of Stacks blocks is asked at its offset, and turning it does not ask for the burn block again', async () => {
        const o = loadOptions();
        const target = { kind: 'burnBlock' as const, id: String(BURN.height700000) };
        const first = await loadPanel(target, {}, o);
        const second = await loadPanel(target, { blockOffset: 25 }, { ...o, previous: first.parts });
        assert.deepStrictEqual(second.params, { blockOffset: 20 }, 'the offset starts a page');
        assert.deepStrictEqual(first.params, {});
        const blocksAsked = mock.requestsTo('/extended/v2/burn-blocks/').map((r) => r.url);
        assert.deepStrictEqual(
          blocksAsked.map((u) => new URL(u, mock.url).pathname.split('/').pop() + new URL(u, mock.url).search),
          [String(BURN.height700000), 'blocks?limit=20&offset=0', 'blocks?limit=20&offset=20'],
        );
        const page2 = second.model.sections.find((x) => x.type === 'table');
        assert.ok(page2?.type === 'table');
        assert.deepStrictEqual(page2.paging, {
          param: 'blockOffset',
          offset: 20,
          limit: 20,
          total: BURN.stacksBlocks700000,
        });
      });

      it('a contract whose interface does not load shows the rest, says why, and lets go of the chosen function', async () => {
        const o = loadOptions();
        mock.fault({ match: '/v2/contracts/interface/', fault: { kind: 'status', status: 500 } });
        const loaded = await loadPanel({ kind: 'contract', id: CONTRACT.typeProbe }, { fn: 'get-score' }, o);
        assert.deepStrictEqual(loaded.params, {});
        assert.strictEqual(loaded.model.title, 'Contract type-probe');
        const said = loaded.model.sections.flatMap((x) => (x.type === 'notice' ? [x.text] : []));
        assert.ok(
          said.some((t) => t.startsWith("The contract's interface did not load: ")),
          said.join('\n'),
        );
      });

      it('a list of contracts ignores empty ids between commas', async () => {
        const o = loadOptions();
        const loaded = await loadPanel(
          { kind: 'contracts', id: `,${CONTRACT.deployed},,${CONTRACT.memoPayments},` },
          {},
          o,
        );
        const rows = loaded.model.sections.find((x) => x.type === 'table');
        assert.ok(rows?.type === 'table');
        assert.deepStrictEqual(
          rows.rows.map((r) => r.cells[0]![0]!.full),
          [CONTRACT.deployed, CONTRACT.memoPayments],
        );
      });

      it("a workspace contract's panel shows the local file's contract-hash? beside the deployed one, and whether they match", async () => {
        const o = loadOptions();
        mock.override('/extended/v2/smart-contracts/status', deployedStatus(DEPLOYED.userRegistry));
        const fixture = (p: string) => fs.readFileSync(path.resolve(__dirname, '../../../test/fixtures', p), 'utf8');
        const deployed = fixture('deployed/ccd003-user-registry.clar');
        const hashRow = async (local: { file: string; text: string } | undefined) => {
          const asked: string[] = [];
          const options = { ...o, localContract: async (id: string) => (asked.push(id), local) };
          const m = (await loadPanel({ kind: 'contract', id: DEPLOYED.userRegistry.id }, {}, options)).model;
          const rows = m.sections.flatMap((x) => (x.type === 'fields' ? x.rows : []));
          const row = (label: string) => rows.find((r) => r.label === label)?.values.map((v) => [v.text, v.tone]);
          return { asked, deployed: row('Contract hash'), local: row('Local file hash') };
        };
        const file = 'contracts/ccd003-user-registry.clar';
        const same = await hashRow({ file, text: deployed });
        assert.deepStrictEqual(same.asked, [DEPLOYED.userRegistry.id], 'the workspace is asked for this contract');
        assert.deepStrictEqual(same.deployed, [[contractHash(deployed), undefined]]);
        assert.deepStrictEqual(same.local, [
          [contractHash(deployed), undefined],
          [`${file}, as Clarinet deploys it`, 'muted'],
          ['Same as deployed', 'success'],
        ]);
        // The workspace's real file: its #[env(simnet)] code stripped first, as Clarinet broadcasts
        // it, and it is not what was deployed.
        const local = fixture('workspace/contracts/ccd003-user-registry.clar');
        const drifted = await hashRow({ file, text: local });
        assert.deepStrictEqual(drifted.local, [
          [contractHash(removeEnvSimnet(local)!), undefined],
          [`${file}, as Clarinet deploys it`, 'muted'],
          ['Differs from the deployed contract', 'warning'],
        ]);
        assert.notStrictEqual(contractHash(removeEnvSimnet(local)!), contractHash(local));
        // A contract no project of the workspace deploys: no such row.
        assert.strictEqual((await hashRow(undefined)).local, undefined);
      });

      it('the status of an API without a chain tip (a fresh devnet) says it may still be syncing', async () => {
        const o = loadOptions();
        const { chain_tip: _tip, ...status } = loadFixture('server-status.json') as Record<string, unknown>;
        mock.override('/extended', { ...status, status: 'starting' });
        const m = (await loadPanel({ kind: 'status', id: '' }, {}, o)).model;
        assert.deepStrictEqual(m.badges[0], { t: 'badge', text: 'starting', tone: 'warning', icon: 'warning' });
        const server = m.sections.find((x) => x.type === 'fields');
        assert.ok(server?.type === 'fields');
        assert.deepStrictEqual(
          server.rows.map((r) => [r.label, r.values[0]!.text]),
          [
            ['Network', 'Custom'],
            ['Base URL', mock.url],
            ['API key in use', 'No'],
            ['Server version', 'stacks-blockchain-api v1.0.7 (master:77b25878)'],
            ['Status', 'starting'],
          ],
        );
        const notice = m.sections.find((x) => x.type === 'notice');
        assert.deepStrictEqual(notice, {
          type: 'notice',
          tone: 'warning',
          icon: 'warning',
          text: 'The API did not report a chain tip: it may still be syncing.',
        });
        mock.reset();
        const fresh = loadOptions();
        const ready = (await loadPanel({ kind: 'status', id: '' }, {}, fresh)).model;
        assert.deepStrictEqual(ready.badges[0], { t: 'badge', text: 'ready', tone: 'success', icon: 'pass' });
      });

      it('a pending transaction the node received after this clock’s now shows its time, not “in the future”', async () => {
        const past = loadOptions({ now: Date.parse('2000-01-01T00:00:00Z') });
        const m = (await loadPanel({ kind: 'mempool', id: '' }, {}, past)).model;
        const pending = m.sections.find((x) => x.type === 'table' && x.title?.startsWith('Pending transactions ('));
        assert.ok(pending?.type === 'table' && pending.rows.length > 0);
        const ages = pending.rows.map((r) => r.cells[4]![0]!);
        assert.ok(
          ages.every((a) => a.t === 'time' && /\b20\d\d\b/.test(a.text)),
          JSON.stringify(ages.slice(0, 2)),
        );
      });

      it('the mempool panel keeps the page of pending transactions it shows, on its boundary', async () => {
        const o = loadOptions();
        assert.deepStrictEqual((await loadPanel({ kind: 'mempool', id: '' }, { pendingOffset: 25 }, o)).params, {
          pendingOffset: 20,
        });
        assert.deepStrictEqual((await loadPanel({ kind: 'mempool', id: '' }, {}, o)).params, {});
      });

      it('a contract panel offers to check the other networks, not the one it is on', async () => {
        const onMainnet = loadOptions({ network: 'mainnet', networkLabel: 'Mainnet' });
        const m = (await loadPanel({ kind: 'contract', id: CONTRACT.deployed }, {}, onMainnet)).model;
        const labels = m.sections.flatMap((x) => (x.type === 'actions' ? x.actions.map((a) => a.label) : []));
        assert.deepStrictEqual(
          labels.filter((l) => l.startsWith('Check on')),
          ['Check on Testnet', 'Check on Devnet'],
        );
      });

      it('a restored panel (fail-fast) does not wait for the budget; an explicit one waits and says so', async () => {
        const client = createStacksClient({ baseUrl: mock.url, rateLimit: { limit: 1, windowMs: 300 } });
        const signal = new AbortController().signal;
        const c = { ...ctx, baseUrl: mock.url };
        await client.getServerStatus({ signal });
        await assert.rejects(
          loadPanel({ kind: 'tx', id: TX.tokenTransfer }, {}, { client, ctx: c, signal, budget: 'fail-fast' }),
          { kind: 'rate-limited' },
        );
        const waits: number[] = [];
        const loaded = await loadPanel(
          { kind: 'tx', id: TX.tokenTransfer },
          {},
          { client, ctx: c, signal, onWait: (ms) => waits.push(ms) },
        );
        assert.strictEqual(loaded.model.title, 'Token transfer');
        assert.ok(waits.length > 0 && waits[0]! > 0, `told how long it waits: ${waits.join(', ')}`);
      });
    });
  });

  describe('token metadata', () => {
    let mock: MockApi;
    let client: StacksClient;
    withMockClient((m, k) => ((mock = m), (client = k)));
    const mainnet = { ...MODEL_CONTEXT, network: 'mainnet' as const, networkLabel: 'Mainnet' };
    const asked = () => mock.requestsTo('/metadata/v1/ft/').length;
    const meta = (t: TokenInfo | undefined) => (t && 'meta' in t ? t.meta : undefined);
    const raw = (t: TokenInfo | undefined) => (t && 'raw' in t ? t.raw : undefined);

    it('takes the fungible tokens of a transaction, not its NFTs or STX', () => {
      const tx = fixtureTx('tx-contract_call-ft_transfer.json');
      // An NFT transfer and the post-conditions of test/fixtures/api-parts/.
      const [nftEvent] = answerPart('events--nft-transfer-docs.json');
      const parsed = S.parseWith(S.Transaction, {
        ...(loadFixture('tx-contract_call-ft_transfer.json') as object),
        events: [...(tx.events ?? []), nftEvent],
        post_conditions: API_POST_CONDITIONS,
      });
      assert.ok(parsed.ok, parsed.ok ? '' : parsed.problem);
      assert.deepStrictEqual(tokensOfTransaction(parsed.value), [
        TOKEN.mia,
        'STRYYQQ9M8KAF4NS7WNZQYY59X93XEKR31JP64CP.hello-ft',
      ]);
    });

    it('takes the fungible tokens of an address’s events, once each', () => {
      const page = S.parseWith(S.AddressEventsPage, loadFixture('address-tx-events--mainnet.json'));
      assert.ok(page.ok, page.ok ? '' : page.problem);
      assert.deepStrictEqual(
        page.value.results.map((e) => e.type),
        ['stx', 'stx', 'ft', 'nft'],
        'the fixture has an NFT beside the token',
      );
      assert.deepStrictEqual(tokensOfEvents(page.value), [TOKEN.mia]);
      assert.deepStrictEqual(
        tokensOfEvents({ ...page.value, results: [...page.value.results, ...page.value.results] }),
        [TOKEN.mia],
      );
    });

    it('names the network it does not ask on', async () => {
      const onDevnet = await loadTokens([TOKEN.mia], client, { ...MODEL_CONTEXT, network: 'devnet' }, {});
      const onCustom = await loadTokens([TOKEN.mia], client, MODEL_CONTEXT, {});
      assert.deepStrictEqual(onDevnet.get(TOKEN.mia), { raw: 'token metadata is not asked for on Devnet' });
      assert.deepStrictEqual(onCustom.get(TOKEN.mia), { raw: 'token metadata is not asked for on a custom network' });
      assert.strictEqual(asked(), 0);
    });

    it(`asks about the first ${MAX_TOKENS_PER_PANEL} tokens of a panel and says why the rest stay raw`, async () => {
      const ids = Array.from({ length: MAX_TOKENS_PER_PANEL + 2 }, (_, i) => `${TOKEN.unknown}-${i}`);
      const info = await loadTokens([TOKEN.mia, ...ids], client, mainnet, {});
      assert.strictEqual(asked(), MAX_TOKENS_PER_PANEL);
      assert.strictEqual(meta(info.get(TOKEN.mia))?.symbol, 'MIA');
      assert.deepStrictEqual(info.get(ids[MAX_TOKENS_PER_PANEL - 2]!), {
        raw: 'the Token Metadata API does not know this token',
      });
      for (const id of ids.slice(MAX_TOKENS_PER_PANEL - 1))
        assert.deepStrictEqual(info.get(id), { raw: 'metadata is asked for the first 20 tokens of a panel only' });
      assert.deepStrictEqual(
        mock
          .requestsTo('/metadata/v1/ft/')
          .map((r) => r.url.split('/').pop())
          .sort(),
        [TOKEN.mia, ...ids.slice(0, MAX_TOKENS_PER_PANEL - 1)].sort(),
      );
    });

    it('shows a token raw when its metadata fails, and the rest of the panel is not held up', async () => {
      mock.fault({ match: `/metadata/v1/ft/${TOKEN.unknown}`, fault: { kind: 'malformed' } });
      const info = await loadTokens([TOKEN.unknown, TOKEN.mia], client, mainnet, {});
      assert.deepStrictEqual(info.get(TOKEN.unknown), { raw: 'the token metadata could not be loaded' });
      assert.strictEqual(meta(info.get(TOKEN.mia))?.decimals, 6);
    });

    it('never waits for the rate budget: without budget left the amount shows raw', async () => {
      const tight = createStacksClient({ baseUrl: mock.url, rateLimit: { limit: 1, windowMs: 60_000 } });
      const started = Date.now();
      const info = await loadTokens([TOKEN.mia, TOKEN.fetching], tight, mainnet, {});
      assert.ok(Date.now() - started < 5_000, 'answered without waiting out the minute');
      assert.deepStrictEqual(
        [info.get(TOKEN.mia), info.get(TOKEN.fetching)].map(raw).filter((r) => r !== undefined),
        ['the token metadata could not be loaded'],
      );
      assert.strictEqual(asked(), 1);
    });

    it('lets a cancel through instead of showing the tokens raw', async () => {
      mock.fault({ match: '/metadata/v1/ft/', fault: { kind: 'hang' } });
      const ac = new AbortController();
      const loading = loadTokens([TOKEN.mia], client, mainnet, { signal: ac.signal });
      await waitFor(() => mock.hanging === 1);
      ac.abort();
      await assert.rejects(loading, { kind: 'cancelled' });
    });
  });

  describe('the events table', () => {
    // The events of the API's documented smart-contract transaction: token and NFT mints (no
    // sender), a print, and transfers of both.
    const DOCS_EVENTS = answerPart('events--smart_contract-docs.json');
    const tx = (over: Record<string, unknown>): Transaction => {
      const parsed = S.parseWith(S.Transaction, { ...(loadFixture('tx-smart_contract.json') as object), ...over });
      assert.ok(parsed.ok, parsed.ok ? '' : parsed.problem);
      return parsed.value;
    };
    const rowsOf = (s: Section | undefined) => {
      assert.ok(s?.type === 'table');
      return s.rows.map((r) => r.cells.map((c) => c.map((v) => v.full ?? v.text).join(' ')));
    };

    it('shows a mint without a sender, a transfer from and to, and an NFT by its value', () => {
      const s = eventsSection(tx({ events: DOCS_EVENTS, event_count: 6 }), 0, MODEL_CONTEXT);
      const ft = 'STJTXEJPJPPVDNA9B052NSRRBGQCFNKVS178VGH1.hello_world::novel-token-19';
      const nft = 'STJTXEJPJPPVDNA9B052NSRRBGQCFNKVS178VGH1.hello_world::hello-nft';
      const [minter, other] = [
        'SZ2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKQ9H6DPR',
        'SM2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKQVX8X0G',
      ];
      assert.deepStrictEqual(rowsOf(s), [
        ['0', 'Fungible token', `mint ${ft} to ${minter}`, `12 ${ft}`],
        ['1', 'NFT', `mint ${nft} to ${minter}`, '1'],
        ['2', 'NFT', `mint ${nft} to ${minter}`, '2'],
        ['3', 'Contract log', 'STJTXEJPJPPVDNA9B052NSRRBGQCFNKVS178VGH1.hello_world print "Event! Hello world"', '—'],
        ['4', 'Fungible token', `transfer ${ft} from ${minter} to ${other}`, `2 ${ft}`],
        ['5', 'NFT', `transfer ${nft} from ${minter} to ${other}`, '1'],
      ]);
    });

    it(`pages only past ${EVENTS_PER_PAGE} events, and keeps the way back on a later page`, () => {
      const paging = (count: number, offset: number, events: unknown[] = DOCS_EVENTS) => {
        const s = eventsSection(tx({ events, event_count: count }), offset, MODEL_CONTEXT);
        assert.ok(s?.type === 'table');
        return s.paging && [s.paging.offset, s.paging.total];
      };
      assert.strictEqual(paging(EVENTS_PER_PAGE, 0), undefined);
      assert.deepStrictEqual(paging(EVENTS_PER_PAGE + 1, 0), [0, EVENTS_PER_PAGE + 1]);
      assert.deepStrictEqual(paging(6, EVENTS_PER_PAGE), [EVENTS_PER_PAGE, EVENTS_PER_PAGE + 6]);
      // A page past the end (the count went down since): still a way back.
      assert.deepStrictEqual(paging(6, EVENTS_PER_PAGE, []), [EVENTS_PER_PAGE, EVENTS_PER_PAGE]);
    });
  });

  describe('the post-conditions table', () => {
    it('shows an NFT, a token and an STX condition as the API asserts them, row by row', () => {
      const parsed = S.parseWith(S.Transaction, {
        ...(loadFixture('tx-contract_call-ft_transfer.json') as object),
        post_conditions: API_POST_CONDITIONS,
      });
      assert.ok(parsed.ok, parsed.ok ? '' : parsed.problem);
      const s = postConditions(parsed.value, MODEL_CONTEXT);
      const asset = 'STRYYQQ9M8KAF4NS7WNZQYY59X93XEKR31JP64CP';
      assert.ok(s.type === 'table');
      assert.deepStrictEqual(
        s.rows.map((r) => r.cells.map((c) => c.map((v) => v.text).join(' '))),
        [
          ['NFT', 'ST1HB1…9EPJKR', 'does not send', `${asset}.hello::asset-name`, '0x61737365742d76616c7565'],
          ['Fungible token', 'ST1HB1…9EPJKR', 'sends at least', `${asset}.hello-ft::asset-name-ft`, '123,456'],
          ['STX', 'ST1HB1…9EPJKR', 'sends at most', 'STX', '36.723458 STX'],
        ],
      );
      assert.strictEqual(s.title, 'Post-conditions (mode Deny: only the transfers listed here may happen)');
    });
  });

  describe('why it failed', () => {
    let client: StacksClient;
    withMockClient((_m, k) => (client = k));
    const failed = fixtureTx('tx-failed.json');
    const contractId = failed.contract_call!.contract_id;

    /** The called function returning the transaction's `(err u1)` from `n` places: more than any real contract here does. */
    function sourceReturningFrom(n: number): string {
      const checks = Array.from({ length: n }, (_, i) => `    (asserts! (> arg1 ${i}) ERR-LOW)`).join('\n');
      return `(define-constant ERR-LOW (err u1))\n(define-public (fn-name (arg1 int))\n  (begin\n${checks}\n    (ok true)))\n`;
    }

    async function sections(n: number, tx: Transaction = failed): Promise<Section[]> {
      client.rememberContractSource(contractId, { source: sourceReturningFrom(n), publish_height: 1 });
      return failureSections(await txFailure(tx, client), 'testnet');
    }

    it(`lists ${MAX_FAILURE_LINKS} lines with a button each, the first the main one, and counts the rest`, async () => {
      const [why, buttons] = await sections(MAX_FAILURE_LINKS + 3);
      assert.ok(why?.type === 'fields' && buttons?.type === 'actions');
      assert.deepStrictEqual(
        why.rows.map((r) => r.label),
        ['Error', ...Array<string>(MAX_FAILURE_LINKS).fill('ERR-LOW'), 'More'],
      );
      assert.strictEqual(why.rows[1]!.values[0]!.text, 'asserts! in fn-name, line 4');
      const opens = buttons.actions.filter((a) => a.intent.type === 'openErrorLine');
      assert.deepStrictEqual(
        opens.map((a) => [a.label, !!a.primary, a.intent.type === 'openErrorLine' && a.intent.line.link]),
        Array.from({ length: MAX_FAILURE_LINKS }, (_, i) => [`Open ERR-LOW (line ${i + 4})`, i === 0, i]),
      );
      assert.deepStrictEqual(
        buttons.actions.slice(MAX_FAILURE_LINKS).map((a) => a.label),
        ['Trace', 'Re-simulate now', 'Re-simulate at the block before'],
      );
    });

    it(`has no "More" row at exactly ${MAX_FAILURE_LINKS} lines`, async () => {
      const [why] = await sections(MAX_FAILURE_LINKS);
      assert.ok(why?.type === 'fields');
      assert.strictEqual(why.rows.length, 1 + MAX_FAILURE_LINKS);
      assert.ok(!why.rows.some((r) => r.label === 'More'));
    });

    it('offers no button for a failure that is not a contract call', async () => {
      const aborted = fixtureTx('tx-abort_by_post_condition.json');
      const s = failureSections(await txFailure(aborted, client), 'testnet');
      assert.deepStrictEqual(
        s.map((x) => x.type),
        ['fields'],
      );
    });

    it('shows the result when the source could not be read, beside the reason', async () => {
      const f = await txFailure(failed, client);
      const [why] = failureSections(f, 'testnet');
      assert.ok(why?.type === 'fields');
      assert.deepStrictEqual(
        why.rows.map((r) => [r.label, r.values[0]!.text]),
        [
          [
            'Error',
            'Failed with (err u1). No name was found: the contract’s source could not be read (Not found: No contract source data found).',
          ],
          ['Result', '(err u1)'],
        ],
      );
    });

    it('decodes the result of a failed transaction only', () => {
      assert.deepStrictEqual(resultText(failed), { resultText: '(err u1)' });
      assert.deepStrictEqual(resultText(fixtureTx('tx-token_transfer.json')), {});
      assert.deepStrictEqual(resultText(fixtureTx('tx-pending.json')), {});
    });
  });

  describe('the block and mempool panels', () => {
    const block = (() => {
      const r = S.parseWith(S.Block, loadFixture('block-v2--latest.json'));
      if (!r.ok) throw new Error(r.problem);
      return r.value;
    })();
    const actionsOf = (m: ViewModel) =>
      m.sections.flatMap((s) => (s.type === 'actions' ? s.actions.map((a) => a.label) : []));

    it('the genesis block links to no previous block; the tip to no next one', () => {
      const genesis = actionsOf(blockModel({ ...block, height: 0 }, undefined, 'v2', MODEL_CONTEXT));
      assert.ok(genesis.includes('Next block #1') && !genesis.some((a) => a.startsWith('Previous block')));
      const middle = actionsOf(blockModel({ ...block, height: 5 }, undefined, 'v2', MODEL_CONTEXT));
      assert.deepStrictEqual(middle.slice(0, 2), ['Previous block #4', 'Next block #6']);
      const tip = actionsOf(blockModel({ ...block, height: 5 }, undefined, 'v2', MODEL_CONTEXT, true));
      assert.ok(tip.includes('Previous block #4') && !tip.some((a) => a.startsWith('Next block')));
    });

    it("a block's and the mempool's lists page past one page, or from a later page of a list that shrank", () => {
      const empty = { limit: 20, offset: 0, total: 0, results: [] };
      const blockPaging = (p: { limit: number; offset: number; total: number }) =>
        (transactionsTable({ ...empty, ...p }, MODEL_CONTEXT) as Table).paging?.offset;
      const mempoolPaging = (p: { limit: number; offset: number; total: number }) =>
        (
          mempoolModel(
            {
              stats: loadFixture('mempool-stats.json'),
              fees: loadFixture('mempool-fees.json'),
              pending: { ...empty, ...p },
            },
            MODEL_CONTEXT,
          ).sections.find((s) => s.type === 'table' && !!s.title?.startsWith('Pending')) as Table
        ).paging?.offset;
      for (const paging of [blockPaging, mempoolPaging]) {
        assert.strictEqual(paging({ limit: 20, offset: 0, total: 20 }), undefined);
        assert.strictEqual(paging({ limit: 20, offset: 0, total: 21 }), 0);
        assert.strictEqual(paging({ limit: 20, offset: 20, total: 15 }), 20);
      }
      const none = transactionsTable(empty, MODEL_CONTEXT) as Table;
      assert.deepStrictEqual([none.rows, none.empty], [[], 'This block has no transactions.']);
    });
  });

  describe('a contract whose deploy failed', () => {
    it('says so in words, in the failure tone; an unknown status as the API wrote it', () => {
      const status = (value: string | undefined) =>
        contractModel(
          CONTRACT.deployed,
          {
            [CONTRACT.deployed]: {
              found: true,
              result: {
                ...(value !== undefined ? { status: value } : {}),
                tx_id: `0x${'1'.repeat(64)}`,
                contract_id: CONTRACT.deployed,
              },
            },
          } as never,
          undefined,
          MODEL_CONTEXT,
        ).badges[0];
      assert.deepStrictEqual(status('abort_by_response'), {
        t: 'badge',
        text: 'Failed (aborted by response)',
        tone: 'failed',
      });
      assert.deepStrictEqual(status('abort_by_post_condition'), {
        t: 'badge',
        text: 'Failed (post-condition)',
        tone: 'failed',
      });
      assert.deepStrictEqual(status('something_new'), {
        t: 'badge',
        text: 'Unknown status (something_new)',
        tone: 'muted',
      });
      assert.deepStrictEqual(status(undefined), { t: 'badge', text: 'Unknown', tone: 'muted' });
    });
  });

  describe("an address's pending transactions", () => {
    const page = (() => {
      const r = S.parseWith(S.MempoolTransactionsPage, loadFixture('v3-mempool-transactions.json'));
      if (!r.ok) throw new Error(r.problem);
      return r.value;
    })();
    const SENDER = 'SP466FNC0P7JWTNM2R9T199QRZN1MYEDTAR0KP27';
    const RECIPIENT = 'STB44HYPYAT2BB2QE513NSP81HTMYWBJP02HPGK6';
    const states = (address: string, gap?: NonceGap) =>
      (addressPendingSection({ ...page, offset: 0 }, address, gap, MODEL_CONTEXT) as Table).rows.map((r) => [
        r.cells[2]![0]!.text,
        r.cells[2]![0]!.hint,
        r.cells[5]![0]!.text,
      ]);

    it("the sender's own: nonce and Pending, or Stuck above a missing nonce", () => {
      assert.deepStrictEqual(states(SENDER), [
        ['4', undefined, 'Pending'],
        ['3', undefined, 'Pending'],
      ]);
      const gap = untyped<NonceGap>({ missing: [3], blocked: [4], message: '' });
      assert.deepStrictEqual(states(SENDER, gap), [
        ['4', undefined, 'Stuck: nonce 3 is missing'],
        ['3', undefined, 'Pending'],
      ]);
    });

    it('sent by another principal: who sent it, and Incoming when it pays this address', () => {
      const by = `sent by ${SENDER}`;
      assert.deepStrictEqual(states(RECIPIENT), [
        ['—', by, 'Calls or deploys it'],
        ['—', by, 'Incoming'],
      ]);
    });
  });

  describe('the address panel', () => {
    const parsed = <T>(schema: S.Schema<T>, file: string): T => {
      const r = S.parseWith(schema, loadFixture(file));
      if (!r.ok) throw new Error(r.problem);
      return r.value;
    };
    const balance = parsed(S.StxBalance, 'stx-balance--locked.json');
    const txPage = parsed(S.AddressTransactionsPage, 'address-transactions--mainnet.json');
    const eventPage = parsed(S.AddressEventsPage, 'address-tx-events--mainnet.json');
    const txId = txPage.results[0]!.tx.tx_id;
    const base = { principal: ADDRESS.mainnet, balance, txs: txPage };
    const tableOf = (m: ViewModel, prefix: string) =>
      m.sections.find((s): s is Table => s.type === 'table' && !!s.title?.startsWith(prefix))!;

    it('an estimated balance only when it differs from the balance', () => {
      const labels = (b: typeof balance) =>
        addressModel({ ...base, balance: b }, {}, MODEL_CONTEXT).sections.flatMap((s) =>
          s.type === 'fields' && s.title === 'Balance' ? s.rows.map((r) => r.label) : [],
        );
      assert.ok(!labels({ ...balance, estimated_balance: balance.balance }).includes('Estimated balance'));
      assert.ok(labels({ ...balance, estimated_balance: '1' }).includes('Estimated balance'));
    });

    it('stacking only when some STX are locked: not for 0, nor for an empty amount', () => {
      const badges = (locked: string) =>
        addressModel({ ...base, balance: { ...balance, locked } }, {}, MODEL_CONTEXT).badges.map((b) => b.text);
      assert.deepStrictEqual(badges('1'), ['Stacking']);
      assert.deepStrictEqual(badges('0'), []);
      assert.deepStrictEqual(badges(''), []);
    });

    it('a contract principal: its title, icon, and a nonces section saying it has none', () => {
      const m = addressModel({ ...base, principal: CONTRACT.deployed }, {}, MODEL_CONTEXT);
      assert.deepStrictEqual([m.title, m.icon], ['Contract principal', 'file-code']);
      assert.ok(m.sections.some((s) => s.type === 'fields' && s.title === 'Nonces'));
      const failed = addressModel({ ...base, nonces: { ok: false, short: 'timed out' } }, {}, MODEL_CONTEXT);
      assert.deepStrictEqual([failed.title, failed.icon], ['Address', 'account']);
      const nonces = failed.sections.find((s) => s.type === 'fields' && s.title === 'Nonces');
      assert.deepStrictEqual(nonces && nonces.type === 'fields' && nonces.rows[0]!.values[0]!.text, 'timed out');
    });

    it('transactions and events page only past one page, or from a later page of a list that shrank', () => {
      const paging = (txs: typeof txPage, events: typeof eventPage) => {
        const m = addressModel({ ...base, txs, events: { txId, page: events } }, { expand: txId }, MODEL_CONTEXT);
        const t = tableOf(m, 'Transactions');
        const e = t.rows[0]!.detail![0] as Table;
        return [t.paging?.offset, e.paging?.offset];
      };
      const full = { limit: 20, offset: 0, total: 20 };
      assert.deepStrictEqual(paging({ ...txPage, ...full }, { ...eventPage, ...full }), [undefined, undefined]);
      const over = { limit: 20, offset: 0, total: 21 };
      assert.deepStrictEqual(paging({ ...txPage, ...over }, { ...eventPage, ...over }), [0, 0]);
      const shrank = { limit: 20, offset: 20, total: 15 };
      assert.deepStrictEqual(paging({ ...txPage, ...shrank }, { ...eventPage, ...shrank }), [20, 20]);
    });

    it("a row's event counts add transfers, mints and burns; its time is the block's, else the burn block's", () => {
      const r = txPage.results[0]!;
      const counts = { transfer: 1, mint: 2, burn: 4 };
      const tx = { ...r.tx, block_time: 1_600_000_000, burn_block_time: 1_500_000_000 };
      const row = (x: typeof r) =>
        tableOf(addressModel({ ...base, txs: { ...txPage, results: [x] } }, {}, MODEL_CONTEXT), 'Transactions')
          .rows[0]!;
      const shown = row({
        ...r,
        tx,
        events: { stx: counts, ft: { ...counts, burn: 0 }, nft: { transfer: 0, mint: 0, burn: 8 } },
      });
      assert.strictEqual(shown.cells[7]![0]!.text, '7 / 3 / 8');
      assert.strictEqual(shown.cells[4]![0]!.text, '2020-09-13 12:26:40 UTC');
      const isoOnly = {
        ...r.tx,
        block_time_iso: '2020-09-13T12:26:40.000Z',
        burn_block_time_iso: '2017-07-14T02:40:00.000Z',
      };
      delete (isoOnly as { block_time?: number }).block_time;
      delete (isoOnly as { burn_block_time?: number }).burn_block_time;
      assert.strictEqual(row({ ...r, tx: isoOnly }).cells[4]![0]!.text, '2020-09-13 12:26:40 UTC');
    });
  });
});

async function waitFor(ok: () => boolean, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}
