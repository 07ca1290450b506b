import * as vscode from 'vscode';
import * as assert from './assert';
import { EXTENSION_ID, testApi } from './helpers';

describe('web: activation in the web worker extension host', () => {
  it('runs in a worker, with no Node process', () => {
    assert.strictEqual(typeof (globalThis as { importScripts?: unknown }).importScripts, 'function');
    assert.strictEqual(typeof (globalThis as { process?: unknown }).process, 'undefined');
  });

  it('activates from the browser entry and hands its internals to the tests', async () => {
    const api = await testApi();
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    assert.ok(ext.isActive);
    assert.strictEqual(
      (ext.packageJSON as { main?: string }).main,
      undefined,
      'the package has only its browser entry',
    );
    assert.ok(api.networks && api.tree && api.statusBar, 'the services are built');
  });

  it('registers every command package.json contributes, and no other', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const contributed = (
      ext.packageJSON as { contributes: { commands: Array<{ command: string }> } }
    ).contributes.commands
      .map((c) => c.command)
      .sort();
    const registered = (await vscode.commands.getCommands(true))
      .filter((c) => c.startsWith('stacksLookup.'))
      // The view's own commands, which VS Code adds for every view.
      .filter((c) => !c.startsWith('stacksLookup.explorer.'))
      .sort();
    assert.deepStrictEqual(registered, contributed);
  });

  it('shows the network in the status bar', async () => {
    const api = await testApi();
    const item = (api.statusBar as unknown as { item: vscode.StatusBarItem }).item;
    assert.match(item.text, /Custom/);
  });
});
