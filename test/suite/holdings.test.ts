// What an address holds and has pending, in the address panel, the hover and the watched addresses
// of the view; and the opt-in notification of a watched address's new transactions, against the
// mock adding one after a number of requests.
import * as assert from 'assert';
import { c32address } from 'c32check';
import * as vscode from 'vscode';
import type { AdjustableClock } from '../../src/api/clock';
import { ADDRESS_ROUND_MS } from '../../src/chain/addressWatch';
import type { Section, ViewModel } from '../../src/protocol';
import { AddressWatcher } from '../../src/ui/watch/addressWatch';
import type { NetworkService } from '../../src/ui/network/network';
import type { PanelManager } from '../../src/ui/panels';
import type { ExplorerTree } from '../../src/ui/tree';
import type { Watchlist } from '../../src/ui/watch/watchlist';
import { FakeConfig } from '../fakes/config';
import { FakeLog } from '../fakes/log';
import { ADDRESS, mockHash, TOKEN } from '../fixtures/ids';
import { ERROR_BODIES } from '../mock-api/fixtures';
import { BUSY_TOKEN_COUNT, HOLDER } from '../mock-api/holdings';
import { loadFixture } from '../mock-api/server';
import {
  captureMessages,
  Captured,
  children,
  replaceInWindow,
  setSettings,
  stacksHoverAt,
  testApi,
  useMock,
  UsedMock,
  waitFor,
  waitQuiet,
} from './editorHelpers';
import { roundNow } from '../../src/testApi';

type Table = Extract<Section, { type: 'table' }>;
const table = (m: ViewModel, prefix: string): Table => {
  const t = m.sections.find((s): s is Table => s.type === 'table' && (s.title ?? '').startsWith(prefix));
  assert.ok(t, `no table "${prefix}…" in ${m.sections.map((s) => (s.type === 'table' ? s.title : s.type)).join(', ')}`);
  return t;
};
const notices = (m: ViewModel): string[] =>
  m.sections.filter((s): s is Extract<Section, { type: 'notice' }> => s.type === 'notice').map((s) => s.text);
const cellText = (t: Table, row: number, col: number): string => t.rows[row]!.cells[col]!.map((v) => v.text).join(' ');

