// The explorer view in the fault matrix: every row of FAULTS (faults.test.ts) against each
// section of the view that asks the API, then the API healthy again. Adding a row there adds it
// here too.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { AdjustableClock } from '../../src/api/clock';
import type { History } from '../../src/ui/shared/history';
import type { ExplorerTree } from '../../src/ui/tree';
import type { TreeNode } from '../../src/ui/tree/node';
import type { Watchlist } from '../../src/ui/watch/watchlist';
import { ADDRESS, TX } from '../fixtures/ids';
import { hostileFixture } from '../fixtures/hostile';
import { MockApi, startMockApi } from '../mock-api/server';
import { children, passClockWaits, putSetting, SeenItem, setSettings, testApi, waitFor } from './editorHelpers';
import { FAULTS, NOT_FOR_USERS, pattern, Row, TIMEOUT_MS } from './faults.test';

interface Api {
  tree: ExplorerTree;
  watchlist: Watchlist;
  history: History;
  clock: AdjustableClock;
}

/** The explorer's parts from the test API, asserted present. */
async function treeApi(): Promise<Api> {
  const { tree, watchlist, history, networks, probe } = await testApi();
  assert.ok(tree && watchlist && history && networks);
  return { tree, watchlist, history, clock: probe.clock() };
}

/** The action an error item's click runs for a row: keys first, then a URL that does not answer, else Retry. */
function expectedAction(row: Row): string {
  if (row.expect === 'works') return '';
  if (row.expect.buttons.includes('Set API Key')) return 'stacksLookup.setApiKey';
  if (/not reachable|redirected|switched off/.test(row.expect.short)) return 'stacksLookup.selectNetwork';
  return 'stacksLookup.refreshExplorer';
}

describe('Fault matrix: the explorer view', function () {
  this.timeout(60_000);
  let api: Api;
  let restore: () => Promise<void>;
  let mock: MockApi | undefined;
  let stopPassing: () => void;

  before(async () => {
    api = await treeApi();
    // A 429 holds each section's explicit load back for the block it set: the block passes at
    // once on the clock of the rate budget (its length is checked in faults.test.ts).
    stopPassing = passClockWaits(api.clock);
    restore = await setSettings({
      network: 'custom',
      requestTimeoutMs: TIMEOUT_MS,
      customApiUrl: vscode.workspace.getConfiguration('stacksLookup').get('customApiUrl'),
    });
  });
  after(async () => {
    stopPassing();
    for (const a of api.watchlist.items) await api.watchlist.remove(a);
    await restore();
  });
  afterEach(async () => {
    await mock?.close();
    mock = undefined;
  });

  const sections = () => [
    { name: 'Network', node: api.tree.sections.network, what: 'API status' },
    { name: 'Mempool', node: api.tree.sections.mempool, what: 'Mempool statistics' },
    { name: 'Watched addresses', node: api.tree.sections.watched, what: 'Address' },
    { name: 'Workspace contracts', node: api.tree.sections.contracts, what: 'Contract status' },
  ];

  for (const row of FAULTS) {
    it(row.name, async () => {
      mock = await startMockApi();
      await putSetting('customApiUrl', mock.url);
      await putSetting('requestTimeoutMs', row.timeoutMs ?? TIMEOUT_MS);
      await api.watchlist.add(ADDRESS.mainnet);
      await api.history.add({ kind: 'tx', id: TX.tokenTransfer, network: 'custom' });
      const url = mock.url;
      if (row.fault) mock.fault(row.fault);
      row.setup?.(mock);
      if (row.refused) await mock.close();
      await api.tree.refresh(undefined, true);

      // Where each section waits out the timeout, they load at once (as the view asks for them);
      // otherwise one after the other, so a big body has the whole timeout to itself.
      const loaded: SeenItem[][] = [];
      if (row.timesOut) loaded.push(...(await Promise.all(sections().map((s) => children(api.tree, s.node)))));
      else for (const s of sections()) loaded.push(await children(api.tree, s.node));
      for (const [i, s] of sections().entries()) {
        let seen = loaded[i]!;
        // A section invalidated while it loads (its project or status table changed) ends that load
        // with nothing and fires the view's change event; VS Code then asks again, and so does this.
        if (row.expect === 'works' && seen.length === 0)
          await waitFor(
            async () => (seen = await children(api.tree, s.node)).length > 0,
            `${s.name} shows something`,
            10_000,
          );
        const shown = seen.map((x) => `${x.label} | ${x.description}`).join('; ');
        const error = seen.find((x) => x.contextValue === 'error');
        if (row.expect === 'works') {
          assert.ok(!error, `${s.name} works: ${shown}`);
          assert.ok(seen.length > 0, `${s.name} shows something`);
          continue;
        }
        assert.ok(error, `${s.name} shows an error item: ${shown}`);
        assert.match(error.label, pattern(row.expect.short, url, s.what), `${s.name}: ${error.label}`);
        assert.doesNotMatch(error.label + error.description, NOT_FOR_USERS);
        assert.strictEqual(error.command, expectedAction(row), `${s.name}: the error item's action`);
        if (error.command !== 'stacksLookup.refreshExplorer') {
          assert.ok(
            seen.some((x) => x.label === 'Retry' && x.command === 'stacksLookup.refreshExplorer'),
            `${s.name}: a Retry beside it`,
          );
        }
      }

      // Healthy again: a refresh shows the data, and nothing the user had is lost. (The short
      // timeout that made hangs fail fast is lifted, so a loaded machine does not fail here.)
      if (row.refused) mock = await startMockApi({ port: Number(new URL(url).port) });
      else mock.reset();
      await putSetting('requestTimeoutMs', 15_000);
      await api.tree.refresh(undefined, true);
      const reloaded = await Promise.all(sections().map((s) => children(api.tree, s.node)));
      for (const [i, s] of sections().entries()) {
        const seen = reloaded[i]!;
        assert.ok(
          !seen.some((x) => x.contextValue === 'error'),
          `${s.name} recovered: ${seen.map((x) => x.label).join('; ')}`,
        );
      }
      assert.ok(api.watchlist.items.includes(ADDRESS.mainnet), 'the watched address is kept');
      assert.ok(
        api.history.items.some((t) => t.id === TX.tokenTransfer),
        'the recent lookup is kept',
      );
    });
  }
});

