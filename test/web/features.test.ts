// Hovers, panels, the view and the status bar of the web extension, against the mock over fetch.
import * as vscode from 'vscode';
import type { TestApi } from '../../src/testApi';
import type { ClarityNode } from '../../src/chain/clarityNode';
import type { ViewModel } from '../../src/protocol';
import * as assert from './assert';
import { mainMock, mockUrl } from './control';
import { children, freshStart, IDS, stacksHoverAt, testApi, waitFor, panelSuite } from './helpers';

const CLARITY = `;; identifiers of each kind the hover knows
(define-constant TRANSFER-TX ${IDS.tx})
(define-constant OPERATOR '${IDS.address})
(define-public (hello)
  (contract-call? '${IDS.contract} get-pox-info))
`;

describe('web: hovers', () => {
  let api: TestApi;
  let doc: vscode.TextDocument;
  before(async () => {
    api = await testApi();
    // Written through workspace.fs into the workspace (a remote folder, as github.dev's is virtual).
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'a workspace folder is open');
    const uri = vscode.Uri.joinPath(folder.uri, 'web-hover-targets.clar');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(CLARITY));
    doc = await vscode.workspace.openTextDocument(uri);
  });
  beforeEach(() => freshStart(api));

  it('over a transaction id: type, status and amount, from one request', async () => {
    const text = await stacksHoverAt(doc, IDS.tx, 10);
    assert.match(text, /Token transfer/);
    assert.match(text, /Success/);
    assert.match(text, /Block: #3,275/);
    assert.strictEqual((await mainMock.requests()).length, 1);
  });

  it('over an address: balance and locked STX', async () => {
    const text = await stacksHoverAt(doc, IDS.address, 10);
    assert.match(text, /Locked: 0\.05 STX/);
  });

  it('over a contract id: where it was deployed', async () => {
    const text = await stacksHoverAt(doc, IDS.contract, 10);
    assert.match(text, /pox-2/);
    assert.match(text, /Deployed in block #3,275/);
  });
});

describe('web: detail panels', () => {
  let api: TestApi;
  const model = panelSuite((a) => (api = a));
  const panelTabs = () =>
    vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('stacksLookup.detail'));

  const kinds: Array<[string, string, unknown[], (m: ViewModel) => void]> = [
    ['transaction', 'stacksLookup.showTransaction', [IDS.tx], (m) => assert.strictEqual(m.title, 'Token transfer')],
    ['address', 'stacksLookup.showAddress', [IDS.address], (m) => assert.strictEqual(m.kind, 'address')],
    ['block', 'stacksLookup.showBlock', ['latest'], (m) => assert.strictEqual(m.title, `Block #${IDS.blockHeight}`)],
    [
      'burn block',
      'stacksLookup.showBurnBlock',
      [String(IDS.burnHeight)],
      (m) => assert.strictEqual(m.title, `Bitcoin block #${IDS.burnHeight}`),
    ],
    ['contract', 'stacksLookup.lookup', [IDS.contract], (m) => assert.strictEqual(m.kind, 'contract')],
    [
      'contract deployment status',
      'stacksLookup.showContractStatus',
      [IDS.contract],
      (m) => assert.strictEqual(m.kind, 'contracts'),
    ],
    ['mempool statistics', 'stacksLookup.showMempoolStats', [], (m) => assert.strictEqual(m.kind, 'mempool')],
    ['API status', 'stacksLookup.showServerStatus', [], (m) => assert.match(m.title, /status/i)],
  ];
  for (const [name, command, args, check] of kinds) {
    it(`${name}: opens from its command in a webview panel`, async () => {
      await vscode.commands.executeCommand(command, ...args);
      check(model());
      assert.strictEqual(panelTabs().length, 1);
      assert.match(api.probe.panelHtml(), /<script nonce="[A-Za-z0-9+/=]+"/);
    });
  }

  it('a transaction panel decodes Clarity values into trees, as on the desktop', async () => {
    await vscode.commands.executeCommand('stacksLookup.showTransaction', IDS.stackStxTx);
    const m = model();
    assert.strictEqual(m.kind, 'tx');
    const leaves = (n: ClarityNode): string[] =>
      n.children ? n.children.flatMap(leaves) : [`${n.key ?? ''}=${n.text ?? ''}`];
    const result = m.sections.flatMap((s) => (s.type === 'fields' ? s.rows : [])).find((r) => r.label === 'Result');
    const v = result?.values[0];
    assert.ok(v?.t === 'clarity' && v.tree, `the result is decoded: ${JSON.stringify(v)}`);
    assert.strictEqual(v.tree.type, 'ok');
    assert.deepStrictEqual(leaves(v.tree), [
      'lock-amount=u3892859330416',
      'stacker=SM313VGCT3TK1M82K2AS2KHNX813BY5FKCXJSKZ4E',
      'unlock-burn-height=u752150',
    ]);
  });
});

