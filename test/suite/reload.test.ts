// A reloaded window: VS Code restores what was open (a detail panel, a contract's source, the left
// side of Compare with Deployed, the view as it was left) and asks the extension for it, as these
// tests do through the same entry points. None of that is the user asking for chain data: a
// restore loads what it shows as a background request (failing fast when the rate budget is
// spent), and the window stays one where nothing was asked, so the status bar does not poll and a
// kept watch is not followed; the view asks nothing at all until the user does.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { AdjustableClock } from '../../src/api/clock';
import { PANEL_VIEW_TYPE } from '../../src/constants';
import type { TestApi } from '../../src/testApi';
import type { NetworkService } from '../../src/ui/network/network';
import type { PanelManager } from '../../src/ui/panels';
import type { ExplorerTree } from '../../src/ui/tree';
import { ADDRESS, DEPLOYED, deployedStatus, mockHash, TX } from '../fixtures/ids';
import { loadFixture } from '../mock-api/server';
import {
  captureMessages,
  Captured,
  children,
  SeenItem,
  setSettings,
  testApi,
  useMock,
  UsedMock,
  waitFor,
  waitQuiet,
} from './editorHelpers';

const WATCHED_TXS = 'stacksLookup.watchedTransactions';
const STATUS_PATH = '/extended/v2/smart-contracts/status';
const txPath = (tx: string) => `/extended/v1/tx/${tx}`;
const lines = (seen: SeenItem[]) => seen.map((s) => `${s.label} | ${s.description}`);

/** A deploy of `id` carrying `source`: the real deploy fixture with another contract. */
function deployBody(tx: string, id: string, source: string): unknown {
  return {
    ...loadFixture('tx-smart_contract.json'),
    tx_id: tx,
    sender_address: id.split('.')[0],
    smart_contract: { clarity_version: 2, contract_id: id, source_code: source },
  };
}

