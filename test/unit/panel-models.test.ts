import * as assert from 'assert';
import { Cl, cvToHex } from '@stacks/transactions';
import { StacksApiError, StacksClient, Transaction } from '../../src/api';
import * as S from '../../src/api/schemas';
import type { Target } from '../../src/chain/target';
import type { Field, PanelParams, Section, TableRow, Value, ViewModel } from '../../src/protocol';
import { loadPanel, Loaded, MAX_TABLE_ROWS, ModelContext } from '../../src/ui/panels/models';
import { mempoolModel } from '../../src/ui/panels/models/network';
import { txModel } from '../../src/ui/panels/models/tx';
import { burnBlockModel } from '../../src/ui/panels/models/burnBlock';
import { ADDRESS, BLOCK, BURN, CONTRACT, GENERATED, mempoolTxId, TX } from '../fixtures/ids';
import { ERROR_BODIES } from '../mock-api/fixtures';
import { HOLDER } from '../mock-api/holdings';
import { loadFixture, MockApi } from '../mock-api/server';
import { MODEL_CONTEXT } from './modelContext';
import { withMockClient } from '../fakes/mockClient';

const ctx: ModelContext = MODEL_CONTEXT;

function fixtureTx(name: string): Transaction {
  const parsed = S.parseWith(S.Transaction, loadFixture(name));
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.value;
}

function fieldsOf(m: ViewModel): Field[] {
  return m.sections.flatMap((s) => (s.type === 'fields' ? s.rows : []));
}
function fieldValue(m: ViewModel, label: string): Value[] {
  const f = fieldsOf(m).find((r) => r.label === label);
  assert.ok(
    f,
    `no field "${label}" in ${fieldsOf(m)
      .map((r) => r.label)
      .join(', ')}`,
  );
  return f.values;
}
function tables(m: ViewModel | Section[]): Array<Extract<Section, { type: 'table' }>> {
  const sections = Array.isArray(m) ? m : m.sections;
  return sections.filter((s): s is Extract<Section, { type: 'table' }> => s.type === 'table');
}
function tableTitled(m: ViewModel, prefix: string) {
  const t = tables(m).find((s) => s.title?.startsWith(prefix));
  assert.ok(t, `no table "${prefix}…"`);
  return t;
}
function notices(m: ViewModel): string[] {
  return m.sections.flatMap((s) => (s.type === 'notice' ? [s.text] : []));
}
function actions(m: ViewModel): string[] {
  return m.sections.flatMap((s) => (s.type === 'actions' ? s.actions.map((a) => a.label) : []));
}