describe('web: the explorer view', () => {
  let api: TestApi;
  before(async () => {
    api = await testApi();
  });
  beforeEach(async () => {
    await freshStart(api);
    // The user's Refresh: the view asks the API only once the user has asked for data in the window.
    await api.tree!.refresh();
  });

  it('lists the five sections in order', async () => {
    const roots = await api.tree!.getChildren();
    assert.deepStrictEqual(
      roots.map((r) => api.tree!.getTreeItem(r).label),
      ['Network', 'Mempool', 'Watched Addresses', 'Workspace Contracts', 'Recent Lookups'],
    );
  });

  it('Network: the selected network and what the API status says', async () => {
    const seen = await children(api.tree!, api.tree!.sections.network);
    assert.deepStrictEqual(
      seen.map((s) => `${s.label} | ${s.description}`),
      [
        `Custom | ${mockUrl()}`,
        'API status | ready',
        'Server version | v1.0.7',
        'Chain tip | #3,275 · 0xe77ba8…58430f',
        'Burn block | #654,439',
      ],
    );
  });

  it('Mempool: the pending transaction count from the API', async () => {
    const seen = await children(api.tree!, api.tree!.sections.mempool);
    assert.match(seen.map((s) => `${s.label} ${s.description}`).join('\n'), /442/);
  });

  it('Watched Addresses: an address added shows with its balance', async () => {
    await api.watchlist!.add(IDS.address);
    try {
      const seen = await children(api.tree!, api.tree!.sections.watched);
      assert.deepStrictEqual(seen, [{ label: 'SP3FBR…J5SVTE', description: '1 STX' }]);
      const asked = (await mainMock.requests()).map((r) => r.path);
      assert.ok(asked.includes(`/extended/v1/address/${IDS.address}/stx`), `the balance came from the API: ${asked}`);
    } finally {
      await api.watchlist!.remove(IDS.address);
    }
  });

  it('Workspace Contracts: the Clarinet project read through workspace.fs', async () => {
    const seen = await children(api.tree!, api.tree!.sections.contracts);
    assert.match(seen.map((s) => s.label).join('\n'), /memo-payments/);
    assert.match(seen.map((s) => s.label).join('\n'), /treasury/);
  });

  it('Recent Lookups: a lookup made shows there', async () => {
    await vscode.commands.executeCommand('stacksLookup.showTransaction', IDS.tx);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const seen = await children(api.tree!, api.tree!.sections.recent);
    assert.match(seen.map((s) => `${s.label} ${s.description}`).join('\n'), /0x0380/);
  });
});

describe('web: get started', () => {
  let api: TestApi;
  before(async () => {
    api = await testApi();
  });
  beforeEach(() => freshStart(api));
  afterEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('Stacks: Open Sample Contract opens the read-only sample, whose address hovers from the mock', async () => {
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('stacksLookup.openSample');
    assert.strictEqual(editor.document.uri.scheme, 'stacks-sample');
    const text = await stacksHoverAt(editor.document, "'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE)", 10);
    assert.match(text, /Balance: 1 STX/);
  });

  it('Stacks: Get Started opens the walkthrough, asking the API nothing', async () => {
    await vscode.commands.executeCommand('stacksLookup.getStarted');
    const open = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).some((t) => t.label === 'Welcome');
    await waitFor(open, 'the walkthrough');
    assert.strictEqual((await mainMock.requests()).length, 0);
  });
});