/** Fails when `p` has not settled within `ms`: a background load never waits for the rate budget. */
async function within<T>(ms: number, p: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} was still waiting after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('Reload: what VS Code restores asks in the background', function () {
  this.timeout(30_000);
  let api: TestApi;
  let networks: NetworkService;
  let clock: AdjustableClock;
  let used: UsedMock;
  let messages: Captured;
  let restoreSettings: () => Promise<void>;
  let wasUsed = false;
  /** A contract id of its own per test: VS Code keeps a document it opened, and would not ask again. */
  let seq = 0;

  before(async () => {
    api = await testApi();
    assert.ok(api.networks && api.statusBar && api.txWatch, 'activate() exposes the services');
    networks = api.networks;
    clock = api.probe.clock();
  });

  beforeEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    used = await useMock();
    messages = captureMessages();
    // The window as a reload leaves it: nothing asked yet, the chain tip on (its poll would start
    // at the first request), and a watched transaction kept from before the reload.
    wasUsed = networks.used;
    api.probe.forgetUse();
    restoreSettings = await setSettings({ 'statusBar.chainTip': true });
    await api.workspaceState.update(WATCHED_TXS, [{ id: TX.pending, network: 'custom', since: Date.now() }]);
    api.txWatch!.suspend();
    api.txWatch!.load();
  });

  afterEach(async () => {
    messages.restore();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await restoreSettings();
    for (const w of api.txWatch!.watched) await api.txWatch!.unwatch(w.id, w.network);
    if (wasUsed) networks.markUsed();
    await used.close();
  });

  /** The window is still one where nobody asked: no chain tip poll, and the kept watch waits. */
  async function assertNothingStarted(what: string): Promise<void> {
    assert.ok(!networks.used, `${what} counted as the user asking for chain data`);
    assert.ok(!api.statusBar!.polling, `after ${what}, the status bar polls the chain tip`);
    // An hour later on the clients' clock, the watch rounds would long have asked.
    clock.advance(60 * 60_000);
    const rounds = () => used.mock.requestsTo(txPath(TX.pending)).length;
    await waitQuiet(rounds, 'a watch round', 300);
    assert.strictEqual(rounds(), 0, `after ${what}, the kept watch was followed`);
  }

  /** One background request meets a 429 asking to wait a minute: the budget is spent for that long. */
  async function spendBudget(): Promise<void> {
    used.mock.fault({ times: 1, fault: { kind: 'status', status: 429, headers: { 'retry-after': '60' } } });
    await api.statusBar!.refresh(true);
    assert.match(api.statusBar!.tooltip, /rate/i, 'the 429 reached the client');
  }

  /** A panel as the workbench hands it to the serializer after a reload, with the state it kept. */
  async function revive(
    state: unknown,
  ): Promise<{ panels: PanelManager; shown: ReturnType<PanelManager['whenRendered']> }> {
    const panels = api.panels!;
    const panel = vscode.window.createWebviewPanel(PANEL_VIEW_TYPE, 'Stacks', vscode.ViewColumn.One, {});
    const shown = panels.whenRendered();
    await panels.revive(panel, state);
    return { panels, shown };
  }

  /** A deployed contract the mock knows: its status names its deploy, which carries `source`. */
  function deployed(source: string): { id: string; tx: string } {
    const name = `reload-probe-${++seq}`;
    const id = `${DEPLOYED.deployer}.${name}`;
    const tx = mockHash(`tx:deploy:${name}:${used.mock.url}`);
    used.mock.override(STATUS_PATH, deployedStatus({ id, tx, height: 171300 + seq }));
    used.mock.override(txPath(tx), deployBody(tx, id, source));
    return { id, tx };
  }

  const contractUri = (id: string) => vscode.Uri.from({ scheme: 'stacks-contract', path: `/custom/${id}.clar` });
  const deployedUri = (d: { id: string; tx: string }) =>
    vscode.Uri.from({ scheme: 'stacks-deployed', path: `/custom/${d.tx}/${d.id}.clar` });

  it('a restored panel shows its target again and starts nothing', async () => {
    const { shown } = await revive({ kind: 'tx', id: TX.tokenTransfer, network: 'custom' });
    const m = await shown;
    assert.strictEqual(m.type, 'render');
    // The transaction, and the epoch's limits its execution costs are shown against.
    assert.deepStrictEqual(
      used.mock.requests.map((r) => r.path),
      [txPath(TX.tokenTransfer), '/v2/pox'],
    );
    await assertNothingStarted('the restored panel');
  });

  it('a restored panel, with the rate budget spent, says so at once instead of waiting for it', async () => {
    await spendBudget();
    const before = used.mock.requests.length;
    const { shown } = await revive({ kind: 'tx', id: TX.tokenTransfer, network: 'custom' });
    const m = await within(5000, shown, 'the restored panel');
    assert.strictEqual(m.type, 'error');
    assert.match(m.type === 'error' ? m.message : '', /rate/i);
    assert.strictEqual(used.mock.requests.length, before, 'a request went out while the budget was spent');
    await assertNothingStarted('the restored panel');
  });

  it('a restored contract source document shows the source and starts nothing', async () => {
    const source = '(define-read-only (probe) (ok u1))\n';
    const d = deployed(source);
    const doc = await vscode.workspace.openTextDocument(contractUri(d.id));
    assert.strictEqual(doc.getText(), source);
    assert.deepStrictEqual(
      used.mock.requests.map((r) => r.path),
      [STATUS_PATH, txPath(d.tx)],
    );
    await assertNothingStarted('the restored source document');
  });

  it('a restored contract source document, with the rate budget spent, fails at once', async () => {
    const d = deployed('(define-constant PROBE u2)\n');
    await spendBudget();
    const before = used.mock.requests.length;
    await assert.rejects(
      within(5000, Promise.resolve(vscode.workspace.openTextDocument(contractUri(d.id))), 'the document'),
      /rate/i,
    );
    assert.strictEqual(used.mock.requests.length, before, 'a request went out while the budget was spent');
    await assertNothingStarted('the restored source document');
  });

  it('the restored left side of Compare with Deployed shows the deployed source and starts nothing', async () => {
    const source = '(define-data-var probe uint u3)\n';
    const d = deployed(source);
    const doc = await vscode.workspace.openTextDocument(deployedUri(d));
    assert.strictEqual(doc.getText(), source);
    assert.deepStrictEqual(
      used.mock.requests.map((r) => r.path),
      [txPath(d.tx)],
    );
    await assertNothingStarted('the restored diff');
  });

  it('the restored left side of Compare with Deployed, with the rate budget spent, fails at once', async () => {
    const d = deployed('(define-data-var probe uint u4)\n');
    await spendBudget();
    const before = used.mock.requests.length;
    await assert.rejects(
      within(5000, Promise.resolve(vscode.workspace.openTextDocument(deployedUri(d))), 'the document'),
      /rate/i,
    );
    assert.strictEqual(used.mock.requests.length, before, 'a request went out while the budget was spent');
    await assertNothingStarted('the restored diff');
  });

  describe('the view, restored as it was left', () => {
    let tree: ExplorerTree;
    let restoreRefresh: () => Promise<void>;
    beforeEach(async () => {
      tree = api.tree!;
      await api.watchlist!.add(ADDRESS.mainnet);
      restoreRefresh = await setSettings({ 'explorer.autoRefreshSeconds': 10 });
      // What a reload leaves: nothing loaded (not an explicit refresh: it asks for nothing).
      await tree.refresh(undefined, false);
      await vscode.commands.executeCommand('workbench.view.extension.stacksLookup');
      await waitFor(() => tree.view.visible, 'the Stacks Lookup view is visible');
    });
    afterEach(async () => {
      await restoreRefresh();
      await api.watchlist!.remove(ADDRESS.mainnet);
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
    });

    /** What the sections show, and each watched address expanded. */
    async function seen(): Promise<Record<'network' | 'mempool' | 'watched' | 'address' | 'contracts', string[]>> {
      const watched = await children(tree, tree.sections.watched);
      const address = watched.find((w) => w.contextValue === 'watchedAddress');
      return {
        network: lines(await children(tree, tree.sections.network)),
        mempool: lines(await children(tree, tree.sections.mempool)),
        watched: lines(watched),
        address: address ? lines(await children(tree, address.node)) : [],
        contracts: lines(await children(tree, tree.sections.contracts)).slice(0, 3),
      };
    }

    it('shows every section without asking, and loads at a click on "Select to load"', async () => {
      const before = await seen();
      assert.deepStrictEqual(before, {
        network: [`Custom | ${used.mock.url}`, 'API status | Select to load'],
        mempool: ['Mempool statistics | Select to load'],
        watched: ['Balances and transactions | Select to load', 'SP3FBR…J5SVTE | '],
        address: ['Transaction list | Select to load'],
        contracts: [
          'Deployment status | Select to load',
          'memo-payments | testnet: not checked · devnet: not checked',
          'treasury | testnet: not checked · devnet: not checked',
        ],
      });
      assert.deepStrictEqual(clock.waits, [], 'the auto refresh waits to run');
      assert.deepStrictEqual(
        used.mock.requests.map((r) => r.path),
        [],
        'the view asked the API',
      );
      await assertNothingStarted('the restored view');

      const load = (await children(tree, tree.sections.mempool))[0]!;
      assert.ok(load.command, 'the item runs a command');
      await vscode.commands.executeCommand(load.command, ...load.args);
      assert.ok(networks.used, 'a click on "Select to load" is the user asking');
      const after = await seen();
      assert.match(after.network.join('\n'), /API status \| ready/);
      assert.match(after.mempool.join('\n'), /Pending \| \d+ transactions/);
      assert.match(after.watched.join('\n'), /SP3FBR…J5SVTE \| [\d,.]+ STX/);
      assert.doesNotMatch(after.contracts.join('\n'), /Select to load|not checked/);
      assert.ok(clock.waits.length > 0, 'the auto refresh, on, waits for its turn');
    });

    it('loads what it showed unloaded once the user looks anything up', async () => {
      assert.deepStrictEqual((await seen()).mempool, ['Mempool statistics | Select to load']);
      await vscode.commands.executeCommand('stacksLookup.showServerStatus');
      await waitFor(
        async () => /Pending/.test((await seen()).mempool.join('\n')),
        'the mempool section to load after a lookup',
      );
    });
  });
});
