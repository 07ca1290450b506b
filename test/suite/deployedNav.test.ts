import * as assert from 'assert';
import * as vscode from 'vscode';
import { CONTRACT } from '../fixtures/ids';
import { captureMessages, positionOf, stacksHoverAt, testApi, useMock, waitFor, type UsedMock } from './editorHelpers';

const SBTC = CONTRACT.sbtcDeposit;
const CALLER = [
  ';; Calls the sBTC deposit contract deployed on mainnet.',
  '(define-public (deposit (txid (buff 32)) (amount uint))',
  `  (contract-call? '${SBTC} complete-deposit-wrapper txid u0 amount tx-sender txid u1 txid))`,
  '',
  '(define-read-only (header (height uint))',
  `  (contract-call? '${SBTC} get-burn-header height))`,
  '',
  '(define-read-only (probe)',
  `  (contract-call? '${CONTRACT.typeProbe} get-score tx-sender u1))`,
  '',
  '(define-read-only (local-city)',
  '  (contract-call? .ccd004-city-registry get-city-id "mia"))',
  '',
  '(define-read-only (missing)',
  `  (contract-call? '${CONTRACT.notFound} get-info))`,
  '',
].join('\n');
/** A call being typed: the function name not written yet, and the arguments of another. */
const TYPING = [
  `(define-read-only (a) (contract-call? '${SBTC} `,
  `(define-read-only (b) (contract-call? '${SBTC} get-burn-header `,
].join('\n');

const sourcePath = `/v2/contracts/source/${SBTC.replace('.', '/')}`;
const interfacePath = `/v2/contracts/interface/${SBTC.replace('.', '/')}`;

