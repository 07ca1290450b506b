// The webview's word that a state is on screen, which the benchmark's panel first paint reads:
// it must come for a model and for an error, after the host posted it, and change nothing.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { BLOCK, TX, UNKNOWN_TX } from '../fixtures/ids';
import type { HostMessage } from '../../src/protocol';
import { paintTracker, panelSuite, testApi, waitFor } from './editorHelpers';

describe('Detail panel paint reports', () => {
  const suite = panelSuite();

  it('a new panel posts nothing before its webview says ready, then its model once', async () => {
    const { probe } = await testApi();
    // What passes between the host and the webview, in order.
    const traffic: string[] = [];
    const tapped = [
      probe.onDidPost((m: HostMessage) => traffic.push(`post ${m.type}`)),
      probe.onDidReceive((raw) => {
        const type = raw && typeof raw === 'object' && 'type' in raw ? String(raw.type) : '?';
        if (type === 'ready' || type === 'painted') traffic.push(`receive ${type}`);
      }),
    ];
    try {
      const painted = suite.panels.whenPainted();
      await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.tokenTransfer);
      await painted;
      assert.deepStrictEqual(
        traffic.filter((t) => t !== 'receive painted'),
        ['receive ready', 'post render'],
        'the first post comes after ready, and the model is posted once',
      );
    } finally {
      tapped.forEach((t) => t.dispose());
    }
  });

  it('reports a model and an error on screen, each after it was posted', async () => {
    // The first state of a new webview must be on screen before the paint measured below, or an
    // old report could stand for the new state.
    const first = paintTracker();
    try {
      await vscode.commands.executeCommand('stacksLookup.showBlock', String(BLOCK.height));
      await waitFor(() => first.allPainted(), 'the block panel on screen, as sent again after ready', 10000);
    } finally {
      first.restore();
    }

    let painted = suite.panels.whenPainted();
    const t0 = performance.now();
    await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.tokenTransfer);
    const model = await painted;
    assert.strictEqual(suite.panels.current?.model.kind, 'tx');
    assert.ok(model.postedAt >= t0 && model.paintedAt >= model.postedAt, JSON.stringify({ t0, ...model }));

    painted = suite.panels.whenPainted();
    const rendered = suite.panels.whenRendered();
    await suite.panels.handle({ type: 'open', target: { kind: 'tx', id: UNKNOWN_TX, network: 'custom' } });
    assert.strictEqual((await rendered).type, 'error');
    const error = await painted;
    assert.ok(error.postedAt > model.paintedAt && error.paintedAt >= error.postedAt);

    // The word itself asks for nothing: no request, no notification, the panel as it was.
    const requests = suite.used.mock.requests.length;
    await suite.panels.handle({ type: 'painted' });
    assert.strictEqual(suite.used.mock.requests.length, requests);
    assert.deepStrictEqual(suite.messages.shown, []);
    assert.strictEqual(suite.panels.current?.model.kind, 'tx', 'the last model is still the current one');
  });
});
