/**
 * Trace in the real extension host: the failed deposit of the replay fixture (test/fixtures/
 * traceIds.ts) replayed by the real Clarinet SDK (the repository's devDependency, named by the
 * `stacksLookup.replay.sdkPath` setting) in the replay process, against the mock's node routes.
 */
import * as assert from 'assert';
import * as path from 'path';
import * as vscode from 'vscode';
import type { HostMessage, TraceView, ViewModel } from '../../src/protocol';
import { TRACE } from '../fixtures/traceIds';
import { panelSuite, setSettings, testApi, waitFor } from './editorHelpers';
import { readAnswer } from '../fakes/agentAnswer';
import { Cl, cvToHex } from '@stacks/transactions';

const SDK = path.resolve(__dirname, '../../../node_modules/@stacks/clarinet-sdk');

const traceOf = (messages: HostMessage[]): TraceView | undefined => {
  const m = messages.find((x) => x.type === 'trace');
  return m && m.type === 'trace' ? m.trace : undefined;
};

describe('Trace: a failed call replayed with the Clarinet SDK', function () {
  this.timeout(90_000);
  const suite = panelSuite();
  let restore: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await restore?.();
    restore = undefined;
  });
  const model = (): ViewModel => {
    assert.ok(suite.panels.current, 'the panel shows a model');
    return suite.panels.current.model;
  };

  it('the panel traces the failed deposit: the tree two calls deep, a match, and the failing line opens', async () => {
    restore = await setSettings({ 'replay.sdkPath': SDK });
    await vscode.commands.executeCommand('stacksLookup.showTransaction', TRACE.failedTx);
    const offered = model().sections.some(
      (s) => s.type === 'actions' && s.actions.some((a) => a.intent.type === 'trace'),
    );
    assert.ok(offered, 'a Trace button beside Why it failed');
    await suite.panels.handle({ type: 'trace' });
    const view = traceOf(suite.panels.replayMessages());
    assert.ok(view, 'the Trace section is shown');
    assert.strictEqual(view.state, 'done', view.message);
    assert.strictEqual(view.verdict?.matches, true, view.verdict?.text);
    assert.deepStrictEqual(
      view.calls?.map((c) => [c.depth, c.label, c.returned]),
      [
        [0, `${TRACE.vault}.deposit`, '(err none)'],
        [1, `${TRACE.ledger}.settle`, 'did not return'],
        [2, `${TRACE.fees}.fee-for`, 'did not return'],
      ],
    );
    assert.strictEqual(view.failing?.at, `${TRACE.fees}:7:26`);
    assert.deepStrictEqual(view.vars, [{ name: 'deposit-count', before: 'u7', after: 'u7' }]);
    assert.match(view.ran ?? '', /requests to http:\/\/127\.0\.0\.1/);
    const open = view.failing?.open;
    assert.ok(open);
    await suite.panels.handle({ type: 'openTraceLine', line: open });
    let editor: vscode.TextEditor | undefined;
    await waitFor(() => {
      editor = vscode.window.activeTextEditor;
      return !!editor && editor.document.uri.scheme === 'stacks-contract';
    }, 'the deployed source at the failing line');
    const at = editor!.selection.active;
    assert.strictEqual(editor!.document.uri.path, `/custom/${TRACE.fees}.clar`);
    assert.strictEqual(editor!.document.lineAt(at.line).text.slice(at.character), '(- reserve (/ amount u2)))');
  });

  it('without an SDK the section says so and offers the install button and the setting; nothing is replayed', async () => {
    restore = await setSettings({ 'replay.sdkPath': path.join(SDK, 'no-such-folder') });
    const view = await vscode.commands.executeCommand<TraceView>('stacksLookup.traceTransaction', {
      id: TRACE.failedTx,
      respond: true,
    });
    assert.strictEqual(view.state, 'failed');
    assert.strictEqual(view.setup, true);
    assert.match(view.message ?? '', /needs the Clarinet SDK/);
    assert.strictEqual(suite.used.mock.requestsTo('/v2/clarity/').length, 0);
  });

  it('a route the node lacks is a sentence naming it', async () => {
    restore = await setSettings({ 'replay.sdkPath': SDK });
    suite.used.mock.override(`/v3/sortitions/burn_height/${TRACE.burnHeight}`, { error: 'not found' }, 404);
    const view = await vscode.commands.executeCommand<TraceView>('stacksLookup.traceTransaction', {
      id: TRACE.failedTx,
      respond: true,
    });
    assert.strictEqual(view.state, 'failed');
    assert.match(view.message ?? '', /answered 404 to \/v3\/sortitions\/burn_height\/925000/);
  });

  it('the chat tool asks before it runs, then answers with the tree inside the untrusted block', async () => {
    restore = await setSettings({ 'replay.sdkPath': SDK });
    const tool = (await testApi()).agentTools?.get('stacks_traceTransaction');
    assert.ok(tool?.prepareInvocation, 'stacks_traceTransaction is registered with a confirmation');
    const none = new vscode.CancellationTokenSource().token;
    const prepared = await tool.prepareInvocation({ input: { txId: TRACE.failedTx } }, none);
    assert.ok(prepared?.confirmationMessages, 'the user confirms before the replay runs');
    assert.match(
      String(
        prepared.confirmationMessages.message instanceof vscode.MarkdownString
          ? prepared.confirmationMessages.message.value
          : prepared.confirmationMessages.message,
      ),
      /Clarinet SDK replays the call/,
    );
    const result = (await tool.invoke(
      { input: { txId: TRACE.failedTx }, toolInvocationToken: undefined },
      none,
    )) as vscode.LanguageModelToolResult;
    const text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    const answer = readAnswer(text);
    assert.ok(answer.inside, text);
    assert.match(answer.inside, /trace-fees:7:26/);
    assert.match(answer.inside, /verdict: matches the chain/);
    assert.doesNotMatch(answer.outside, /fee-for/, 'chain strings stay inside the block');
  });

  it('Simulate locally runs a public function here, as the sender typed, at the block named: a success, then a failure with its tree', async () => {
    restore = await setSettings({ 'replay.sdkPath': SDK });
    type Local = {
      ok: boolean;
      result?: string;
      runtimeError?: string;
      trace: string[];
      ran: string;
      message?: string;
    };
    const ask = (amount: number) =>
      vscode.commands.executeCommand<Local>('stacksLookup.simulateLocally', {
        network: 'custom',
        contractId: TRACE.vault,
        fn: 'deposit',
        args: [cvToHex(Cl.uint(amount))],
        sender: TRACE.sender,
        height: TRACE.height - 1,
      });
    const ok = await ask(40);
    assert.ok(ok.ok, ok.message);
    assert.strictEqual(ok.result, '(ok u0)');
    assert.match(ok.ran, /Nothing was signed, broadcast or sent to a simulation service/);
    const failed = await ask(100);
    assert.ok(failed.ok, failed.message);
    assert.strictEqual(failed.result, undefined);
    assert.match(failed.runtimeError ?? '', /Runtime error/);
    assert.ok(
      failed.trace.some((l) => l.includes(`${TRACE.fees}.fee-for`)),
      failed.trace.join('\n'),
    );
    assert.ok(failed.trace.some((l) => l.includes('trace-fees:7:26')));
    assert.strictEqual(suite.used.mock.requestsTo('/simulation').length, 0, 'no simulation service was asked');
  });
});
