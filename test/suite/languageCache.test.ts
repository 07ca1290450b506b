import * as assert from 'assert';
import * as vscode from 'vscode';
import { CONTRACT } from '../fixtures/ids';
import { stacksHoverAt, testApi, useMock, waitFor, type UsedMock } from './editorHelpers';
import { NAV_CALLS, TWO_MB } from '../fixtures/navShapes';

const SBTC = CONTRACT.sbtcDeposit;
/** What a later request on an unchanged 2 MB document may take, the editor's round trip included. */
const LATER_MS = 300;

const SHAPES: Array<{ name: string; file: string; body: (room: number) => string }> = [
  { name: 'nested parentheses', file: 'cache-nested.clar', body: (r) => '('.repeat(r >> 1) + ')'.repeat(r >> 1) },
  { name: '() repeated', file: 'cache-pairs.clar', body: (r) => '()'.repeat(r >> 1) },
  {
    name: 'realistic code',
    file: 'cache-code.clar',
    body: (r) => {
      const unit = `(define-read-only (f (x uint))\n  (let ((y (+ x u1))) (ok (contract-call? '${CONTRACT.typeProbe} get-score tx-sender y))))\n`;
      return unit.repeat(Math.floor(r / unit.length));
    },
  },
];

describe('Language requests on 2 MB Clarity documents: read once per version', () => {
  let used: UsedMock;
  let root: vscode.Uri;
  let manifestBefore: Uint8Array;
  const manifest = () => vscode.Uri.joinPath(root, 'Clarinet.toml');

  before(async () => {
    await testApi();
    root = vscode.workspace.workspaceFolders![0]!.uri;
    manifestBefore = await vscode.workspace.fs.readFile(manifest());
    used = await useMock();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.writeFile(manifest(), manifestBefore);
    for (const s of SHAPES) await vscode.workspace.fs.delete(vscode.Uri.joinPath(root, 'contracts', s.file));
    await used.close();
  });

  /** How long `ask` takes, and what it answered. */
  async function timed<T>(ask: () => Thenable<T>): Promise<{ ms: number; value: T }> {
    const t = performance.now();
    const value = await ask();
    return { ms: performance.now() - t, value };
  }

  for (const shape of SHAPES) {
    it(`${shape.name}: every provider answers a later request at once, and correctly`, async function () {
      this.timeout(60_000);
      const text = NAV_CALLS + shape.body(TWO_MB - NAV_CALLS.length);
      const uri = vscode.Uri.joinPath(root, 'contracts', shape.file);
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
      const doc = await vscode.workspace.openTextDocument(uri);
      assert.strictEqual(doc.languageId, 'clarity');
      const at = (needle: string, plus: number) => doc.positionAt(text.indexOf(needle) + plus);
      const fn = at('get-burn-header', 3);
      const arg = at('height u1', 7);
      const typing = at(' ))', 1);
      const principal = at(SBTC, 6);

      const completion = () =>
        vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, typing);
      const signature = () =>
        vscode.commands.executeCommand<vscode.SignatureHelp>('vscode.executeSignatureHelpProvider', uri, arg);
      const definition = () =>
        vscode.commands.executeCommand<Array<vscode.Location | vscode.LocationLink>>(
          'vscode.executeDefinitionProvider',
          uri,
          fn,
        );
      const hover = () => stacksHoverAt(doc, fn);
      const actions = () =>
        vscode.commands.executeCommand<vscode.CodeAction[]>(
          'vscode.executeCodeActionProvider',
          uri,
          new vscode.Range(principal, principal),
        );
      const fixTitle = `Add ${SBTC} to Clarinet.toml requirements`;

      // The first requests: the document is read, the deployed interface and source arrive.
      await completion();
      await waitFor(
        async () => ((await actions()) ?? []).some((a) => a.title === fixTitle),
        'the requirements quick fix',
        20_000,
      );
      await hover();
      await signature();
      await definition();

      const label = (i: vscode.CompletionItem) => (typeof i.label === 'string' ? i.label : i.label.label);
      const c = await timed(completion);
      assert.deepStrictEqual(
        c.value.items
          .filter((i) => typeof i.detail === 'string' && i.detail.startsWith('(define-'))
          .map(label)
          .sort(),
        ['complete-deposit-wrapper', 'complete-deposits-wrapper', 'get-burn-header'],
      );
      const s = await timed(signature);
      assert.strictEqual(s.value?.signatures[0]?.label, '(get-burn-header (height uint)) → (optional (buff 32))');
      assert.strictEqual(s.value.activeParameter, 0);
      const d = await timed(definition);
      const [loc] = d.value.map((l) =>
        l instanceof vscode.Location ? l : new vscode.Location(l.targetUri, l.targetRange),
      );
      assert.strictEqual(loc?.uri.scheme, 'stacks-contract');
      assert.ok(loc.uri.path.endsWith(`${SBTC}.clar`), loc.uri.path);
      assert.ok(loc.range.start.line > 0, 'at the define line of get-burn-header');
      const h = await timed(hover);
      assert.ok(
        h.value.text.includes('(define-read-only (get-burn-header (height uint)) (optional (buff 32)))'),
        h.value.text,
      );
      const a = await timed(actions);
      assert.ok((a.value ?? []).some((x) => x.title === fixTitle));

      const times = { completion: c.ms, signature: s.ms, definition: d.ms, hover: h.ms, codeAction: a.ms };
      for (const [what, ms] of Object.entries(times))
        assert.ok(
          ms < LATER_MS,
          `${what} took ${ms.toFixed(0)} ms on the unchanged document: ${JSON.stringify(times)}`,
        );
    });
  }
});
