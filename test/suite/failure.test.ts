import * as assert from 'assert';
import * as vscode from 'vscode';
import type { Field, ViewModel, WebviewMessage } from '../../src/protocol';
import { AgentTools } from '../../src/ui/agent/toolNames';
import { readAnswer } from '../fakes/agentAnswer';
import { CONTRACT, DEPLOYED, deployedStatus, TX } from '../fixtures/ids';
import { NATIVE_FAILURE } from '../fixtures/nativeFailure';
import { panelSuite, readable, setSettings, stacksHoverAt, waitFor } from './editorHelpers';

function rows(m: ViewModel, title: string): Field[] {
  const s = m.sections.find((x) => x.type === 'fields' && x.title === title);
  assert.ok(s && s.type === 'fields', `no "${title}" in the ${m.kind} panel`);
  return s.rows;
}
const text = (f: Field | undefined) => f?.values.map((v) => v.text).join(' ');
/** The MiamiCoin sender and token of TX.failedPostCondition (the real transfer it is made from). */
const SENDER = 'SPVCH23N0QWQQZ3NJFB2YCBGPKTW7GBFXBEF4G19';
const MIA = 'SP466FNC0P7JWTNM2R9T199QRZN1MYEDTAR0KP27.miamicoin-token::miamicoin';
type OpenLine = Extract<WebviewMessage, { type: 'openErrorLine' }>;
const lineIntents = (m: ViewModel): OpenLine[] =>
  m.sections.flatMap((s) =>
    s.type === 'actions' ? s.actions.flatMap((a) => (a.intent.type === 'openErrorLine' ? [a.intent] : [])) : [],
  );

