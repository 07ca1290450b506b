import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { ADDRESS } from '../fixtures/ids';
import { EXTENSION_ID, openFixture, positionOf, stacksHoverAt, testApi } from './editorHelpers';
import { getConnections, getNetworkConnections, guardInstalledAt } from './netGuard';

interface ContributedCommand {
  command: string;
  title?: string;
}
interface PackageJson {
  contributes?: {
    commands?: ContributedCommand[];
    views?: Record<string, { id: string }[]>;
  };
}

function describeConnections(list: ReturnType<typeof getConnections>): string {
  return list.map((c) => `${c.host}:${c.port ?? ''} (${c.via}${c.url ? ' ' + c.url : ''})`).join(', ');
}

describe('Activation', () => {
  let ext: vscode.Extension<unknown>;
  /** Was the extension already active when the suite started (e.g. by a workspaceContains event)? */
  let activeAtStart = false;

  before(() => {
    const found = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(found, `extension ${EXTENSION_ID} is not installed in this host`);
    ext = found;
    activeAtStart = ext.isActive;
  });

  it('is the extension built from this repository, not an installed copy', () => {
    // out/test/suite -> the repository root, whose package.json and dist/ the host must be running.
    const repo = path.resolve(__dirname, '..', '..', '..');
    assert.strictEqual(path.resolve(ext.extensionPath), repo);
    const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as {
      version: string;
      main: string;
    };
    assert.strictEqual(ext.packageJSON.version, pkg.version);
    assert.strictEqual(ext.packageJSON.main, pkg.main);
    console.log(
      `      VS Code ${vscode.version}, extension ${ext.packageJSON.version}, active at start: ${activeAtStart}`,
    );
  });

  it('activates without any network connection', async () => {
    assert.ok(guardInstalledAt() > 0, 'the network guard is not installed');
    if (activeAtStart) {
      // Activated before run(): the guard could not watch it. The launcher (test/host/run.js)
      // checks that the mock API got no request before the first test. Here: nothing since load.
      const seen = getNetworkConnections();
      assert.deepStrictEqual(seen, [], `connections before the first test: ${describeConnections(seen)}`);
    }
    const before = Date.now();
    await ext.activate();
    assert.ok(ext.isActive, 'extension is not active after activate()');
    const during = getNetworkConnections(before);
    assert.deepStrictEqual(during, [], `activation opened connections: ${describeConnections(during)}`);
    // What activation left, however it came about: only a client sends requests, and none was
    // made, nor its bundle loaded; the window counts as not asked for chain data.
    const api = await testApi();
    assert.ok(api.networks, 'activate() built the network service');
    assert.deepStrictEqual(api.probe.clientIds(), [], 'activation made an API client');
    assert.deepStrictEqual(api.probe.startedParts(), [], 'activation loaded a part (the API client, the panels…)');
    assert.strictEqual(api.networks.used, false, 'activation counts as asking for chain data');
    assert.doesNotMatch(api.statusBar?.text ?? '', /#/, 'the status bar shows a chain tip it did not ask for');
  });

  it('starts the lookups, panels, watches and the explorer data on first use, and that first command runs with its arguments', async () => {
    const api = await testApi();
    // Activation built the network, the status bar and the log, and registered the rest as stand-ins.
    assert.strictEqual(api.servicesStarted, false, 'activation started what waits for first use');
    assert.ok(!api.probe.startedParts().includes('services'), 'activation loaded the services part');
    await vscode.env.clipboard.writeText('');
    // Stacks: Copy is one of those stand-ins: its first call starts the rest, then runs the real command.
    const copied = await vscode.commands.executeCommand<string>('stacksLookup.copy', ADDRESS.mainnet);
    assert.strictEqual(copied, ADDRESS.mainnet, 'the real command got the arguments and its result came back');
    assert.strictEqual(await vscode.env.clipboard.readText(), ADDRESS.mainnet);
    assert.strictEqual(api.servicesStarted, true);
    assert.ok(api.probe.startedParts().includes('services'), 'the first command loaded the services part');
    // The real commands took the stand-ins' ids: a second call runs them directly.
    assert.strictEqual(
      await vscode.commands.executeCommand<string>('stacksLookup.copy', ADDRESS.testnet),
      ADDRESS.testnet,
    );
    assert.strictEqual(api.networks?.used, false, 'copying an id is not asking for chain data');
  });

  it('hands its internals to its own tests (the host runs it in ExtensionMode.Test)', async () => {
    const api = await testApi();
    assert.strictEqual(ext.exports, api, 'the exports are what activate() returned');
    assert.ok(api.logUri && api.globalStorageUri, 'activate() exposes the log and storage folders');
    assert.ok(api.history && api.statusBar, 'activate() exposes the history and the status bar item');
    // The tree only present, like the panels: reading it loads the tree bundle.
    assert.ok('tree' in api && api.watchlist, 'activate() exposes the tree and the watch list');
    // Only present, not read: reading it loads the panels bundle, which a test below expects unloaded.
    assert.ok('panels' in api, 'activate() exposes the panels');
  });

  it('registers every contributed command, and contributes every registered stacksLookup.* command', async () => {
    const pkg = ext.packageJSON as PackageJson;
    const contributed = (pkg.contributes?.commands ?? []).map((c) => c.command);
    const registered = await vscode.commands.getCommands(true);
    const registeredSet = new Set(registered);

    const missing = contributed.filter((c) => !registeredSet.has(c));
    assert.deepStrictEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);

    // The workbench itself registers <viewId>.focus, <viewId>.resetViewLocation, ... for views.
    const viewIds = Object.values(pkg.contributes?.views ?? {})
      .flat()
      .map((v) => v.id);
    const isViewCommand = (c: string): boolean => viewIds.some((v) => c.startsWith(v + '.'));
    const contributedSet = new Set(contributed);
    const undeclared = registered.filter(
      (c) => c.startsWith('stacksLookup.') && !contributedSet.has(c) && !isViewCommand(c),
    );
    assert.deepStrictEqual(undeclared, [], `registered but not contributed in package.json: ${undeclared.join(', ')}`);
  });

  it('loads the API client, the detail panels, the Clarity decoder and the Clarinet reader only when first needed', async () => {
    const api = await testApi();
    const loaded = (part: string) => api.probe.startedParts().includes(part);
    assert.ok(
      path.join(ext.extensionPath, 'dist', 'extension.js') in require.cache,
      `the bundle is not in require.cache as ${path.join(ext.extensionPath, 'dist', 'extension.js')}`,
    );
    // One file for activation and the replay process; every part comes out of the half the web build holds.
    const bundles = fs.readdirSync(path.join(ext.extensionPath, 'dist')).filter((f) => f.endsWith('.js'));
    assert.deepStrictEqual(bundles.sort(), ['extension.js', 'replay.js', 'webview.js']);
    // This suite runs first: nothing has asked for data yet.
    assert.ok(!loaded('client'), 'activation loaded the API client (zod schemas, c32check)');
    assert.ok(!loaded('panels'), 'activation loaded the detail panels');
    assert.ok(!loaded('clarinet'), 'activation loaded the Clarinet reader');
    assert.ok(!loaded('clarity'), 'activation loaded the Clarity decoder (@stacks/transactions)');
    assert.ok(!loaded('drift'), 'activation loaded the drift engine');
    assert.ok(!loaded('failure'), 'activation loaded the failure reasons (the Clarity reader)');
    assert.ok(!loaded('language'), 'activation loaded the language features (the Clarity reader)');
    assert.ok(!loaded('tree'), 'activation loaded the explorer tree (the view is not shown)');
    assert.ok(!loaded('agent'), 'activation loaded the chat tools (no tool has been called)');

    const doc = await openFixture('hover-targets.clar');
    const hover = await stacksHoverAt(doc, positionOf(doc, ADDRESS.mainnet));
    assert.match(hover.text, /Balance/, 'the hover shows the balance from the mock');
    assert.ok(loaded('client'), 'the first hover loaded the API client');
    assert.ok(!loaded('clarity'), 'a hover decodes nothing, so it does not load the Clarity decoder');
  });
});