describe('Hostile chain data in the explorer view', function () {
  this.timeout(30_000);

  it('shows every string from the chain as inert text: labels, descriptions and tooltips', async () => {
    const api = await treeApi();
    const mock = await startMockApi();
    const restore = await setSettings({ network: 'custom', customApiUrl: mock.url });
    try {
      mock.override('/extended', hostileFixture('server-status.json'));
      mock.override('/extended/v1/tx/mempool/stats', hostileFixture('mempool-stats.json'));
      mock.override(
        `/extended/v2/addresses/${ADDRESS.mainnet}/transactions`,
        hostileFixture('address-transactions--mainnet.json'),
      );
      await api.watchlist.add(ADDRESS.mainnet);
      await api.tree.refresh(undefined, true);

      const items: vscode.TreeItem[] = [];
      const walk = async (node: TreeNode | undefined, depth: number): Promise<void> => {
        for (const k of await api.tree.getChildren(node)) {
          const item = api.tree.getTreeItem(k);
          items.push(item);
          if (depth < 3 && item.collapsibleState !== vscode.TreeItemCollapsibleState.None) await walk(k, depth + 1);
        }
      };
      await walk(undefined, 0);
      const serverItem = items.find((i) =>
        /Server version/.test(String(typeof i.label === 'string' ? i.label : i.label?.label)),
      );
      assert.ok(serverItem, 'the server version is shown');
      assert.ok(
        `${serverItem.description}${typeof serverItem.tooltip === 'string' ? serverItem.tooltip : serverItem.tooltip?.value}`.includes(
          '<script>',
        ) || `${serverItem.description}`.includes('<img'),
        'the payload is shown as text, not dropped',
      );

      for (const item of items) {
        // Tooltips are plain strings, which VS Code shows as text: no Markdown, link or HTML in them
        // can become active. A Markdown tooltip would need escaping and a command list.
        const tip = item.tooltip;
        assert.ok(
          tip === undefined || typeof tip === 'string',
          `a tooltip is Markdown: ${tip instanceof vscode.MarkdownString ? tip.value.slice(0, 120) : String(tip)}`,
        );
        assert.ok(
          typeof item.label === 'string' || item.label === undefined,
          'labels are plain strings (no highlights from data)',
        );
        if (item.command)
          assert.match(
            item.command.command,
            /^(stacksLookup\.|vscode\.open$)/,
            `item commands are the extension's own: ${item.command.command}`,
          );
      }
    } finally {
      for (const a of api.watchlist.items) await api.watchlist.remove(a);
      await restore();
      await mock.close();
    }
  });
});
