// The API key: where it goes and where it never is. Reads the real files (settings, logs) and the
// real traffic of two mock servers, not a test double of the logger.
import * as assert from 'assert';
import { randomBytes } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { createStacksClient, isStacksApiError } from '../../src/api';
import type { HostMessage } from '../../src/protocol';
import type { TestApi } from '../../src/testApi';
import { ADDRESS, TX } from '../fixtures/ids';
import { MockApi, startMockApi } from '../mock-api/server';
import {
  Captured,
  captureMessages,
  openFixture,
  panelHtml,
  positionOf,
  setSettings,
  stacksHoverAt,
  stubInputBox,
  testApi,
} from './editorHelpers';
import { filesUnder, logFlushed } from './hostErrors';
import { getNonLoopbackConnections } from './netGuard';

/** A key no other test uses, so any trace of it on disk comes from this run. */
const KEY = `sl-test-key-${randomBytes(12).toString('hex')}`;

function filesWithKey(files: string[]): string[] {
  return files.filter((f) => {
    try {
      return fs.readFileSync(f).includes(KEY);
    } catch {
      return false;
    }
  });
}

describe('Key safety', function () {
  this.timeout(60_000);
  let api: TestApi;
  let a: MockApi; // the key is set for this origin
  let b: MockApi; // another origin on the same machine
  let notes: Captured;
  const restores: Array<() => Promise<void>> = [];
  /** Everything the extension showed or sent to the panel while the key was set. */
  const seenText: string[] = [];

  before(async () => {
    api = await testApi();
    a = await startMockApi({ requireKey: KEY });
    b = await startMockApi();
    restores.push(await setSettings({ network: 'custom', customApiUrl: a.url, requestTimeoutMs: 1000 }));
    const input = stubInputBox([KEY]);
    try {
      assert.strictEqual(await vscode.commands.executeCommand('stacksLookup.setApiKey'), true);
    } finally {
      input.restore();
    }
  });
  after(async () => {
    await vscode.commands.executeCommand('stacksLookup.clearApiKey');
    while (restores.length) await restores.pop()!();
    await a.close();
    await b.close();
  });
  beforeEach(() => {
    notes = captureMessages();
  });
  afterEach(async () => {
    seenText.push(...notes.shown.map((n) => n.message));
    notes.restore();
    a.clearFaults();
    b.clearFaults();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  const panels = () => {
    assert.ok(api.panels);
    return api.panels;
  };

  it('goes to its own origin as X-API-Key, never in a URL', async () => {
    await vscode.commands.executeCommand('stacksLookup.showAddress', ADDRESS.mainnet);
    const doc = await openFixture('hover-targets.clar');
    await stacksHoverAt(doc, positionOf(doc, TX.failed));
    assert.ok(a.requests.length >= 2, `A got ${a.requests.length} requests`);
    for (const r of a.requests) {
      assert.strictEqual(r.headers['x-api-key'], KEY, `${r.path} carried the key`);
      assert.ok(!r.url.includes(KEY), `the key is in the URL ${r.url}`);
      for (const [name, v] of Object.entries(r.headers))
        if (name !== 'x-api-key') assert.ok(!String(v).includes(KEY), `the key is in the ${name} header`);
    }
    assert.deepStrictEqual(notes.shown, []);
  });

  it('never reaches another origin: not after switching the URL, not through a redirect', async () => {
    // A redirect from A to B is not followed: B gets nothing, the key stays with A.
    a.fault({ kind: 'redirect', location: `${b.url}/extended` });
    await vscode.commands.executeCommand('stacksLookup.showServerStatus');
    assert.strictEqual(b.requests.length, 0, 'the redirect to another origin was not followed');
    assert.match(notes.shown[0]?.message ?? '', /redirected to another site/);
    a.clearFaults();

    // The URL now points at B (a workspace setting, as a cloned repository could do): no key there.
    const restore = await setSettings({ customApiUrl: b.url }, vscode.ConfigurationTarget.Workspace);
    try {
      await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.tokenTransfer);
      const doc = await openFixture('hover-targets.clar');
      await stacksHoverAt(doc, positionOf(doc, ADDRESS.mainnet));
      assert.ok(b.requests.length >= 2);
      for (const r of b.requests)
        assert.strictEqual(r.headers['x-api-key'], undefined, `${r.path} carried the key to ${b.url}`);
    } finally {
      await restore();
    }
  });

  it('is in no error message and no panel message, whatever fails', async () => {
    const faults = [
      { kind: 'status', status: 401 },
      { kind: 'status', status: 403 },
      { kind: 'status', status: 500, body: { message: 'upstream said something' } },
      { kind: 'hang' },
      { kind: 'malformed' },
      { kind: 'redirect', location: `${b.url}/x` },
    ] as const;
    await vscode.commands.executeCommand('stacksLookup.showAddress', ADDRESS.testnet);
    for (const f of faults) {
      a.clearFaults();
      a.fault(f);
      await vscode.commands.executeCommand('stacksLookup.showMempoolStats');
      const rendered = panels().whenRendered();
      await panels().handle({ type: 'open', target: { kind: 'block', id: 'latest', network: 'custom' } });
      const m: HostMessage = await rendered;
      assert.strictEqual(m.type, 'error', `${f.kind}: the panel shows an error`);
      seenText.push(JSON.stringify(m));
    }
    assert.ok(notes.shown.length >= faults.length, `one notification per fault: ${notes.shown.length}`);
    for (const n of notes.shown) assert.ok(!n.message.includes(KEY), `the key is in "${n.message}"`);
  });

  it('is not in the panel: its model, its state or its HTML (the API status says only that a key is in use)', async () => {
    const rendered = panels().whenRendered();
    await vscode.commands.executeCommand('stacksLookup.showServerStatus');
    const m = await rendered;
    assert.strictEqual(m.type, 'render');
    const json = JSON.stringify(m);
    assert.match(json, /API key in use/);
    assert.ok(!json.includes(KEY), 'the key is in the message to the webview (model, frame or state)');
    const html = panelHtml();
    assert.ok(html.includes('Content-Security-Policy'), 'read the real panel document');
    assert.ok(!html.includes(KEY), 'the key is in the panel HTML');
    for (const t of seenText) assert.ok(!t.includes(KEY), `the key was shown: ${t.slice(0, 200)}`);
  });

  it('is never in a settings file, a log file or the output channel on disk', async () => {
    await logFlushed(api);
    assert.ok(api.globalStorageUri);
    const userData = path.resolve(api.globalStorageUri.fsPath, '..', '..', '..');
    const settings = [
      ...filesUnder(userData).filter((f) => f.endsWith('.json')),
      ...(vscode.workspace.workspaceFolders ?? []).flatMap((w) => filesUnder(path.join(w.uri.fsPath, '.vscode'))),
    ];
    assert.ok(
      settings.some((f) => f.endsWith(`User${path.sep}settings.json`) || f.endsWith(`Machine${path.sep}settings.json`)),
      `the settings files were found: ${settings.slice(0, 5).join(', ')}`,
    );
    assert.deepStrictEqual(filesWithKey(settings), []);

    // The whole log session: the extension's own log (its output channel), the extension host, the server.
    const ownLogs = filesUnder(api.logUri.fsPath);
    assert.ok(
      ownLogs.some((f) => /Stacks Lookup/.test(f)),
      `the output channel's file is in ${api.logUri.fsPath}`,
    );
    const session = path.dirname(path.dirname(api.logUri.fsPath));
    const logs = filesUnder(session);
    assert.ok(
      logs.some((f) => /exthost/i.test(f)),
      `the extension host log is under ${session}`,
    );
    assert.deepStrictEqual(filesWithKey(logs), []);
    // The output channel as VS Code shows it.
    const output = vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'output');
    for (const d of output) assert.ok(!d.getText().includes(KEY), `the key is in ${d.uri.toString()}`);
  });

  it('is never sent over plain http to a host that is not loopback (the client refuses before connecting)', async () => {
    let calls = 0;
    const client = createStacksClient({
      baseUrl: 'http://example.invalid',
      apiKey: KEY,
      fetch: async () => {
        calls++;
        return new Response('{}');
      },
    });
    await assert.rejects(
      client.getServerStatus(),
      (e: unknown) =>
        isStacksApiError(e) && e.kind === 'insecure-url' && /https/.test(e.message) && !e.message.includes(KEY),
    );
    assert.strictEqual(calls, 0, 'nothing was fetched');
  });

  it('in the editor, an http URL of another host gives the insecure-URL sentence and opens no connection', async () => {
    const since = Date.now();
    const restore = await setSettings({ customApiUrl: 'http://example.invalid' });
    try {
      assert.strictEqual(await vscode.commands.executeCommand('stacksLookup.showServerStatus'), undefined);
      assert.strictEqual(notes.shown.length, 1, JSON.stringify(notes.shown));
      assert.match(
        notes.shown[0]!.message,
        /^Plain http is only allowed for a local devnet \(localhost, 127\.0\.0\.1, \[::1\]\); use https for example\.invalid\. Choose another network or URL\.$/,
      );
      const doc = await openFixture('hover-targets.clar');
      const { text } = await stacksHoverAt(doc, positionOf(doc, TX.failed));
      assert.match(text, /Plain http is only allowed for a local devnet/);
      assert.deepStrictEqual(
        getNonLoopbackConnections(since).map((c) => `${c.host} via ${c.via}`),
        [],
        'no connection left loopback',
      );
    } finally {
      await restore();
    }
  });
});
