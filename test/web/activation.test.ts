import * as vscode from 'vscode';
import * as assert from './assert';
import { mainMock } from './control';
import { captureMessages, EXTENSION_ID, freshStart, IDS, testApi } from './helpers';

describe('web: activation in the web worker extension host', () => {
  it('runs the web build in the worker: what it leaves out says it needs the desktop, and asks nothing', async () => {
    // The host: a web worker, no Node process.
    assert.strictEqual(typeof (globalThis as { importScripts?: unknown }).importScripts, 'function');
    assert.strictEqual(typeof (globalThis as { process?: unknown }).process, 'undefined');
    const api = await testApi();
    await freshStart(api);
    const messages = captureMessages();
    try {
      const watched = await vscode.commands.executeCommand('stacksLookup.watchTransaction', IDS.tx);
      assert.strictEqual(watched, false, 'nothing is watched');
      assert.deepStrictEqual(messages.shown, [
        {
          level: 'info',
          message:
            'Watching a transaction until it lands needs the desktop version of VS Code: the web extension (vscode.dev, github.dev) leaves it out to stay small.',
          buttons: [],
        },
      ]);
    } finally {
      messages.restore();
    }
    assert.deepStrictEqual(await mainMock.requests(), [], 'no request for a feature left out');
  });

  it('activates from the browser entry and hands its internals to the tests', async () => {
    const api = await testApi();
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    assert.ok(ext.isActive);
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
    assert.ok(api.statusBar, 'activate() built the status bar item');
    assert.match(api.statusBar.text, /Custom/);
  });
});
