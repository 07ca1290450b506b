// The API key rules and the main fault rows, as the web extension meets them: requests through
// the browser's fetch, which hides redirects and refuses with a bare TypeError.
import * as vscode from 'vscode';
import type { TestApi } from '../../src/testApi';
import * as assert from './assert';
import { FaultSpec, mainMock, mockUrl, otherMock, otherMockUrl } from './control';
import { captureMessages, freshStart, IDS, setSettings, Shown, testApi } from './helpers';

const KEY = 'web-key-0123456789';
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('web: the API key', () => {
  let api: TestApi;
  let messages: ReturnType<typeof captureMessages>;
  before(async () => {
    api = await testApi();
  });
  beforeEach(async () => {
    await freshStart(api);
    await api.networks!.setKey(KEY, [new URL(mockUrl()).origin]);
    messages = captureMessages();
  });
  afterEach(async () => {
    messages.restore();
    await api.networks!.clearKey([new URL(mockUrl()).origin]);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('goes to its own origin as X-API-Key (the browser sends it after the preflight)', async () => {
    await vscode.commands.executeCommand('stacksLookup.showTransaction', IDS.tx);
    const seen = await mainMock.requests();
    assert.ok(seen.length > 0, 'the mock was asked');
    for (const r of seen) {
      assert.strictEqual(r.headers['x-api-key'], KEY, `${r.path} carries the key`);
      assert.doesNotMatch(r.url, new RegExp(KEY));
    }
  });

  it('never reaches another origin after switching the URL', async () => {
    await setSettings({ customApiUrl: otherMockUrl() });
    await vscode.commands.executeCommand('stacksLookup.showTransaction', IDS.tx);
    const seen = await otherMock.requests();
    assert.ok(seen.length > 0, 'the other mock was asked');
    for (const r of seen) assert.strictEqual(r.headers['x-api-key'], undefined, `${r.path} has no key`);
  });

  it('is never sent through a redirect: the web build follows none and says why', async () => {
    await mainMock.fault({ kind: 'redirect', location: `${otherMockUrl()}/extended` });
    await vscode.commands.executeCommand('stacksLookup.showTransaction', IDS.tx);
    assert.strictEqual((await otherMock.requests()).length, 0, 'nothing reached the other origin');
    const error = messages.shown.find((s) => s.level === 'error');
    assert.ok(error, 'an error was shown');
    assert.match(
      error.message,
      new RegExp(
        `^The API at ${esc(mockUrl())} answered with a redirect, which is not followed here because the browser hides where it leads; your API key stays with ${esc(mockUrl())}\\.`,
      ),
    );
  });

  it('is never sent over plain http to a host that is not loopback: refused before any request', async () => {
    await setSettings({ customApiUrl: 'http://api.example.test' });
    await vscode.commands.executeCommand('stacksLookup.showTransaction', IDS.tx);
    const error = messages.shown.find((s) => s.level === 'error');
    assert.ok(error, 'an error was shown');
    assert.match(error.message, /https/);
  });
});

interface Row {
  name: string;
  fault?: FaultSpec;
  url?: () => string;
  message: (url: string) => RegExp;
  level?: Shown['level'];
  buttons: string[];
}

const ROWS: Row[] = [
  {
    name: '404',
    fault: { kind: 'status', status: 404 },
    message: (u) => new RegExp(`^Transaction not found on Custom \\(${esc(u)}\\)\\. It may be on another network\\.$`),
    level: 'warning',
    buttons: ['Select Network'],
  },
  {
    name: '429 with Retry-After (exposed to the browser by the API)',
    fault: { kind: 'status', status: 429, headers: { 'retry-after': '5' } },
    message: (u) => new RegExp(`^Rate limited by ${esc(u)}: set an API key for a higher limit\\. Try again in 5 s\\.$`),
    buttons: ['Set API Key', 'Retry'],
  },
  {
    name: '500',
    fault: { kind: 'status', status: 500 },
    message: (u) => new RegExp(`^Custom API \\(${esc(u)}\\) had a problem: The API had a server error \\(500\\)`),
    buttons: ['Retry', 'Select Network'],
  },
  {
    name: 'a response that never comes (timeout through AbortController)',
    fault: { kind: 'hang' },
    message: (u) => new RegExp(`^Custom API at ${esc(u)} did not answer in time\\.$`),
    buttons: ['Retry', 'Select Network'],
  },
  {
    name: 'malformed JSON',
    fault: { kind: 'malformed' },
    message: (u) =>
      new RegExp(`^Custom API sent something unexpected: The API at ${esc(u)} sent a response that is not JSON\\.$`),
    buttons: ['Retry', 'Show Log'],
  },
  {
    name: 'a request the browser refuses (nothing listens, or no CORS): one sentence, no TypeError',
    url: () => 'http://127.0.0.1:9',
    message: () =>
      /^The browser refused the request to http:\/\/127\.0\.0\.1:9: the API does not allow requests from this page \(CORS\), or it cannot be reached\.$/,
    buttons: ['Retry', 'Select Network'],
  },
];

describe('web: faults, as a palette lookup shows them', () => {
  let api: TestApi;
  let messages: ReturnType<typeof captureMessages>;
  before(async () => {
    api = await testApi();
  });
  beforeEach(async () => {
    await freshStart(api);
    await setSettings({ requestTimeoutMs: 1000 });
    messages = captureMessages();
  });
  afterEach(async () => {
    messages.restore();
    await mainMock.reset();
    await setSettings({ requestTimeoutMs: 15000 });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  for (const row of ROWS) {
    it(row.name, async () => {
      const url = row.url?.() ?? mockUrl();
      if (row.url) await setSettings({ customApiUrl: url });
      if (row.fault) await mainMock.fault(row.fault);
      await vscode.commands.executeCommand('stacksLookup.showTransaction', IDS.tx);
      const shown = messages.shown.filter((s) => s.level !== 'info');
      assert.strictEqual(shown.length, 1, `one notification, got ${JSON.stringify(shown)}`);
      assert.strictEqual(shown[0]!.level, row.level ?? 'error');
      assert.match(shown[0]!.message, row.message(url));
      assert.doesNotMatch(shown[0]!.message, /TypeError|Failed to fetch/);
      assert.deepStrictEqual(shown[0]!.buttons, row.buttons);
    });
  }

  it('works again once the mock is healthy', async () => {
    await vscode.commands.executeCommand('stacksLookup.showTransaction', IDS.tx);
    assert.strictEqual(messages.shown.filter((s) => s.level === 'error').length, 0);
    assert.strictEqual(api.panels?.current?.model.title, 'Token transfer');
  });
});
