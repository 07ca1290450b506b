import * as assert from 'assert';
import * as vscode from 'vscode';
import type { AdjustableClock } from '../../src/api/clock';
import { watchShare } from '../../src/chain/watchBudget';
import type { ExplorerTree } from '../../src/ui/tree';
import { ADDRESS, deployedStatus, mockHash } from '../fixtures/ids';
import {
  children,
  openFixture,
  passClockWaits,
  positionOf,
  SeenItem,
  stacksHoverAt,
  testApi,
  useMock,
  UsedMock,
  waitFor,
  waitQuiet,
} from './editorHelpers';

const STATUS_PATH = '/extended/v2/smart-contracts/status';
const TX_PATH = '/extended/v1/tx/';
const DEPLOYER = 'ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG';
const CONTRACTS = 1000;
const FUNCTIONS = 500;
/** Requests a minute of an API without a key. */
const BUDGET = 50;

const idOf = (i: number) => `${DEPLOYER}.lens-${i}`;

/**
 * A cloned repository: a Clarinet.toml of 1,000 contracts on one path, a plan publishing each of
 * them (1,000 ids, all deployed), and that one file of 500 read-only functions (14 KB).
 */
function hostileProject(): Record<string, string> {
  let manifest = '[project]\nname = "lenses"\n';
  let publishes = '';
  for (let i = 0; i < CONTRACTS; i++) {
    manifest += `[contracts.lens-${i}]\npath = "contracts/shared.clar"\n`;
    publishes += `        - transaction-type: contract-publish\n          contract-name: lens-${i}\n          expected-sender: ${DEPLOYER}\n          cost: 100\n          path: contracts/shared.clar\n`;
  }
  let source = '';
  for (let i = 0; i < FUNCTIONS; i++) source += `(define-read-only (f-${i}) u1)\n`;
  return {
    'deployments/default.testnet-plan.yaml': `---\nid: 0\nname: lenses\nnetwork: testnet\nplan:\n  batches:\n    - id: 0\n      transactions:\n${publishes}      epoch: "3.0"\n`,
    'contracts/shared.clar': source,
    'Clarinet.toml': manifest,
  };
}

async function lensesOf(uri: vscode.Uri): Promise<vscode.CodeLens[]> {
  await vscode.workspace.openTextDocument(uri);
  return (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? [];
}

describe('CodeLens bounds: 1,000 contracts on one path', () => {
  let tree: ExplorerTree;
  let clock: AdjustableClock;
  let used: UsedMock;
  const root = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'lenses');

  before(async () => {
    const api = await testApi();
    tree = api.tree!;
    clock = api.probe.clock();
  });

  beforeEach(async () => {
    used = await useMock();
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await used.close();
  });

  it('a file of 500 read-only functions shared by 1,000 deployed contracts: a bounded number of lenses, drift fetched inside the background budget, and the next hover answered', async function () {
    // Each lens request made a "Call on" lens per function and per deploy (500,000 lenses, seconds
    // per request) and a drift lens per deploy, each fetching its deployed source at once: the
    // whole budget of the minute went, and the user's next hover said "Rate limited".
    this.timeout(120_000);
    const deployed = Array.from({ length: CONTRACTS }, (_, i) => ({
      id: idOf(i),
      tx: mockHash(`tx:deploy:lens-${i}`),
      height: 1000 + i,
    }));
    used.mock.override(STATUS_PATH, deployedStatus(...deployed));
    const files = Object.entries(hostileProject()).map(([rel, text]) => ({
      uri: vscode.Uri.joinPath(root(), rel),
      text,
    }));
    for (const f of files) await vscode.workspace.fs.writeFile(f.uri, new TextEncoder().encode(f.text));
    const shared = vscode.Uri.joinPath(root(), 'contracts/shared.clar');
    try {
      let project: SeenItem | undefined;
      await waitFor(
        async () => !!(project = (await children(tree, tree.sections.contracts)).find((s) => s.label === 'lenses')),
        'the view saw the project',
        15_000,
      );

      // One lookup: the user has asked for chain data in this window.
      const hovers = await openFixture('hover-targets.clar');
      assert.match((await stacksHoverAt(hovers, positionOf(hovers, ADDRESS.mainnet))).text, /Balance:/);

      // The lenses of the shared file, once the status table (spread over the minute) is there.
      let lenses: vscode.CodeLens[] = [];
      const stop = passClockWaits(clock);
      try {
        await waitFor(
          async () => (lenses = await lensesOf(shared)).some((l) => /deployed at/.test(l.command?.title ?? '')),
          'the status lenses',
          60_000,
        );
      } finally {
        stop();
      }
      assert.ok(lenses.length <= 1000, `${lenses.length} lenses for one document`);
      const calls = lenses.filter((l) => l.command?.command === 'stacksLookup.callReadOnlyFunction');
      assert.strictEqual(
        new Set(calls.map((l) => l.command!.arguments![1])).size,
        FUNCTIONS,
        'each function can be called',
      );
      const more = lenses.find((l) => /more contracts in this file/.test(l.command?.title ?? ''));
      assert.ok(more, 'one lens counts the contracts not shown');

      // Every contract of the view asks how it compares: the deployed sources come within the background budget.
      project = (await children(tree, tree.sections.contracts)).find((s) => s.label === 'lenses');
      const rows = await children(tree, project!.node);
      assert.ok(rows.length > 900, `${rows.length} contract rows`);
      await waitFor(async () => (await lensesOf(shared)).length > 0, 'the lenses again');
      const sent = () => used.mock.requestsTo(TX_PATH).length;
      const driftRequests = await waitQuiet(sent, 'the drift requests');
      assert.ok(driftRequests > 0, 'the drift lenses fetched their deployed sources');
      assert.ok(
        driftRequests <= watchShare(BUDGET),
        `${driftRequests} drift requests in a minute: more than the background's half of ${BUDGET}`,
      );
      assert.ok(used.mock.requests.length < BUDGET, `${used.mock.requests.length} requests in the minute`);

      // The next hover is answered.
      const next = await stacksHoverAt(hovers, positionOf(hovers, ADDRESS.testnet));
      assert.doesNotMatch(next.text, /Rate limited/);
      assert.match(next.text, /Balance:/);
    } finally {
      // File by file, and the folder once the view has seen them go (the watcher is told of files).
      for (const f of files) await vscode.workspace.fs.delete(f.uri);
      await waitFor(
        async () => !(await children(tree, tree.sections.contracts)).some((s) => s.label === 'lenses'),
        'the view saw the project go',
        15_000,
      );
      await vscode.workspace.fs.delete(root(), { recursive: true });
    }
  });
});
