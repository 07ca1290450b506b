import * as assert from 'assert';
import * as vscode from 'vscode';
import type { Field, Section, ViewModel } from '../../src/protocol';
import type { PanelManager } from '../../src/ui/panels';
import type { ExplorerTree } from '../../src/ui/tree';
import type { Watchlist } from '../../src/ui/watch/watchlist';
import { ADDRESS, BLOCK, BURN, CONTRACT, DEPLOYED, deployedStatus, TX, UNKNOWN_TX } from '../fixtures/ids';
import type { MockApi } from '../mock-api/server';
import { zeroBalance } from '../mock-api/data';
import { toV3StxBalance } from '../mock-api/v3';
import { formatStx } from '../../src/chain/format';
import {
  captureMessages,
  Captured,
  children,
  openFixture,
  positionOf,
  SeenItem,
  stacksHoverAt,
  testApi,
  useMock,
  UsedMock,
  waitFor,
} from './editorHelpers';

/**
 * The API's sunset: every deprecated route answers 410 Gone (the mock's sunset mode, the route
 * list from the API's own source). One test per panel kind, hover kind and view section: each
 * works, from the v3 replacements, and says "not available on this API" where v3 lacks a value.
 * The mock is its own (a new origin), so what the extension learns here stays here.
 */
const NOT_AVAILABLE = 'not available on this API';
const STATUS_PATH = '/extended/v2/smart-contracts/status';

function fieldText(m: ViewModel, label: string): string {
  const f = m.sections.flatMap((s) => (s.type === 'fields' ? s.rows : [])).find((r: Field) => r.label === label);
  assert.ok(f, `no field "${label}" in the ${m.kind} panel`);
  return f.values.map((v) => (v.t === 'id' ? (v.full ?? v.text) : v.text)).join(' ');
}

function table(m: ViewModel, prefix: string): Extract<Section, { type: 'table' }> {
  const t = m.sections.find(
    (s): s is Extract<Section, { type: 'table' }> => s.type === 'table' && (s.title ?? '').startsWith(prefix),
  );
  assert.ok(t, `no table "${prefix}…" in the ${m.kind} panel`);
  return t;
}