describe('Holdings, pending transactions and watched addresses', function () {
  this.timeout(60_000);
  let panels: PanelManager;
  let networks: NetworkService;
  let watchlist: Watchlist;
  let tree: ExplorerTree;
  let addressWatch: AddressWatcher;
  let clock: AdjustableClock;
  let state: vscode.Memento;
  let used: UsedMock;
  let messages: Captured;
  const requestsTo = (prefix: string) => used.mock.requests.filter((r) => r.path.startsWith(prefix)).length;

  before(async () => {
    const api = await testApi();
    assert.ok(api.panels && api.networks && api.watchlist && api.tree && api.addressWatch);
    panels = api.panels;
    networks = api.networks;
    watchlist = api.watchlist;
    tree = api.tree;
    addressWatch = api.addressWatch;
    state = api.workspaceState;
    // The clock the rounds wait on from now on: the tests move it instead of waiting.
    clock = api.probe.clock();
  });
  beforeEach(async () => {
    used = await useMock();
    messages = captureMessages();
    for (const a of watchlist.items) await watchlist.remove(a);
    await state.update('stacksLookup.watchedAddresses.seen', undefined);
  });
  afterEach(async () => {
    messages.restore();
    for (const a of watchlist.items) await watchlist.remove(a);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await used.close();
  });

  /** Mainnet's API is the hosted one; here it is the mock (the network guard allows nothing else). */
  async function onMainnet<T>(run: () => Promise<T>): Promise<T> {
    const urlOf = networks.urlOf.bind(networks);
    networks.urlOf = (n) => (n === 'mainnet' ? { ok: true, url: used.mock.url } : urlOf(n));
    try {
      return await run();
    } finally {
      networks.urlOf = urlOf;
    }
  }

  describe('the address panel', () => {
    it('tokens with decimals, raw ones with the reason, NFTs, the nonce gap, and the pending transactions it holds back', async () => {
      await onMainnet(async () => {
        const open = () =>
          panels.open(
            { kind: 'address', id: ADDRESS.pendingSender, network: 'mainnet' },
            { signal: new AbortController().signal },
          );
        await open();
        assert.ok(panels.current);
        const m = panels.current.model;
        const ft = table(m, 'Fungible tokens');
        assert.strictEqual(ft.title, 'Fungible tokens (4)');
        assert.strictEqual(cellText(ft, 0, 1), '1,234.56789 MIA');
        assert.strictEqual(cellText(ft, 1, 1), '3,000,000');
        assert.strictEqual(
          ft.rows[1]!.cells[1]![0]!.hint,
          'raw amount: the Token Metadata API does not know this token',
        );
        assert.strictEqual(cellText(ft, 1, 2), 'SP000000000000000000002Q6VF78.token-big::big');
        assert.strictEqual(ft.rows[1]!.cells[1]![0]!.full, '3000000 SP000000000000000000002Q6VF78.token-big::big');
        const nft = table(m, 'NFTs');
        assert.strictEqual(nft.title, 'NFTs (3)');
        assert.deepStrictEqual(
          nft.rows.map((_, i) => cellText(nft, i, 1)),
          ['u1', 'u2', 'u1'],
        );
        assert.ok(
          notices(m).some((n) => /^Nonce 4 is missing/.test(n)),
          notices(m).join('\n'),
        );
        const pending = table(m, 'Pending transactions');
        const states = pending.rows.map((_, i) => cellText(pending, i, 5));
        assert.ok(states.includes('Stuck: nonce 4 is missing'), states.join(', '));
        // One metadata request per token, and none again when the panel is opened again.
        assert.strictEqual(requestsTo(`/metadata/v1/ft/${TOKEN.mia}`), 1);
        const metadata = requestsTo('/metadata/');
        assert.strictEqual(metadata, 4);
        await open();
        assert.strictEqual(requestsTo('/metadata/'), metadata);
      });
    });

    it('an API without v3: the holdings from the v1 route, the pending list said to be unavailable', async () => {
      const p = ADDRESS.pendingSender;
      for (const list of ['balances/ft', 'balances/nft', 'mempool/transactions']) {
        const path = `/extended/v3/principals/${p}/${list}`;
        used.mock.override(path, ERROR_BODIES.unknownRoute('GET', path), 404);
      }
      await vscode.commands.executeCommand('stacksLookup.showAddress', p);
      const m = panels.current!.model;
      const ft = table(m, 'Fungible tokens');
      assert.strictEqual(ft.title, 'Fungible tokens (4)');
      assert.match(
        ft.rows[0]!.cells[1]![0]!.hint ?? '',
        /raw amount: token metadata is not asked for on a custom network/,
      );
      assert.strictEqual(table(m, 'NFTs').title, 'NFTs (2 collections)');
      assert.ok(notices(m).includes('Pending transactions: not available on this API'), notices(m).join('\n'));
      assert.strictEqual(requestsTo(`/extended/v1/address/${p}/balances`), 1, 'one v1 request serves both lists');
      assert.deepStrictEqual(messages.errors, []);
    });

    it('tokens page 20 at a time, a page turn one request from the cursor of the page before', async () => {
      await vscode.commands.executeCommand('stacksLookup.showAddress', ADDRESS.busy);
      const first = table(panels.current!.model, 'Fungible tokens');
      assert.strictEqual(first.title, `Fungible tokens (${BUSY_TOKEN_COUNT})`);
      assert.deepStrictEqual(first.paging, {
        param: 'ftOffset',
        offset: 0,
        limit: 20,
        total: BUSY_TOKEN_COUNT,
        sequential: true,
      });
      const path = `/extended/v3/principals/${ADDRESS.busy}/balances/ft`;
      const asked = requestsTo(path);
      await panels.handle({ type: 'page', params: { ftOffset: 20 } });
      const second = table(panels.current!.model, 'Fungible tokens');
      assert.strictEqual(second.paging?.offset, 20);
      assert.strictEqual(cellText(second, 0, 0), 't20');
      assert.strictEqual(requestsTo(path), asked + 1, 'one request');
      assert.strictEqual(
        used.mock.requestsTo(path).at(-1)!.query.get('cursor'),
        `999980:SP000000000000000000002Q6VF78.token-20::t20`,
      );
      assert.strictEqual(
        requestsTo(`/extended/v2/addresses/${ADDRESS.busy}/transactions`),
        1,
        'the rest of the panel is kept',
      );
    });

    it('a contract principal says it has no nonces, and lists the pending calls of it', async () => {
      await vscode.commands.executeCommand('stacksLookup.showAddress', 'SP000000000000000000002Q6VF78.bns');
      const m = panels.current!.model;
      assert.ok(
        m.sections.some(
          (s) => s.type === 'fields' && s.rows.some((r) => /A contract has no nonces/.test(r.values[0]?.text ?? '')),
        ),
      );
      const pending = table(m, 'Pending transactions');
      assert.ok(pending.rows.length > 0);
      assert.strictEqual(cellText(pending, 0, 5), 'Calls or deploys it');
      assert.strictEqual(requestsTo('/extended/v3/principals/SP000000000000000000002Q6VF78.bns/nonces'), 0);
    });
  });

  it('the hover counts tokens and NFTs and names the largest, raw on a custom network, with no metadata request', async () => {
    const restore = await setSettings({ 'hover.allFiles': true });
    const doc = await vscode.workspace.openTextDocument({
      language: 'markdown',
      content: `Holder: ${ADDRESS.pendingSender}\n`,
    });
    const at = doc.positionAt(doc.getText().indexOf(ADDRESS.pendingSender) + 4);
    let text = '';
    try {
      await waitFor(async () => /Tokens:/.test((text = (await stacksHoverAt(doc, at)).text)), 'the hover', 10_000);
    } finally {
      await restore();
    }
    assert.match(text, /Tokens: 4 fungible · 3 NFTs/);
    assert.match(
      text,
      /1234567890 `SP466FNC0P7JWTNM2R9T199QRZN1MYEDTAR0KP27.miamicoin-token::miamicoin` _\(raw amount: token metadata is not asked for on a custom network\)_/,
    );
    assert.match(text, /and 1 more in the panel/);
    assert.strictEqual(requestsTo('/metadata/'), 0);
  });

  describe('watched addresses', () => {
    /**
     * A round as the timer runs it a minute later: what the client kept for a few seconds has
     * expired by then, and the rounds' share of the budget has come back.
     */
    const round = async () => {
      (await networks.endpoint('custom')).client.clearCache();
      clock.advance(ADDRESS_ROUND_MS);
      await roundNow(addressWatch.rounds);
    };
    it('expanded, one shows its STX balance, token count and pending count', async () => {
      await watchlist.add(ADDRESS.pendingSender);
      await tree.refresh(); // the user's Refresh: the view asks nothing before the user asked for data
      const [node] = await children(tree, tree.sections.watched);
      const kids = await children(tree, node!.node);
      const facts = kids.slice(0, 3).map((k) => `${k.label} | ${k.description}`);
      assert.strictEqual(facts[0], 'STX balance | 0 STX');
      assert.strictEqual(facts[1], 'Tokens | 4 fungible tokens · 3 NFTs');
      assert.match(facts[2]!, /^Pending \| \d+ pending transactions$/);
    });

    it('off by default: no round, no notification', async () => {
      await watchlist.add(ADDRESS.mainnet);
      const before = addressWatch.rounds.count;
      // Rounds wait on the clients' clock: past the first round's delay and a whole interval, one would be due.
      clock.advance(ADDRESS_ROUND_MS + 5_000);
      await waitQuiet(() => addressWatch.rounds.count + used.mock.requests.length, 'a round', 500);
      assert.strictEqual(addressWatch.rounds.count, before);
      assert.strictEqual(requestsTo(`/extended/v2/addresses/${ADDRESS.mainnet}/transactions`), 0);
    });

    it('with the setting on: exactly one notification per new transaction, with a button that opens it', async () => {
      const restore = await setSettings({ 'watchedAddresses.notify': true });
      try {
        await watchlist.add(ADDRESS.mainnet);
        await round(); // the first look notes what is there
        assert.strictEqual(messages.shown.length, 0, JSON.stringify(messages.shown));
        const id = used.mock.newTransactionLater(ADDRESS.mainnet, 0);
        await round();
        await round();
        const told = messages.shown.filter((m) => /^New transaction for watched address/.test(m.message));
        assert.strictEqual(told.length, 1, JSON.stringify(messages.shown));
        assert.match(
          told[0]!.message,
          new RegExp(`SP3FBR…J5SVTE: Token transfer ${id.slice(0, 8)}…${id.slice(-6)} \\(Success\\)\\.$`),
        );
        assert.deepStrictEqual(told[0]!.buttons, ['Open']);
        assert.strictEqual(told[0]!.level, 'info');
      } finally {
        await restore();
      }
    });

    it('20 addresses with 5 new transactions each: three notifications in all, and one that counts the rest and shows the watched addresses', async () => {
      const restore = await setSettings({ 'watchedAddresses.notify': true });
      // Distinct valid addresses the mock answers with an empty list until they get transactions.
      const addresses = Array.from({ length: 20 }, (_, i) =>
        c32address(22, mockHash(`watched-address:flood:${i}`).slice(2, 42)),
      );
      const clicks = replaceInWindow({
        showInformationMessage: (message: string, ...buttons: string[]) => {
          messages.shown.push({ level: 'info', message, buttons });
          // The summary's button is clicked; the others are left alone.
          return Promise.resolve(buttons.includes('Show Watched Addresses') ? 'Show Watched Addresses' : undefined);
        },
      });
      try {
        for (const a of addresses) {
          await watchlist.add(a);
          used.mock.newTransactionLater(a, 0); // one transaction before: the first look notes it
        }
        await round();
        assert.strictEqual(requestsTo('/extended/v2/addresses/'), 20, 'every address looked at');
        assert.strictEqual(messages.shown.length, 0, 'the first look tells nothing');
        for (const a of addresses) used.mock.newTransactionLater(a, 0, 5);
        await round();
        assert.strictEqual(requestsTo('/extended/v2/addresses/'), 40);
        const told = messages.shown.filter((m) => /^New transaction for watched address/.test(m.message));
        assert.strictEqual(told.length, 3, JSON.stringify(messages.shown.map((m) => m.message)));
        assert.deepStrictEqual(
          new Set(told.map((m) => m.message.split(':')[0])).size,
          3,
          'three different addresses, each with its newest',
        );
        const summary = messages.shown.filter((m) => !told.includes(m));
        assert.deepStrictEqual(
          summary.map((m) => [m.message, m.buttons]),
          [['97 more new transactions on watched addresses.', ['Show Watched Addresses']]],
        );
        // Its button opens the view at the watched addresses.
        await waitFor(
          () => tree.view.visible && tree.view.selection[0] === tree.sections.watched,
          'the watched addresses shown',
        );
      } finally {
        clicks();
        await restore();
        await vscode.commands.executeCommand('workbench.action.closeSidebar');
      }
    });

    it('an address with no transaction yet: its first ones are told, and those beyond the look are counted', async () => {
      const restore = await setSettings({ 'watchedAddresses.notify': true });
      const fresh = c32address(22, mockHash('watched-address:empty-at-first').slice(2, 42));
      try {
        await watchlist.add(fresh);
        await round(); // the first look: an empty list
        assert.strictEqual(requestsTo(`/extended/v2/addresses/${fresh}/transactions`), 1);
        assert.strictEqual(messages.shown.length, 0);
        // Seven arrive at once; the look asks for the newest five.
        const newest = used.mock.newTransactionLater(fresh, 0, 7);
        await round();
        const told = messages.shown.filter((m) => /^New transaction for watched address/.test(m.message));
        assert.strictEqual(told.length, 3, JSON.stringify(messages.shown.map((m) => m.message)));
        assert.match(told[0]!.message, new RegExp(`${newest.slice(0, 8)}…${newest.slice(-6)}`), 'the newest first');
        const rest = messages.shown.filter((m) => !told.includes(m)).map((m) => m.message);
        assert.deepStrictEqual(
          rest,
          ['4 more new transactions on watched addresses.'],
          'two shown, two beyond the look',
        );
        await round();
        assert.strictEqual(messages.shown.length, 4, 'nothing told twice');
      } finally {
        await restore();
      }
    });

    it('a reload neither repeats nor misses a notification, and a second window of the workspace stays quiet', async () => {
      await watchlist.add(ADDRESS.mainnet);
      // Watchers of this workspace as other windows (or this one after a reload) make them.
      const make = () =>
        new AddressWatcher({
          networks,
          config: new FakeConfig({ watchedNotify: true }),
          log: new FakeLog(),
          watchlist,
          state,
        });
      const clear = async () => (await networks.endpoint('custom')).client.clearCache();
      const first = make();
      const other = make();
      let reloaded: AddressWatcher | undefined;
      try {
        await clear();
        await roundNow(first.rounds); // the first look, and the lease of the workspace
        used.mock.newTransactionLater(ADDRESS.mainnet, 0);
        const asked = requestsTo(`/extended/v2/addresses/${ADDRESS.mainnet}/transactions`);
        await roundNow(other.rounds);
        assert.strictEqual(
          requestsTo(`/extended/v2/addresses/${ADDRESS.mainnet}/transactions`),
          asked,
          'the other window asks nothing',
        );
        first.dispose(); // the window reloads: the new transaction arrived meanwhile
        reloaded = make();
        await clear();
        await roundNow(reloaded.rounds);
        await clear();
        await roundNow(reloaded.rounds);
        assert.strictEqual(
          messages.infos.filter((m) => /^New transaction/.test(m)).length,
          1,
          messages.infos.join('\n'),
        );
      } finally {
        first.dispose();
        other.dispose();
        reloaded?.dispose();
      }
    });

    it('faults (429, 5xx, timeouts) never lose the watch and show at most one warning; the new transaction is still told once', async () => {
      const restore = await setSettings({ 'watchedAddresses.notify': true, requestTimeoutMs: 1000 });
      const path = `/extended/v2/addresses/${ADDRESS.mainnet}/transactions`;
      try {
        await watchlist.add(ADDRESS.mainnet);
        await round();
        used.mock.fault({ match: path, times: 2, fault: { kind: 'status', status: 503 } });
        await round();
        used.mock.fault({ match: path, times: 1, fault: { kind: 'hang' } });
        await round();
        used.mock.fault({
          match: path,
          times: 1,
          fault: { kind: 'status', status: 429, headers: { 'retry-after': '1' } },
        });
        await round();
        used.mock.fault({ match: path, times: 4, fault: { kind: 'status', status: 500 } });
        for (let i = 0; i < 4; i++) await round();
        assert.deepStrictEqual(watchlist.items, [ADDRESS.mainnet], 'still watched');
        // Three failed rounds in a row make the one warning of the session; the fourth says nothing more.
        assert.strictEqual(messages.warnings.length, 1, messages.warnings.join('\n'));
        assert.match(
          messages.warnings[0]!,
          /cannot reach the API to look for new transactions of your watched addresses/,
        );
        assert.deepStrictEqual(messages.errors, []);
        used.mock.clearFaults();
        used.mock.newTransactionLater(ADDRESS.mainnet, 0);
        await round();
        await round();
        assert.strictEqual(
          messages.infos.filter((m) => /^New transaction/.test(m)).length,
          1,
          messages.infos.join('\n'),
        );
      } finally {
        await restore();
      }
    });
  });

  it('hostile token names and symbols stay inert in the panel', async () => {
    const evil = '<img src=x onerror=alert(1)>[x](command:workbench.action.terminal.new)';
    used.mock.override(`/extended/v3/principals/${HOLDER}/balances/ft`, {
      ...(loadFixture('v3-balances-ft--three.json') as object),
      total: 1,
      results: [{ asset_identifier: `SP000000000000000000002Q6VF78.x::${evil}`, balance: '1' }],
    });
    await vscode.commands.executeCommand('stacksLookup.showAddress', HOLDER);
    const ft = table(panels.current!.model, 'Fungible tokens');
    // Plain text in the model; the webview inserts it with textContent (hostile.test.ts checks the DOM).
    assert.strictEqual(cellText(ft, 0, 0), evil);
    assert.strictEqual(ft.rows[0]!.cells[0]![0]!.t, 'text');
    assert.deepStrictEqual(messages.errors, []);
  });
});
