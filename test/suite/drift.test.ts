import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { sha512_256 } from '@noble/hashes/sha2';
import type { ExplorerTree } from '../../src/ui/tree';
import { removeEnvSimnet } from '../../src/chain/drift';
import { DEPLOYED, deployedStatus, mockHash } from '../fixtures/ids';
import { ALL_PAYLOADS } from '../fixtures/hostile';
import { loadFixture } from '../mock-api/server';
import {
  captureMessages,
  children,
  replaceInWindow,
  revertAndClose,
  SeenItem,
  setSettings,
  testApi,
  useMock,
  UsedMock,
  waitFor,
} from './editorHelpers';

const STATUS_PATH = '/extended/v2/smart-contracts/status';
const DEPLOYED_DIR = path.resolve(__dirname, '../../../test/fixtures/deployed');
const deployedText = (name: string) => fs.readFileSync(path.join(DEPLOYED_DIR, `${name}.clar`), 'utf8');
const folder = () => vscode.workspace.workspaceFolders![0]!.uri;
const fileOf = (name: string) => vscode.Uri.joinPath(folder(), 'contracts', `${name}.clar`);
const txPath = (tx: string) => `/extended/v1/tx/${tx}`;

/** A deploy transaction body for `id` carrying `source` (the real deploy fixture with another contract). */
function deployBody(tx: string, id: string, source: string): unknown {
  return {
    ...loadFixture('tx-smart_contract.json'),
    tx_id: tx,
    sender_address: id.split('.')[0],
    smart_contract: { clarity_version: 2, contract_id: id, source_code: source },
  };
}

async function lensesOf(uri: vscode.Uri): Promise<vscode.CodeLens[]> {
  // The lens provider runs on a document's model: open it (no editor needed).
  await vscode.workspace.openTextDocument(uri);
  return (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? [];
}

function diffTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputTextDiff && t.input.original.scheme === 'stacks-deployed');
}

