import * as assert from 'assert';
import * as vscode from 'vscode';
import { ADDRESS, CONTRACT, TX, UNKNOWN_TX } from '../fixtures/ids';
import { StacksHoverProvider } from '../../src/ui/editor/hover';
import { Config } from '../../src/ui/shared/config';
import { NEW_STATUS_TX, newStatusBody, newStatusRoute } from '../fixtures/txStatus';
import {
  deadUrl,
  openFixture,
  positionOf,
  setSettings,
  stacksHoverAt,
  testApi,
  useMock,
  UsedMock,
  waitFor,
} from './editorHelpers';

describe('Hovers', () => {
  let used: UsedMock;
  let doc: vscode.TextDocument;

  before(async () => {
    await testApi();
    doc = await openFixture('hover-targets.clar');
  });

  // A fresh mock per test: a new URL means a new client, so no test sees another's cache.
  beforeEach(async () => {
    used = await useMock();
  });
  afterEach(async () => {
    await used.close();
  });

  const requests = () => used.mock.requests.map((r) => r.path);

  it('over a token transfer: type, status, block and time, fee, sender, amount and recipient, from one request', async () => {
    const { text, markdown } = await stacksHoverAt(doc, positionOf(doc, TX.tokenTransfer, 10));
    assert.match(text, /Token transfer/);
    assert.match(text, /Success/);
    assert.match(text, /Block: #3,275 · 2020-07-13 13:46:34 UTC/);
    assert.match(text, /Fee: 0\.001234 STX \(1,234 µSTX\)/);
    assert.match(text, new RegExp(`Sender: \`${ADDRESS.testnet}\``));
    assert.match(text, new RegExp(`Amount: 0\\.000035 STX \\(35 µSTX\\) → \`${ADDRESS.testnetRecipient}\``));
    assert.match(
      text,
      new RegExp(`Custom · ${used.mock.url.replace(/\./g, '\\.')}`),
      'the hover says which network answered',
    );
    assert.deepStrictEqual(requests(), [`/extended/v1/tx/${TX.tokenTransfer}`]);
    const trusted = markdown[0]!.isTrusted;
    assert.ok(trusted && typeof trusted === 'object', 'isTrusted lists commands, it is never true');
    assert.deepStrictEqual([...trusted.enabledCommands].sort(), [
      'stacksLookup.copy',
      'stacksLookup.openInExplorer',
      'stacksLookup.showTransaction',
    ]);
  });

  it('recognises the identifier first: the language features are asked only where there is none', async () => {
    const api = await testApi();
    const asked: string[] = [];
    const provider = new StacksHoverProvider({
      config: new Config(),
      networks: api.networks!,
      log: api.log,
      language: {
        hover: (_doc, position) => {
          asked.push(`${position.line}:${position.character}`);
          return Promise.resolve(undefined);
        },
      },
      deployerOf: () => undefined,
    });
    const token = new vscode.CancellationTokenSource().token;
    const onTx = await provider.provideHover(doc, positionOf(doc, TX.tokenTransfer, 10), token);
    assert.match((onTx?.contents[0] as vscode.MarkdownString).value, /Token transfer/);
    assert.deepStrictEqual(asked, [], 'the language features are not asked over a transaction id');
    assert.strictEqual(await provider.provideHover(doc, new vscode.Position(0, 0), token), undefined);
    assert.deepStrictEqual(asked, ['0:0'], 'they are asked where no identifier is');
  });

  it('asks again for nothing when the same settled transaction is hovered twice', async () => {
    await stacksHoverAt(doc, positionOf(doc, TX.tokenTransfer, 10));
    await stacksHoverAt(doc, positionOf(doc, TX.tokenTransfer, 40));
    assert.strictEqual(used.mock.requestsTo('/extended/v1/tx/').length, 1);
  });

  it('over a failed transaction: the failure with its result', async () => {
    const { text } = await stacksHoverAt(doc, positionOf(doc, TX.failed));
    assert.match(text, /Failed \(aborted by response\): \(err u1\)/);
  });

  it('over pending and dropped transactions: their state', async () => {
    assert.match((await stacksHoverAt(doc, positionOf(doc, TX.pending))).text, /Pending in the mempool/);
    assert.match(
      (await stacksHoverAt(doc, positionOf(doc, TX.dropped))).text,
      /Dropped \(replace by fee\), replaced by `0x4413739d/,
    );
  });

  it('over an address: balance, available and locked with the unlock height, sent and received', async () => {
    const { text, markdown } = await stacksHoverAt(doc, positionOf(doc, ADDRESS.mainnet));
    assert.match(text, /Balance: 1 STX \(1,000,000 µSTX\)/);
    assert.match(text, /Available: 0\.95 STX/);
    assert.match(text, /Locked: 0\.05 STX \(50,000 µSTX\) until burn block #200/);
    assert.match(text, /Sent: 0 STX · Received: 1 STX/);
    // And what it holds: the counts and its largest tokens (this address holds none).
    assert.match(text, /Tokens: 0 fungible · 0 NFTs/);
    assert.deepStrictEqual(requests().sort(), [
      `/extended/v1/address/${ADDRESS.mainnet}/stx`,
      `/extended/v3/principals/${ADDRESS.mainnet}/balances/ft`,
      `/extended/v3/principals/${ADDRESS.mainnet}/balances/nft`,
      // Its STX are locked: the hover asks what they are staked in.
      `/extended/v3/principals/${ADDRESS.mainnet}/staking`,
    ]);
    const trusted = markdown[0]!.isTrusted as { enabledCommands: string[] };
    assert.ok(trusted.enabledCommands.includes('stacksLookup.showAddress'));
  });

  it('over a contract id: deployment block and tx, and the deployer balance, asked in parallel', async () => {
    const { text } = await stacksHoverAt(doc, positionOf(doc, CONTRACT.deployed, 32));
    assert.match(text, /\*\*Contract\*\* `pox-2`/);
    assert.match(text, /Deployed in block #3,275 by tx \[`0x0c80de…3f22e4`\]/);
    assert.match(text, /Deployer balance: 0 STX/);
    assert.deepStrictEqual(
      requests().sort(),
      ['/extended/v1/address/ST000000000000000000002AMW42H/stx', '/extended/v2/smart-contracts/status'].sort(),
    );
    const [a, b] = used.mock.requests;
    assert.ok(Math.abs(a!.time - b!.time) < 1000, 'both requests left together');
  });

  it('over a contract that is not deployed: says so for the network that answered', async () => {
    const { text } = await stacksHoverAt(doc, positionOf(doc, CONTRACT.called, 50));
    assert.match(text, /Not deployed on Custom/);
  });

  it('over an unknown transaction: "Not found on Custom"', async () => {
    const { text } = await stacksHoverAt(doc, positionOf(doc, UNKNOWN_TX));
    assert.match(text, /Not found on Custom/);
  });

  it('when rate limited: one short line that suggests an API key, and no waiting', async () => {
    used.mock.fault({ kind: 'status', status: 429, headers: { 'retry-after': '30' } });
    const started = Date.now();
    const { text } = await stacksHoverAt(doc, positionOf(doc, ADDRESS.testnet));
    assert.match(text, /Rate limited: set an API key for a higher limit\./);
    assert.ok(Date.now() - started < 5000, 'the hover failed fast');
  });

  it('when the API is not reachable: says which URL', async () => {
    const url = await deadUrl();
    const restore = await setSettings({ customApiUrl: url });
    try {
      const { text } = await stacksHoverAt(doc, positionOf(doc, TX.pending));
      assert.ok(text.includes(`Custom at ${url} is not reachable.`), text);
    } finally {
      await restore();
    }
  });

  it('sends no request when the cursor moves over identifiers, only when a hover is shown', async () => {
    const editor = await vscode.window.showTextDocument(doc);
    // The extension has looked at each cursor position once it names what is there (the context
    // key behind the editor menu); by then any request would have been sent.
    const original = vscode.commands.executeCommand;
    const seen: unknown[] = [];
    Object.assign(vscode.commands, {
      executeCommand: (id: string, ...args: unknown[]) => {
        if (id === 'setContext' && args[0] === 'stacksLookup.identifierAtCursor') seen.push(args[1]);
        return original.call(vscode.commands, id, ...args);
      },
    });
    try {
      for (const [needle, kind] of [
        [TX.tokenTransfer, 'tx'],
        [ADDRESS.mainnet, 'address'],
        [CONTRACT.deployed, 'contract'],
      ] as const) {
        const p = positionOf(doc, needle);
        editor.selection = new vscode.Selection(p, p);
        await waitFor(() => seen.at(-1) === kind, `the cursor on the ${kind}`);
      }
    } finally {
      Object.assign(vscode.commands, { executeCommand: original });
    }
    assert.deepStrictEqual(requests(), []);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('is off with hover.enabled = false, and back on with true', async () => {
    const restore = await setSettings({ 'hover.enabled': false });
    const hover = async () => (await stacksHoverAt(doc, positionOf(doc, ADDRESS.mainnet))).text;
    try {
      await waitFor(async () => (await hover()) === '', 'the hover gone');
      const before = requests().length;
      assert.strictEqual(await hover(), '');
      assert.strictEqual(requests().length, before, 'no request while hovers are off');
    } finally {
      await restore();
    }
    await waitFor(async () => /Balance:/.test(await hover()), 'the hover back');
  });

  it('shows in other files only with hover.allFiles = true', async () => {
    const plain = await vscode.workspace.openTextDocument({
      language: 'markdown',
      content: `Operator: ${ADDRESS.mainnet}\n`,
    });
    const at = positionOf(plain, ADDRESS.mainnet);
    assert.strictEqual((await stacksHoverAt(plain, at)).text, '');
    const restore = await setSettings({ 'hover.allFiles': true });
    try {
      await waitFor(
        async () => /Balance: 1 STX/.test((await stacksHoverAt(plain, at)).text),
        'the hover in a Markdown file',
      );
    } finally {
      await restore();
    }
  });
});

describe('Hovers: every status in words', () => {
  let used: UsedMock;
  let doc: vscode.TextDocument;

  before(async () => {
    await testApi();
    doc = await openFixture('status-targets.clar');
  });
  beforeEach(async () => {
    used = await useMock();
  });
  afterEach(async () => {
    await used.close();
  });

  it('over a transaction the miner skipped: it did not run, its fee was paid', async () => {
    const { text } = await stacksHoverAt(doc, positionOf(doc, TX.problematicSkipped));
    assert.match(text, /\*\*Contract deploy\*\* · \$\(debug-step-over\) Skipped \(problematic\)/);
    assert.match(
      text,
      /The miner put it in a block but skipped it as problematic, without running it: it did nothing, but its fee was paid and its nonce was used\./,
    );
    assert.doesNotMatch(text, /err none/);
  });

  it('over a transaction with a status this version does not know: unknown, with its raw value', async () => {
    used.mock.override(newStatusRoute(), newStatusBody());
    const { text } = await stacksHoverAt(doc, positionOf(doc, NEW_STATUS_TX));
    assert.match(text, /\*\*Token transfer\*\* · \$\(question\) Unknown status \(settled_elsewhere\)/);
    assert.match(text, /This version does not know the status settled_elsewhere: what happened, whether it ran/);
  });
});
