import * as assert from 'assert';
import * as vscode from 'vscode';
import type { AdjustableClock } from '../../src/api/clock';
import type { ClarinetContract } from '../../src/chain/clarinet';
import type { ExplorerTree } from '../../src/ui/tree';
import { ContractStatuses } from '../../src/ui/projects/contractStatus';
import type { WorkspaceProject } from '../../src/ui/projects/projects';
import type { Watchlist } from '../../src/ui/watch/watchlist';
import type { History } from '../../src/ui/shared/history';
import { ADDRESS, GENERATED, TX } from '../fixtures/ids';
import { newStatusBody } from '../fixtures/txStatus';
import { loadFixture } from '../mock-api/server';
import {
  captureMessages,
  children,
  deadUrl,
  passClockWaits,
  revertAndClose,
  SeenItem,
  setSettings,
  stubInputBox,
  testApi,
  useMock,
  UsedMock,
  waitFor,
  waitQuiet,
} from './editorHelpers';

interface TreeApi {
  tree: ExplorerTree;
  watchlist: Watchlist;
  history: History;
  workspaceState: vscode.Memento;
  globalState: vscode.Memento;
  /** The clock of the rate budgets, which also paces the auto refresh. */
  clock: AdjustableClock;
}

const WATCHED_KEY = 'stacksLookup.watchedAddresses';
const STATUS_PATH = '/extended/v2/smart-contracts/status';
/** The deployers of the fixture workspace's plans (test/fixtures/workspace/deployments). */
const DEVNET_DEPLOYER = 'ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM';
const TESTNET_DEPLOYER = 'ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG';

const lines = (seen: SeenItem[]) => seen.map((s) => `${s.label} | ${s.description}`);