describe('Why it failed: the named error, and the line that returned it', () => {
  const suite = panelSuite();
  const model = (): ViewModel => {
    assert.ok(suite.panels.current, 'the panel shows a model');
    return suite.panels.current.model;
  };
  const sourceRequests = () => suite.used.mock.requests.filter((r) => r.path.startsWith('/v2/contracts/source/'));

  /** Clicks the panel's button for the first line (as the webview posts it) and waits for the editor it opens. */
  async function openFirstLine(): Promise<vscode.TextEditor> {
    const [intent] = lineIntents(model());
    assert.ok(intent, 'the panel offers to open the line');
    await suite.panels.handle(intent);
    let editor: vscode.TextEditor | undefined;
    await waitFor(() => {
      editor = vscode.window.activeTextEditor;
      return !!editor && editor.document.uri.scheme !== 'output';
    }, 'an editor at the line');
    return editor!;
  }

  it('a failed call outside the workspace: the panel names ERR_LOWER_THAN_DUST, and its button opens the deployed source at the asserts!', async () => {
    await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.failedSbtc);
    const why = rows(model(), 'Why it failed');
    assert.strictEqual(text(why[0]), 'Failed with ERR_LOWER_THAN_DUST (err u302)');
    assert.strictEqual(
      text(why.find((r) => r.label === 'ERR_LOWER_THAN_DUST')),
      'asserts! in complete-deposit-wrapper, line 47',
    );
    assert.doesNotMatch(JSON.stringify(model()), /would have/);

    const editor = await openFirstLine();
    assert.strictEqual(editor.document.uri.scheme, 'stacks-contract');
    assert.strictEqual(editor.document.uri.path, `/custom/${CONTRACT.sbtcDeposit}.clar`);
    const at = editor.selection.active;
    assert.strictEqual(at.line, 46);
    assert.strictEqual(
      editor.document.lineAt(at.line).text.slice(at.character),
      '(asserts! (>= amount dust-limit) ERR_LOWER_THAN_DUST)',
    );
    // The panel, the button and the document all read the one source: asked once.
    assert.strictEqual(sourceRequests().length, 1);
  });

  it('a failed call to a workspace contract that is what was deployed opens the workspace file at that line', async () => {
    suite.used.mock.override('/extended/v2/smart-contracts/status', deployedStatus(DEPLOYED.userRegistry));
    await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.failedWorkspace);
    assert.strictEqual(text(rows(model(), 'Why it failed')[0]), 'Failed with ERR_UNAUTHORIZED (err u3000)');
    const editor = await openFirstLine();
    assert.strictEqual(editor.document.uri.scheme, 'file');
    assert.ok(editor.document.uri.path.endsWith('/contracts/ccd003-user-registry.clar'), editor.document.uri.path);
    const at = editor.selection.active;
    assert.strictEqual(editor.document.lineAt(at.line).text.trim(), '(ok (asserts! (or (is-eq tx-sender .base-dao)');
    assert.strictEqual(editor.document.lineAt(at.line).text.slice(at.character, at.character + 9), '(asserts!');
  });

  it('a source the node does not have: the result and one sentence, and the panel shows', async () => {
    await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.failed);
    const why = rows(model(), 'Why it failed');
    assert.match(
      text(why[0]) ?? '',
      /^Failed with \(err u1\)\. No name was found: the contract’s source could not be read/,
    );
    assert.deepStrictEqual(lineIntents(model()), []);
    assert.ok(rows(model(), 'Summary').length > 0);
  });

  it('the hover names the error and links to the line', async () => {
    const restore = await setSettings({ 'hover.allFiles': true });
    try {
      const doc = await vscode.workspace.openTextDocument({ content: `failed: ${TX.failedSbtc}\n` });
      const pos = new vscode.Position(0, 12);
      let hover = '';
      await waitFor(async () => {
        hover = (await stacksHoverAt(doc, pos)).text;
        return hover.includes('Failed with');
      }, 'the hover of the failed transaction');
      assert.match(readable(hover), /Failed with ERR_LOWER_THAN_DUST \(err u302\)/);
      assert.match(hover, /\(command:stacksLookup\.openErrorLine\?/);
      assert.match(readable(hover), /ERR_LOWER_THAN_DUST, line 47/);
    } finally {
      await restore();
    }
  });

  it('a native’s own error: the panel, the hover and stacks_whyFailed name stx-transfer? the same way, not the unrelated constant', async () => {
    const said = 'Failed with (err u1): stx-transfer? at line 72: the sender’s balance is too low (u1)';
    await vscode.commands.executeCommand('stacksLookup.showTransaction', NATIVE_FAILURE.stakeTx);
    const why = rows(model(), 'Why it failed');
    assert.strictEqual(text(why[0]), said);
    assert.strictEqual(text(why.find((r) => r.label === 'stx-transfer?')), 'try! in stake-tokens, line 72');
    assert.doesNotMatch(JSON.stringify(model()), /err-owner-only/);
    const editor = await openFirstLine();
    const at = editor.selection.active;
    assert.strictEqual(at.line, 71);
    assert.strictEqual(
      editor.document.lineAt(at.line).text.slice(at.character),
      '(stx-transfer? amount tx-sender (as-contract tx-sender)))',
    );

    const restore = await setSettings({ 'hover.allFiles': true });
    try {
      const doc = await vscode.workspace.openTextDocument({ content: `failed: ${NATIVE_FAILURE.stakeTx}\n` });
      let hover = '';
      await waitFor(async () => {
        hover = readable((await stacksHoverAt(doc, new vscode.Position(0, 12))).text);
        return hover.includes('Failed with');
      }, 'the hover of the failed transaction');
      assert.ok(hover.includes(said), hover);
      assert.match(hover, /stx-transfer\?, line 72/);
    } finally {
      await restore();
    }

    const result = await vscode.lm.invokeTool(AgentTools.whyFailed, {
      input: { txId: NATIVE_FAILURE.stakeTx },
      toolInvocationToken: undefined,
    });
    const answer = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    const { inside } = readAnswer(answer);
    assert.ok(inside);
    assert.ok(inside.includes(`why it failed: ${said}`), inside);
    assert.match(inside, /^source line 72: \(try! \(stx-transfer\? amount tx-sender \(as-contract tx-sender\)\)\)$/m);
  });

  it('a Clarity 4 allowance overrun: the panel names allowance #0 of the as-contract?, not ERR-CLOSED', async () => {
    await vscode.commands.executeCommand('stacksLookup.showTransaction', NATIVE_FAILURE.payOutTx);
    assert.strictEqual(
      text(rows(model(), 'Why it failed')[0]),
      'Failed with (err u0): as-contract? at line 15: allowance #0 (with-stx u100) was exceeded (u0)',
    );
    assert.doesNotMatch(JSON.stringify(model()), /ERR-CLOSED/);
  });

  it('a call a post-condition aborted: the panel, the table and the hover name the condition that did not hold', async () => {
    await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.failedPostCondition);
    const said = `The post-condition “the sender ${SENDER} sends exactly 50,000 base units of ${MIA}” did not hold: it sent 100,000 base units.`;
    assert.strictEqual(text(rows(model(), 'Why it failed')[0]), said);
    const pcs = model().sections.find((x) => x.type === 'table' && x.title?.startsWith('Post-conditions'));
    assert.ok(pcs && pcs.type === 'table');
    const condition = pcs.rows[0]!.cells[2]![0]!;
    assert.deepStrictEqual(
      [condition.t, condition.tone, condition.hint],
      ['badge', 'failed', 'did not hold: sent 100,000 base units'],
    );
    assert.doesNotMatch(JSON.stringify(model()), /would have/);

    const restore = await setSettings({ 'hover.allFiles': true });
    try {
      const doc = await vscode.workspace.openTextDocument({ content: `aborted: ${TX.failedPostCondition}\n` });
      let hover = '';
      await waitFor(async () => {
        hover = readable((await stacksHoverAt(doc, new vscode.Position(0, 14))).text);
        return hover.includes('did not hold');
      }, 'the hover of the aborted transaction');
      assert.ok(hover.includes(said.replace(/\.$/, '')), hover);
    } finally {
      await restore();
    }
  });
});
