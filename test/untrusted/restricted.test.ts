import * as assert from 'assert';
import * as vscode from 'vscode';
import type { AdjustableClock } from '../../src/api/clock';
import { Commands, EXTENSION_ID, RESTRICTED_SETTINGS } from '../../src/constants';
import type { TestApi } from '../../src/testApi';
import { ADDRESS, BLOCK, TX } from '../fixtures/ids';
import {
  captureMessages,
  Captured,
  passClockWaits,
  recordingOpenExternal,
  setSettings,
  testApi,
  useMock,
  UsedMock,
  waitFor,
  waitQuiet,
} from '../suite/editorHelpers';
import { getNonLoopbackConnections } from '../suite/netGuard';

/** The mock the untrusted workspace's own settings name (the launcher fails the run if it is asked anything). */
const WORKSPACE_MOCK_URL = process.env.STACKS_LOOKUP_TEST_WORKSPACE_MOCK_URL;

const section = () => vscode.workspace.getConfiguration('stacksLookup');

function workspaceFile(rel: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'no workspace folder is open');
  return vscode.Uri.joinPath(folder.uri, ...rel.split('/'));
}

describe('untrusted workspace (restricted mode)', () => {
  let used: UsedMock;
  /** What opening a contract showed and asked, in the window's first state (see `before`). */
  let firstOpen: { titles: string[]; check: vscode.Command | undefined; requests: string[] };
  const treasury = () => workspaceFile('contracts/treasury.clar');
  const lensesOf = async (uri: vscode.Uri) =>
    (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? [];

  before(async () => {
    const api = await testApi();
    // The user's own API (user settings); the workspace's settings name another one.
    used = await useMock();
    // Opening a file before anything asked for chain data in this window: a state only the window's
    // start has, so it is seen here, before any test, whichever tests run and in whatever order.
    assert.strictEqual(api.networks?.used, false, 'something asked for chain data before the suite');
    const doc = await vscode.workspace.openTextDocument(treasury());
    await vscode.window.showTextDocument(doc);
    await waitFor(async () => (await lensesOf(doc.uri)).length > 0, 'the lens', 15000);
    const lenses = await lensesOf(doc.uri);
    firstOpen = {
      titles: lenses.map((l) => l.command?.title ?? ''),
      check: lenses[0]?.command,
      requests: used.mock.requests.map((r) => r.url),
    };
  });
  after(async () => {
    await used.close();
  });

  /** Makes sure the window has asked for chain data, so the lens shows the deployment. */
  const lensShowsDeployment = async (uri: vscode.Uri): Promise<void> => {
    const lens = (await lensesOf(uri))[0]?.command;
    assert.ok(lens, 'no lens');
    if (/check deployment/i.test(lens.title))
      await vscode.commands.executeCommand(lens.command, ...(lens.arguments ?? []));
    await waitFor(
      async () => /testnet: /.test((await lensesOf(uri))[0]?.command?.title ?? ''),
      'the deployment in the lens',
      15000,
    );
  };

  it('really is a workspace nobody trusted, whose settings name another API', async () => {
    assert.strictEqual(vscode.workspace.isTrusted, false);
    assert.ok(WORKSPACE_MOCK_URL, 'the launcher names the workspace mock');
    const written = JSON.parse(
      new TextDecoder().decode(await vscode.workspace.fs.readFile(workspaceFile('.vscode/settings.json'))),
    ) as Record<string, string>;
    assert.strictEqual(written['stacksLookup.network'], 'devnet');
    assert.strictEqual(written['stacksLookup.customApiUrl'], WORKSPACE_MOCK_URL);
    assert.strictEqual(written['stacksLookup.explorerUrl'], `${WORKSPACE_MOCK_URL}/explorer`);
    assert.strictEqual(written['stacksLookup.bitcoinExplorerUrl'], `${WORKSPACE_MOCK_URL}/bitcoin`);
    // VS Code itself hides the restricted settings' workspace values; the extension's own rule
    // (src/ui/config.ts) is the second line, for hosts that do not.
    assert.strictEqual(section().inspect('customApiUrl')?.workspaceValue, undefined);
  });

  it('opening a contract asks nothing: its lens offers to check the deployment', () => {
    assert.ok(
      firstOpen.titles.some((t) => /check deployment/i.test(t)),
      `lenses: ${firstOpen.titles.join(' | ')}`,
    );
    assert.deepStrictEqual(firstOpen.requests, [], 'a request went out before anything was asked');
  });

  it('a click on that lens checks, and from then on the lens shows the deployment', async () => {
    const check = firstOpen.check;
    assert.ok(check && /check deployment/i.test(check.title), 'the lens offered a check');
    const before = used.mock.requestsTo('/extended/v2/smart-contracts/status').length;
    await vscode.commands.executeCommand(check.command, ...(check.arguments ?? []));
    assert.ok(used.mock.requestsTo('/extended/v2/smart-contracts/status').length > before, 'the click asked nothing');
    const title = async () => (await lensesOf(treasury()))[0]?.command?.title ?? '';
    await waitFor(async () => /testnet: /.test(await title()), 'the deployment in the lens', 15000);
    assert.doesNotMatch(await title(), /check deployment/i);
  });

  it("looks up on the user's API, never on the one the workspace names", async () => {
    await vscode.commands.executeCommand(Commands.showTransaction, TX.tokenTransfer);
    assert.strictEqual(used.mock.requestsTo(`/extended/v1/tx/${TX.tokenTransfer}`).length, 1);
  });

  it("ignores the workspace's devnet URL too", async () => {
    // The user selects devnet, with a devnet URL of their own: the workspace's devnet URL (the
    // workspace mock) is not the one asked.
    const restoreUser = await setSettings({ devnetApiUrl: used.mock.url, network: 'devnet' });
    try {
      const before = used.mock.requests.length;
      await vscode.commands.executeCommand(Commands.showServerStatus);
      assert.ok(used.mock.requests.length > before, 'the status request reached the user devnet URL');
    } finally {
      await restoreUser();
    }
  });

  it('with devnet selected, the lens asks the devnet API about the devnet plan, and no hosted API about the testnet plan', async () => {
    // The user selects devnet. The lens, already showing the deployment, asks again for the new
    // network: the devnet plan's ids on the user's devnet API. The testnet plan's ids are ST ids,
    // which are devnet's while devnet is selected: the hosted testnet, which nobody chose, is not
    // asked.
    const doc = await vscode.workspace.openTextDocument(treasury());
    await vscode.window.showTextDocument(doc);
    const title = async () => (await lensesOf(doc.uri))[0]?.command?.title ?? '';
    await lensShowsDeployment(doc.uri);
    const since = Date.now();
    const before = used.mock.requestsTo('/extended/v2/smart-contracts/status').length;
    const restoreUser = await setSettings({ devnetApiUrl: used.mock.url, network: 'devnet' });
    try {
      await waitFor(async () => /devnet: not deployed/.test(await title()), 'the devnet deployment in the lens', 15000);
      assert.match(await title(), /testnet: select Testnet to check/);
      assert.ok(
        used.mock.requestsTo('/extended/v2/smart-contracts/status').length > before,
        'the devnet ids were not asked on the user devnet API',
      );
      const away = getNonLoopbackConnections(since).map((c) => `${c.host}:${c.port ?? ''}`);
      assert.deepStrictEqual(away, [], 'the lens asked an API of a network nobody selected');
    } finally {
      await restoreUser();
    }
  });

  it("opens the user's explorer, not the one the workspace names", async () => {
    const opened = await recordingOpenExternal(async () => {
      await vscode.commands.executeCommand(Commands.openInExplorer, {
        kind: 'tx',
        id: TX.tokenTransfer,
        network: 'mainnet',
      });
    });
    assert.strictEqual(opened.length, 1, `opened: ${opened.join(', ')}`);
    assert.ok(opened[0]!.startsWith(`https://explorer.hiro.so/txid/${TX.tokenTransfer}`), opened[0]);
  });

  it("opens the user's Bitcoin explorer for an anchor transaction, not the one the workspace names", async () => {
    const api = await testApi();
    assert.ok(api.panels);
    const panels = api.panels;
    await vscode.commands.executeCommand(Commands.showBlock, String(BLOCK.height));
    const anchor = panels.current?.model.sections
      .flatMap((s) => (s.type === 'fields' ? s.rows : []))
      .find((r) => r.label === 'Anchor transaction (Bitcoin)')?.values[0];
    assert.ok(anchor?.bitcoin, 'the block panel offers its anchor transaction');
    const bitcoin = anchor.bitcoin;
    const opened = await recordingOpenExternal(() => panels.handle({ type: 'openBitcoin', ref: bitcoin }));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.deepStrictEqual(opened, [`https://mempool.space/tx/${anchor.bitcoin.id.slice(2)}`]);
  });
});

// The workspace's settings (test/host/run.js) also select devnet and turn on everything that asks in
// the background. Each test here first asks for chain data itself, so each would see it happen; the
// view's test starts from a window where nothing was asked, as a reload leaves it.
describe('untrusted workspace: nothing starts that the user did not ask for', function () {
  this.timeout(60_000);
  let api: TestApi;
  let clock: AdjustableClock;
  let used: UsedMock;
  let messages: Captured;
  const WATCHED_KEY = 'stacksLookup.watchedAddresses';
  /** A lookup of the user's: from now on the window is one where the user asked for chain data. */
  const askSomething = () => vscode.commands.executeCommand(Commands.showServerStatus);

  before(async () => {
    api = await testApi();
    assert.ok(api.networks && api.statusBar && api.txWatch && api.watchlist, 'activate() exposes the services');
    // Before anything sets a timer: the rounds and the auto refresh wait on this clock.
    clock = api.probe.clock();
  });
  beforeEach(async () => {
    used = await useMock();
    messages = captureMessages();
  });
  afterEach(async () => {
    messages.restore();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await used.close();
  });

  it('package.json restricts exactly the settings the extension reads only from the user here', () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    const pkg = ext?.packageJSON as { capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } } };
    assert.deepStrictEqual(
      [...pkg.capabilities.untrustedWorkspaces.restrictedConfigurations].sort(),
      RESTRICTED_SETTINGS.map((k) => `stacksLookup.${k}`).sort(),
    );
  });

  it("VS Code hides the workspace's value of every one of them", async () => {
    const written = JSON.parse(
      new TextDecoder().decode(await vscode.workspace.fs.readFile(workspaceFile('.vscode/settings.json'))),
    ) as Record<string, unknown>;
    for (const [key, value] of Object.entries(written)) {
      const name = key.replace(/^stacksLookup\./, '');
      assert.ok(RESTRICTED_SETTINGS.includes(name), `${key} is not restricted`);
      assert.strictEqual(section().inspect(name)?.workspaceValue, undefined, `${key}: the workspace's value shows`);
      assert.notDeepStrictEqual(section().get(name), value, `${key}: the workspace's value counts`);
    }
  });

  it("looks up on the user's network, not the devnet the workspace selects", async () => {
    await askSomething();
    assert.strictEqual(api.networks!.current, 'custom');
    assert.strictEqual(used.mock.requestsTo('/extended').filter((r) => r.path === '/extended').length, 1);
    assert.deepStrictEqual(messages.all(), []);
  });

  it('keeps the chain tip off, as the user set it: the status bar polls nothing', async () => {
    await askSomething();
    assert.ok(api.networks!.used);
    assert.ok(vscode.window.state.focused, 'the test window has focus (the launcher brings it to the front)');
    assert.ok(!api.statusBar!.polling, 'the status bar polls the chain tip');
    assert.match(api.statusBar!.tooltip, /chain tip is hidden/);
  });

  it("keeps the watch list in this workspace, not the user's list for every workspace", async () => {
    try {
      await vscode.commands.executeCommand(Commands.watchAddress, ADDRESS.testnet);
      assert.ok(api.workspaceState.get<string[]>(WATCHED_KEY)?.includes(ADDRESS.testnet), 'not in the workspace');
      assert.ok(!api.globalState.get<string[]>(WATCHED_KEY)?.includes(ADDRESS.testnet), "in the user's global list");
    } finally {
      await api.watchlist!.remove(ADDRESS.testnet);
    }
  });

  it('the view, shown in a window where nothing was asked yet (as a reload restores it), asks nothing', async () => {
    const wasUsed = api.networks!.used;
    api.probe.forgetUse();
    try {
      await api.tree!.refresh(undefined, false); // nothing loaded, as after a reload
      await vscode.commands.executeCommand('workbench.view.extension.stacksLookup');
      await waitFor(() => api.tree!.view.visible, 'the Stacks Lookup view is visible');
      const network = await api.tree!.getChildren(api.tree!.sections.network);
      const labels = network.map((n) => api.tree!.getTreeItem(n).label);
      assert.deepStrictEqual(labels, ['Custom', 'API status']);
      await waitQuiet(() => used.mock.requests.length, 'the view', 500);
      assert.deepStrictEqual(
        used.mock.requests.map((r) => r.path),
        [],
        'the view asked the API',
      );
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
      if (wasUsed) api.networks!.markUsed();
    }
  });

  it("runs no round of the watched addresses' notifications and no auto refresh of the view", async () => {
    await api.watchlist!.add(ADDRESS.testnet);
    try {
      await askSomething();
      await vscode.commands.executeCommand('workbench.view.extension.stacksLookup');
      await waitFor(() => api.tree!.view.visible, 'the Stacks Lookup view is visible');
      const count = () => used.mock.requests.length;
      await waitQuiet(count, "the view's first load", 500);
      assert.deepStrictEqual(clock.waits, [], 'something waits on the clock to ask again');
      const before = count();
      clock.advance(10 * 60_000);
      await waitQuiet(count, 'the requests after ten minutes', 500);
      assert.deepStrictEqual(
        used.mock.requests.slice(before).map((r) => r.path),
        [],
        'asked in the background over ten minutes',
      );
    } finally {
      await api.watchlist!.remove(ADDRESS.testnet);
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
    }
  });

  it("gives up a watch after the user's 60 minutes, not the workspace's day", async () => {
    const watch = api.txWatch!;
    await api.workspaceState.update('stacksLookup.watchedTransactions', [
      { id: TX.pending, network: 'custom', since: Date.now() - 61 * 60_000 },
    ]);
    try {
      watch.suspend(); // as at deactivation
      watch.load(); // as at the next activation, with the watch kept
      await askSomething();
      const round = watch.nextRound();
      const stop = passClockWaits(clock);
      try {
        await round;
      } finally {
        stop();
      }
      assert.deepStrictEqual(watch.watched, [], 'still watched after 61 minutes');
      assert.ok(
        messages.all().some((m) => /after 60 minutes; it was still pending/.test(m)),
        messages.all().join('\n'),
      );
    } finally {
      for (const w of watch.watched) await watch.unwatch(w.id, w.network);
    }
  });

  it('asks the custom API for no token metadata', async () => {
    // On the custom network by name, whichever network is selected.
    await api.panels!.open(
      { kind: 'tx', id: TX.ftTransfer, network: 'custom' },
      { signal: new AbortController().signal },
    );
    assert.strictEqual(used.mock.requestsTo(`/extended/v1/tx/${TX.ftTransfer}`).length, 1, 'the panel was shown');
    assert.strictEqual(used.mock.requestsTo('/metadata/').length, 0);
  });
});
