/**
 * Trace in the real extension host: the failed deposit of the replay fixture (test/fixtures/
 * traceIds.ts) replayed by the real Clarinet SDK (the repository's devDependency, named by the
 * `stacksLookup.replay.sdkPath` setting) in the replay process, against the mock's node routes.
 */
import * as assert from 'assert';
import * as path from 'path';
import * as vscode from 'vscode';
import type { HostMessage, TraceView, ViewModel } from '../../src/protocol';
import { TRACE, TRACE_BLOCK } from '../fixtures/traceIds';
import { panelSuite, setSettings, testApi, waitFor } from './editorHelpers';
import { readAnswer } from '../fakes/agentAnswer';
import { Cl, cvToHex } from '@stacks/transactions';

const SDK = path.resolve(__dirname, '../../../node_modules/@stacks/clarinet-sdk');

const traceOf = (messages: HostMessage[]): TraceView | undefined => {
  const m = messages.find((x) => x.type === 'trace');
  return m && m.type === 'trace' ? m.trace : undefined;
};

/** Whether a process runs (signal 0 checks without sending one). */
const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
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

  it("a replay that diverged offers the block's earlier transactions; replayed with them first it matches", async () => {
    restore = await setSettings({ 'replay.sdkPath': SDK });
    await vscode.commands.executeCommand('stacksLookup.showTransaction', TRACE_BLOCK.failedTx);
    await suite.panels.handle({ type: 'trace' });
    const alone = traceOf(suite.panels.replayMessages());
    assert.strictEqual(alone?.state, 'done', alone?.message);
    assert.strictEqual(alone.verdict?.matches, false, alone.verdict?.text);
    assert.match(alone.verdict?.text ?? '', /ended with \(ok u0\), the chain recorded \(err none\)/);
    assert.strictEqual(alone.earlier?.label, "Replay with the block's earlier transactions");
    assert.match(alone.earlier.hint, /3 transactions ran before this one in block 7,500,002/);
    // what the call changed on the parent block's state, read back from the SDK: a variable and a map entry
    assert.deepStrictEqual(alone.vars, [{ name: 'deposit-count', before: 'u7', after: 'u8' }]);
    assert.deepStrictEqual(alone.maps, [{ entry: `deposits[${TRACE.sender}]`, before: 'none', after: '(some u40)' }]);
    const listed = /^\/extended\/v2\/blocks\/[^/]+\/transactions/;
    assert.strictEqual(suite.used.mock.requestsTo(listed).length, 0, 'the block is read only when asked');

    await suite.panels.handle({ type: 'trace', earlier: true });
    const view = traceOf(suite.panels.replayMessages());
    assert.strictEqual(view?.state, 'done', view?.message);
    assert.strictEqual(view.verdict?.matches, true, view.verdict?.text);
    assert.match(
      view.verdict?.text ?? '',
      /The replay included the earlier transactions of block 7,500,002 before it: 2 ran\./,
    );
    assert.match(view.verdict?.text ?? '', /Skipped: 1 \(neither a contract call nor an STX transfer\)/);
    assert.strictEqual(view.earlier, undefined, 'offered once');
    assert.strictEqual(view.failing?.at, `${TRACE.fees}:7:26`);
    assert.deepStrictEqual(view.vars, [{ name: 'deposit-count', before: 'u8', after: 'u8' }]);
    const reads = suite.used.mock.requestsTo(listed);
    assert.strictEqual(reads.length, 1, 'one page of the block, through the client');
    assert.match(reads[0]!.url, /limit=3/);
  });

  it('the earlier transactions only as the section offers them: a trace that matches offers none, and a forged ask is ignored', async () => {
    restore = await setSettings({ 'replay.sdkPath': SDK });
    await vscode.commands.executeCommand('stacksLookup.showTransaction', TRACE.failedTx);
    await suite.panels.handle({ type: 'trace' });
    const first = traceOf(suite.panels.replayMessages());
    assert.strictEqual(first?.verdict?.matches, true, first?.verdict?.text);
    assert.strictEqual(first.earlier, undefined);
    await suite.panels.handle({ type: 'trace', earlier: true });
    assert.deepStrictEqual(traceOf(suite.panels.replayMessages()), first, 'nothing ran again');
    assert.strictEqual(suite.used.mock.requestsTo(/\/transactions(\?|$)/).length, 0);
  });

  it('Cancel in the section ends the replay process and the section says it was cancelled', async () => {
    restore = await setSettings({ 'replay.sdkPath': SDK });
    const probe = (await testApi()).probe;
    await vscode.commands.executeCommand('stacksLookup.showTransaction', TRACE.failedTx);
    // the node never answers one read the SDK needs: the replay waits there until it is cancelled
    suite.used.mock.fault({ match: '/v3/sortitions/burn_height/', fault: { kind: 'hang' } });
    const traced = suite.panels.handle({ type: 'trace' });
    await waitFor(() => suite.used.mock.hanging === 1, 'the replay to wait on the node', 30_000);
    const pid = probe.replayPid();
    assert.ok(pid && running(pid), 'the replay process runs');
    const shown = traceOf(suite.panels.replayMessages());
    assert.strictEqual(shown?.state, 'running');
    assert.strictEqual(shown.cancel, 'Cancel');
    await suite.panels.handle({ type: 'traceCancel' });
    await traced;
    const view = traceOf(suite.panels.replayMessages());
    assert.strictEqual(view?.state, 'failed');
    assert.match(view.message ?? '', /The replay was cancelled\./);
    await waitFor(() => !running(pid), 'the replay process to end');
    assert.strictEqual(probe.replayPid(), undefined);
    await waitFor(() => suite.used.mock.hanging === 0, 'the read it waited on to be closed');
  });

  it('the replay process stops on its own after its idle time', async () => {
    restore = await setSettings({ 'replay.sdkPath': SDK });
    const probe = (await testApi()).probe;
    probe.replayIdle(1500);
    try {
      const view = await vscode.commands.executeCommand<TraceView>('stacksLookup.traceTransaction', {
        id: TRACE.failedTx,
        respond: true,
      });
      assert.strictEqual(view.state, 'done', view.message);
      const pid = probe.replayPid();
      assert.ok(pid && running(pid), 'the process stays for the next trace');
      await waitFor(() => !running(pid), 'the idle replay process to stop', 10_000);
      assert.strictEqual(probe.replayPid(), undefined);
    } finally {
      probe.replayIdle(undefined);
    }
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
    assert.match(answer.inside, /data variable deposit-count/);
    assert.match(answer.inside, /map entry deposits\[S[PT][0-9A-Z]+\]/);
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
