// Why a call failed, in the web worker extension host, as test/suite/failure.test.ts has it on the
// desktop: the failure module and the Clarity reader inside the one-file web extension name the
// error from the contract's source (read over fetch, once), open the line that returned it, and
// name the post-condition that did not hold.
import * as vscode from 'vscode';
import type { Field, WebviewMessage } from '../../src/protocol';
import type { TestApi } from '../../src/testApi';
import * as assert from './assert';
import { mainMock } from './control';
import { mockHash, waitFor, panelSuite } from './helpers';

/** The sBTC deposit contract the failed call of test/fixtures/ids.ts TX.failedSbtc calls. */
const SBTC_DEPOSIT = 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-deposit';
const SENDER = 'SPVCH23N0QWQQZ3NJFB2YCBGPKTW7GBFXBEF4G19';
const MIA = 'SP466FNC0P7JWTNM2R9T199QRZN1MYEDTAR0KP27.miamicoin-token::miamicoin';

describe('web: why it failed', () => {
  let api: TestApi;
  const model = panelSuite((a) => (api = a));
  const why = (): Field[] => {
    const s = model().sections.find((x) => x.type === 'fields' && x.title === 'Why it failed');
    assert.ok(s && s.type === 'fields', 'the panel says why it failed');
    return s.rows;
  };
  const said = (f: Field | undefined) => f?.values.map((v) => v.text).join(' ');

  it('names ERR_LOWER_THAN_DUST from the source read once, and opens the deployed source at the asserts!', async () => {
    await vscode.commands.executeCommand('stacksLookup.showTransaction', await mockHash('tx:failed:sbtc-deposit'));
    assert.strictEqual(said(why()[0]), 'Failed with ERR_LOWER_THAN_DUST (err u302)');
    const intent = model()
      .sections.flatMap((s) => (s.type === 'actions' ? s.actions.map((a) => a.intent) : []))
      .find((i): i is Extract<WebviewMessage, { type: 'openErrorLine' }> => i.type === 'openErrorLine');
    assert.ok(intent, 'the panel offers to open the line');
    await api.panels!.handle(intent);
    let editor: vscode.TextEditor | undefined;
    await waitFor(() => {
      editor = vscode.window.activeTextEditor;
      return editor?.document.uri.scheme === 'stacks-contract';
    }, 'the deployed source at the line');
    assert.strictEqual(editor!.document.uri.path, `/custom/${SBTC_DEPOSIT}.clar`);
    const at = editor!.selection.active;
    assert.strictEqual(at.line, 46);
    assert.strictEqual(
      editor!.document.lineAt(at.line).text.slice(at.character),
      '(asserts! (>= amount dust-limit) ERR_LOWER_THAN_DUST)',
    );
    const sources = (await mainMock.requests()).filter((r) => r.path.startsWith('/v2/contracts/source/'));
    assert.strictEqual(sources.length, 1, 'the panel and the document share one read of the source');
  });

  it('names the post-condition that did not hold', async () => {
    await vscode.commands.executeCommand('stacksLookup.showTransaction', await mockHash('tx:failed:post-condition'));
    assert.strictEqual(
      said(why()[0]),
      `The post-condition “the sender ${SENDER} sends exactly 50,000 base units of ${MIA}” did not hold: it sent 100,000 base units.`,
    );
  });
});
