// Deployed contracts in Clarity code in the web worker extension host, as
// test/suite/deployedNav.test.ts has them on the desktop: Go to Definition of a callee opens its
// deployed source at the define line, the hover shows its signature and doc comment, completion
// lists its public and read-only functions; one source and one interface request however often.
import * as vscode from 'vscode';
import type { TestApi } from '../../src/testApi';
import * as assert from './assert';
import { mainMock } from './control';
import { freshStart, stacksHoverAt, testApi } from './helpers';

/** test/fixtures/ids.ts's CONTRACT.sbtcDeposit: its real source and interface are served by the mock. */
const SBTC = 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-deposit';
const CALLER = [
  '(define-read-only (header (height uint))',
  `  (contract-call? '${SBTC} get-burn-header height))`,
  `(define-read-only (typing) (contract-call? '${SBTC} `,
].join('\n');

describe('web: deployed contracts in Clarity code', () => {
  let api: TestApi;
  let doc: vscode.TextDocument;
  const file = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'contracts', 'web-nav.clar');
  before(async () => {
    api = await testApi();
    await freshStart(api);
    await vscode.workspace.fs.writeFile(file(), new TextEncoder().encode(CALLER));
    doc = await vscode.workspace.openTextDocument(file());
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(file());
  });

  it('definition, hover and completion of a callee, each contract read once', async () => {
    const at = doc.positionAt(doc.getText().indexOf('get-burn-header') + 4);
    for (let i = 0; i < 2; i++) {
      const found =
        (await vscode.commands.executeCommand<Array<vscode.Location | vscode.LocationLink>>(
          'vscode.executeDefinitionProvider',
          doc.uri,
          at,
        )) ?? [];
      const locations = found.map((l) =>
        l instanceof vscode.Location ? l : new vscode.Location(l.targetUri, l.targetRange),
      );
      const deployed = locations.find((l) => l.uri.scheme === 'stacks-contract');
      assert.ok(deployed, 'the deployed source is a definition');
      assert.strictEqual(deployed.uri.path, `/custom/${SBTC}.clar`);
      const source = await vscode.workspace.openTextDocument(deployed.uri);
      assert.strictEqual(
        source.lineAt(deployed.range.start.line).text,
        '(define-read-only (get-burn-header (height uint))',
      );

      const text = await stacksHoverAt(doc, 'get-burn-header', 4);
      assert.ok(text.includes('(define-read-only (get-burn-header (height uint)) (optional (buff 32)))'), text);
      assert.ok(text.includes('Return the bitcoin header hash of the bitcoin block at the given height.'), text);

      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        doc.uri,
        doc.lineAt(2).range.end,
      );
      const names = list.items
        .filter((c) => typeof c.detail === 'string' && c.detail.startsWith('(define-'))
        .map((c) => (typeof c.label === 'string' ? c.label : c.label.label))
        .sort();
      assert.deepStrictEqual(names, ['complete-deposit-wrapper', 'complete-deposits-wrapper', 'get-burn-header']);
    }
    const seen = await mainMock.requests();
    const count = (p: string) => seen.filter((r) => r.path === p).length;
    assert.strictEqual(count(`/v2/contracts/source/${SBTC.replace('.', '/')}`), 1, 'one source request');
    assert.strictEqual(count(`/v2/contracts/interface/${SBTC.replace('.', '/')}`), 1, 'one interface request');
  });
});