describe('Drift: same as or differs from deployed', () => {
  let tree: ExplorerTree;
  let used: UsedMock;

  before(async () => {
    const api = await testApi();
    assert.ok(api.tree);
    tree = api.tree;
  });

  beforeEach(async () => {
    used = await useMock();
    used.mock.override(STATUS_PATH, deployedStatus(DEPLOYED.userRegistry, DEPLOYED.cityRegistry));
    await tree.refresh();
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await used.close();
  });

  /** The contract rows of the view once every deployed one says how it compares. */
  async function contractRows(): Promise<SeenItem[]> {
    let rows: SeenItem[] = [];
    await waitFor(async () => {
      rows = (await children(tree, tree.sections.contracts)).filter((r) => r.label.startsWith('ccd'));
      return rows.length === 2 && rows.every((r) => /(same as|differs from) deployed/.test(r.description));
    }, 'the view compares the deployed contracts');
    return rows;
  }

  it('the view and the CodeLens: the edited contract differs, the one with only #[env(simnet)] code added is the same; one request per deploy', async () => {
    const rows = await contractRows();
    assert.deepStrictEqual(
      rows.map((r) => `${r.label} | ${r.description} | ${r.contextValue}`),
      [
        'ccd003-user-registry | testnet: same as deployed | contract.deployed',
        'ccd004-city-registry | testnet: differs from deployed | contract.deployed',
      ],
    );
    assert.match(rows[1]!.tooltip, /testnet: deployed at #171,235, differs from deployed\n/);
    const perNetwork = await children(tree, rows[1]!.node);
    assert.match(perNetwork[0]!.description, /^deployed at #171,235 · differs from deployed · /);

    // The CodeLens says the same, from the same cached source.
    const doc = await vscode.workspace.openTextDocument(fileOf(DEPLOYED.cityRegistry.name));
    const editor = await vscode.window.showTextDocument(doc);
    let lenses: vscode.CodeLens[] = [];
    await waitFor(async () => {
      lenses = await lensesOf(doc.uri);
      return lenses.some((l) => l.command?.title.includes('differs from deployed'));
    }, 'the drift CodeLens');
    const drift = lenses.find((l) => l.command?.command === 'stacksLookup.compareWithDeployed')!;
    assert.strictEqual(drift.command!.title, '$(git-compare) testnet: differs from deployed');
    assert.strictEqual(drift.range.start.line, 0);
    assert.deepStrictEqual(drift.command!.arguments, [doc.uri, 'custom', DEPLOYED.cityRegistry.id]);
    await waitFor(
      async () =>
        (await lensesOf(fileOf(DEPLOYED.userRegistry.name))).some(
          (l) => l.command?.title === '$(check) testnet: same as deployed',
        ),
      'the "same" lens',
    );

    // Undo the local edits in the editor: the same as deployed, with no new request.
    await editor.edit((e) =>
      e.replace(new vscode.Range(0, 0, doc.lineCount, 0), deployedText(DEPLOYED.cityRegistry.name)),
    );
    await waitFor(
      async () => (await lensesOf(doc.uri)).some((l) => l.command?.title === '$(check) testnet: same as deployed'),
      'the lens compares the edited document again',
    );
    await waitFor(
      async () =>
        (await children(tree, tree.sections.contracts)).some(
          (r) => r.label === DEPLOYED.cityRegistry.name && /same as deployed/.test(r.description),
        ),
      'the view compares the edited document again',
    );
    for (const d of [DEPLOYED.userRegistry, DEPLOYED.cityRegistry])
      assert.strictEqual(used.mock.requestsTo(txPath(d.tx)).length, 1, `one request for the deploy of ${d.name}`);
    assert.strictEqual(used.mock.requestsTo(STATUS_PATH).length, 1);
    await revertAndClose(doc);
    await waitFor(
      async () =>
        (await lensesOf(doc.uri)).some((l) => l.command?.title === '$(git-compare) testnet: differs from deployed'),
      'reverted: differs again',
    );
  });

  it('Compare with Deployed opens the diff editor: the deployed source (read-only) against the local file', async () => {
    const uri = fileOf(DEPLOYED.cityRegistry.name);
    const left = await vscode.commands.executeCommand<vscode.Uri>('stacksLookup.compareWithDeployed', uri);
    assert.ok(left, 'the command opened a diff');
    await waitFor(() => diffTabs().length === 1, 'a diff tab');
    const tab = diffTabs()[0]!;
    const input = tab.input as vscode.TabInputTextDiff;
    assert.strictEqual(input.original.scheme, 'stacks-deployed');
    assert.strictEqual(input.original.path, `/custom/${DEPLOYED.cityRegistry.tx}/${DEPLOYED.cityRegistry.id}.clar`);
    assert.strictEqual(input.modified.toString(), uri.toString());
    assert.strictEqual(tab.label, 'ccd004-city-registry (deployed on testnet) ↔ ccd004-city-registry.clar (local)');
    const original = await vscode.workspace.openTextDocument(input.original);
    assert.strictEqual(original.getText(), deployedText(DEPLOYED.cityRegistry.name));
    // Read-only: the provider's documents cannot be saved back.
    assert.strictEqual(await vscode.workspace.fs.isWritableFileSystem('stacks-deployed'), undefined);

    // From the view's contract item and from the CodeLens, the same diff.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const row = (await children(tree, tree.sections.contracts)).find((r) => r.label === DEPLOYED.cityRegistry.name)!;
    await vscode.commands.executeCommand('stacksLookup.compareWithDeployed', row.node);
    await waitFor(() => diffTabs().length === 1, 'a diff tab from the view');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    let lens: vscode.CodeLens | undefined;
    await waitFor(async () => {
      lens = (await lensesOf(uri)).find((l) => l.command?.title === '$(git-compare) testnet: differs from deployed');
      return !!lens;
    }, 'the differs lens');
    await vscode.commands.executeCommand(lens!.command!.command, ...lens!.command!.arguments!);
    await waitFor(() => diffTabs().length === 1, 'a diff tab from the lens');
    assert.strictEqual(used.mock.requestsTo(txPath(DEPLOYED.cityRegistry.tx)).length, 1, 'the source was asked once');
  });

  it("Compare with Deployed shows both sides' contract-hash?: the deployed source's and the local file's as Clarinet deploys it", async () => {
    const hash = (s: string) => `0x${Buffer.from(sha512_256(Buffer.from(s, 'utf8'))).toString('hex')}`;
    const localOf = async (name: string) => new TextDecoder().decode(await vscode.workspace.fs.readFile(fileOf(name)));
    const messages = captureMessages();
    try {
      // The edited contract: two hashes.
      await vscode.commands.executeCommand('stacksLookup.compareWithDeployed', fileOf(DEPLOYED.cityRegistry.name));
      await waitFor(() => messages.infos.length === 1, 'the hashes of the city registry');
      const deployedCity = hash(deployedText(DEPLOYED.cityRegistry.name));
      const localCity = hash(await localOf(DEPLOYED.cityRegistry.name));
      assert.notStrictEqual(deployedCity, localCity);
      assert.strictEqual(
        messages.infos[0],
        `contract-hash? of the deployed source: ${deployedCity}; of the local file as Clarinet deploys it: ${localCity}`,
      );
      // The user registry adds #[env(simnet)] code: its hash is that of the source without it.
      await vscode.commands.executeCommand('stacksLookup.compareWithDeployed', fileOf(DEPLOYED.userRegistry.name));
      await waitFor(() => messages.infos.length === 2, 'the hashes of the user registry');
      const local = await localOf(DEPLOYED.userRegistry.name);
      const broadcast = removeEnvSimnet(local);
      assert.ok(broadcast !== undefined && broadcast !== local);
      assert.ok(
        messages.infos[1]!.endsWith(`of the local file as Clarinet deploys it: ${hash(broadcast)}`),
        messages.infos[1],
      );
      assert.ok(messages.infos[1]!.includes(hash(deployedText(DEPLOYED.userRegistry.name))), messages.infos[1]);
      // The same text on both sides: one hash, said once.
      const memoId = `${DEPLOYED.deployer}.memo-payments`;
      const memoTx = mockHash('tx:deploy:memo-same');
      const memo = await localOf('memo-payments');
      used.mock.override(STATUS_PATH, deployedStatus({ id: memoId, tx: memoTx, height: 12 }));
      used.mock.override(txPath(memoTx), deployBody(memoTx, memoId, memo));
      await tree.refresh();
      await vscode.commands.executeCommand('stacksLookup.compareWithDeployed', fileOf('memo-payments'));
      await waitFor(() => messages.infos.length === 3, 'the hash of memo-payments');
      assert.strictEqual(
        messages.infos[2],
        `contract-hash? of the deployed source and of the local file as Clarinet deploys it: ${hash(memo)}`,
      );
    } finally {
      messages.restore();
    }
  });

  it("the contract panel of a workspace contract shows the local file's contract-hash? beside the deployed one", async () => {
    const hash = (s: string) => `0x${Buffer.from(sha512_256(Buffer.from(s, 'utf8'))).toString('hex')}`;
    const api = await testApi();
    assert.ok(api.panels, 'the panels');
    await api.panels.open(
      { kind: 'contract', id: DEPLOYED.userRegistry.id, network: 'custom' },
      { signal: new AbortController().signal },
    );
    assert.strictEqual(api.panels.current?.model.title, 'Contract ccd003-user-registry');
    const rows = api.panels!.current!.model.sections.flatMap((s) => (s.type === 'fields' ? s.rows : []));
    const row = (label: string) => rows.find((r) => r.label === label)?.values.map((v) => v.text);
    const local = new TextDecoder().decode(await vscode.workspace.fs.readFile(fileOf(DEPLOYED.userRegistry.name)));
    assert.deepStrictEqual(row('Contract hash'), [hash(deployedText(DEPLOYED.userRegistry.name))]);
    // The workspace file as Clarinet would deploy it (its #[env(simnet)] code stripped), not what was deployed.
    assert.deepStrictEqual(row('Local file hash'), [
      hash(removeEnvSimnet(local)!),
      'contracts/ccd003-user-registry.clar, as Clarinet deploys it',
      'Differs from the deployed contract',
    ]);
  });

  it('deployed on several networks: asks which; not deployed or the API failing: a message like every other', async () => {
    const testnetId = `${DEPLOYED.deployer}.memo-payments`;
    const devnetId = 'ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.memo-payments';
    const local = new TextDecoder().decode(await vscode.workspace.fs.readFile(fileOf('memo-payments')));
    const txT = mockHash('tx:deploy:memo-testnet');
    const txD = mockHash('tx:deploy:memo-devnet');
    used.mock.override(
      STATUS_PATH,
      deployedStatus({ id: testnetId, tx: txT, height: 10 }, { id: devnetId, tx: txD, height: 11 }),
    );
    used.mock.override(txPath(txT), deployBody(txT, testnetId, local));
    used.mock.override(txPath(txD), deployBody(txD, devnetId, `${local}\n(define-constant EXTRA u1)\n`));
    await tree.refresh();
    const asked: Array<{ label: string; description?: string }> = [];
    const restore = replaceInWindow({
      showQuickPick: (items: Array<{ label: string; description?: string }>) => {
        asked.push(...items);
        return Promise.resolve(items.find((i) => i.label === 'devnet'));
      },
    });
    try {
      await vscode.commands.executeCommand('stacksLookup.compareWithDeployed', fileOf('memo-payments'));
    } finally {
      restore();
    }
    assert.deepStrictEqual(
      asked.map((i) => [i.label, i.description]),
      [
        ['testnet', testnetId],
        ['devnet', devnetId],
      ],
    );
    await waitFor(() => diffTabs().length === 1, 'the diff of the chosen deploy');
    assert.match(
      (diffTabs()[0]!.input as vscode.TabInputTextDiff).original.path,
      new RegExp(`/${txD}/${devnetId}\\.clar$`),
    );

    const messages = captureMessages();
    try {
      // Not deployed anywhere: a warning, nothing opened.
      used.mock.override(STATUS_PATH, {});
      await tree.refresh();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('stacksLookup.compareWithDeployed', fileOf('treasury'));
      assert.deepStrictEqual(messages.warnings, [
        'treasury.clar is not deployed on any network its deployment plans name, so there is nothing to compare.',
      ]);
      // The deploy transaction failing: the error sentence every lookup uses, with Retry.
      used.mock.override(STATUS_PATH, deployedStatus(DEPLOYED.cityRegistry));
      used.mock.override(txPath(DEPLOYED.cityRegistry.tx), { error: 'boom' }, 500);
      await tree.refresh();
      await vscode.commands.executeCommand('stacksLookup.compareWithDeployed', fileOf(DEPLOYED.cityRegistry.name));
      await waitFor(() => messages.errors.length === 1, 'an error message');
      assert.match(messages.errors[0]!, /Custom/);
      assert.ok(messages.shown.find((s) => s.level === 'error')!.buttons.includes('Retry'));
      assert.strictEqual(diffTabs().length, 0);
    } finally {
      messages.restore();
    }
  });

  it('hostile: a stranger’s deployed source stays text in the diff and changes no label', async () => {
    const tx = mockHash('tx:deploy:hostile');
    const source = `${ALL_PAYLOADS}\n$(alert) [x](command:stacksLookup.clearApiKey)\n\u202E;; #[env(simnet)]\u0000\n`;
    used.mock.override(STATUS_PATH, deployedStatus({ ...DEPLOYED.cityRegistry, tx }));
    used.mock.override(txPath(tx), deployBody(tx, DEPLOYED.cityRegistry.id, source));
    await tree.refresh();
    const rows = await waitForRow(DEPLOYED.cityRegistry.name, /differs from deployed/);
    assert.strictEqual(rows.description, 'testnet: differs from deployed');
    assert.match(rows.tooltip, /testnet: deployed at #171,235, differs from deployed\n/);
    assert.ok(!rows.tooltip.includes('evil') && !rows.tooltip.includes('$(alert)'));
    const uri = fileOf(DEPLOYED.cityRegistry.name);
    await vscode.commands.executeCommand('stacksLookup.compareWithDeployed', uri);
    await waitFor(() => diffTabs().length === 1, 'the diff');
    const tab = diffTabs()[0]!;
    assert.strictEqual(tab.label, 'ccd004-city-registry (deployed on testnet) ↔ ccd004-city-registry.clar (local)');
    const original = await vscode.workspace.openTextDocument((tab.input as vscode.TabInputTextDiff).original);
    assert.strictEqual(original.getText(), source, 'the deployed source is shown as it is, as text');
    for (const l of await lensesOf(uri))
      assert.ok(!/evil|alert|command:/.test(l.command?.title ?? ''), l.command?.title);
  });

  it('with the deprecated routes switched off (410), the deployed source comes from the v3 transaction', async () => {
    await used.close();
    used = await useMock({ sunset: true });
    used.mock.override(STATUS_PATH, deployedStatus(DEPLOYED.userRegistry, DEPLOYED.cityRegistry));
    await tree.refresh();
    const rows = await contractRows();
    assert.deepStrictEqual(
      rows.map((r) => `${r.label} | ${r.description}`),
      ['ccd003-user-registry | testnet: same as deployed', 'ccd004-city-registry | testnet: differs from deployed'],
    );
    assert.ok(
      used.mock.requestsTo(`/extended/v3/transactions/${DEPLOYED.cityRegistry.tx}`).length >= 1,
      'the v3 replacement was asked',
    );
  });

  async function waitForRow(label: string, description: RegExp): Promise<SeenItem> {
    let row: SeenItem | undefined;
    await waitFor(async () => {
      row = (await children(tree, tree.sections.contracts)).find((r) => r.label === label);
      return !!row && description.test(row.description);
    }, `${label} ${description}`);
    return row!;
  }
});

describe('Call on <network> CodeLens', () => {
  let used: UsedMock;

  beforeEach(async () => {
    used = await useMock();
    used.mock.override(STATUS_PATH, deployedStatus(DEPLOYED.userRegistry, DEPLOYED.cityRegistry));
    const { tree } = await testApi();
    await tree!.refresh();
    await children(tree!, tree!.sections.contracts);
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await used.close();
  });

  const callLenses = async (uri: vscode.Uri) =>
    (await lensesOf(uri))
      .filter((l) => l.command?.command === 'stacksLookup.callReadOnlyFunction')
      .map((l) => [l.range.start.line, l.command!.title, ...l.command!.arguments!]);

  it('above each define-read-only of a deployed contract, with (contractId, functionName, networkId); none in #[env(simnet)] code', async () => {
    const uri = fileOf(DEPLOYED.userRegistry.name);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const lineOf = (needle: string) => doc.positionAt(doc.getText().indexOf(needle)).line;
    let seen: unknown[][] = [];
    await waitFor(async () => (seen = await callLenses(uri)).length > 0, 'the call lenses');
    assert.deepStrictEqual(seen, [
      [
        lineOf('(define-read-only (get-user-id'),
        '$(play) Call on testnet',
        DEPLOYED.userRegistry.id,
        'get-user-id',
        'custom',
      ],
      [
        lineOf('(define-read-only (get-user '),
        '$(play) Call on testnet',
        DEPLOYED.userRegistry.id,
        'get-user',
        'custom',
      ],
    ]);
    assert.ok(doc.getText().includes('(define-read-only (get-users-nonce)'), 'the simnet-only function is in the file');

    // A contract that is not deployed has none; codeLens.enabled off hides them all.
    assert.deepStrictEqual(await callLenses(fileOf('treasury')), []);
    const restore = await setSettings({ 'codeLens.enabled': false });
    try {
      await waitFor(async () => (await lensesOf(uri)).length === 0, 'no lens with codeLens.enabled off');
    } finally {
      await restore();
    }
  });

  it('a define-read-only typed in a comment or a string gets no lens; a new one does', async () => {
    const uri = fileOf(DEPLOYED.userRegistry.name);
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc);
    await waitFor(async () => (await callLenses(uri)).length === 2, 'the call lenses');
    await editor.edit((e) =>
      e.insert(
        new vscode.Position(0, 0),
        ';; (define-read-only (in-comment) u1)\n(define-constant S "(define-read-only (in-string) u1)")\n(define-read-only (added) u1)\n',
      ),
    );
    await waitFor(async () => (await callLenses(uri)).length === 3, 'one more lens');
    assert.deepStrictEqual((await callLenses(uri))[0], [
      2,
      '$(play) Call on testnet',
      DEPLOYED.userRegistry.id,
      'added',
      'custom',
    ]);
    await revertAndClose(doc);
  });

  it('while a new function is typed (its list still open), the #[env(simnet)] function gets no lens', async () => {
    const uri = fileOf(DEPLOYED.userRegistry.name);
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc);
    await waitFor(async () => (await callLenses(uri)).length === 2, 'the call lenses');
    const end = doc.lineAt(doc.lineCount - 1).range.end;
    await editor.edit((e) => e.insert(end, '\n(define-read-only (get-user-count) (+ u1'));
    let names: unknown[] = [];
    await waitFor(
      async () => (names = (await callLenses(uri)).map((l) => l[3])).includes('get-user-count'),
      'a lens over the function being typed',
    );
    assert.deepStrictEqual(names, ['get-user-id', 'get-user', 'get-user-count']);
    await revertAndClose(doc);
  });

  it('a deployed contract with 50,000 #[env(simnet)] comments (1 MB): its lenses and its drift come at once, not after a freeze', async function () {
    // Each lens request used to read every comment against all those before it: the extension host
    // froze for tens of seconds per request, and this took minutes. In one pass, a few seconds.
    this.timeout(60_000);
    const uri = fileOf(DEPLOYED.userRegistry.name);
    // The workbench has been seen to write this 1 MB edit to disk on revert-and-close: the file is
    // put back as it was, so later tests read the fixture, not the noise.
    const original = await vscode.workspace.fs.readFile(uri);
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc);
    await waitFor(async () => (await callLenses(uri)).length === 2, 'the call lenses');
    const noise = ';; #[env(simnet)]\nu1\n'.repeat(50_000);
    await editor.edit((e) =>
      e.insert(
        doc.positionAt(doc.getText().length),
        `\n${noise};; #[env(simnet)]\n(define-read-only (simnet-only) u1)\n(define-read-only (after-the-noise) u1)\n`,
      ),
    );
    assert.ok(doc.getText().length > 1_000_000);
    let seen: unknown[][] = [];
    await waitFor(async () => (seen = await callLenses(uri)).length === 3, 'the lenses of the edited file', 30_000);
    assert.deepStrictEqual(
      seen.map((l) => l[3]),
      ['get-user-id', 'get-user', 'after-the-noise'],
    );
    assert.strictEqual(seen[2]![0], doc.lineCount - 2, 'the new function’s lens sits on its line');
    await waitFor(
      async () =>
        (await lensesOf(uri)).some((l) => l.command?.title === '$(git-compare) testnet: differs from deployed'),
      'the drift lens compares the edited file',
      30_000,
    );
    await revertAndClose(doc);
    // The workbench has been seen to save the 1 MB edit after the revert: the open copy is set back
    // to the fixture's text and saved, so whatever saves it later writes the fixture.
    const text = new TextDecoder().decode(original);
    const back = await vscode.workspace.openTextDocument(uri);
    if (back.getText() !== text || back.isDirty) {
      const edit = new vscode.WorkspaceEdit();
      edit.replace(uri, new vscode.Range(back.positionAt(0), back.positionAt(back.getText().length)), text);
      await vscode.workspace.applyEdit(edit);
      await back.save();
    }
    const now = await vscode.workspace.fs.readFile(uri);
    if (Buffer.compare(Buffer.from(now), Buffer.from(original)) !== 0)
      await vscode.workspace.fs.writeFile(uri, original);
    await waitFor(
      async () =>
        vscode.workspace.textDocuments.every((d) => d.uri.toString() !== uri.toString() || d.getText() === text) &&
        Buffer.compare(Buffer.from(await vscode.workspace.fs.readFile(uri)), Buffer.from(original)) === 0,
      'the open copy of the file back to the fixture',
      15_000,
    );
  });
});
