// sBTC deposits and withdrawals in the editor, against the mock (its registry answers and Emily
// under /emily): a Bitcoin txid that is no Stacks transaction opens a deposit panel and hovers as
// a deposit; a withdrawal's transaction panel decodes its Bitcoin recipient and says its state;
// with Emily off nothing is sent to it and the panel says so.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ViewModel } from '../../src/protocol';
import { DEPOSIT_TXID, PENDING_TXID, WITHDRAWAL_TX } from '../mock-api/sbtc';
import { SBTC_FIXTURE_DIR } from '../mock-api/emily';
import {
  panelSuite,
  passClockWaits,
  positionOf,
  replaceInWindow,
  setSettings,
  stacksHoverAt,
  testApi,
  waitFor,
} from './editorHelpers';
import * as fs from 'fs';
import * as path from 'path';

/** Every field and notice of a panel as `label: value`, for assertions. */
function rows(m: ViewModel): string {
  return m.sections
    .flatMap((s) =>
      s.type === 'fields'
        ? s.rows.map((r) => `${r.label}: ${r.values.map((v) => v.full ?? v.text).join(' ')}`)
        : s.type === 'notice'
          ? [`notice: ${s.text}`]
          : [],
    )
    .join('\n');
}

describe('sBTC deposits and withdrawals', () => {
  const suite = panelSuite();
  let restoreSettings: (() => Promise<void>) | undefined;
  let restoreWindow: (() => void) | undefined;
  let asked: string[] = [];

  beforeEach(async () => {
    asked = [];
    restoreSettings = await setSettings({
      'sbtc.emily.enabled': true,
      'sbtc.emily.customUrl': `${suite.used.mock.url}/emily`,
    });
    restoreWindow = replaceInWindow({
      showWarningMessage: (message: string, options: unknown) => {
        if ((options as { modal?: boolean } | undefined)?.modal) {
          asked.push(message);
          return Promise.resolve('Ask Emily');
        }
        return Promise.resolve(undefined);
      },
    });
  });
  afterEach(async () => {
    restoreWindow?.();
    await restoreSettings?.();
  });

  const model = (): ViewModel => {
    assert.ok(suite.panels.current, 'the panel shows a model');
    return suite.panels.current.model;
  };
  const emilyRequests = () => suite.used.mock.requestsTo('/emily/');

  it("Look Up of a confirmed deposit's Bitcoin txid opens its panel with the mint and the sweep", async () => {
    await vscode.commands.executeCommand('stacksLookup.lookup', `0x${DEPOSIT_TXID}`);
    const m = model();
    assert.strictEqual(m.kind, 'sbtcDeposit');
    const text = rows(m);
    assert.match(text, /Status: confirmed/);
    assert.match(text, /Amount: 0\.01 sBTC/);
    assert.match(text, /Stacks mint transaction: 0x58a9074c3299c2f627829b7e5ecf8b7136e380cbce3900461c679939925f77bc/);
    assert.match(text, /Sweep \(Bitcoin transaction\): 0x0202020202/);
    assert.ok(asked.length <= 1, 'Emily is asked about at most once');
    assert.ok(
      asked.every((a) => /Ask Emily/.test(a)),
      'the question names Emily',
    );
    assert.deepStrictEqual(
      emilyRequests().map((r) => r.path),
      [`/emily/deposit/${DEPOSIT_TXID}`],
    );
    assert.ok(emilyRequests().every((r) => !('x-api-key' in r.headers)));
  });

  it("hovering the deposit's txid in a .clar file shows its amount, status and both links", async () => {
    // Agreed in this window by a lookup (a hover never asks).
    await vscode.commands.executeCommand('stacksLookup.lookup', `0x${DEPOSIT_TXID}`);
    const doc = await vscode.workspace.openTextDocument({
      language: 'clarity',
      content: `(contract-call? .sbtc-registry get-completed-deposit 0x${DEPOSIT_TXID} u0)\n`,
    });
    const { text, markdown } = await stacksHoverAt(doc, positionOf(doc, DEPOSIT_TXID, 10));
    assert.match(text, /sBTC deposit/);
    assert.match(text, /confirmed/);
    assert.match(text, /Amount: 0\.01 sBTC/);
    assert.match(text, /Mint transaction\]\(command:stacksLookup\.showTransaction/);
    assert.match(text, /Sweep on Bitcoin\]\(https:\/\/mempool\.space\/tx\/0202020202/);
    const trusted = markdown[0]?.isTrusted;
    assert.ok(typeof trusted === 'object' && trusted.enabledCommands.includes('stacksLookup.showTransaction'));
  });

  it('a withdrawal\'s transaction panel decodes the bc1 address and says "accepted: expected in Bitcoin block N"', async () => {
    await vscode.commands.executeCommand('stacksLookup.showTransaction', WITHDRAWAL_TX);
    const text = rows(model());
    assert.match(text, /Bitcoin recipient: bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4/);
    assert.match(text, /Status: accepted: expected in Bitcoin block 141/);
    assert.match(text, /Request id: 1/);
    assert.match(text, /Maximum fee: 0\.00003 sBTC/);
    assert.ok(
      suite.used.mock.requestsTo('/v2/contracts/call-read/').some((r) => /get-withdrawal-request$/.test(r.path)),
    );
  });

  it('with Emily off, a pending deposit says Emily is off and nothing is sent to it', async () => {
    await setSettings({ 'sbtc.emily.enabled': false });
    await vscode.commands.executeCommand('stacksLookup.lookup', `0x${PENDING_TXID}`);
    const text = rows(model());
    assert.strictEqual(model().kind, 'sbtcDeposit');
    assert.match(text, /notice: Emily \(the sBTC bridge API\) is off/);
    assert.match(text, /nothing was sent to it/);
    assert.deepStrictEqual(emilyRequests(), []);
    assert.deepStrictEqual(asked, []);
  });

  it('a watched pending deposit notifies once when Emily marks it confirmed', async function () {
    this.timeout(30_000);
    const clock = (await testApi()).probe.clock();
    await vscode.commands.executeCommand('stacksLookup.lookup', `0x${PENDING_TXID}`);
    const m = model();
    assert.match(rows(m), /Status: pending/);
    assert.ok(
      m.sections.some((s) => s.type === 'actions' && s.actions.some((a) => a.intent.type === 'watch')),
      'the panel offers Watch',
    );
    await suite.panels.handle({ type: 'watch' });
    await waitFor(
      () => suite.messages.infos.some((i) => /Watching sBTC deposit e7e7e7e7e7/.test(i)),
      'the watch starts',
    );
    // The signers mint it: Emily says confirmed.
    const pending = JSON.parse(fs.readFileSync(path.join(SBTC_FIXTURE_DIR, 'emily-deposit--pending.json'), 'utf8'));
    const confirmed = JSON.parse(fs.readFileSync(path.join(SBTC_FIXTURE_DIR, 'emily-deposit--confirmed.json'), 'utf8'));
    suite.used.mock.override(`/emily/deposit/${PENDING_TXID}`, {
      deposits: [{ ...confirmed, bitcoinTxid: PENDING_TXID, amount: pending.amount }],
      nextToken: null,
    });
    const minted = () =>
      suite.messages.infos.filter((i) => /sBTC deposit e7e7e7e7e7… was minted: 0\.0025 sBTC/.test(i));
    const stop = passClockWaits(clock);
    try {
      await waitFor(() => minted().length > 0, 'the minted notification', 15_000);
      const before = suite.used.mock.requestsTo('/emily/').length;
      // More rounds pass: nothing more is said, and the watch asks nothing more.
      await new Promise((r) => setTimeout(r, 500));
      assert.strictEqual(minted().length, 1);
      assert.strictEqual(suite.used.mock.requestsTo('/emily/').length, before);
    } finally {
      stop();
    }
  });

  /** A chat tool called the way agent mode calls it. */
  const invoke = async (name: string, input: object): Promise<string> => {
    const tool = (await testApi()).agentTools?.get(name);
    assert.ok(tool, `${name} is registered`);
    const none = new vscode.CancellationTokenSource().token;
    const r = (await tool.invoke({ input, toolInvocationToken: undefined }, none)) as vscode.LanguageModelToolResult;
    return r.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
  };

  it('the chat tools answer a deposit by its Bitcoin txid and a withdrawal with its decoded recipient', async () => {
    const deposit = await invoke('stacks_sbtcDeposit', { bitcoinTxid: DEPOSIT_TXID });
    assert.match(deposit, /Status: confirmed \(confirmed\)/);
    assert.match(deposit, /Amount: 0\.01 sBTC \(1000000 sats\)/);
    assert.match(deposit, /Sweep in Bitcoin block: 42/);
    const withdrawal = await invoke('stacks_sbtcWithdrawal', { requestId: 1 });
    assert.match(withdrawal, /Bitcoin recipient: bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4/);
    assert.match(withdrawal, /Recipient kind: p2wpkh/);
    assert.match(withdrawal, /Maximum fee: 0\.00003 sBTC \(3000 sats\)/);
    // The tools never ask about Emily: without the window's agreement they say so.
    assert.deepStrictEqual(asked, []);
    assert.match(await invoke('stacks_sbtcWithdrawal', { requestId: 9 }), /No withdrawal request 9/);
  });

  it('an address panel shows its sBTC in flight beside its balance when Emily is on', async () => {
    await vscode.commands.executeCommand('stacksLookup.showAddress', 'SPVCH23N0QWQQZ3NJFB2YCBGPKTW7GBFXBEF4G19');
    const table = model().sections.find((s) => s.type === 'table' && s.title === 'sBTC in flight (Emily)');
    assert.ok(table && table.type === 'table', 'the panel has the sBTC in flight table');
    const cells = table.rows.map((r) => r.cells.map((c) => c.map((v) => v.text).join(' ')).join(' | '));
    assert.deepStrictEqual(cells.length, 1);
    assert.match(cells[0]!, /^withdrawal 1 \| 0\.000225 sBTC \| accepted: expected in Bitcoin block 141 \| /);
    assert.ok(
      suite.used.mock
        .requestsTo('/emily/')
        .some((r) => r.path === '/emily/withdrawal/sender/SPVCH23N0QWQQZ3NJFB2YCBGPKTW7GBFXBEF4G19'),
    );
  });
});
