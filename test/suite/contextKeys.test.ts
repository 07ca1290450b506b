import * as assert from 'assert';
import * as vscode from 'vscode';
import { ADDRESS, API_KEY } from '../fixtures/ids';
import {
  captureMessages,
  Captured,
  openFixture,
  positionOf,
  setSettings,
  stubInputBox,
  useMock,
  UsedMock,
  waitFor,
} from './editorHelpers';

/** Records the context keys the extension sets, and passes every command on. */
function spySetContext(): { seen: Array<[string, unknown]>; restore(): void } {
  const original = vscode.commands.executeCommand;
  const seen: Array<[string, unknown]> = [];
  const spy = (id: string, ...args: unknown[]): Thenable<unknown> => {
    if (id === 'setContext') seen.push([String(args[0]), args[1]]);
    return original.call(vscode.commands, id, ...args);
  };
  Object.assign(vscode.commands, { executeCommand: spy });
  return { seen, restore: () => void Object.assign(vscode.commands, { executeCommand: original }) };
}

function workspaceFile(rel: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'no workspace folder');
  return vscode.Uri.joinPath(folder.uri, ...rel.split('/'));
}

describe('Context keys, Show Log and the CodeLens setting', () => {
  let used: UsedMock;
  let messages: Captured;
  beforeEach(async () => {
    used = await useMock();
    messages = captureMessages();
  });
  afterEach(async () => {
    messages.restore();
    await used.close();
  });

  it('stacksLookup.hasApiKey follows Set API Key and Clear API Key, so the menus offer the right one', async () => {
    const spy = spySetContext();
    const input = stubInputBox([API_KEY]);
    try {
      assert.strictEqual(await vscode.commands.executeCommand('stacksLookup.setApiKey'), true);
      await waitFor(() => spy.seen.some(([k, v]) => k === 'stacksLookup.hasApiKey' && v === true), 'key set');
      await vscode.commands.executeCommand('stacksLookup.clearApiKey');
      await waitFor(
        () => spy.seen.filter(([k]) => k === 'stacksLookup.hasApiKey').at(-1)?.[1] === false,
        'key cleared',
      );
    } finally {
      input.restore();
      spy.restore();
    }
  });

  it('stacksLookup.identifierAtCursor names what is under the cursor, and clears off it', async () => {
    const doc = await openFixture('hover-targets.clar');
    const editor = await vscode.window.showTextDocument(doc);
    const spy = spySetContext();
    const last = () => spy.seen.filter(([k]) => k === 'stacksLookup.identifierAtCursor').at(-1)?.[1];
    try {
      const at = positionOf(doc, ADDRESS.mainnet);
      editor.selection = new vscode.Selection(at, at);
      await waitFor(() => last() === 'address', 'the address under the cursor');
      editor.selection = new vscode.Selection(0, 0, 0, 0);
      await waitFor(() => last() === false, 'nothing under the cursor');
    } finally {
      spy.restore();
    }
  });

  it('Show Log opens the extension’s log', async () => {
    await vscode.commands.executeCommand('stacksLookup.showLog');
    await waitFor(
      () =>
        vscode.window.visibleTextEditors.some(
          (e) => e.document.uri.scheme === 'output' && /Stacks/i.test(e.document.uri.path),
        ),
      'the Stacks Lookup output shown',
    );
  });

  it('codeLens.enabled turns the deployment lens off and on', async () => {
    // A lookup first: the lens then shows the status instead of "Check deployment".
    await vscode.commands.executeCommand('stacksLookup.showAddress', ADDRESS.mainnet);
    const uri = workspaceFile('contracts/treasury.clar');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const stacksLenses = async () =>
      ((await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? []).filter(
        (l) => l.command?.command.startsWith('stacksLookup.'),
      );
    await waitFor(async () => (await stacksLenses()).length > 0, 'the deployment lens');
    const restore = await setSettings({ 'codeLens.enabled': false });
    try {
      await waitFor(async () => (await stacksLenses()).length === 0, 'no lens with codeLens.enabled off');
    } finally {
      await restore();
    }
    await waitFor(async () => (await stacksLenses()).length > 0, 'the lens back on');
  });
});
