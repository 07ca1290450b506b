// Drift and Compare with Deployed in the web worker extension host, as test/suite/drift.test.ts has
// them on the desktop: the workspace contracts (read through workspace.fs) compared with the source
// their deploy carries, the diff editor with that source as a read-only document, and the "Call on
// <network>" CodeLens above each read-only function of a deployed contract.
import * as vscode from 'vscode';
import type { TestApi } from '../../src/testApi';
import * as assert from './assert';
import { mainMock, mockUrl } from './control';
import { children, freshStart, mockHash, testApi, waitFor } from './helpers';

const STATUS_PATH = '/extended/v2/smart-contracts/status';
const DEPLOYER = 'ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG';

/** test/fixtures/ids.ts's DEPLOYED: workspace contracts whose deploy the mock serves. */
async function deployed(name: string, height: number) {
  return { name, id: `${DEPLOYER}.${name}`, tx: await mockHash(`tx:deploy:${name}`), height };
}

const fileOf = (name: string) =>
  vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'contracts', `${name}.clar`);

const diffTabs = () =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputTextDiff && t.input.original.scheme === 'stacks-deployed');

async function lensesOf(uri: vscode.Uri): Promise<vscode.CodeLens[]> {
  await vscode.workspace.openTextDocument(uri);
  return (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? [];
}

describe('web: drift and Compare with Deployed', () => {
  let api: TestApi;
  let user: Awaited<ReturnType<typeof deployed>>;
  let city: Awaited<ReturnType<typeof deployed>>;
  before(async () => {
    api = await testApi();
    user = await deployed('ccd003-user-registry', 171234);
    city = await deployed('ccd004-city-registry', 171235);
  });
  beforeEach(async () => {
    await freshStart(api);
    // The mock reports the two deployed only when told to (test/fixtures/ids.ts, deployedStatus).
    const status = Object.fromEntries(
      [user, city].map((d) => [
        d.id,
        { found: true, result: { contract_id: d.id, status: 'success', tx_id: d.tx, block_height: d.height } },
      ]),
    );
    await mainMock.override(STATUS_PATH, status);
    await api.tree!.refresh();
  });
  afterEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('the view compares: the edited contract differs, the one with only #[env(simnet)] code added is the same', async () => {
    let rows: Array<{ label: string; description: string }> = [];
    await waitFor(async () => {
      rows = (await children(api.tree!, api.tree!.sections.contracts)).filter((r) => r.label.startsWith('ccd'));
      return rows.length === 2 && rows.every((r) => /(same as|differs from) deployed/.test(r.description));
    }, 'the view compares the deployed contracts');
    assert.deepStrictEqual(
      rows.map((r) => `${r.label} | ${r.description}`),
      ['ccd003-user-registry | testnet: same as deployed', 'ccd004-city-registry | testnet: differs from deployed'],
    );
  });

  it('Compare with Deployed opens the diff editor: the deployed source (read-only) against the local file', async () => {
    const uri = fileOf(city.name);
    const left = await vscode.commands.executeCommand<vscode.Uri>('stacksLookup.compareWithDeployed', uri);
    assert.ok(left, 'the command opened a diff');
    await waitFor(() => diffTabs().length === 1, 'a diff tab');
    const tab = diffTabs()[0]!;
    const input = tab.input as vscode.TabInputTextDiff;
    assert.strictEqual(input.original.path, `/custom/${city.tx}/${city.id}.clar`);
    assert.strictEqual(input.modified.toString(), uri.toString());
    assert.strictEqual(tab.label, 'ccd004-city-registry (deployed on testnet) ↔ ccd004-city-registry.clar (local)');
    const tx = (await (await fetch(`${mockUrl()}/extended/v1/tx/${city.tx}`)).json()) as {
      smart_contract: { source_code: string };
    };
    const original = await vscode.workspace.openTextDocument(input.original);
    assert.strictEqual(original.getText(), tx.smart_contract.source_code);
    assert.ok(
      original.getText() !== (await vscode.workspace.openTextDocument(uri)).getText(),
      'the local file differs',
    );
    // Read-only: the provider's documents cannot be saved back.
    assert.strictEqual(vscode.workspace.fs.isWritableFileSystem('stacks-deployed'), undefined);
    const asked = (await mainMock.requests()).filter((r) => r.path === `/extended/v1/tx/${city.tx}`);
    assert.strictEqual(asked.length, 1, 'the deployed source was asked once');
  });

  it('a "Call on testnet" CodeLens above each read-only function of a deployed contract', async () => {
    const uri = fileOf(user.name);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const lineOf = (needle: string) => doc.positionAt(doc.getText().indexOf(needle)).line;
    let seen: unknown[][] = [];
    await waitFor(async () => {
      seen = (await lensesOf(uri))
        .filter((l) => l.command?.command === 'stacksLookup.callReadOnlyFunction')
        .map((l) => [l.range.start.line, l.command!.title, ...l.command!.arguments!]);
      return seen.length > 0;
    }, 'the call lenses');
    assert.deepStrictEqual(seen, [
      [lineOf('(define-read-only (get-user-id'), '$(play) Call on testnet', user.id, 'get-user-id', 'custom'],
      [lineOf('(define-read-only (get-user '), '$(play) Call on testnet', user.id, 'get-user', 'custom'],
    ]);
  });
});