describe('panel models', () => {
  describe('transaction', () => {
    it('shows a token transfer with amount, linked recipient and decoded memo', () => {
      const m = txModel(fixtureTx('tx-token_transfer.json'), 0, ctx);
      assert.strictEqual(m.title, 'Token transfer');
      assert.deepStrictEqual(
        m.badges.map((b) => b.text),
        ['Success'],
      );
      assert.strictEqual(m.subject?.full, TX.tokenTransfer);
      assert.strictEqual(fieldValue(m, 'Amount')[0]!.text, '0.000035 STX');
      const recipient = fieldValue(m, 'Recipient')[0]!;
      assert.deepStrictEqual(recipient.target, { kind: 'address', id: ADDRESS.testnetRecipient, network: 'custom' });
      assert.strictEqual(recipient.full, ADDRESS.testnetRecipient);
      assert.ok(recipient.text.includes('…'), 'a long address is shortened in the middle');
      assert.strictEqual(fieldValue(m, 'Memo')[0]!.text, 'hi');
      assert.strictEqual(fieldValue(m, 'Fee')[0]!.text, '0.001234 STX');
      assert.deepStrictEqual(fieldValue(m, 'Block')[0]!.target, { kind: 'block', id: '3275', network: 'custom' });
    });

    it('shows a sponsored contract call with its contract, function and arguments', () => {
      const m = txModel(fixtureTx('tx-contract_call-sponsored.json'), 0, ctx);
      assert.ok(m.badges.some((b) => b.text === 'Sponsored'));
      assert.deepStrictEqual(fieldValue(m, 'Contract')[0]!.target, {
        kind: 'contract',
        id: CONTRACT.called,
        network: 'custom',
      });
      assert.strictEqual(fieldValue(m, 'Function')[0]!.text, 'fn-name');
      assert.strictEqual(fieldValue(m, 'Sponsor')[0]!.full, ADDRESS.sponsor);
      const args = tableTitled(m, 'Arguments');
      assert.deepStrictEqual(
        args.rows[0]!.cells.map((c) => c[0]!.text),
        ['arg1', 'int', '556'],
      );
    });

    it('offers the source of a deployed contract', () => {
      const m = txModel(fixtureTx('tx-smart_contract.json'), 0, ctx);
      const open = m.sections
        .flatMap((s) => (s.type === 'actions' ? s.actions : []))
        .find((a) => a.label === 'Open source');
      assert.deepStrictEqual(open?.intent, {
        type: 'openSource',
        target: { kind: 'contract', id: CONTRACT.deployed, network: 'custom' },
      });
    });

    it('says that a pending transaction is pending and has no block', () => {
      const m = txModel(fixtureTx('tx-pending.json'), 0, ctx);
      assert.strictEqual(m.badges[0]!.tone, 'pending');
      assert.match(notices(m).join(' '), /pending in the mempool/);
      assert.ok(!fieldsOf(m).some((f) => f.label === 'Block hash'));
    });

    it('offers to watch a pending transaction until it lands, and only a pending one', () => {
      const watchActions = (m: ViewModel) =>
        m.sections.flatMap((s) => (s.type === 'actions' ? s.actions : [])).filter((a) => a.intent.type === 'watch');
      assert.deepStrictEqual(
        watchActions(txModel(fixtureTx('tx-pending.json'), 0, ctx)).map((a) => a.label),
        ['Watch until it lands'],
      );
      for (const f of ['tx-token_transfer.json', 'tx-failed.json', 'tx-dropped.json'])
        assert.deepStrictEqual(watchActions(txModel(fixtureTx(f), 0, ctx)), [], f);
    });

    it('says why a transaction was dropped and what replaced it', () => {
      const m = txModel(fixtureTx('tx-dropped.json'), 0, ctx);
      assert.match(notices(m).join(' '), new RegExp(`dropped.*replace by fee.*${TX.pending}`));
    });

    it('shows a failed transaction with its result', () => {
      const m = txModel(fixtureTx('tx-failed.json'), 0, ctx);
      assert.strictEqual(m.badges[0]!.tone, 'failed');
      assert.match(notices(m).join(' '), /failed with \(err u1\)/);
      assert.doesNotMatch(notices(m).join(' '), /full result/);
    });

    it('keeps the failure notice to a sentence when the result is huge, and shows it whole in the Result row', () => {
      const raw = fixtureTx('tx-failed.json');
      const repr = `(err "${'A'.repeat(5000)}")`;
      const m = txModel({ ...raw, tx_result: { hex: '0x00', repr } }, 0, ctx);
      const notice = notices(m).join(' ');
      assert.ok(notice.length < 300, `the notice is ${notice.length} characters`);
      assert.match(notice, /failed with \(err "AAAA.*…; its fee was still paid\. The full result is below\./);
      assert.deepStrictEqual(
        fieldValue(m, 'Result').map((v) => v.text),
        [repr],
        'the Result row has it whole',
      );
    });

    it('keeps hostile strings as plain text values', () => {
      const evil = '<img src=x onerror=window.__pwned=1><script>window.__pwned=1</script>';
      const raw = { ...fixtureTx('tx-contract_call-sponsored.json') };
      raw.contract_call = {
        ...raw.contract_call!,
        function_args: [{ hex: '0x00', repr: evil, name: evil, type: 'int' }],
      };
      const m = txModel(raw, 0, ctx);
      const cells = tableTitled(m, 'Arguments').rows[0]!.cells;
      assert.strictEqual(cells[0]![0]!.text, evil);
      assert.strictEqual(cells[2]![0]!.text, evil);
      assert.strictEqual(cells[2]![0]!.t, 'code');
    });
  });

  describe('loading against the mock API (one request per page)', () => {
    let api: MockApi;
    let client: StacksClient;
    withMockClient((m, k) => ((api = m), (client = k)), { cache: true });

    const load = (target: Target, params: PanelParams, previous?: Loaded) =>
      loadPanel(target, params, {
        client,
        ctx: { ...ctx, baseUrl: api.url },
        signal: new AbortController().signal,
        ...(previous ? { previous: previous.parts } : {}),
      });

    it('pages 300 transaction events 50 at a time, one request per page', async () => {
      const target: Target = { kind: 'tx', id: TX.manyEvents };
      let loaded = await load(target, {});
      let events = tableTitled(loaded.model, 'Events');
      assert.strictEqual(events.title, `Events (${GENERATED.manyEventsCount})`);
      assert.deepStrictEqual(events.paging, { param: 'eventOffset', offset: 0, limit: 50, total: 300 });
      assert.strictEqual(events.rows.length, 50);
      assert.strictEqual(api.requests.length, 1);
      for (let page = 1; page < 6; page++) {
        loaded = await load(target, { ...loaded.params, eventOffset: page * 50 }, loaded);
        assert.strictEqual(api.requests.length, page + 1, `page ${page} costs one request`);
        events = tableTitled(loaded.model, 'Events');
        assert.strictEqual(events.rows[0]!.cells[0]![0]!.text, String(page * 50));
      }
      assert.deepStrictEqual(
        api.requests.map((r) => r.query.get('event_offset')),
        ['0', '50', '100', '150', '200', '250'],
      );
      assert.ok(api.requests.every((r) => r.query.get('event_limit') === '50'));
    });

    it('pages 200 address transactions with one request per page, and expands a row with one more', async () => {
      const target: Target = { kind: 'address', id: ADDRESS.busy };
      let loaded = await load(target, {});
      assert.strictEqual(api.requests.length, 7, 'balance, nonces, tokens, NFTs, staking, pending and first page');
      let txs = tableTitled(loaded.model, 'Transactions');
      assert.strictEqual(txs.title, `Transactions (${GENERATED.busyTxCount})`);
      assert.deepStrictEqual(txs.paging, { param: 'txOffset', offset: 0, limit: 20, total: 200 });
      for (let page = 1; page < 10; page++) {
        loaded = await load(target, { ...loaded.params, txOffset: page * 20 }, loaded);
        assert.strictEqual(api.requests.length, 7 + page, 'a page turn asks for the page only');
      }
      txs = tableTitled(loaded.model, 'Transactions');
      assert.strictEqual(txs.rows.length, 20);
      assert.strictEqual(api.requestsTo('/extended/v1/address/').length, 1, 'the balance is fetched once');
      // Expand the first row of the mainnet address: its events for the address.
      const t2: Target = { kind: 'address', id: ADDRESS.mainnet };
      let l2 = await load(t2, {});
      const row = tableTitled(l2.model, 'Transactions').rows[0] as TableRow;
      assert.ok(row.expand && !row.expand.open);
      assert.strictEqual(row.expand.intent.type, 'page');
      const before = api.requests.length;
      l2 = await load(t2, { ...l2.params, ...(row.expand.intent.type === 'page' ? row.expand.intent.params : {}) }, l2);
      assert.strictEqual(api.requests.length, before + 1);
      const open = tableTitled(l2.model, 'Transactions').rows[0]!;
      assert.ok(open.expand?.open);
      const ev = tables(open.detail ?? [])[0]!;
      assert.strictEqual(ev.title, 'Events for this address (4)');
      assert.strictEqual(ev.rows.length, 4);
    });

    it('shows the balance at an earlier block with one request', async () => {
      const target: Target = { kind: 'address', id: ADDRESS.mainnet };
      const loaded = await load(target, {});
      const n = api.requests.length;
      const at = await load(target, { ...loaded.params, untilBlock: '100' }, loaded);
      assert.strictEqual(api.requests.length, n + 1);
      assert.strictEqual(api.requests.at(-1)!.query.get('until_block'), '100');
      assert.ok(at.model.badges.some((b) => b.text === 'Balance at block 100'));
    });

    it("an address: each page and option asked as given, and kept in the panel's place", async () => {
      const target: Target = { kind: 'address', id: ADDRESS.mainnet };
      const last = (route: RegExp) => api.requestsTo(route).at(-1)!.query;
      const paged = await load(target, { ftOffset: 20, nftOffset: 40, pendingOffset: 60, txOffset: 40 });
      assert.deepStrictEqual(
        [last(/\/v2\/addresses\/[^/]+\/transactions(\?|$)/).get('offset'), last(/\/v2\/addresses/).get('limit')],
        ['40', '20'],
      );
      assert.deepStrictEqual(paged.params, { txOffset: 40, ftOffset: 20, nftOffset: 40, pendingOffset: 60 });
      // Later pages of the pending list (14) and of a holder's three tokens and three NFTs: empty, and said so.
      const pending = tableTitled(paged.model, 'Pending transactions');
      assert.deepStrictEqual([pending.rows.length, pending.paging?.offset], [0, 60]);
      const holder = await load({ kind: 'address', id: HOLDER }, { ftOffset: 20, nftOffset: 20 });
      assert.deepStrictEqual(
        ['Fungible tokens', 'NFTs'].map((t) => {
          const table = tableTitled(holder.model, t);
          return [table.rows.length, table.paging];
        }),
        [
          [0, { param: 'ftOffset', offset: 20, limit: 20, total: 3, sequential: true }],
          [0, { param: 'nftOffset', offset: 20, limit: 20, total: 3, sequential: true }],
        ],
      );
      // Unanchored data is asked for; a block given with blanks is that block.
      await load(target, { unanchored: true });
      assert.strictEqual(last(/\/extended\/v1\/address\/[^/]+\/stx/).get('unanchored'), 'true');
      const blank = await load(target, { untilBlock: '   ' });
      assert.deepStrictEqual(blank.params, { txOffset: 0 });
      const at100 = await load(target, { untilBlock: ' 100 ' });
      assert.strictEqual(last(/\/stx/).get('until_block'), '100');
      assert.strictEqual(at100.params.untilBlock, '100');
      // Another block is asked again, not taken from the one shown before.
      const n = api.requests.length;
      await load(target, { ...at100.params, untilBlock: '200' }, at100);
      assert.deepStrictEqual([api.requests.length, last(/\/stx/).get('until_block')], [n + 1, '200']);
      // A block hash is sent as the hash, even one ending in digits.
      const hash = `0x${'ab'.repeat(31)}12`;
      await load(target, { untilBlock: hash });
      assert.strictEqual(last(/\/stx/).get('until_block'), hash);
    });

    it("an address: another row's events, or their next page, are asked for, not reused", async () => {
      const target: Target = { kind: 'address', id: ADDRESS.mainnet };
      const first = await load(target, { expand: TX.mainnetContractCall });
      const events = api.requestsTo(/\/events/);
      assert.strictEqual(events.length, 1);
      const other = tableTitled(first.model, 'Transactions').rows.find((r) => !r.expand?.open)!;
      const otherId = other.cells[0]![0]!.full!;
      const second = await load(target, { ...first.params, expand: otherId, expandOffset: 0 }, first);
      assert.strictEqual(api.requestsTo(/\/events/).length, 2);
      assert.ok(
        api
          .requestsTo(/\/events/)
          .at(-1)!
          .path.includes(otherId),
      );
      const detail = tables(
        tableTitled(second.model, 'Transactions').rows.find((r) => r.expand?.open)!.detail ?? [],
      )[0]!;
      assert.strictEqual(detail.title, 'Events for this address (0)');
      const next = await load(target, { ...first.params, expandOffset: 20 }, first);
      assert.strictEqual(
        api
          .requestsTo(/\/events/)
          .at(-1)!
          .query.get('offset'),
        '20',
      );
      assert.strictEqual(
        api
          .requestsTo(/\/events/)
          .at(-1)!
          .query.get('limit'),
        '20',
      );
      assert.strictEqual(next.params.expandOffset, 20);
    });

    it('a contract panel closed while its interface loads is cancelled, not shown as lacking an interface', async () => {
      // The interface is the only part that fails, so the cancel can only come from it.
      const cancelling = Object.create(client) as StacksClient;
      const loadWith = () =>
        loadPanel(
          { kind: 'contract', id: CONTRACT.deployed },
          {},
          { client: cancelling, ctx: { ...ctx, baseUrl: api.url }, signal: new AbortController().signal },
        );
      cancelling.getContractInterface = () =>
        Promise.reject(new StacksApiError('cancelled', 'The request was cancelled.'));
      await assert.rejects(loadWith(), { kind: 'cancelled' });
      // Any other failure of the interface leaves the rest of the panel, and says why.
      cancelling.getContractInterface = () => Promise.reject(new StacksApiError('server', 'boom'));
      const m = (await loadWith()).model;
      assert.ok(notices(m).includes("The contract's interface did not load: boom"), notices(m).join('\n'));
    });

    it('an address whose nonces fail shows the rest, and says why in the nonces section', async () => {
      api.fault({ match: /\/nonces/, fault: { kind: 'status', status: 500, body: { error: 'boom' } } });
      const m = (await load({ kind: 'address', id: ADDRESS.mainnet }, {})).model;
      const section = m.sections.find((s) => s.type === 'fields' && s.title === 'Nonces') as Extract<
        Section,
        { type: 'fields' }
      >;
      assert.deepStrictEqual(
        section.rows.map((r) => r.label),
        ['Nonces'],
      );
      assert.ok(section.rows[0]!.values[0]!.text.length > 0);
      assert.ok(m.sections.some((s) => s.type === 'fields' && s.title === 'Balance'));
    });

    it('an address holding an NFT whose value is a tuple (a BNS name) shows it as a tree', async () => {
      const three = loadFixture('v3-balances-nft--three.json') as { results: Array<Record<string, unknown>> };
      const name = Cl.tuple({ name: Cl.bufferFromUtf8('alice'), namespace: Cl.bufferFromUtf8('btc') });
      const body = {
        ...three,
        total: 1,
        results: [{ ...three.results[0], value: { hex: cvToHex(name), repr: Cl.prettyPrint(name) } }],
      };
      api.fault({ match: /balances\/nft/, fault: { kind: 'body', body } });
      const m = (await load({ kind: 'address', id: ADDRESS.mainnet }, {})).model;
      const value = tableTitled(m, 'NFTs').rows[0]!.cells[1]![0]!;
      assert.strictEqual(value.t, 'clarity');
    });

    /** The route answers as an API without it does: Fastify's 404 for an unknown route. */
    const noRoute = (match: RegExp, path: string) =>
      api.fault({ match, fault: { kind: 'status', status: 404, body: ERROR_BODIES.unknownRoute('GET', path) } });
    const NOT_HERE = 'not available on this API';

    it('a block whose transactions route is missing shows the block, and says the list is not available', async () => {
      noRoute(/\/extended\/v2\/blocks\/[^/]+\/transactions/, `/extended/v2/blocks/${BLOCK.height}/transactions`);
      const m = (await load({ kind: 'block', id: String(BLOCK.height) }, {})).model;
      assert.strictEqual(m.title, `Block #${BLOCK.height}`);
      assert.strictEqual(fieldValue(m, 'Height')[0]!.text.replace(/,/g, ''), String(BLOCK.height));
      assert.ok(notices(m).includes(`Transactions: ${NOT_HERE}`), notices(m).join('\n'));
      assert.ok(!tables(m).some((t) => t.title?.startsWith('Transactions')));
      noRoute(/\/extended\/v1\/block\/by_height\//, `/extended/v1/block/by_height/${BLOCK.height}`);
      const v1 = (await load({ kind: 'block', id: String(BLOCK.height) }, { tab: 'v1' })).model;
      assert.ok(
        notices(v1).includes(`Transactions and microblocks (v1, deprecated): ${NOT_HERE}`),
        notices(v1).join('\n'),
      );
    });

    it(`a 404 for the block itself on its list is still the panel's error, not "not available"`, async () => {
      api.fault({
        match: /\/extended\/v2\/blocks\/[^/]+\/transactions/,
        fault: { kind: 'status', status: 404, body: ERROR_BODIES.v2BlockNotFound() },
      });
      await assert.rejects(load({ kind: 'block', id: String(BLOCK.height) }, {}), { kind: 'not-found' });
    });

    it("a burn block, an address and a contract show what answered when a list's route is missing", async () => {
      noRoute(/\/extended\/v2\/burn-blocks\/[^/]+\/blocks/, `/extended/v2/burn-blocks/${BURN.height700000}/blocks`);
      const burn = (await load({ kind: 'burnBlock', id: String(BURN.height700000) }, {})).model;
      assert.strictEqual(burn.title, `Bitcoin block #${BURN.height700000}`);
      assert.ok(notices(burn).includes(`Stacks blocks: ${NOT_HERE}`), notices(burn).join('\n'));

      noRoute(
        /\/extended\/v2\/addresses\/[^/]+\/transactions(\?|$)/,
        `/extended/v2/addresses/${ADDRESS.mainnet}/transactions`,
      );
      const address = (await load({ kind: 'address', id: ADDRESS.mainnet }, {})).model;
      assert.ok(address.sections.some((s) => s.type === 'fields' && s.title === 'Balance'));
      assert.ok(notices(address).includes(`Transactions: ${NOT_HERE}`), notices(address).join('\n'));

      api.reset();
      noRoute(/\/events(\?|$)/, `/extended/v2/addresses/${ADDRESS.mainnet}/transactions/0x00/events`);
      const first = await load({ kind: 'address', id: ADDRESS.mainnet }, {});
      const row = tableTitled(first.model, 'Transactions').rows[0]!;
      const expand = row.expand?.intent.type === 'page' ? row.expand.intent.params : {};
      const expanded = await load({ kind: 'address', id: ADDRESS.mainnet }, { ...first.params, ...expand }, first);
      const detail = tableTitled(expanded.model, 'Transactions').rows[0]!.detail ?? [];
      assert.deepStrictEqual(
        detail.map((s) => (s.type === 'notice' ? s.text : s.type)),
        [`Events for this address: ${NOT_HERE}`],
      );

      noRoute(/\/extended\/v1\/address\/[^/]+\/stx(\?|$)/, `/extended/v1/address/${CONTRACT.deployed}/stx`);
      noRoute(/\/v2\/contracts\/interface\//, '/v2/contracts/interface/x/y');
      const contract = (await load({ kind: 'contract', id: CONTRACT.deployed }, {})).model;
      assert.ok(contract.badges.some((b) => b.text === 'Deployed'));
      assert.ok(notices(contract).includes(`Contract balance: ${NOT_HERE}`), notices(contract).join('\n'));
      assert.ok(
        notices(contract).some((n) => n.startsWith("The node does not have this contract's interface")),
        notices(contract).join('\n'),
      );
    });

    it('loads the v1 block only when its tab is chosen', async () => {
      const target: Target = { kind: 'block', id: 'latest' };
      const loaded = await load(target, {});
      assert.strictEqual(loaded.model.title, `Block #${BLOCK.height}`);
      // The latest block has no next block yet; a block asked for by height links both ways.
      assert.deepStrictEqual(actions(loaded.model), [`Previous block #${BLOCK.height - 1}`]);
      const byHeight = await load({ kind: 'block', id: String(BLOCK.big.height) }, {});
      assert.deepStrictEqual(actions(byHeight.model), [
        `Previous block #${BLOCK.big.height - 1}`,
        `Next block #${BLOCK.big.height + 1}`,
      ]);
      api.reset();
      assert.strictEqual(api.requestsTo('/extended/v1/block').length, 0);
      const v1 = await load(target, { tab: 'v1' }, loaded);
      assert.strictEqual(api.requests.length, 1, 'only the v1 block: the v2 block is reused');
      assert.deepStrictEqual(
        v1.model.sections.find((s) => s.type === 'notice'),
        {
          type: 'notice',
          tone: 'warning',
          icon: 'warning',
          text: 'This view uses the deprecated v1 block endpoint (/extended/v1/block/by_height). Some APIs have switched it off; the Block tab uses the current endpoint.',
        },
        'the v1 view warns that its route is deprecated and where the current one is',
      );
      assert.ok(tables(v1.model).some((t) => t.title?.startsWith('Transactions (')));
    });

    it('shows the anchor transaction as a Bitcoin transaction, and the burn block as links to its panel', async () => {
      const m = (await load({ kind: 'block', id: String(BLOCK.height) }, {})).model;
      const v2 = S.parseWith(S.Block, loadFixture('block-v2--latest.json'));
      assert.ok(v2.ok);
      assert.ok(!fieldsOf(m).some((f) => f.label === 'Miner transaction'));
      const [anchor] = fieldValue(m, 'Anchor transaction (Bitcoin)');
      assert.strictEqual(anchor!.full, v2.value.miner_txid);
      assert.strictEqual(anchor!.target, undefined, 'no Stacks panel: it is not a Stacks transaction');
      assert.deepStrictEqual(anchor!.bitcoin, { kind: 'tx', id: v2.value.miner_txid });
      const [height] = fieldValue(m, 'Burn block height');
      assert.deepStrictEqual(height!.target, { kind: 'burnBlock', id: String(BURN.latestHeight), network: 'custom' });
      assert.deepStrictEqual(height!.bitcoin, { kind: 'block', id: String(BURN.latestHeight) });
      const [hash] = fieldValue(m, 'Burn block hash');
      assert.deepStrictEqual(hash!.target, { kind: 'burnBlock', id: BURN.latestHash, network: 'custom' });
      // the transaction panel's burn block, too
      const tx = (await load({ kind: 'tx', id: TX.tokenTransfer }, {})).model;
      assert.strictEqual(fieldValue(tx, 'Burn block')[0]!.target?.kind, 'burnBlock');
      // a miner_txid that is no Bitcoin hash is shown as text, with no link of any kind
      const odd = burnBlockModel(
        { burn_block_time: 1, burn_block_hash: 'not a hash', burn_block_height: 3, stacks_blocks: [] },
        { limit: 20, offset: 0, total: 0, results: [] },
        ctx,
      );
      assert.strictEqual(odd.subject?.bitcoin, undefined);
      assert.strictEqual(odd.subject?.target, undefined);
    });

    it("lists a block's transactions with type, status, sender and fee, one request per page", async () => {
      const target: Target = { kind: 'block', id: BLOCK.big.hash };
      let loaded = await load(target, {});
      let txs = tableTitled(loaded.model, 'Transactions');
      assert.strictEqual(txs.title, `Transactions (${GENERATED.bigBlockTxCount})`);
      assert.deepStrictEqual(
        txs.columns.map((c) => c.label),
        ['#', 'Transaction', 'Type', 'Status', 'Sender', 'Fee'],
      );
      assert.deepStrictEqual(txs.paging, { param: 'txOffset', offset: 0, limit: 20, total: GENERATED.bigBlockTxCount });
      const first = txs.rows[0]!.cells.map((c) => c[0]!.text);
      assert.strictEqual(first[2], 'Contract call');
      assert.strictEqual(first[3], 'Success');
      assert.match(first[5]!, /STX$/);
      const n = api.requests.length;
      loaded = await load(target, { ...loaded.params, txOffset: 40 }, loaded);
      assert.strictEqual(api.requests.length, n + 1, 'a page costs one request: the block is reused');
      txs = tableTitled(loaded.model, 'Transactions');
      assert.strictEqual(txs.paging?.offset, 40);
      assert.strictEqual(txs.rows[0]!.cells[0]![0]!.text, '40');
      assert.deepStrictEqual(loaded.params, { txOffset: 40 });
    });

    it('shows a burn block with its Stacks blocks, each opening its block panel, paged', async () => {
      const loaded = await load({ kind: 'burnBlock', id: String(BURN.height700000) }, {});
      const m = loaded.model;
      assert.strictEqual(m.title, `Bitcoin block #${BURN.height700000}`);
      assert.deepStrictEqual(m.subject?.bitcoin, { kind: 'block', id: BURN.hash700000 });
      assert.deepStrictEqual(actions(m), [
        `Previous Bitcoin block #${BURN.height700000 - 1}`,
        `Next Bitcoin block #${BURN.height700000 + 1}`,
      ]);
      const blocks = tableTitled(m, 'Stacks blocks');
      assert.strictEqual(blocks.title, `Stacks blocks (${BURN.stacksBlocks700000})`);
      assert.deepStrictEqual(
        blocks.rows.map((r) => r.cells[0]![0]!.target),
        [5, 4, 3, 2, 1].map((h) => ({ kind: 'block', id: String(h), network: 'custom' })),
      );
      assert.strictEqual(fieldValue(m, 'Transactions')[0]!.text, '5');
      // a page of a long list: the pager names blockOffset
      const parsed = S.parseWith(S.BurnBlock, loadFixture('burn-block--hash-filter.json'));
      assert.ok(parsed.ok);
      const long = burnBlockModel(parsed.value, { limit: 20, offset: 20, total: 45, results: [] }, ctx, true);
      assert.deepStrictEqual(tableTitled(long, 'Stacks blocks').paging, {
        param: 'blockOffset',
        offset: 20,
        limit: 20,
        total: 45,
      });
      assert.deepStrictEqual(actions(long), ['Previous Bitcoin block #4'], 'latest: no next block yet');
      assert.strictEqual(fieldValue(long, 'Time')[0]!.text.length > 0, true);
    });

    it('shows a deployed contract with its deploy transaction and source, and an unknown one as not deployed', async () => {
      const found = await load({ kind: 'contract', id: CONTRACT.deployed }, {});
      assert.strictEqual(found.model.badges[0]!.text, 'Deployed');
      assert.strictEqual(fieldValue(found.model, 'Deploy transaction')[0]!.full, TX.smartContract);
      assert.ok(actions(found.model).includes('Open source'));
      const missing = await load({ kind: 'contract', id: CONTRACT.notFound }, {});
      assert.strictEqual(missing.model.badges[0]!.text, 'Not deployed');
      assert.match(notices(missing.model).join(' '), /is not deployed on Custom/);
      assert.deepStrictEqual(actions(missing.model), ['Check on Mainnet', 'Check on Testnet', 'Check on Devnet']);
    });

    it('shows the status of many contracts in one request', async () => {
      const ids = [CONTRACT.statusSuccess, CONTRACT.statusPending, CONTRACT.notFound];
      const loaded = await load({ kind: 'contracts', id: ids.join(',') }, {});
      assert.strictEqual(api.requests.length, 1);
      const rows = tables(loaded.model)[0]!.rows;
      assert.deepStrictEqual(
        rows.map((r) => r.cells[1]![0]!.text),
        ['Deployed', 'Pending', 'Not deployed'],
      );
      assert.strictEqual(loaded.model.badges[0]!.text, '2 of 3 found on Custom');
    });

    it('draws the mempool counts as bars and the percentiles as tables', async () => {
      const loaded = await load({ kind: 'mempool', id: '' }, {});
      const bars = loaded.model.sections.find((s) => s.type === 'bars');
      assert.ok(bars && bars.type === 'bars');
      assert.deepStrictEqual(
        bars.bars.map((b) => [b.label, b.value]),
        [
          ['Token transfer', 130],
          ['Contract deploy', 2],
          ['Contract call', 310],
          ['Poison microblock', 0],
        ],
      );
      assert.deepStrictEqual(
        tables(loaded.model).map((t) => t.title),
        [
          'Fee estimates',
          `Pending transactions (${GENERATED.mempoolTxCount + 3})`,
          'Fees (µSTX)',
          'Age (blocks)',
          'Size (bytes)',
        ],
      );
    });

    it('shows low, medium and high fee estimates for a transfer, a contract call and a deploy', async () => {
      const loaded = await load({ kind: 'mempool', id: '' }, {});
      const fees = tableTitled(loaded.model, 'Fee estimates');
      assert.deepStrictEqual(
        fees.columns.map((c) => c.label),
        ['Transaction', 'Low', 'Medium', 'High'],
      );
      // mempool-fees.json: the API's own example of GET /extended/v2/mempool/fees, in µSTX.
      assert.deepStrictEqual(
        fees.rows.map((r) => r.cells.map((c) => c[0]!.text)),
        [
          ['Token transfer', '0.003 STX', '0.006 STX', '0.401199 STX'],
          ['Contract call', '0.010368 STX', '0.1 STX', '1 STX'],
          ['Contract deploy', '0.925 STX', '1.0125 STX', '1.0825 STX'],
          ['All pending', '0.003 STX', '0.006 STX', '0.401199 STX'],
        ],
      );
      assert.strictEqual(fees.rows[0]!.cells[3]![0]!.full, '401,199 µSTX');
      assert.strictEqual(api.requestsTo('/extended/v2/mempool/fees').length, 1);
    });

    it('a kind with nothing pending has no estimate of its own (the API leaves it out)', () => {
      const m = mempoolModel(
        {
          stats: loadFixture('mempool-stats.json'),
          fees: { all: { no_priority: 0, low_priority: 0, medium_priority: 0, high_priority: 0 } },
          pending: { limit: 20, offset: 0, total: 0, results: [] },
        },
        ctx,
      );
      const fees = tableTitled(m, 'Fee estimates');
      assert.deepStrictEqual(fees.rows[0]!.cells[1]![0], { t: 'text', text: '—', hint: 'none pending' });
      assert.deepStrictEqual(
        fees.rows[3]!.cells.map((c) => c[0]!.text),
        ['All pending', '0 STX', '0 STX', '0 STX'],
      );
      const pending = tableTitled(m, 'Pending transactions');
      assert.strictEqual(pending.rows.length, 0);
      assert.strictEqual(pending.empty, 'Nothing is pending.');
      assert.strictEqual(pending.paging, undefined);
    });

    it("lists the API's own page of pending transactions: type, id, sender, fee and age, each linking to the transaction", () => {
      const body = S.parseWith(S.MempoolTransactionsPage, loadFixture('v3-mempool-transactions.json'));
      assert.ok(body.ok);
      const m = mempoolModel(
        {
          stats: loadFixture('mempool-stats.json'),
          fees: loadFixture('mempool-fees.json'),
          pending: { limit: 20, offset: 0, total: body.value.total, results: body.value.results },
        },
        { ...ctx, now: 2600 * 1000 },
      );
      const pending = tableTitled(m, 'Pending transactions');
      assert.strictEqual(pending.title, 'Pending transactions (2)');
      assert.deepStrictEqual(
        pending.columns.map((c) => c.label),
        ['Type', 'Transaction', 'Sender', 'Fee', 'Age'],
      );
      assert.deepStrictEqual(
        pending.rows.map((r) => r.cells.map((c) => c[0]!.text)),
        [
          ['Contract call', '0x00000000…00000002', 'SP466F…R0KP27', '0.0001 STX', '10 minutes ago'],
          ['Token transfer', '0x00000000…00000001', 'SP466F…R0KP27', '0.00025 STX', '26 minutes ago'],
        ],
      );
      const [link, sender] = [pending.rows[0]!.cells[1]![0]!, pending.rows[0]!.cells[2]![0]!];
      assert.deepStrictEqual(link.target, {
        kind: 'tx',
        id: '0x0000000000000000000000000000000000000000000000000000000000000002',
        network: 'custom',
      });
      assert.deepStrictEqual(sender.target, {
        kind: 'address',
        id: 'SP466FNC0P7JWTNM2R9T199QRZN1MYEDTAR0KP27',
        network: 'custom',
      });
    });

    it('pages the pending list 20 at a time by cursor: each page turn, forward or back, is one request at most', async () => {
      const total = GENERATED.mempoolTxCount + 3;
      const target: Target = { kind: 'mempool', id: '' };
      let loaded: Loaded = await load(target, {});
      const list = () => tableTitled(loaded.model, 'Pending transactions');
      assert.deepStrictEqual(list().paging, {
        param: 'pendingOffset',
        offset: 0,
        limit: 20,
        total,
        sequential: true,
      });
      assert.strictEqual(list().rows[0]!.cells[1]![0]!.target?.id, mempoolTxId(0));
      assert.strictEqual(api.requests.length, 3, 'statistics, fees and the first page');
      const ids = new Set<string>();
      for (const offset of [20, 40]) {
        const before: number = api.requests.length;
        loaded = await load(target, { ...loaded.params, pendingOffset: offset }, loaded);
        assert.strictEqual(api.requests.length, before + 1, `page at ${offset} costs one request`);
        const last = api.requests.at(-1)!;
        assert.strictEqual(last.path, '/extended/v3/mempool/transactions');
        assert.match(
          last.query.get('cursor') ?? '',
          /^\d+:0x[0-9a-f]{64}$/,
          'the page starts at the cursor of the one before',
        );
        assert.strictEqual(list().paging?.offset, offset);
        for (const r of list().rows) ids.add(r.cells[1]![0]!.full!);
      }
      assert.strictEqual(list().rows.length, total - 40);
      assert.strictEqual(list().rows.at(-1)!.cells[1]![0]!.full, TX.pending, 'the oldest last');
      assert.strictEqual(ids.size, total - 20, 'no row twice');
      client.clearCache();
      const before = api.requests.length;
      loaded = await load(target, { ...loaded.params, pendingOffset: 20 }, loaded);
      assert.strictEqual(api.requests.length, before + 1, 'back a page: one request, from the remembered cursor');
      assert.strictEqual(list().rows[0]!.cells[1]![0]!.target?.id, mempoolTxId(20));
    });

    it('opens at a later page cold (a restored panel): walks there from the start, a few requests', async () => {
      const loaded = await load({ kind: 'mempool', id: '' }, { pendingOffset: 40 });
      const list = tableTitled(loaded.model, 'Pending transactions');
      assert.strictEqual(list.paging?.offset, 40);
      assert.strictEqual(list.rows[0]!.cells[1]![0]!.target?.id, mempoolTxId(40));
      assert.deepStrictEqual(
        api.requestsTo('/extended/v3/mempool/transactions').map((r) => r.query.get('limit')),
        ['40', '20'],
      );
    });

    it('an API without the fee or the mempool list route: the rest shows, and each part says it is not available', async () => {
      api.fault({ match: /^\/extended\/(v2\/mempool\/fees|v3\/mempool)/, fault: { kind: 'status', status: 404 } });
      const loaded = await load({ kind: 'mempool', id: '' }, {});
      assert.deepStrictEqual(notices(loaded.model), [
        'Fee estimates: not available on this API',
        'Pending transactions: not available on this API',
      ]);
      assert.ok(tables(loaded.model).some((t) => t.title === 'Fees (µSTX)'));
    });

    it('shows the API status with the network, URL and whether a key is used', async () => {
      const loaded = await load({ kind: 'status', id: '' }, {});
      assert.strictEqual(fieldValue(loaded.model, 'Base URL')[0]!.text, api.url);
      assert.strictEqual(fieldValue(loaded.model, 'API key in use')[0]!.text, 'No');
      assert.strictEqual(fieldValue(loaded.model, 'Block')[0]!.full, String(BLOCK.height));
    });

    // Issue 11, item 12: lists the API gives whole (not paged) are bounded in the panel too.
    it('shows at most MAX_TABLE_ROWS rows of a list the server makes huge, and says so', async () => {
      const raw = structuredClone(loadFixture('tx-contract_call-sponsored.json')) as {
        tx_id: string;
        post_conditions: unknown[];
      };
      const pc = raw.post_conditions[0] ?? { type: 'stx', condition_code: 'sent_equal_to', amount: '1' };
      raw.post_conditions = Array.from({ length: 20_000 }, () => pc);
      api.override(`/extended/v1/tx/${raw.tx_id}`, raw);
      const loaded = await load({ kind: 'tx', id: raw.tx_id }, {});
      assert.strictEqual(tableTitled(loaded.model, 'Post-conditions').rows.length, MAX_TABLE_ROWS);
      assert.ok(
        notices(loaded.model).some((n) => n.includes(`first ${MAX_TABLE_ROWS.toLocaleString('en-US')} of 20,000`)),
        notices(loaded.model).join('\n'),
      );
    });

    it('rejects with the client error when the target does not exist', async () => {
      await assert.rejects(
        load({ kind: 'tx', id: '0x' + 'ab'.repeat(32) }, {}),
        (e: Error & { kind?: string }) => e.kind === 'not-found',
      );
    });
  });
});