describe('Deployed contracts in Clarity code: definition, hover, completion, requirements', () => {
  let used: UsedMock;
  let root: vscode.Uri;
  let caller: vscode.TextDocument;
  let typing: vscode.TextDocument;
  let manifestBefore: Uint8Array;
  const manifest = () => vscode.Uri.joinPath(root, 'Clarinet.toml');

  before(async () => {
    await testApi();
    root = vscode.workspace.workspaceFolders![0]!.uri;
    manifestBefore = await vscode.workspace.fs.readFile(manifest());
    used = await useMock();
    const write = async (name: string, text: string) => {
      const uri = vscode.Uri.joinPath(root, 'contracts', name);
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
      return vscode.workspace.openTextDocument(uri);
    };
    caller = await write('nav-caller.clar', CALLER);
    typing = await write('nav-typing.clar', TYPING);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.writeFile(manifest(), manifestBefore);
    for (const name of ['nav-caller.clar', 'nav-typing.clar'])
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(root, 'contracts', name));
    await used.close();
  });

  async function definitionsAt(doc: vscode.TextDocument, pos: vscode.Position): Promise<vscode.Location[]> {
    const found =
      (await vscode.commands.executeCommand<Array<vscode.Location | vscode.LocationLink>>(
        'vscode.executeDefinitionProvider',
        doc.uri,
        pos,
      )) ?? [];
    return found.map((l) => (l instanceof vscode.Location ? l : new vscode.Location(l.targetUri, l.targetRange)));
  }

  it('F12 on a callee function opens its deployed source, read-only, at its define line', async () => {
    const editor = await vscode.window.showTextDocument(caller);
    const pos = positionOf(caller, 'complete-deposit-wrapper', 4);
    editor.selection = new vscode.Selection(pos, pos);
    await vscode.commands.executeCommand('editor.action.revealDefinition');
    await waitFor(
      () => vscode.window.activeTextEditor?.document.uri.scheme === 'stacks-contract',
      'the deployed source',
    );
    const shown = vscode.window.activeTextEditor!;
    assert.strictEqual(shown.document.uri.path, `/custom/${SBTC}.clar`);
    assert.strictEqual(
      shown.document.lineAt(shown.selection.active.line).text,
      '(define-public (complete-deposit-wrapper (txid (buff 32))',
    );
    assert.strictEqual(shown.selection.active.line, 29);
    // Read-only: the provider's documents cannot be saved back.
    assert.strictEqual(await vscode.workspace.fs.isWritableFileSystem('stacks-contract'), undefined);

    // The principal opens the contract, at its first line.
    const [contract] = await definitionsAt(caller, positionOf(caller, SBTC, 6));
    assert.strictEqual(contract?.uri.toString(), shown.document.uri.toString());
    assert.strictEqual(contract.range.start.line, 0);
  });

  it('a contract of the project opens its workspace file, at the function, and asks nothing', async () => {
    const before = used.mock.requests.length;
    const [fn] = await definitionsAt(caller, positionOf(caller, 'get-city-id', 3));
    assert.ok(fn, 'a definition');
    assert.strictEqual(fn.uri.scheme, 'file');
    assert.ok(fn.uri.path.endsWith('/contracts/ccd004-city-registry.clar'), fn.uri.path);
    assert.strictEqual(fn.range.start.line, 56, 'the define-read-only line of get-city-id');
    const [contract] = await definitionsAt(caller, positionOf(caller, '.ccd004-city-registry', 3));
    assert.strictEqual(contract?.uri.toString(), fn.uri.toString());
    assert.strictEqual(contract.range.start.line, 0);
    assert.strictEqual(used.mock.requests.length, before, 'no request for a project contract');
  });

  it('hover on a callee function shows its signature, its doc comment and the network', async () => {
    const { text } = await stacksHoverAt(caller, positionOf(caller, 'get-burn-header', 3));
    assert.match(
      text,
      /get-burn-header\*\*, read-only function of SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4\.sbtc-deposit/,
    );
    assert.ok(text.includes('(define-read-only (get-burn-header (height uint)) (optional (buff 32)))'), text);
    assert.ok(text.includes('Return the bitcoin header hash of the bitcoin block at the given height.'), text);
    assert.match(text, /Read from Custom/);
  });

  it('completion lists the public and read-only functions only, each inserting one placeholder per argument', async () => {
    const end = typing.lineAt(0).range.end;
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      typing.uri,
      end,
    );
    const ours = list.items.filter((i) => typeof i.detail === 'string' && i.detail.startsWith('(define-'));
    const label = (i: vscode.CompletionItem) => (typeof i.label === 'string' ? i.label : i.label.label);
    assert.deepStrictEqual(ours.map(label).sort(), [
      'complete-deposit-wrapper',
      'complete-deposits-wrapper',
      'get-burn-header',
    ]);
    const wrapper = ours.find((i) => label(i) === 'complete-deposit-wrapper')!;
    assert.strictEqual(
      (wrapper.insertText as vscode.SnippetString).value,
      'complete-deposit-wrapper ${1:txid} ${2:vout-index} ${3:amount} ${4:recipient} ${5:burn-hash} ${6:burn-height} ${7:sweep-txid}',
    );
    assert.strictEqual(
      wrapper.detail,
      '(define-public (complete-deposit-wrapper (txid (buff 32)) (vout-index uint) (amount uint) (recipient principal) (burn-hash (buff 32)) (burn-height uint) (sweep-txid (buff 32))) (response bool uint))',
    );

    const help = await vscode.commands.executeCommand<vscode.SignatureHelp>(
      'vscode.executeSignatureHelpProvider',
      typing.uri,
      typing.lineAt(1).range.end,
    );
    assert.strictEqual(help?.signatures[0]?.label, '(get-burn-header (height uint)) → (optional (buff 32))');
    assert.strictEqual(help.activeParameter, 0);
  });

  it('the quick fix adds the contract to Clarinet.toml requirements, after checking it exists', async () => {
    const messages = captureMessages();
    try {
      // The code actions offered on the sBTC contract's name in the caller.
      const actionsAtSbtc = async (): Promise<vscode.CodeAction[]> => {
        const at = positionOf(caller, SBTC, 6);
        return (
          (await vscode.commands.executeCommand<vscode.CodeAction[]>(
            'vscode.executeCodeActionProvider',
            caller.uri,
            new vscode.Range(at, at),
          )) ?? []
        );
      };
      let fix: vscode.CodeAction | undefined;
      await waitFor(async () => {
        fix = (await actionsAtSbtc()).find((a) => a.title === `Add ${SBTC} to Clarinet.toml requirements`);
        return !!fix;
      }, 'the requirements quick fix');
      const changed = await vscode.commands.executeCommand<boolean>(fix!.command!.command, ...fix!.command!.arguments!);
      assert.strictEqual(changed, true, messages.all().join('\n'));
      const toml = new TextDecoder().decode(await vscode.workspace.fs.readFile(manifest()));
      assert.match(
        toml,
        new RegExp(`\\[\\[project\\.requirements\\]\\]\\ncontract_id = "${SBTC.replace('.', '\\.')}"\\n`),
      );
      assert.doesNotMatch(toml, /requirements = \[\]/);
      // Not offered again once the manifest lists it.
      await waitFor(
        async () => !(await actionsAtSbtc()).some((a) => a.title.startsWith('Add ')),
        'the fix gone once the requirement is there',
      );
    } finally {
      messages.restore();
    }
  });

  it('the quick fix adds nothing for a contract the network does not have, and says so', async () => {
    const messages = captureMessages();
    try {
      const toml = await vscode.workspace.fs.readFile(manifest());
      const before = used.mock.requests.length;
      const changed = await vscode.commands.executeCommand<boolean>(
        'stacksLookup.addRequirement',
        manifest(),
        CONTRACT.notFound,
        'custom',
      );
      assert.strictEqual(changed, false);
      // The check: one interface request (a contract the network has is asked the same way, its
      // answer then kept for every reader: the hovers above have read the sBTC contract's).
      assert.deepStrictEqual(
        used.mock.requests.slice(before).map((r) => `${r.method} ${r.path}`),
        [`GET /v2/contracts/interface/${CONTRACT.notFound.replace('.', '/')}`],
      );
      assert.deepStrictEqual(await vscode.workspace.fs.readFile(manifest()), toml, 'Clarinet.toml unchanged');
      await waitFor(() => messages.all().some((m) => /not found/i.test(m)), 'the reason shown');
    } finally {
      messages.restore();
    }
  });

  it('a contract the network does not have: no definition, no hover content but the reason, no exception', async () => {
    const missing = positionOf(caller, 'get-info', 2);
    assert.deepStrictEqual(
      (await definitionsAt(caller, missing)).filter((l) => l.uri.scheme === 'stacks-contract'),
      [],
    );
    const { text } = await stacksHoverAt(caller, missing);
    assert.match(
      text,
      /get-info\*\* of SP4SZE494VC2YC5JYG7AYFQ44F5Q4PYV7DVMDPBG\.stacking-dao-core: Contract interface not found on Custom/,
    );
  });

  it('a slow API: the hover answers within its wait, and the answer that arrives later serves the next one', async () => {
    const probePath = `/v2/contracts/interface/${CONTRACT.typeProbe.replace('.', '/')}`;
    used.mock.fault({ match: probePath, times: 1, fault: { kind: 'delay', ms: 5000 } });
    const pos = positionOf(caller, 'get-score', 2);
    const started = Date.now();
    const first = await stacksHoverAt(caller, pos);
    assert.ok(Date.now() - started < 4500, `the hover took ${Date.now() - started} ms`);
    assert.match(first.text, /Custom did not answer in time; try again in a moment/);
    await waitFor(
      async () => (await stacksHoverAt(caller, pos)).text.includes('(define-read-only (get-score'),
      'the signature once the answer arrived',
      15_000,
    );
    assert.strictEqual(used.mock.requestsTo(probePath).length, 1, 'the slow request was not sent again');
  });

  it('however often these run, one source and one interface request per contract', async () => {
    for (let i = 0; i < 3; i++) {
      await definitionsAt(caller, positionOf(caller, 'complete-deposit-wrapper', 4));
      await stacksHoverAt(caller, positionOf(caller, 'get-burn-header', 3));
      await vscode.commands.executeCommand(
        'vscode.executeCompletionItemProvider',
        typing.uri,
        typing.lineAt(0).range.end,
      );
      await vscode.commands.executeCommand(
        'vscode.executeSignatureHelpProvider',
        typing.uri,
        typing.lineAt(1).range.end,
      );
    }
    assert.strictEqual(used.mock.requestsTo(sourcePath).length, 1, 'one source request');
    assert.strictEqual(used.mock.requestsTo(interfacePath).length, 1, 'one interface request');
  });
});
