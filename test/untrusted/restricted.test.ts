import * as assert from 'assert';
import * as vscode from 'vscode';
import { Commands } from '../../src/constants';
import { BLOCK, TX } from '../fixtures/ids';
import { recordingOpenExternal, setSettings, testApi, useMock, UsedMock, waitFor } from '../suite/editorHelpers';
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
    // The workspace also sets network = custom; a workspace-level devnet choice with the user's
    // devnet URL must still reach the user's API.
    const restoreUser = await setSettings({ devnetApiUrl: used.mock.url });
    const restoreWs = await setSettings({ network: 'devnet' }, vscode.ConfigurationTarget.Workspace);
    try {
      const before = used.mock.requests.length;
      await vscode.commands.executeCommand(Commands.showServerStatus);
      assert.ok(used.mock.requests.length > before, 'the status request reached the user devnet URL');
    } finally {
      await restoreWs();
      await restoreUser();
    }
  });

  it('with devnet selected, the lens asks the devnet API about the devnet plan, and no hosted API about the testnet plan', async () => {
    // The workspace selects devnet (a setting restricted mode keeps). The lens, already showing
    // the deployment, asks again for the new network: the devnet plan's ids on the user's devnet
    // API. The testnet plan's ids are ST ids, which are devnet's while devnet is selected: the
    // hosted testnet, which nobody chose, is not asked.
    const doc = await vscode.workspace.openTextDocument(treasury());
    await vscode.window.showTextDocument(doc);
    const title = async () => (await lensesOf(doc.uri))[0]?.command?.title ?? '';
    await lensShowsDeployment(doc.uri);
    const since = Date.now();
    const before = used.mock.requestsTo('/extended/v2/smart-contracts/status').length;
    const restoreUser = await setSettings({ devnetApiUrl: used.mock.url });
    const restoreWs = await setSettings({ network: 'devnet' }, vscode.ConfigurationTarget.Workspace);
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
      await restoreWs();
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
