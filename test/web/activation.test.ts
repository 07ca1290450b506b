import * as vscode from 'vscode';
import * as assert from './assert';
import { mainMock } from './control';
import { EXTENSION_ID, testApi } from './helpers';

describe('web: activation in the web worker extension host', () => {
  it('runs the web build in the worker, and activation asks the API nothing', async () => {
    // The host: a web worker, no Node process.
    assert.strictEqual(typeof (globalThis as { importScripts?: unknown }).importScripts, 'function');
    assert.strictEqual(typeof (globalThis as { process?: unknown }).process, 'undefined');
    await testApi();
    assert.deepStrictEqual(await mainMock.requests(), [], 'no request before the user asks for data');
  });

  it('starts the rest on the first command, which runs with its arguments (in the lazily compiled half)', async () => {
    const api = await testApi();
    assert.strictEqual(api.servicesStarted, false, 'activation started what waits for first use');
    const id = 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE';
    assert.strictEqual(await vscode.commands.executeCommand<string>('stacksLookup.copy', id), id);
    assert.strictEqual(await vscode.env.clipboard.readText(), id);
    assert.strictEqual(api.servicesStarted, true);
  });

  it('activates from the browser entry and hands its internals to the tests', async () => {
    const api = await testApi();
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    assert.ok(ext.isActive);
    assert.strictEqual((ext.packageJSON as { browser?: string }).browser, './dist/web/extension.js');
    assert.ok(api.networks && api.tree && api.statusBar, 'the services are built');
    // The internals are the working ones: the network the settings select, the view's sections.
    assert.strictEqual(api.networks.current, 'custom');
    const sections = (await api.tree.getChildren()).map((node) => api.tree!.getTreeItem(node).label);
    assert.deepStrictEqual(sections, [
      'Network',
      'Mempool',
      'Watched Addresses',
      'Workspace Contracts',
      'Recent Lookups',
    ]);
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