describe('Sunset: every feature with the deprecated routes switched off', () => {
  let panels: PanelManager;
  let tree: ExplorerTree;
  let watchlist: Watchlist;
  let used: UsedMock;
  let messages: Captured;

  before(async () => {
    const api = await testApi();
    assert.ok(api.panels && api.tree && api.watchlist);
    panels = api.panels;
    tree = api.tree;
    watchlist = api.watchlist;
    used = await useMock({ sunset: true });
    // One mock, so one client and one rate budget, for every feature of the suite: as with a key.
    api.probe.raiseRateBudget(500);
  });
  beforeEach(() => {
    used.mock.reset(); // keeps sunset mode
    messages = captureMessages();
  });
  afterEach(async () => {
    messages.restore();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    for (const a of watchlist.items) await watchlist.remove(a);
    (await testApi()).probe.raiseRateBudget(0);
    await used.close();
  });

  const model = (): ViewModel => {
    assert.ok(panels.current, 'the panel shows a model');
    return panels.current.model;
  };
  /** Nothing the extension asked for failed: every 410 was followed by its replacement. */
  const noErrors = () => assert.deepStrictEqual(messages.errors, [], 'no error was shown');
  const gone = () => used.mock.requests.filter((r) => /^\/extended\/v[12]\//.test(r.path)).map((r) => r.path);
  /** What `read` sees with an API that has every route (a mock of its own: nothing the sunset one taught is reused). */
  const today = async <T>(read: (mock: MockApi) => Promise<T>): Promise<T> => {
    const other = await useMock();
    try {
      return await read(other.mock);
    } finally {
      await other.close();
    }
  };

  describe('panels', () => {
    it('transaction: a contract call with its arguments, result and events', async () => {
      await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.contractCall);
      const m = model();
      assert.strictEqual(m.kind, 'tx');
      assert.strictEqual(table(m, 'Arguments').rows.length > 0, true, 'arguments (include=function_args)');
      assert.ok(fieldText(m, 'Result').length > 1, 'result (include=result)');
      assert.strictEqual(fieldText(m, 'Anchor mode'), NOT_AVAILABLE);
      assert.ok(used.mock.requestsTo(`/extended/v3/transactions/${TX.contractCall}`).length >= 1);
      noErrors();
    });

    it('transaction: a token transfer with its memo', async () => {
      await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.tokenTransfer);
      const m = model();
      assert.strictEqual(fieldText(m, 'Amount'), '0.000035 STX');
      assert.strictEqual(fieldText(m, 'Memo'), 'hi');
      noErrors();
    });

    it('address: balance, transactions and the events of one, totals marked not available', async () => {
      await vscode.commands.executeCommand('stacksLookup.showAddress', ADDRESS.mainnet);
      let m = model();
      assert.strictEqual(fieldText(m, 'Balance'), '1 STX');
      assert.strictEqual(fieldText(m, 'Total sent'), NOT_AVAILABLE);
      assert.strictEqual(table(m, 'Transactions').title, 'Transactions (2)');
      await panels.handle({ type: 'page', params: { expand: TX.mainnetContractCall, expandOffset: 0 } });
      m = model();
      const row = table(m, 'Transactions').rows.find((r) => r.detail);
      assert.ok(row?.detail, 'the events of the transaction');
      const events = row.detail[0] as Extract<Section, { type: 'table' }>;
      assert.ok(events.rows.length > 0);
      assert.strictEqual(events.rows[0]!.cells[0]![0]!.text, NOT_AVAILABLE, 'no event index in v3');
      assert.ok(used.mock.requestsTo(`/extended/v3/principals/${ADDRESS.mainnet}/transactions/`).length >= 1);
      noErrors();
    });

    it('block: the block, and its transaction list (v1 view) from v3', async () => {
      await vscode.commands.executeCommand('stacksLookup.showBlock', String(BLOCK.big.height));
      assert.strictEqual(model().title, `Block #${BLOCK.big.height}`);
      await panels.handle({ type: 'page', params: { tab: 'v1' } });
      const txs = table(model(), 'Transactions');
      assert.ok(txs.title?.includes(String(BLOCK.big.txCount)), txs.title);
      assert.ok(used.mock.requestsTo(`/extended/v3/blocks/${BLOCK.big.height}/transactions`).length >= 1);
      noErrors();
    });

    it('block: its transactions with type, status and fee from v3, a page by the cursor of the one before', async () => {
      await vscode.commands.executeCommand('stacksLookup.showBlock', String(BLOCK.big.height));
      let txs = table(model(), 'Transactions');
      assert.strictEqual(txs.title, `Transactions (${BLOCK.big.txCount})`);
      const row = txs.rows[1]!.cells.map((c) => c[0]?.text);
      assert.deepStrictEqual([row[2], row[3]], ['Token transfer', 'Success']);
      assert.match(row[5]!, /STX$/);
      await panels.handle({ type: 'page', params: { txOffset: 20 } });
      txs = table(model(), 'Transactions');
      assert.strictEqual(txs.paging?.offset, 20);
      assert.strictEqual(txs.rows[0]?.cells[0]?.[0]?.text, '20');
      // (The first page may be cached from an earlier test: a block named by its hash is immutable.)
      const v3 = used.mock.requestsTo(`/extended/v3/blocks/${BLOCK.big.hash}/transactions`);
      assert.ok(v3.length >= 1 && v3.length <= 2, 'one request per page');
      assert.ok(v3.at(-1)!.query.get('cursor'), 'the second page starts at the cursor the first gave');
      noErrors();
    });

    it('burn block: not deprecated, its Stacks blocks as today', async () => {
      await vscode.commands.executeCommand('stacksLookup.showBurnBlock', String(BURN.height700000));
      assert.strictEqual(table(model(), 'Stacks blocks').title, `Stacks blocks (${BURN.stacksBlocks700000})`);
      assert.ok(used.mock.requestsTo('/extended/v2/burn-blocks/').length >= 2, 'the v2 burn-block routes are current');
      noErrors();
    });

    it('contract: deployed, with its balance', async () => {
      // A balance of its own, served by the v3 route (the deprecated v1 and v2 ones are off).
      const balance = { ...zeroBalance(), balance: '1234567890' };
      used.mock.override(`/extended/v3/principals/${CONTRACT.deployed}/balances/stx`, toV3StxBalance(balance));
      (await testApi()).probe.dropClients(); // no balance kept from an earlier test
      await vscode.commands.executeCommand('stacksLookup.lookup', CONTRACT.deployed);
      const m = model();
      assert.strictEqual(m.kind, 'contract');
      assert.strictEqual(m.badges[0]?.text, 'Deployed');
      assert.strictEqual(fieldText(m, 'Balance'), formatStx('1234567890'));
      assert.strictEqual(fieldText(m, 'Total sent'), NOT_AVAILABLE);
      noErrors();
    });

    it('contract deployment status, the mempool (statistics, fee estimates, pending list) and API status: not deprecated, as today', async () => {
      await vscode.commands.executeCommand(
        'stacksLookup.showContractStatus',
        `${CONTRACT.deployed}, ${CONTRACT.notFound}`,
      );
      assert.strictEqual(model().badges[0]?.text, '1 of 2 found on Custom');
      await vscode.commands.executeCommand('stacksLookup.showMempoolStats');
      assert.strictEqual(model().badges[0]?.text, '442 pending transactions');
      assert.strictEqual(table(model(), 'Fee estimates').rows.length, 4);
      assert.strictEqual(table(model(), 'Pending transactions').rows.length, 20);
      await panels.handle({ type: 'page', params: { pendingOffset: 20 } });
      assert.strictEqual(table(model(), 'Pending transactions').paging?.offset, 20);
      await vscode.commands.executeCommand('stacksLookup.showServerStatus');
      assert.strictEqual(fieldText(model(), 'Base URL'), used.mock.url);
      assert.deepStrictEqual(gone().sort(), [
        '/extended/v1/tx/mempool/stats',
        '/extended/v2/mempool/fees',
        '/extended/v2/smart-contracts/status',
      ]);
      noErrors();
    });
  });

  describe('hovers', () => {
    let doc: vscode.TextDocument;
    before(async () => {
      doc = await openFixture('hover-targets.clar');
    });

    it('transaction: a token transfer, a failed call and a pending one', async () => {
      const { text } = await stacksHoverAt(doc, positionOf(doc, TX.tokenTransfer, 10));
      assert.match(text, /Token transfer/);
      assert.match(text, /Amount: 0\.000035 STX/);
      assert.match(
        (await stacksHoverAt(doc, positionOf(doc, TX.failed))).text,
        /Failed \(aborted by response\): \(err u1\)/,
      );
      assert.match((await stacksHoverAt(doc, positionOf(doc, TX.pending))).text, /Pending in the mempool/);
    });

    it('address: the balance, and the totals not available', async () => {
      const { text } = await stacksHoverAt(doc, positionOf(doc, ADDRESS.mainnet));
      assert.match(text, /Balance: 1 STX/);
      assert.match(text, /Locked: 0\.05 STX \(50,000 µSTX\) until burn block #200/);
      assert.match(text, /not available on this API/);
    });

    it('an unknown transaction: not found, from the replacement', async () => {
      assert.match((await stacksHoverAt(doc, positionOf(doc, UNKNOWN_TX))).text, /Not found on Custom/);
    });

    it('contract: deployment and the deployer balance', async () => {
      const { text } = await stacksHoverAt(doc, positionOf(doc, CONTRACT.deployed, 32));
      assert.match(text, /Deployed in block #3,275/);
      assert.match(text, /Deployer balance: 0 STX/);
    });
  });

  describe('view sections', () => {
    const lines = (seen: SeenItem[]) => seen.map((s) => `${s.label} | ${s.description}`);

    it('Network and Mempool: not deprecated, as today', async () => {
      const read = async (mock: MockApi) => {
        await tree.refresh();
        const network = lines(await children(tree, tree.sections.network)).map((l) => l.replace(mock.url, '<url>'));
        return [...network, ...lines(await children(tree, tree.sections.mempool))];
      };
      const sunset = await read(used.mock);
      assert.ok(sunset.includes('API status | ready'), sunset.join('\n'));
      assert.ok(sunset.includes('Pending | 442 transactions'), sunset.join('\n'));
      assert.deepStrictEqual(sunset, await today(read));
    });

    it('Watched addresses: balance, transactions and balance changes', async () => {
      await vscode.commands.executeCommand('stacksLookup.watchAddress', ADDRESS.mainnet);
      const [address] = await children(tree, tree.sections.watched);
      assert.strictEqual(address!.description, '1 STX');
      const expanded = await children(tree, address!.node);
      // What it holds and has pending (v3 routes, never switched off), then its transactions.
      assert.deepStrictEqual(
        expanded.slice(0, 2).map((t) => `${t.label} | ${t.description}`),
        ['STX balance | 1 STX', 'Tokens | 0 fungible tokens · 0 NFTs'],
      );
      const txs = expanded.filter((t) => t.contextValue === 'transaction');
      assert.deepStrictEqual(
        txs.map((t) => t.args[0]),
        [TX.mainnetContractCall, TX.mainnetTokenTransfer],
      );
      const changes = await children(tree, txs[0]!.node);
      assert.ok(changes.length >= 1);
      assert.strictEqual(changes[0]!.label, 'STX balance change');
      assert.match(changes[0]!.tooltip, /not available on this API/);
      await watchlist.remove(ADDRESS.mainnet);
    });

    it('Workspace contracts and Recent lookups: as today', async () => {
      // Deployed contracts of the workspace, so their deploy transactions (a switched-off v1
      // route) are read and compared; a lookup, so Recent Lookups has something the product wrote.
      const read = async (mock: MockApi) => {
        mock.override(STATUS_PATH, deployedStatus(DEPLOYED.userRegistry, DEPLOYED.cityRegistry));
        await tree.refresh();
        let contracts: SeenItem[] = [];
        await waitFor(
          async () => {
            contracts = await children(tree, tree.sections.contracts);
            return contracts.filter((c) => /(same as|differs from) deployed/.test(c.description)).length === 2;
          },
          'the deployed contracts compared with their deploy',
          15_000,
        );
        await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.tokenTransfer);
        const [recent] = await children(tree, tree.sections.recent);
        return [...contracts, recent!].map((c) => `${c.label} | ${c.description} | ${c.tooltip} | ${c.command ?? ''}`);
      };
      const sunset = await read(used.mock);
      assert.ok(
        used.mock.requestsTo(`/extended/v3/transactions/${DEPLOYED.cityRegistry.tx}`).length >= 1,
        'the deploy transaction came from the v3 replacement',
      );
      assert.match(
        sunset.at(-1)!,
        /^Transaction 0x[0-9a-f]+…[0-9a-f]+ \| Custom \| .* \| stacksLookup\.showTransaction$/s,
      );
      assert.deepStrictEqual(sunset, await today(read));
      noErrors();
    });
  });
});
