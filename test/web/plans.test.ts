// Deployment plans in the web worker extension host: a plan in flow style with an anchor, which
// only the full YAML parser reads, shows in the view with its network and deployer, as on the
// desktop (test/unit/clarinetPlans.test.ts has the parser's cases).
import * as vscode from 'vscode';
import type { TestApi } from '../../src/testApi';
import type { TreeNode } from '../../src/ui/tree/node';
import * as assert from './assert';
import { freshStart, IDS, testApi, waitFor } from './helpers';

const FLOW_PLAN = `---
id: 0
name: Mainnet deployment
network: mainnet
stacks-node: "https://api.hiro.so"
plan: {batches: [{id: 0, transactions: [
  {contract-publish: {contract-name: treasury, expected-sender: &deployer ${IDS.address}, cost: 10120, path: contracts/treasury.clar, clarity-version: 2}},
  {contract-publish: {contract-name: memo-payments, expected-sender: *deployer, cost: 12340, path: contracts/memo-payments.clar, clarity-version: 2}}
  ]}]}
`;

describe('web: deployment plans', () => {
  let api: TestApi;
  before(async () => {
    api = await testApi();
  });
  beforeEach(() => freshStart(api));

  const label = (n: TreeNode) => {
    const l = api.tree!.getTreeItem(n).label;
    return typeof l === 'string' ? l : (l?.label ?? '');
  };
  const item = (n: TreeNode) => api.tree!.getTreeItem(n);
  const plansNode = async () =>
    (await api.tree!.getChildren(api.tree!.sections.contracts)).find((n) => label(n) === 'Deployment Plans');

  it('a plan in flow style with an anchor is read: its network and deployer in the view, no problem', async () => {
    const uri = vscode.Uri.joinPath(
      vscode.workspace.workspaceFolders![0]!.uri,
      'deployments',
      'default.mainnet-plan.yaml',
    );
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(FLOW_PLAN));
    try {
      let seen = '';
      await waitFor(async () => {
        await api.tree!.refresh();
        const rows = await api.tree!.getChildren(api.tree!.sections.contracts);
        seen = rows.map((n) => `${label(n)} (${String(item(n).description)})`).join(', ');
        const p = await plansNode();
        return !!p && item(p).description === '3';
      }, 'the view reads the third plan').catch((e: Error) => {
        throw new Error(`${e.message}; the section shows: ${seen}`);
      });
      const rows = await api.tree!.getChildren(api.tree!.sections.contracts);
      const problems = rows.filter((n) => /YAML|not read|desktop/.test(`${label(n)} ${String(item(n).tooltip ?? '')}`));
      assert.deepStrictEqual(problems.map(label), [], 'no problem reported for the plan');
      const plans = await api.tree!.getChildren((await plansNode())!);
      const mainnet = plans.find((n) => label(n) === 'default.mainnet-plan.yaml');
      assert.ok(mainnet, `the mainnet plan is listed: ${plans.map(label).join(', ')}`);
      assert.strictEqual(item(mainnet).description, 'mainnet · SP3FBR…J5SVTE');
      assert.match(String(item(mainnet).tooltip), /2 contracts published/);
    } finally {
      await vscode.workspace.fs.delete(uri);
      await waitFor(async () => {
        await api.tree!.refresh();
        const p = await plansNode();
        return !!p && item(p).description === '2';
      }, 'the view back to two plans');
    }
  });
});
