// An address's tokens, NFTs and pending transactions in the web worker extension host, as
// test/suite/holdings.test.ts has them on the desktop: the v3 lists the worker fetches from the
// mock, in the address panel and under a watched address in the view.
import * as vscode from 'vscode';
import type { Section, ViewModel } from '../../src/protocol';
import type { TestApi } from '../../src/testApi';
import * as assert from './assert';
import { mainMock } from './control';
import { children, freshStart, IDS, testApi, waitFor } from './helpers';

type Table = Extract<Section, { type: 'table' }>;

describe('web: holdings and pending transactions', () => {
  let api: TestApi;
  before(async () => {
    api = await testApi();
  });
  beforeEach(() => freshStart(api));
  afterEach(async () => {
    for (const a of api.watchlist!.items) await api.watchlist!.remove(a);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  const model = (): ViewModel => {
    assert.ok(api.panels?.current, 'the panel shows a model');
    return api.panels.current.model;
  };
  const table = (prefix: string): Table | undefined =>
    model().sections.find((s): s is Table => s.type === 'table' && (s.title ?? '').startsWith(prefix));
  const cellText = (t: Table, row: number, col: number): string =>
    t.rows[row]!.cells[col]!.map((v) => v.text).join(' ');

  it('the address panel: its tokens, NFTs and pending transactions, one stuck behind a nonce gap', async () => {
    await vscode.commands.executeCommand('stacksLookup.showAddress', IDS.pendingSender);
    // The lists come after the first render.
    await waitFor(
      () => !!(table('Fungible tokens') && table('NFTs') && table('Pending transactions')),
      'the three lists in the address panel',
    );
    const ft = table('Fungible tokens')!;
    assert.strictEqual(ft.title, 'Fungible tokens (4)');
    assert.strictEqual(cellText(ft, 1, 2), 'SP000000000000000000002Q6VF78.token-big::big');
    assert.match(
      ft.rows[0]!.cells[1]![0]!.hint ?? '',
      /raw amount: token metadata is not asked for on a custom network/,
    );
    const nft = table('NFTs')!;
    assert.strictEqual(nft.title, 'NFTs (3)');
    assert.deepStrictEqual(
      nft.rows.map((_, i) => cellText(nft, i, 1)),
      ['u1', 'u2', 'u1'],
    );
    const notices = model().sections.flatMap((s) => (s.type === 'notice' ? [s.text] : []));
    assert.ok(
      notices.some((n) => /^Nonce 4 is missing/.test(n)),
      notices.join('\n'),
    );
    const pending = table('Pending transactions')!;
    const states = pending.rows.map((_, i) => cellText(pending, i, 5));
    assert.ok(states.includes('Stuck: nonce 4 is missing'), states.join(', '));
    const asked = (await mainMock.requests()).map((r) => r.path);
    for (const list of ['balances/ft', 'balances/nft', 'mempool/transactions'])
      assert.ok(
        asked.includes(`/extended/v3/principals/${IDS.pendingSender}/${list}`),
        `the worker asked for ${list}: ${asked.join(', ')}`,
      );
  });

  it('a watched address in the view: its balance, token count and pending count', async () => {
    await api.watchlist!.add(IDS.pendingSender);
    await api.tree!.refresh(); // the user's Refresh: the view asks nothing before the user asked for data
    const [item] = await api.tree!.getChildren(api.tree!.sections.watched);
    assert.ok(item, 'the watched address is in the view');
    const facts = (await children(api.tree!, item)).slice(0, 3).map((k) => `${k.label} | ${k.description}`);
    assert.strictEqual(facts[0], 'STX balance | 0 STX');
    assert.strictEqual(facts[1], 'Tokens | 4 fungible tokens · 3 NFTs');
    assert.match(facts[2] ?? '', /^Pending \| \d+ pending transactions$/);
  });
});