describe('Explorer view', () => {
  let api: TreeApi;
  let used: UsedMock;

  before(async () => {
    const { tree, watchlist, history, workspaceState, globalState, networks, probe } = await testApi();
    assert.ok(tree && watchlist, 'activate() exposes the tree and the watch list');
    assert.ok(history && networks, 'activate() exposes the history and the networks');
    api = { tree, watchlist, history, workspaceState, globalState, clock: probe.clock() };
  });

  beforeEach(async () => {
    used = await useMock();
    for (const a of api.watchlist.items) await api.watchlist.remove(a);
    await api.tree.refresh();
  });

  afterEach(async () => {
    await used.close();
  });

  after(async () => {
    for (const a of api.watchlist.items) await api.watchlist.remove(a);
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
  });

  // The beforeEach's Refresh is the user asking for data; before that the view asks nothing even
  // when shown (reload.test.ts).
  it('asks the API nothing until the view is shown, then loads the open sections', async () => {
    // As in a window whose view was never shown (a suite before this one may have shown it): the
    // view hidden, the tree told so, and every section dropped.
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await waitFor(() => !api.tree.view.visible, 'the Stacks Lookup view is hidden');
    api.tree.shown = false;
    await api.tree.refresh();
    const before = used.mock.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 300)); // what a load would have asked by now
    // Only a section loading its children asks the API: none has started.
    const started = Object.entries(api.tree.sections).filter(([, s]) => s.loadedChildren !== undefined || s.isLoading);
    assert.deepStrictEqual(
      started.map(([name]) => name),
      [],
      'no section loads while the view was never shown',
    );
    assert.deepStrictEqual(
      used.mock.requests.slice(before).map((r) => r.path),
      [],
      'no request while the view was never shown',
    );
    await vscode.commands.executeCommand(`workbench.view.extension.stacksLookup`);
    await waitFor(() => api.tree.view.visible, 'the Stacks Lookup view is visible');
    assert.ok(api.tree.shown);
    await waitFor(
      () => used.mock.requestsTo('/extended').some((r) => r.path === '/extended'),
      'the Network section asked for the API status',
    );
    assert.strictEqual(
      used.mock.requestsTo('/extended/v1/tx/mempool/stats').length,
      0,
      'the collapsed Mempool section asked nothing',
    );
  });

  it('lists the five sections in order', async () => {
    const roots = await api.tree.getChildren();
    assert.deepStrictEqual(
      roots.map((r) => api.tree.getTreeItem(r).label),
      ['Network', 'Mempool', 'Watched Addresses', 'Workspace Contracts', 'Recent Lookups'],
    );
  });

  it('Network: the selected network and URL, then what the API status says', async () => {
    const seen = await children(api.tree, api.tree.sections.network);
    assert.deepStrictEqual(lines(seen), [
      `Custom | ${used.mock.url}`,
      'API status | ready',
      'Server version | v1.0.7',
      'Chain tip | #3,275 · 0xe77ba8…58430f',
      'Burn block | #654,439',
    ]);
    assert.match(
      seen[3]!.tooltip,
      /0xe77ba8cf6bb7c0e4f64adc83356289ed467d31a22354907b4bb814590058430f/,
      'the tooltip has the full hash',
    );
    assert.strictEqual(seen[2]!.tooltip, 'stacks-blockchain-api v1.0.7 (master:77b25878)');
    assert.strictEqual(seen[1]!.command, 'stacksLookup.showServerStatus', 'a click opens the status panel');
    assert.strictEqual(seen[0]!.command, 'stacksLookup.selectNetwork');
  });

  it('Mempool: the pending count, the fee estimates, and per type the count, median fee and age', async () => {
    const seen = await children(api.tree, api.tree.sections.mempool);
    assert.deepStrictEqual(lines(seen), [
      'Pending | 442 transactions',
      'Transfer fee | low 0.003 · medium 0.006 · high 0.401199 STX',
      'Contract call fee | low 0.010368 · medium 0.1 · high 1 STX',
      'Deploy fee | low 0.925 · medium 1.0125 · high 1.0825 STX',
      'Contract call | 310 · fee ~0.010368 STX · age ~127.5 blocks',
      'Token transfer | 130 · fee ~0.003 STX · age ~45 blocks',
      'Contract deploy | 2 · fee ~0.925 STX · age ~129 blocks',
      'Poison microblock | 0',
    ]);
    assert.ok(
      seen.every((s) => s.command === 'stacksLookup.showMempoolStats'),
      'a click opens the mempool panel',
    );
    assert.match(seen[4]!.tooltip, /Fee: p25 3,000 µSTX · p50 10,368 µSTX · p75 100,000 µSTX · p95 1,000,000 µSTX/);
    assert.strictEqual(
      seen[1]!.tooltip,
      'Fee estimate for a token transfer, from the fees of the pending transactions:\nlow 3,000 µSTX · medium 6,000 µSTX · high 401,199 µSTX',
    );
  });

  it('Mempool: a kind with nothing pending shows the estimate over all, and an API without fee estimates says so', async () => {
    const fees = loadFixture('mempool-fees.json') as Record<string, unknown>;
    used.mock.override('/extended/v2/mempool/fees', { all: fees.all, token_transfer: fees.token_transfer });
    await vscode.commands.executeCommand('stacksLookup.refreshExplorer');
    let seen = await children(api.tree, api.tree.sections.mempool);
    assert.strictEqual(lines(seen)[3], 'Deploy fee | none pending · all: low 0.003 · medium 0.006 · high 0.401199 STX');
    used.mock.reset();
    used.mock.fault({ match: '/extended/v2/mempool/fees', fault: { kind: 'status', status: 404 } });
    await vscode.commands.executeCommand('stacksLookup.refreshExplorer');
    seen = await children(api.tree, api.tree.sections.mempool);
    assert.deepStrictEqual(lines(seen).slice(0, 3), [
      'Pending | 442 transactions',
      'Fee estimates | not available on this API',
      'Contract call | 310 · fee ~0.010368 STX · age ~127.5 blocks',
    ]);
  });

  it('Watched addresses: a placeholder that offers to watch one, while there is none', async () => {
    const seen = await children(api.tree, api.tree.sections.watched);
    assert.deepStrictEqual(lines(seen), ['No watched addresses yet | Watch Address…']);
    assert.strictEqual(seen[0]!.command, 'stacksLookup.watchAddress');
  });

  it('watch and unwatch go through workspaceState; the section shows the balance, then transactions, then events', async () => {
    const added = await vscode.commands.executeCommand<string>('stacksLookup.watchAddress', ADDRESS.mainnet);
    assert.strictEqual(added, ADDRESS.mainnet);
    // Per workspace by default: in the context's workspaceState, not in its globalState.
    assert.deepStrictEqual(api.workspaceState.get(WATCHED_KEY), [ADDRESS.mainnet]);
    assert.ok(!(api.globalState.get<string[]>(WATCHED_KEY) ?? []).includes(ADDRESS.mainnet));
    const [address] = await children(api.tree, api.tree.sections.watched);
    assert.deepStrictEqual(
      [address!.label, address!.description, address!.contextValue],
      ['SP3FBR…J5SVTE', '1 STX', 'watchedAddress'],
    );
    assert.match(address!.tooltip, new RegExp(`^${ADDRESS.mainnet}\\n`), 'the tooltip has the full address');
    assert.match(address!.tooltip, /Locked: 0\.05 STX until burn block #200/);

    const expanded = await children(api.tree, address!.node);
    // Expanded: its STX balance, what it holds and what it has pending, then its transactions.
    assert.deepStrictEqual(lines(expanded.slice(0, 2)), ['STX balance | 1 STX', 'Tokens | 0 fungible tokens · 0 NFTs']);
    assert.match(lines(expanded)[2]!, /^Pending \| \d+ pending transactions?$/);
    const txs = expanded.filter((t) => t.contextValue === 'transaction');
    assert.deepStrictEqual(
      txs.map((t) => [t.label, t.contextValue, t.command, t.args[0]]),
      [
        ['Contract call 0x34d7…7448', 'transaction', 'stacksLookup.showTransaction', TX.mainnetContractCall],
        ['Token transfer 0x6280…abb7', 'transaction', 'stacksLookup.showTransaction', TX.mainnetTokenTransfer],
      ],
    );
    assert.match(txs[0]!.description, /^Success/);

    const events = await children(api.tree, txs[0]!.node);
    assert.ok(events.length >= 2, 'the events of the transaction for this address');
    assert.strictEqual(events[0]!.label, 'STX transfer');
    assert.match(events[0]!.description, /^0\.0002 STX from SP3FBR…J5SVTE to SP24Q9…B04RJP/);
    assert.match(events[0]!.tooltip, /Recipient: SP24Q9PK9DNTA2V89APY8WNBJ1QYKKSW9SWB04RJP/);

    assert.strictEqual(await vscode.commands.executeCommand('stacksLookup.unwatchAddress', address!.node), true);
    assert.deepStrictEqual(api.workspaceState.get(WATCHED_KEY), []);
    assert.deepStrictEqual(lines(await children(api.tree, api.tree.sections.watched)), [
      'No watched addresses yet | Watch Address…',
    ]);
  });

  it('a watched address lists a skipped transaction and one of an unknown status in words', async () => {
    const entry = (tx: object) => ({
      tx,
      stx_sent: '200',
      stx_received: '0',
      events: {
        stx: { transfer: 0, mint: 0, burn: 0 },
        ft: { transfer: 0, mint: 0, burn: 0 },
        nft: { transfer: 0, mint: 0, burn: 0 },
      },
    });
    used.mock.override(`/extended/v2/addresses/${ADDRESS.unknown}/transactions`, {
      limit: 20,
      offset: 0,
      total: 2,
      results: [entry(loadFixture('tx-problematic_skipped.json') as object), entry(newStatusBody())],
    });
    await vscode.commands.executeCommand('stacksLookup.watchAddress', ADDRESS.unknown);
    const [address] = await children(api.tree, api.tree.sections.watched);
    const txs = (await children(api.tree, address!.node)).filter((t) => t.contextValue === 'transaction');
    assert.strictEqual(txs.length, 2, JSON.stringify(txs.map((t) => t.label)));
    assert.match(txs[0]!.description, /^Skipped \(problematic\) · /);
    assert.match(
      txs[0]!.tooltip,
      /^Contract deploy · Skipped \(problematic\)\nThe miner put it in a block but skipped it as problematic, without running it: it did nothing, but its fee was paid and its nonce was used\.\n/,
    );
    assert.match(txs[1]!.description, /^Unknown status \(settled_elsewhere\) · /);
    assert.match(
      txs[1]!.tooltip,
      /\nThis version does not know the status settled_elsewhere: what happened, whether it ran/,
    );
  });

  it('with watchedAddresses.global the list lives in globalState, for every workspace', async () => {
    const restore = await setSettings({ 'watchedAddresses.global': true });
    try {
      const inWorkspace = api.workspaceState.get(WATCHED_KEY);
      await vscode.commands.executeCommand('stacksLookup.watchAddress', ADDRESS.testnet);
      // In the context's globalState; the workspace's own list is untouched.
      assert.deepStrictEqual(api.globalState.get(WATCHED_KEY), [ADDRESS.testnet]);
      assert.deepStrictEqual(api.workspaceState.get(WATCHED_KEY), inWorkspace);
      assert.deepStrictEqual(api.watchlist.items, [ADDRESS.testnet]);
      await vscode.commands.executeCommand('stacksLookup.unwatchAddress', ADDRESS.testnet);
      assert.deepStrictEqual(api.globalState.get(WATCHED_KEY), []);
    } finally {
      await restore();
    }
    assert.ok(!api.watchlist.items.includes(ADDRESS.testnet));
  });

  it('the watch command asks with a validating input box when given no address', async () => {
    const box = stubInputBox([ADDRESS.testnet]);
    try {
      assert.strictEqual(await vscode.commands.executeCommand('stacksLookup.watchAddress'), ADDRESS.testnet);
    } finally {
      box.restore();
    }
    const validate = box.prompts[0]!.validateInput!;
    assert.strictEqual(validate(ADDRESS.mainnet), undefined);
    assert.match(String(validate('SP123')), /./, 'an invalid address is refused with a reason');
    assert.deepStrictEqual(api.watchlist.items, [ADDRESS.testnet]);
  });

  it('a busy address pages its transactions with "Load more"', async () => {
    await api.watchlist.add(ADDRESS.busy);
    const [address] = await children(api.tree, api.tree.sections.watched);
    // Below the three facts of the expanded address (balance, tokens, pending).
    const rows = async () => (await children(api.tree, address!.node)).filter((k) => k.contextValue !== 'fact');
    let txs = await rows();
    assert.strictEqual(txs.length, 21);
    assert.deepStrictEqual(
      [txs[20]!.label, txs[20]!.description, txs[20]!.command],
      ['Load more…', `20 of ${GENERATED.busyTxCount}`, 'stacksLookup.loadMore'],
    );
    await vscode.commands.executeCommand('stacksLookup.loadMore', ...txs[20]!.args);
    txs = await rows();
    assert.strictEqual(txs.length, 41);
    assert.strictEqual(txs[40]!.description, `40 of ${GENERATED.busyTxCount}`);
    assert.strictEqual(used.mock.requestsTo(`/extended/v2/addresses/${ADDRESS.busy}/transactions`).length, 2);
  });

  it('Workspace contracts: one status request for all contracts of every plan, and their state per network', async () => {
    used.mock.override(STATUS_PATH, {
      [`${TESTNET_DEPLOYER}.memo-payments`]: {
        found: true,
        result: {
          status: 'success',
          tx_id: TX.smartContract,
          contract_id: `${TESTNET_DEPLOYER}.memo-payments`,
          block_height: 123456,
        },
      },
      [`${TESTNET_DEPLOYER}.treasury`]: { found: false },
      [`${DEVNET_DEPLOYER}.memo-payments`]: { found: false },
      [`${DEVNET_DEPLOYER}.treasury`]: { found: false },
      [`${TESTNET_DEPLOYER}.ccd003-user-registry`]: { found: false },
      [`${TESTNET_DEPLOYER}.ccd004-city-registry`]: { found: false },
    });
    const seen = await children(api.tree, api.tree.sections.contracts);
    assert.deepStrictEqual(lines(seen), [
      'memo-payments | testnet: deployed at #123,456 · devnet: not deployed',
      'treasury | testnet: not deployed · devnet: not deployed',
      'ccd003-user-registry | testnet: not deployed',
      'ccd004-city-registry | testnet: not deployed',
      'Deployment Plans | 2',
    ]);
    // Every plan with its network and deployer, each opening its file.
    const plans = await children(api.tree, seen[4]!.node);
    assert.deepStrictEqual(
      plans.map((p) => [p.label, p.description.replace(/ · .*/, ''), p.command]),
      [
        ['default.testnet-plan.yaml', 'testnet', 'vscode.open'],
        ['default.devnet-plan.yaml', 'devnet', 'vscode.open'],
      ],
    );
    assert.match(plans[0]!.tooltip, new RegExp(`Deployer: ${TESTNET_DEPLOYER}`));
    assert.match(plans[1]!.tooltip, new RegExp(`Deployer: ${DEVNET_DEPLOYER}`));
    assert.match(String((plans[0]!.args[0] as vscode.Uri).path), /deployments\/default\.testnet-plan\.yaml$/);
    assert.strictEqual(seen[0]!.contextValue, 'contract.deployed', 'deployed: it can be compared with its deploy');
    assert.strictEqual(seen[1]!.contextValue, 'contract');
    assert.strictEqual(seen[0]!.command, 'vscode.open', 'a click opens the .clar file');
    assert.match(String((seen[0]!.args[0] as vscode.Uri).path), /contracts\/memo-payments\.clar$/);
    assert.match(seen[0]!.tooltip, new RegExp(`deploy tx ${TX.smartContract}`));
    // The transaction the status names deploys another contract (pox-2): no comparison, and the tooltip says so.
    let latest = seen;
    await waitFor(async () => {
      latest = await children(api.tree, api.tree.sections.contracts);
      return /testnet: deployed at #123,456, not compared\n/.test(latest[0]!.tooltip);
    }, 'the comparison gave up');

    const status = used.mock.requestsTo(STATUS_PATH);
    assert.strictEqual(status.length, 1, 'one request for the one network that answers (custom)');
    assert.deepStrictEqual(
      status[0]!.query.getAll('contract_id').sort(),
      [
        `${TESTNET_DEPLOYER}.memo-payments`,
        `${TESTNET_DEPLOYER}.treasury`,
        `${DEVNET_DEPLOYER}.memo-payments`,
        `${DEVNET_DEPLOYER}.treasury`,
        `${TESTNET_DEPLOYER}.ccd003-user-registry`,
        `${TESTNET_DEPLOYER}.ccd004-city-registry`,
      ].sort(),
    );

    const perNetwork = await children(api.tree, latest[0]!.node);
    assert.deepStrictEqual(
      perNetwork.map((p) => [p.label, p.command, p.args[0]]),
      [
        ['testnet', 'stacksLookup.showTransaction', TX.smartContract],
        ['devnet', 'stacksLookup.showContractStatus', `${DEVNET_DEPLOYER}.memo-payments`],
      ],
    );

    // The CodeLens reads the same table: opening and editing the contract asks nothing more.
    const folder = vscode.workspace.workspaceFolders![0]!.uri;
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, 'contracts/memo-payments.clar'));
    const editor = await vscode.window.showTextDocument(doc);
    let lenses: vscode.CodeLens[] = [];
    await waitFor(async () => {
      lenses =
        (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri)) ?? [];
      return lenses.some((l) => l.command?.title.startsWith('testnet:'));
    }, 'the deployment CodeLens');
    const lens = lenses.find((l) => l.command?.title.startsWith('testnet:'))!;
    assert.strictEqual(lens.command!.title, 'testnet: deployed at #123,456 · devnet: not deployed');
    assert.strictEqual(lens.range.start.line, 0);
    for (let i = 0; i < 5; i++) {
      await editor.edit((e) => e.insert(new vscode.Position(doc.lineCount, 0), ';; edit\n'));
      await vscode.commands.executeCommand('vscode.executeCodeLensProvider', doc.uri);
    }
    assert.strictEqual(used.mock.requestsTo(STATUS_PATH).length, 1, 'editing a contract asks nothing');
    await revertAndClose(doc);

    // An explicit refresh asks again, once.
    await vscode.commands.executeCommand('stacksLookup.refreshExplorer', api.tree.sections.contracts);
    await children(api.tree, api.tree.sections.contracts);
    assert.strictEqual(used.mock.requestsTo(STATUS_PATH).length, 2);

    // A change the table does not depend on (the request timeout, the same URL with a trailing
    // slash) reloads the section from the table it has: nothing is asked again.
    const restore = await setSettings({ requestTimeoutMs: 14_000, customApiUrl: `${used.mock.url}/` });
    try {
      const again = await children(api.tree, api.tree.sections.contracts);
      assert.strictEqual(again[0]!.description, 'testnet: deployed at #123,456 · devnet: not deployed');
      const sent = await waitQuiet(() => used.mock.requestsTo(STATUS_PATH).length, 'the status requests');
      assert.strictEqual(sent, 2, 'a setting the table did not ask with asks nothing');
    } finally {
      await restore();
    }
  });

  it('a plan under its own name is read when it appears, with its own deployer, and forgotten when it goes', async () => {
    const folder = vscode.workspace.workspaceFolders![0]!.uri;
    const extra = vscode.Uri.joinPath(folder, 'deployments/upgrade.testnet-plan.yaml');
    const other = 'ST2JHG361ZXG51QTKY2NQCVBPPRRE2KZB1HR05NNC';
    const plan = [
      '---',
      'id: 0',
      'name: Upgrade',
      'network: testnet',
      'plan:',
      '  batches:',
      '    - id: 0',
      '      transactions:',
      '        - transaction-type: contract-publish',
      '          contract-name: treasury-v2',
      `          expected-sender: ${other}`,
      '          cost: 100',
      '          path: contracts/treasury.clar',
      '      epoch: "3.0"',
      '',
    ].join('\n');
    const manifest = vscode.Uri.joinPath(folder, 'Clarinet.toml');
    const original = await vscode.workspace.fs.readFile(manifest);
    const planRow = async () =>
      (await children(api.tree, api.tree.sections.contracts)).find((s) => s.label === 'Deployment Plans');
    await vscode.workspace.fs.writeFile(extra, new TextEncoder().encode(plan));
    try {
      await waitFor(async () => (await planRow())?.description === '3', 'the watcher saw the new plan');
      const seen = await children(api.tree, api.tree.sections.contracts);
      const treasury = seen.find((s) => s.label === 'treasury')!;
      assert.strictEqual(
        treasury.description,
        'testnet: not deployed · testnet: not deployed · devnet: not deployed',
        'both testnet ids, each from its plan',
      );
      assert.match(treasury.tooltip, new RegExp(`${other}\\.treasury-v2\\n  upgrade\\.testnet-plan\\.yaml`));
      const plans = await children(api.tree, (await planRow())!.node);
      assert.deepStrictEqual(
        plans.map((p) => p.label),
        ['default.testnet-plan.yaml', 'upgrade.testnet-plan.yaml', 'default.devnet-plan.yaml'],
      );
      assert.match(plans[1]!.tooltip, new RegExp(`Deployer: ${other}`));

      // A second contract in the same file (the plan's treasury-v2): the CodeLens shows each.
      await vscode.workspace.fs.writeFile(
        manifest,
        new TextEncoder().encode(
          `${new TextDecoder().decode(original)}\n[contracts.treasury-v2]\npath = "contracts/treasury.clar"\n`,
        ),
      );
      await waitFor(
        async () => (await children(api.tree, api.tree.sections.contracts)).some((s) => s.label === 'treasury-v2'),
        'the watcher saw the manifest change',
      );
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, 'contracts/treasury.clar'));
      await vscode.window.showTextDocument(doc);
      let titles: string[] = [];
      await waitFor(async () => {
        const lenses =
          (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri)) ?? [];
        titles = lenses.map((l) => l.command?.title ?? '');
        return titles.length === 2 && !titles.some((t) => /checking/.test(t));
      }, 'a lens for each contract of the file');
      assert.deepStrictEqual(
        titles.map((t) => t.split(':')[0]),
        ['treasury', 'treasury-v2'],
        titles.join(' | '),
      );
      assert.match(titles[1]!, /^treasury-v2: (testnet: not deployed|\$\(cloud\) Stacks: Check deployment)$/);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    } finally {
      await vscode.workspace.fs.delete(extra);
      await vscode.workspace.fs.writeFile(manifest, original);
    }
    await waitFor(async () => (await planRow())?.description === '2', 'the watcher saw the plan go');
  });

  it('20 projects of 5,000 contracts: the status table asks about the first 1,000, one request at a time, and logs what it left out', async function () {
    // The ids were gathered in a list searched per id (100,000 ids froze the host for minutes),
    // then sent a hundred at a time at once, until the budget of the minute was gone.
    this.timeout(20_000);
    const { networks } = await testApi();
    const idOf = (p: number, i: number) => `${TESTNET_DEPLOYER}.p${p}-c${i}`;
    const projects: WorkspaceProject[] = Array.from({ length: 20 }, (_, p) => {
      const contracts: ClarinetContract[] = Array.from({ length: 5000 }, (_, i) => ({
        name: `p${p}-c${i}`,
        path: `contracts/c${i}.clar`,
        deployments: [{ network: 'testnet', id: idOf(p, i), plan: 'deployments/default.testnet-plan.yaml' }],
      }));
      const root = vscode.Uri.file(`/projects/p${p}`);
      return {
        root,
        manifest: vscode.Uri.joinPath(root, 'Clarinet.toml'),
        result: {
          ok: true,
          project: { name: `p${p}`, contracts, requirements: [], plans: [], deployers: [], problems: [] },
        },
      };
    });
    const changed = new vscode.EventEmitter<void>();
    const warned: string[] = [];
    const statuses = new ContractStatuses(
      networks!,
      { projects: () => Promise.resolve(projects), onDidChange: changed.event },
      { warn: (m) => warned.push(m) },
    );
    // The view's own table asks about the fixture project's contracts on the same mock.
    const sent = () =>
      used.mock.requestsTo(STATUS_PATH).filter((r) => /\.p\d+-c\d+$/.test(r.query.get('contract_id') ?? ''));
    try {
      // What the CodeLens asks for once the user has looked something up: a background table.
      const pending = statuses.get('fail-fast');
      await waitFor(() => sent().length === 1, 'the first status request');
      await waitFor(
        () => api.clock.waits.some((w) => w > 2000 && w <= 2400),
        'the next one waits its turn: half the budget of a minute without a key, one per 2.4 s',
      );
      assert.strictEqual(sent().length, 1, 'nothing more went out meanwhile');
      const stop = passClockWaits(api.clock);
      const table = await pending.finally(stop);
      assert.deepStrictEqual(
        sent().map((r) => r.query.getAll('contract_id').length),
        Array(10).fill(100),
      );
      assert.deepStrictEqual(
        sent().flatMap((r) => r.query.getAll('contract_id')),
        Array.from({ length: 1000 }, (_, i) => idOf(0, i)),
        'the first 1,000 ids, in project and contract order',
      );
      assert.strictEqual(table.leftOut, 99_000);
      assert.strictEqual(ContractStatuses.stateOf(table, 'testnet', idOf(0, 999)).state, 'not-deployed');
      assert.strictEqual(ContractStatuses.stateOf(table, 'testnet', idOf(0, 1000)).state, 'unknown');
      assert.deepStrictEqual(warned, [
        'Deployment status: 99000 contract ids past the first 1000 were not asked about.',
      ]);
    } finally {
      statuses.dispose();
      changed.dispose();
    }
  });

  it('a workspace of more than 1,000 contracts: the view says how many were not asked about', async function () {
    this.timeout(30_000);
    const folder = vscode.workspace.workspaceFolders![0]!.uri;
    const many = vscode.Uri.joinPath(folder, 'many');
    const files = [
      vscode.Uri.joinPath(many, 'deployments/default.testnet-plan.yaml'),
      vscode.Uri.joinPath(many, 'Clarinet.toml'),
    ];
    let manifest = '[project]\nname = "many"\n';
    let publishes = '';
    for (let i = 0; i < 1000; i++) {
      manifest += `[contracts.m${i}]\npath = "contracts/m.clar"\n`;
      publishes += `        - transaction-type: contract-publish\n          contract-name: m${i}\n          expected-sender: ${TESTNET_DEPLOYER}\n          cost: 100\n          path: contracts/m.clar\n`;
    }
    const plan = `---\nid: 0\nname: many\nnetwork: testnet\nplan:\n  batches:\n    - id: 0\n      transactions:\n${publishes}      epoch: "3.0"\n`;
    await vscode.workspace.fs.writeFile(files[0]!, new TextEncoder().encode(plan));
    await vscode.workspace.fs.writeFile(files[1]!, new TextEncoder().encode(manifest));
    try {
      let seen: SeenItem[] = [];
      await waitFor(async () => {
        seen = await children(api.tree, api.tree.sections.contracts);
        return seen.some((s) => s.label === 'many');
      }, 'the watcher saw the second project');
      // The fixture project's 6 ids come first, then the first 994 of this one.
      assert.deepStrictEqual(
        seen.map((s) => s.label),
        ['Status of the first 1,000 contracts only', 'stacks-lookup-fixture', 'many'],
      );
      assert.strictEqual(seen[0]!.description, '6 not asked');
      assert.strictEqual(seen[0]!.tooltip, '6 more contract ids were not asked about; their status shows as unknown.');
      const contracts = await children(api.tree, seen[2]!.node);
      assert.strictEqual(contracts.find((c) => c.label === 'm993')!.description, 'testnet: not deployed');
      assert.strictEqual(contracts.find((c) => c.label === 'm994')!.description, 'testnet: unknown');
      // The table read after the project appeared: ten requests of a hundred ids, no more.
      const asked = used.mock
        .requestsTo(STATUS_PATH)
        .filter((r) => r.query.getAll('contract_id').some((id) => /\.m\d+$/.test(id)));
      assert.deepStrictEqual(
        asked.map((r) => r.query.getAll('contract_id').length),
        Array(10).fill(100),
      );
    } finally {
      // File by file, and the folder once the view has seen them go: the watcher of manifests and
      // plans is told of the files, not of a folder deleted with them.
      for (const f of files) await vscode.workspace.fs.delete(f);
      await waitFor(
        async () => !(await children(api.tree, api.tree.sections.contracts)).some((s) => s.label === 'many'),
        'the watcher saw the project go',
        15_000,
      );
      await vscode.workspace.fs.delete(many, { recursive: true });
    }
  });

  it('item menus act on the item they are opened on: copy, deployment status', async () => {
    await api.watchlist.add(ADDRESS.mainnet);
    const [address] = await children(api.tree, api.tree.sections.watched);
    assert.strictEqual(await vscode.commands.executeCommand('stacksLookup.copy', address!.node), ADDRESS.mainnet);
    const [contract] = await children(api.tree, api.tree.sections.contracts);
    assert.strictEqual(contract!.label, 'memo-payments');
    const opened = await vscode.commands.executeCommand<{ kind: string; id: string }>(
      'stacksLookup.showContractStatus',
      contract!.node,
    );
    assert.deepStrictEqual(
      opened && [opened.kind, opened.id],
      ['contracts', `${TESTNET_DEPLOYER}.memo-payments`],
      'the inline action opens the status of the item, without asking',
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Recent lookups: each reopens with a click; Clear empties the list', async () => {
    await api.history.add({ kind: 'tx', id: TX.tokenTransfer, network: 'custom' });
    await api.history.add({ kind: 'address', id: ADDRESS.mainnet, network: 'custom' });
    const seen = await children(api.tree, api.tree.sections.recent);
    assert.deepStrictEqual(
      seen.slice(0, 2).map((s) => [s.label, s.description, s.contextValue, s.command, s.args[0]]),
      [
        ['Address SP3FBR…J5SVTE', 'Custom', 'recent', 'stacksLookup.showAddress', ADDRESS.mainnet],
        ['Transaction 0x03807f…890009', 'Custom', 'recent', 'stacksLookup.showTransaction', TX.tokenTransfer],
      ],
    );
    assert.match(seen[1]!.tooltip, new RegExp(TX.tokenTransfer));
    await vscode.commands.executeCommand('stacksLookup.clearRecent');
    assert.deepStrictEqual(lines(await children(api.tree, api.tree.sections.recent)), ['No lookups yet | Look Up…']);
  });

  it('relative .name references in a workspace contract resolve to the deployer of its plan', async () => {
    await children(api.tree, api.tree.sections.contracts);
    const folder = vscode.workspace.workspaceFolders![0]!.uri;
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, 'contracts/treasury.clar'));
    const editor = await vscode.window.showTextDocument(doc);
    const at = doc.getText().indexOf('.memo-payments');
    editor.selection = new vscode.Selection(doc.positionAt(at + 4), doc.positionAt(at + 4));
    const box = stubInputBox([undefined]);
    try {
      await vscode.commands.executeCommand('stacksLookup.watchAddress');
    } finally {
      box.restore();
    }
    assert.strictEqual(
      box.prompts[0]!.value,
      `${DEVNET_DEPLOYER}.memo-payments`,
      'prefilled with the contract at the cursor, deployer from the devnet plan',
    );
    assert.deepStrictEqual(api.watchlist.items, [], 'Escape watches nothing');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  /** The wait of the pending auto refresh, on the extension's clock. */
  const pendingRefresh = async (what: string): Promise<number> => {
    await waitFor(() => api.clock.waits.length === 1, what);
    return api.clock.waits[0]!;
  };

  it('auto refresh: on the interval while visible, paused after an error until an explicit refresh', async function () {
    this.timeout(40_000);
    await vscode.commands.executeCommand('workbench.view.extension.stacksLookup');
    await waitFor(() => api.tree.view.visible, 'the view is visible');
    // The contract status is asked by the explorer alone (no contract is open for the CodeLens);
    // the status bar asks for the API status on its own, so that count would not tell.
    const statusRequests = () => used.mock.requestsTo(STATUS_PATH).length;
    await waitFor(() => statusRequests() > 0, 'the first load');
    const restore = await setSettings({ 'explorer.autoRefreshSeconds': 10 });
    try {
      const first = statusRequests();
      // The interval passes on the clock of the rate budget, which paces the refresh.
      const interval = await pendingRefresh('an automatic refresh is due');
      assert.ok(interval >= 10_000, `not sooner than the setting: ${interval} ms`);
      api.clock.advance(interval);
      await waitFor(() => statusRequests() > first, 'an automatic refresh');
      used.mock.fault({ match: /^\/extended(\?|$)/, fault: { kind: 'status', status: 503 } });
      // The next round meets the error (or the one in flight when the fault came did).
      const paused = () => /paused/.test(api.tree.view.message ?? '');
      await waitFor(() => paused() || api.clock.waits.length === 1, 'the next automatic round is due');
      if (!paused()) api.clock.advance(api.clock.waits[0]!);
      await waitFor(paused, 'auto refresh paused after the error');
      // The round that met the error may still have other sections' requests in flight.
      const settled = await waitQuiet(statusRequests, 'the failed round', 300);
      // Far past the interval: a timer that ignored the pause would have fired.
      assert.deepStrictEqual(api.clock.waits, [], 'no automatic refresh is due while paused');
      api.clock.advance(60_000);
      await waitQuiet(statusRequests, 'requests after the pause', 300);
      assert.strictEqual(statusRequests(), settled, 'no automatic refresh while paused');
      used.mock.clearFaults();
      await vscode.commands.executeCommand('stacksLookup.refreshExplorer');
      assert.strictEqual(api.tree.view.message, undefined, 'an explicit refresh resumes');
      await waitFor(() => statusRequests() > settled, 'the explicit refresh asked again');
    } finally {
      await restore();
    }
  });

  it('auto refresh: an API key set while the view is shown brings the faster pace at once', async () => {
    await vscode.commands.executeCommand('workbench.view.extension.stacksLookup');
    await waitFor(() => api.tree.view.visible, 'the view is visible');
    const statusRequests = () => used.mock.requestsTo(STATUS_PATH).length;
    await waitFor(() => statusRequests() > 0, 'the first load');
    const restore = await setSettings({ 'explorer.autoRefreshSeconds': 10 });
    try {
      // Without a key, five requests a round in half of 50 a minute: one round every 12 s.
      assert.strictEqual(
        Math.ceil((await pendingRefresh('the auto refresh without a key')) / 1000),
        12,
        'the pace without a key',
      );
      // 3 s of it pass; then the user sets a key.
      api.clock.advance(3_000);
      const box = stubInputBox(['test-key-0123456789abcdef0123456789abcdef']);
      const notes = captureMessages();
      const keySetAt = api.clock.now();
      try {
        assert.strictEqual(await vscode.commands.executeCommand('stacksLookup.setApiKey'), true);
      } finally {
        box.restore();
        notes.restore();
      }
      // With the key the budget is 500 a minute: the setting's 10 s, counted from the key (the
      // round computed without it would end 9 s after the key).
      await waitFor(() => {
        const waits = api.clock.waits;
        return waits.length === 1 && waits[0]! <= 10_000 && api.clock.now() + waits[0]! >= keySetAt + 10_000;
      }, 'the auto refresh computed again with the key');
      const before = await waitQuiet(statusRequests, 'the reload the new key asked for', 300);
      api.clock.advance(10_000);
      await waitFor(() => statusRequests() > before, 'an automatic refresh 10 s after the key was set');
    } finally {
      const notes = captureMessages();
      await vscode.commands.executeCommand('stacksLookup.clearApiKey');
      notes.restore();
      await restore();
    }
  });

  describe('failures show as items with an action, never as an exception', () => {
    it('a server error: the short reason with Retry, which loads again', async () => {
      used.mock.fault({ match: /^\/extended(\?|$)/, times: 1, fault: { kind: 'status', status: 503 } });
      const seen = await children(api.tree, api.tree.sections.network);
      const error = seen.find((s) => s.contextValue === 'error');
      assert.ok(error, `an error item: ${lines(seen).join('; ')}`);
      assert.strictEqual(error.label, 'Custom API error (503).');
      assert.strictEqual(error.command, 'stacksLookup.refreshExplorer');
      await vscode.commands.executeCommand(error.command, ...error.args);
      const again = await children(api.tree, api.tree.sections.network);
      assert.ok(
        again.some((s) => s.label === 'API status'),
        'Retry loaded the section again',
      );
    });

    it('rate limited: "Set API Key", with a Retry beside it', async () => {
      used.mock.fault({ match: 'mempool', fault: { kind: 'status', status: 429 } });
      const seen = await children(api.tree, api.tree.sections.mempool);
      assert.deepStrictEqual(
        seen.map((s) => [s.label, s.command]),
        [
          ['Rate limited: set an API key for a higher limit.', 'stacksLookup.setApiKey'],
          ['Retry', 'stacksLookup.refreshExplorer'],
        ],
      );
    });

    it('the API unreachable: "Select Network", in every section that asks, contracts included', async () => {
      const restore = await setSettings({ customApiUrl: await deadUrl() });
      try {
        await api.watchlist.add(ADDRESS.mainnet);
        for (const section of [api.tree.sections.network, api.tree.sections.watched, api.tree.sections.contracts]) {
          const seen = await children(api.tree, section);
          const error = seen.find((s) => s.contextValue === 'error');
          assert.ok(error, `an error item in ${api.tree.getTreeItem(section).label}: ${lines(seen).join('; ')}`);
          assert.match(error.label, /is not reachable/);
          assert.strictEqual(error.command, 'stacksLookup.selectNetwork');
          assert.ok(seen.some((s) => s.label === 'Retry' && s.command === 'stacksLookup.refreshExplorer'));
        }
        const contracts = await children(api.tree, api.tree.sections.contracts);
        assert.ok(
          contracts.some((s) => s.label === 'memo-payments' && /testnet: unknown/.test(s.description)),
          'the contracts stay listed, their state unknown',
        );
      } finally {
        await restore();
      }
    });
  });
});
