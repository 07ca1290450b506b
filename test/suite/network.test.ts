import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { MockApi, startMockApi } from '../mock-api/server';
import { ADDRESS, API_KEY, CONTRACT, TX } from '../fixtures/ids';
import type { TestApi } from '../../src/testApi';
import {
  captureMessages,
  Captured,
  openFixture,
  positionOf,
  replaceInWindow,
  setSettings,
  stacksHoverAt,
  stubInputBox,
  testApi,
} from './editorHelpers';
import { filesUnder } from './hostErrors';

interface PickStub {
  restore(): void;
}

/** Makes `showQuickPick` choose the item whose `network` is `network`. */
function stubQuickPick(network: string): PickStub {
  return {
    restore: replaceInWindow({
      showQuickPick: async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>) =>
        (await items).find((i) => (i as { network?: string }).network === network),
    }),
  };
}

describe('Networks and the API key', () => {
  let api: TestApi;
  let a: MockApi;
  let b: MockApi;
  let messages: Captured;
  let doc: vscode.TextDocument;
  const restores: Array<() => Promise<void>> = [];

  before(async () => {
    api = await testApi();
    doc = await openFixture('hover-targets.clar');
  });
  beforeEach(async () => {
    a = await startMockApi();
    b = await startMockApi();
    messages = captureMessages();
    restores.push(await setSettings({ network: 'custom', customApiUrl: a.url, devnetApiUrl: b.url }));
  });
  afterEach(async () => {
    messages.restore();
    while (restores.length) await restores.pop()!();
    await a.close();
    await b.close();
  });

  const hoverAddress = async (address: string = ADDRESS.mainnet) =>
    (await stacksHoverAt(doc, positionOf(doc, address))).text;
  /** The requests of an address hover: its balance, its tokens and its NFTs, and, its STX being locked, its staking. */
  const ADDRESS_HOVER = 4;
  /** The same for ADDRESS.testnet, whose STX are not locked: no staking asked. */
  const UNLOCKED_HOVER = 3;

  it('switching networks sends the next request to the other server', async () => {
    assert.match(await hoverAddress(), /Custom · /);
    assert.strictEqual(a.requests.length, ADDRESS_HOVER);
    assert.strictEqual(b.requests.length, 0);

    const pick = stubQuickPick('devnet');
    try {
      assert.strictEqual(await vscode.commands.executeCommand('stacksLookup.selectNetwork'), 'devnet');
    } finally {
      pick.restore();
    }
    assert.strictEqual(vscode.workspace.getConfiguration('stacksLookup').get('network'), 'devnet');
    assert.match(await hoverAddress(ADDRESS.testnet), /Devnet · /);
    assert.strictEqual(a.requests.length, ADDRESS_HOVER, 'nothing more went to the first server');
    assert.deepStrictEqual(b.requests.map((r) => r.path).sort(), [
      `/extended/v1/address/${ADDRESS.testnet}/stx`,
      `/extended/v3/principals/${ADDRESS.testnet}/balances/ft`,
      `/extended/v3/principals/${ADDRESS.testnet}/balances/nft`,
    ]);
  });

  it('a custom URL picked in Select Network is checked with a status request before it is used', async () => {
    const pick = stubQuickPick('custom');
    const input = stubInputBox([`${b.url}/`]);
    try {
      assert.strictEqual(await vscode.commands.executeCommand('stacksLookup.selectNetwork'), 'custom');
      assert.match(String(await input.prompts[0]!.validateInput!('http://example.com')), /https|localhost|loopback/i);
    } finally {
      pick.restore();
      input.restore();
    }
    assert.deepStrictEqual(
      b.requests.map((r) => r.path),
      ['/extended'],
    );
    assert.strictEqual(vscode.workspace.getConfiguration('stacksLookup').get('customApiUrl'), b.url);
    await hoverAddress();
    assert.strictEqual(b.requests.length, 1 + ADDRESS_HOVER);
    assert.strictEqual(a.requests.length, 0);
  });

  it('a custom URL that carries a link shows no live link, in the progress or the error', async () => {
    const pick = stubQuickPick('custom');
    const url = `${b.url}/[Fix](command:workbench.action.terminal.new)`;
    const input = stubInputBox([url]);
    const titles: string[] = [];
    const original = vscode.window.withProgress;
    const restoreProgress = replaceInWindow({
      withProgress: (options: vscode.ProgressOptions, task: Parameters<typeof original>[1]) => {
        titles.push(options.title ?? '');
        return original(options, task);
      },
    });
    try {
      assert.strictEqual(await vscode.commands.executeCommand('stacksLookup.selectNetwork'), undefined);
    } finally {
      restoreProgress();
      pick.restore();
      input.restore();
    }
    const link = /\[[^\]]+\]\((?:https?:\/\/|command:)[^)\s]+\)/;
    assert.ok(titles.length > 0 && messages.errors.length > 0, JSON.stringify({ titles, shown: messages.all() }));
    for (const t of [...titles, ...messages.all()]) assert.doesNotMatch(t, link, t);
  });

  it('with autoNetwork, a testnet address goes to devnet while devnet is selected; custom never switches', async () => {
    restores.push(await setSettings({ network: 'devnet' }));
    assert.match(await hoverAddress(ADDRESS.testnet), /Devnet · /);
    assert.strictEqual(b.requests.length, UNLOCKED_HOVER);
    restores.push(await setSettings({ network: 'custom' }));
    assert.match(await hoverAddress(ADDRESS.testnet), /Custom · /);
    assert.strictEqual(a.requests.length, UNLOCKED_HOVER);
  });

  it('autoNetwork sends an address to the network its version names, and off keeps the selected one', async () => {
    const { networks } = await testApi();
    assert.ok(networks);
    const where = () => [networks.networkFor('mainnet'), networks.networkFor('testnet'), networks.networkFor()];
    // Devnet stays selected (switching to a hosted network would let open views ask the hosted API).
    restores.push(await setSettings({ network: 'devnet', autoNetwork: true }));
    assert.deepStrictEqual(where(), ['mainnet', 'devnet', 'devnet'], 'an SP address goes to mainnet');
    restores.push(await setSettings({ autoNetwork: false }));
    assert.deepStrictEqual(where(), ['devnet', 'devnet', 'devnet'], 'off: everything stays on devnet');
    restores.push(await setSettings({ network: 'custom', autoNetwork: true }));
    assert.deepStrictEqual(where(), ['custom', 'custom', 'custom'], 'custom never switches');
  });

  it('the key set with Set API Key reaches its API as X-API-Key, never a server named only in workspace settings, and is never written to settings or logs', async () => {
    const input = stubInputBox([API_KEY]);
    try {
      assert.strictEqual(await vscode.commands.executeCommand('stacksLookup.setApiKey'), true);
      assert.strictEqual(input.prompts[0]!.password, true, 'the key is typed into a password box');
    } finally {
      input.restore();
    }
    try {
      await hoverAddress();
      assert.strictEqual(a.requests.length, ADDRESS_HOVER);
      for (const r of a.requests) assert.strictEqual(r.headers['x-api-key'], API_KEY, r.path);

      // A workspace (a cloned repository) points the custom URL at another server.
      const restoreWs = await setSettings({ customApiUrl: b.url }, vscode.ConfigurationTarget.Workspace);
      try {
        await stacksHoverAt(doc, positionOf(doc, TX.failed));
        await stacksHoverAt(doc, positionOf(doc, CONTRACT.deployed, 32));
        assert.ok(b.requests.length >= 3, `B got ${b.requests.length} requests`);
        for (const r of b.requests)
          assert.strictEqual(r.headers['x-api-key'], undefined, `${r.path} carried a key to ${b.url}`);
        assert.strictEqual(a.requests.length, ADDRESS_HOVER);

        const folder = vscode.workspace.workspaceFolders?.[0];
        assert.ok(folder, 'the fixture workspace is open');
        const wsSettings = fs.readFileSync(path.join(folder.uri.fsPath, '.vscode', 'settings.json'), 'utf8');
        assert.ok(wsSettings.includes(b.url), 'the workspace settings file was written');
        assert.ok(!wsSettings.includes(API_KEY), 'the key is in the workspace settings');
      } finally {
        await restoreWs();
      }

      // User settings, remote machine settings (where machine-overridable settings go in a remote
      // window), their local history and the configuration caches: every JSON file of the profile.
      assert.ok(api.globalStorageUri, 'activate() exposes globalStorageUri');
      const userData = path.resolve(api.globalStorageUri.fsPath, '..', '..', '..');
      const settingsFiles = ['User', 'Machine']
        .map((d) => path.join(userData, d, 'settings.json'))
        .filter((f) => fs.existsSync(f));
      assert.ok(
        settingsFiles.some((f) => fs.readFileSync(f, 'utf8').includes(a.url)),
        `the settings written by the test are in ${settingsFiles.join(', ')}`,
      );
      const jsonFiles = filesUnder(userData).filter((f) => f.endsWith('.json'));
      for (const f of jsonFiles) assert.ok(!fs.readFileSync(f, 'utf8').includes(API_KEY), `the key is in ${f}`);

      const logs = [
        ...filesUnder(api.logUri.fsPath),
        ...filesUnder(path.dirname(api.logUri.fsPath)).filter((f) => /exthost|Stacks/i.test(f)),
      ];
      assert.ok(logs.length > 0, `no log files under ${api.logUri.fsPath}`);
      for (const f of logs) assert.ok(!fs.readFileSync(f, 'utf8').includes(API_KEY), `the key is in ${f}`);
    } finally {
      await vscode.commands.executeCommand('stacksLookup.clearApiKey');
    }
    await hoverAddress(ADDRESS.testnet);
    assert.strictEqual(a.requests.at(-1)!.headers['x-api-key'], undefined, 'the key is gone after Clear API Key');
  });
});
