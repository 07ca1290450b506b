import * as assert from 'assert';
import * as vscode from 'vscode';
import { ADDRESS, BLOCK, CONTRACT, TX, UNKNOWN_TX } from '../fixtures/ids';
import {
  captureMessages,
  Captured,
  deadUrl,
  openFixture,
  positionOf,
  setSettings,
  stubInputBox,
  testApi,
  useMock,
  UsedMock,
} from './editorHelpers';

interface Target {
  kind: string;
  id: string;
  network?: string;
}

interface Case {
  command: string;
  arg?: unknown;
  /** The target the command opens for `arg`. */
  expect: Target;
  /** A request path the result needs. */
  request: RegExp;
  /** An argument that is not valid for the command, with the warning it gives. */
  invalid?: { arg: unknown; warning: RegExp };
}

const CASES: Case[] = [
  {
    command: 'stacksLookup.showTransaction',
    arg: TX.tokenTransfer,
    expect: { kind: 'tx', id: TX.tokenTransfer, network: 'custom' },
    request: new RegExp(`^/extended/v1/tx/${TX.tokenTransfer}$`),
    invalid: { arg: '0x1234', warning: /has 64 hex digits after 0x; "0x1234" has 4/ },
  },
  {
    command: 'stacksLookup.showAddress',
    arg: ADDRESS.mainnet,
    expect: { kind: 'address', id: ADDRESS.mainnet, network: 'custom' },
    request: new RegExp(`^/extended/v1/address/${ADDRESS.mainnet}/stx$`),
    invalid: { arg: 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTA', warning: /checksum does not match/ },
  },
  {
    command: 'stacksLookup.showBlock',
    arg: String(BLOCK.height),
    expect: { kind: 'block', id: String(BLOCK.height), network: 'custom' },
    request: new RegExp(`/blocks?/(by_height/)?${BLOCK.height}$`),
    invalid: { arg: 'yesterday', warning: /is not a block: give a height/ },
  },
  {
    command: 'stacksLookup.showContractStatus',
    arg: `${CONTRACT.deployed}, ${CONTRACT.statusPending}`,
    expect: { kind: 'contracts', id: `${CONTRACT.deployed},${CONTRACT.statusPending}`, network: 'custom' },
    request: /^\/extended\/v2\/smart-contracts\/status$/,
    invalid: { arg: 'SP000000000000000000002Q6VF78', warning: /is not a contract id/ },
  },
  {
    command: 'stacksLookup.showMempoolStats',
    expect: { kind: 'mempool', id: '', network: 'custom' },
    request: /^\/extended\/v1\/tx\/mempool\/stats$/,
  },
  {
    command: 'stacksLookup.showServerStatus',
    expect: { kind: 'status', id: '', network: 'custom' },
    request: /^\/extended\/?$/,
  },
  {
    command: 'stacksLookup.lookup',
    arg: `'${CONTRACT.called}`,
    expect: { kind: 'contract', id: CONTRACT.called, network: 'custom' },
    request: /^\/extended\/v2\/smart-contracts\/status$/,
    invalid: { arg: 'hello world', warning: /is not something to look up/ },
  },
];

describe('Commands', () => {
  let used: UsedMock;
  let messages: Captured;

  before(async () => {
    await testApi();
  });
  beforeEach(async () => {
    used = await useMock();
    messages = captureMessages();
  });
  afterEach(async () => {
    messages.restore();
    await used.close();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  const paths = () => used.mock.requests.map((r) => r.path);
  const run = (c: Case, arg = c.arg) =>
    vscode.commands.executeCommand<Target | undefined>(c.command, ...(arg === undefined ? [] : [arg]));

  for (const c of CASES) {
    describe(c.command, () => {
      it('opens its result for a valid argument', async () => {
        const opened = await run(c);
        assert.deepStrictEqual(messages.all(), []);
        assert.deepStrictEqual(opened, c.expect);
        assert.ok(
          paths().some((p) => c.request.test(p)),
          `no request matching ${c.request}: ${paths().join(', ')}`,
        );
      });

      if (c.invalid) {
        const invalid = c.invalid;
        it('warns about an invalid argument and sends nothing', async () => {
          const opened = await run(c, invalid.arg);
          assert.strictEqual(opened, undefined);
          assert.strictEqual(messages.warnings.length, 1, messages.all().join('\n'));
          assert.match(messages.warnings[0]!, invalid.warning);
          assert.deepStrictEqual(paths(), []);
        });
      }

      it('says what was not found, and where, on a 404', async () => {
        used.mock.fault({ kind: 'status', status: 404 });
        assert.strictEqual(await run(c), undefined);
        assert.match(
          messages.all().join('\n'),
          new RegExp(
            `not found on Custom \\(${used.mock.url.replace(/\./g, '\\.')}\\)\\. It may be on another network\\.`,
            'i',
          ),
        );
      });

      it('suggests an API key when rate limited', async () => {
        used.mock.fault({ kind: 'status', status: 429, headers: { 'retry-after': '60' } });
        assert.strictEqual(await run(c), undefined);
        assert.strictEqual(messages.errors.length, 1, messages.all().join('\n'));
        assert.match(
          messages.errors[0]!,
          /^Rate limited by http:\/\/127\.0\.0\.1:\d+: set an API key for a higher limit\./,
        );
      });

      it('names the URL that is not reachable', async () => {
        const url = await deadUrl();
        const restore = await setSettings({ customApiUrl: url });
        try {
          assert.strictEqual(await run(c), undefined);
          assert.strictEqual(messages.errors.length, 1, messages.all().join('\n'));
          assert.ok(messages.errors[0]!.startsWith(`Custom at ${url} is not reachable`), messages.errors[0]);
        } finally {
          await restore();
        }
      });
    });
  }

  describe('stacksLookup.lookup without an argument', () => {
    it('looks up the identifier at the cursor', async () => {
      const doc = await openFixture('hover-targets.clar');
      const editor = await vscode.window.showTextDocument(doc);
      const p = positionOf(doc, ADDRESS.mainnet, 5);
      editor.selection = new vscode.Selection(p, p);
      const opened = await vscode.commands.executeCommand<Target>('stacksLookup.lookup');
      assert.deepStrictEqual(opened, { kind: 'address', id: ADDRESS.mainnet, network: 'custom' });
    });

    it('looks up the selection', async () => {
      const doc = await openFixture('hover-targets.clar');
      const editor = await vscode.window.showTextDocument(doc);
      const start = positionOf(doc, TX.failed, 0);
      editor.selection = new vscode.Selection(start, start.translate(0, TX.failed.length));
      const opened = await vscode.commands.executeCommand<Target>('stacksLookup.lookup');
      assert.deepStrictEqual(opened, { kind: 'tx', id: TX.failed, network: 'custom' });
    });

    it('otherwise asks, validating as you type', async () => {
      const input = stubInputBox(['latest']);
      try {
        const opened = await vscode.commands.executeCommand<Target>('stacksLookup.lookup');
        assert.deepStrictEqual(opened, { kind: 'block', id: 'latest', network: 'custom' });
        const validate = input.prompts[0]!.validateInput!;
        assert.strictEqual(await validate(TX.tokenTransfer), undefined);
        assert.strictEqual(await validate(`'${CONTRACT.deployed}`), undefined);
        assert.strictEqual(await validate('123456'), undefined);
        assert.match(String(await validate('0x123')), /64 hex digits/);
        assert.match(String(await validate('SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTA')), /checksum/);
      } finally {
        input.restore();
      }
    });

    it('does nothing when the question is dismissed', async () => {
      const input = stubInputBox([undefined]);
      try {
        assert.strictEqual(await vscode.commands.executeCommand('stacksLookup.lookup'), undefined);
        assert.deepStrictEqual(paths(), []);
        assert.deepStrictEqual(messages.all(), []);
      } finally {
        input.restore();
      }
    });
  });

  it('show commands without an argument ask for one, prefilled from the cursor', async () => {
    const doc = await openFixture('hover-targets.clar');
    const editor = await vscode.window.showTextDocument(doc);
    const p = positionOf(doc, TX.pending, 8);
    editor.selection = new vscode.Selection(p, p);
    const input = stubInputBox([UNKNOWN_TX]);
    try {
      await vscode.commands.executeCommand('stacksLookup.showTransaction');
      assert.strictEqual(input.prompts[0]!.value, TX.pending);
      assert.match(messages.all().join('\n'), /Transaction not found on Custom/);
      assert.ok(paths().includes(`/extended/v1/tx/${UNKNOWN_TX}`));
    } finally {
      input.restore();
    }
  });

  // Issue 11, item 4: a command's argument from a hover link is checked like a webview message.
  describe('arguments given as a target are checked', () => {
    const bad: unknown[] = [
      { kind: 'tx', id: '../../../evil?x=1#y' },
      { kind: 'tx', id: '[Claim](command:workbench.action.terminal.new)' },
      { kind: 'address', id: 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTA' },
      { kind: 'mempool', id: 'x' },
      { kind: 'file', id: '/etc/passwd' },
      { kind: 'tx', id: TX.tokenTransfer, network: 'evilnet' },
      { target: { kind: 'contract', id: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7.a/../b' } },
    ];

    it('copy takes only a valid target, in its canonical form', async () => {
      await vscode.env.clipboard.writeText('before');
      for (const arg of bad)
        assert.strictEqual(
          await vscode.commands.executeCommand('stacksLookup.copy', arg),
          undefined,
          JSON.stringify(arg),
        );
      assert.strictEqual(await vscode.env.clipboard.readText(), 'before');
      const upper = TX.tokenTransfer.toUpperCase().replace('0X', '0x');
      assert.strictEqual(
        await vscode.commands.executeCommand('stacksLookup.copy', { kind: 'tx', id: upper }),
        TX.tokenTransfer,
      );
    });

    it('openInExplorer opens nothing for an invalid target', async () => {
      for (const arg of bad)
        assert.strictEqual(
          await vscode.commands.executeCommand('stacksLookup.openInExplorer', arg),
          undefined,
          JSON.stringify(arg),
        );
    });
  });
});
