// The fault matrix: every fault the mock API can inject, against every entry point of the
// extension (hover, each palette command, the detail panel for each kind; the explorer view's
// sections in treeFaults.test.ts), then the mock healthy again. One row of FAULTS per fault; the
// entry points are generated from it.
//
// The status bar asks the API only on a timer; its failure and recovery are in statusBar.test.ts.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { HostMessage } from '../../src/protocol';
import type { History } from '../../src/ui/shared/history';
import type { PanelManager } from '../../src/ui/panels';
import { ADDRESS, BLOCK, BURN, CONTRACT, TX } from '../fixtures/ids';
import { Fault, loadFixture, MockApi, startMockApi } from '../mock-api/server';
import type { AdjustableClock } from '../../src/api/clock';
import {
  asEntryPoint,
  Captured,
  captureMessages,
  openFixture,
  panelTabs,
  passClockWaits,
  positionOf,
  setSettings,
  Shown,
  stacksHoverAt,
  testApi,
} from './editorHelpers';

export const TIMEOUT_MS = 1000;
const MB = 1024 * 1024;

type Button = 'Set API Key' | 'Select Network' | 'Retry' | 'Show Log';

/** What a user sees when the fault hits: `{url}` and `{What}` are filled in per entry point. */
export interface Failure {
  /** The notification (and the panel's error text); a regex source. */
  message: string;
  /** The short line of hovers and tree items; a regex source. */
  short: string;
  buttons: Button[];
  level?: 'error' | 'warning';
}

export interface Row {
  name: string;
  /** Applied to every request. */
  fault?: Fault;
  /** Prepares the mock instead of (or besides) a fault: overrides of single routes. */
  setup?: (mock: MockApi) => void;
  /** Nothing listens at the URL (a devnet that is not running). */
  refused?: true;
  /** `'works'`: the lookup must succeed in spite of the fault. */
  expect: Failure | 'works';
  /** A 429: how long the client holds lookups back after it (the Retry-After, else its default). */
  blocksFor?: number;
  /** Every request waits out the timeout: the entry points are run at once, against one mock. */
  timesOut?: true;
  /** The request timeout for this row, when reading the body is what it tests and must not time out first. */
  timeoutMs?: number;
}

const RETRY_NET: Button[] = ['Retry', 'Select Network'];
const fail = (message: string, short: string, buttons: Button[], level: Failure['level'] = 'error'): Failure => ({
  message,
  short,
  buttons,
  level,
});
const status = (s: number, headers?: Record<string, string>, body?: unknown): Fault => ({
  kind: 'status',
  status: s,
  ...(headers ? { headers } : {}),
  ...(body ? { body } : {}),
});

/** A real fixture with 5 MB of an unknown field: under the 10 MB limit, so it must be read. */
function bigTransaction(): unknown {
  return { ...(loadFixture('tx-token_transfer.json') as object), padding: 'x'.repeat(5 * MB) };
}

/** Values and fields the API may add later: they must parse and show. */
function unknownEnums(mock: MockApi): void {
  const tx = loadFixture('tx-token_transfer.json') as Record<string, unknown>;
  mock.override(`/extended/v1/tx/${TX.tokenTransfer}`, {
    ...tx,
    tx_status: 'success_v9',
    tx_type: 'quantum_transfer',
    anchor_mode: 'hyperspace',
    new_field: { nested: [1, 2] },
  });
  const stats = loadFixture('mempool-stats.json') as Record<string, Record<string, unknown>>;
  mock.override('/extended/v1/tx/mempool/stats', {
    ...stats,
    tx_type_counts: { ...stats.tx_type_counts, quantum_transfer: 3 },
    future_section: { a: 1 },
  });
  mock.override(`/extended/v1/address/${ADDRESS.mainnet}/stx`, {
    ...(loadFixture('stx-balance--locked.json') as object),
    staked_in_future_way: '12',
  });
  mock.override('/extended', { ...(loadFixture('server-status.json') as object), status: 'ready_v2', features: ['x'] });
}

// prettier-ignore
export const FAULTS: Row[] = [
  { name: '429 with Retry-After', fault: status(429, { 'retry-after': '5' }), blocksFor: 5_000, expect: fail('^Rate limited by {url}: set an API key for a higher limit\\. Try again in 5 s\\.$', 'Rate limited: set an API key for a higher limit\\.', ['Set API Key', 'Retry']) },
  { name: '429 without Retry-After', fault: status(429), blocksFor: 10_000, expect: fail('^Rate limited by {url}: set an API key for a higher limit\\. Try again in 10 s\\.$', 'Rate limited: set an API key for a higher limit\\.', ['Set API Key', 'Retry']) },
  { name: '400 with a validation body', fault: status(400), expect: fail('^The API rejected the request: params/tx_id must match pattern', 'The API rejected the request: params/tx_id', []) },
  { name: '401', fault: status(401), expect: fail('^{url} needs an API key: set one with "Stacks: Set API Key…"\\.$', 'API key missing\\.', ['Set API Key']) },
  { name: '403', fault: status(403), expect: fail('^{url} refused the API key \\(none is set\\): check it and set it again\\.$', 'API key refused\\.', ['Set API Key']) },
  { name: '404', fault: status(404), expect: fail('^{What} not found on Custom \\({url}\\)\\. It may be on another network\\.$', 'Not found on Custom', ['Select Network'], 'warning') },
  { name: '410', fault: status(410), expect: fail('^{url} has switched this route off \\(410 Gone\\)\\.', 'This API route was switched off\\.', ['Select Network', 'Show Log']) },
  { name: '500', fault: status(500), expect: fail('^Custom API \\({url}\\) had a problem: The API had a server error \\(500\\): An internal server error occurred$', 'Custom API error \\(500\\)\\.', RETRY_NET) },
  { name: '502', fault: status(502), expect: fail('^Custom API \\({url}\\) had a problem: The API had a server error \\(502\\): An invalid response was received from the upstream server$', 'Custom API error \\(502\\)\\.', RETRY_NET) },
  { name: '503', fault: status(503), expect: fail('^Custom API \\({url}\\) had a problem: The API had a server error \\(503\\)', 'Custom API error \\(503\\)\\.', RETRY_NET) },
  { name: 'a response that never comes', fault: { kind: 'hang' }, timesOut: true, expect: fail('^Custom API at {url} did not answer in time\\.$', 'Custom API did not answer in time\\.', RETRY_NET) },
  { name: 'a body that stalls past the timeout', fault: { kind: 'slowFirstByte', ms: TIMEOUT_MS * 3 }, timesOut: true, expect: fail('^Custom API at {url} did not answer in time\\.$', 'Custom API did not answer in time\\.', RETRY_NET) },
  { name: 'a reset connection', fault: { kind: 'reset' }, expect: fail('^Custom at {url} is not reachable: The connection to {url} was reset\\.$', 'Custom at {url} is not reachable\\.', RETRY_NET) },
  { name: 'a refused connection', refused: true, expect: fail('^Custom at {url} is not reachable: (Could not connect to {url}: the connection was refused \\(is the server running\\?\\)|The connection to {url} was reset)\\.$', 'Custom at {url} is not reachable\\.', RETRY_NET) },
  { name: 'malformed JSON', fault: { kind: 'malformed' }, expect: fail('^Custom API sent something unexpected: The API at {url} sent a response that is not JSON\\.$', 'Custom API sent an unexpected response\\.', ['Retry', 'Show Log']) },
  { name: 'a truncated body', fault: { kind: 'truncated' }, expect: fail('^Custom at {url} is not reachable: The connection to {url} closed before the whole response arrived\\.$', 'Custom at {url} is not reachable\\.', RETRY_NET) },
  { name: 'a 12 MB body (over the 10 MB limit)', fault: { kind: 'oversized', bytes: 12 * MB }, timeoutMs: 10 * TIMEOUT_MS, expect: fail('^Custom API sent something unexpected: The API at {url} sent a response larger than 10 MB; it was not read\\.$', 'Custom API sent an unexpected response\\.', ['Retry', 'Show Log']) },
  { name: 'a body that breaks the schema', fault: { kind: 'body', body: { results: 'nope', tx_id: 42 } }, expect: fail('^Custom API sent something unexpected: The API sent an unexpected [a-z ]+: ', 'Custom API sent an unexpected response\\.', ['Retry', 'Show Log']) },
  { name: 'a redirect to another origin', fault: { kind: 'redirect', location: 'http://127.0.0.1:9/extended' }, expect: fail('^The API at {url} redirected to another site \\(http://127\\.0\\.0\\.1:9\\); the request was not followed, so your API key stays with {url}\\. Choose another network or URL\\.$', 'The API redirected to another site\\.', ['Select Network']) },
  { name: 'a 5 MB valid body (under the 10 MB limit)', setup: (m) => m.override(`/extended/v1/tx/${TX.tokenTransfer}`, bigTransaction()), expect: 'works' },
  { name: 'unknown enum values and fields', setup: unknownEnums, expect: 'works' },
  { name: 'a slow first byte (under the timeout)', fault: { kind: 'delay', ms: TIMEOUT_MS / 3 }, expect: 'works' },
  { name: 'a slow body (under the timeout)', fault: { kind: 'slowFirstByte', ms: TIMEOUT_MS / 3 }, expect: 'works' },
];

interface Entry {
  kind: string;
  id: string;
  /** Word used in "{What} not found". */
  what: string;
  command: string;
  arg?: string;
}

/** Every palette command that looks something up, and the panel kinds (each reached by a link inside the panel). */
const ENTRIES: Entry[] = [
  {
    kind: 'tx',
    id: TX.tokenTransfer,
    what: 'Transaction',
    command: 'stacksLookup.showTransaction',
    arg: TX.tokenTransfer,
  },
  { kind: 'address', id: ADDRESS.mainnet, what: 'Address', command: 'stacksLookup.showAddress', arg: ADDRESS.mainnet },
  {
    kind: 'block',
    id: String(BLOCK.height),
    what: 'Block',
    command: 'stacksLookup.showBlock',
    arg: String(BLOCK.height),
  },
  {
    kind: 'burnBlock',
    id: String(BURN.height700000),
    what: 'Burn block',
    command: 'stacksLookup.showBurnBlock',
    arg: String(BURN.height700000),
  },
  { kind: 'contract', id: CONTRACT.deployed, what: 'Contract', command: 'stacksLookup.lookup', arg: CONTRACT.deployed },
  {
    kind: 'contracts',
    id: CONTRACT.deployed,
    what: 'Contract status',
    command: 'stacksLookup.showContractStatus',
    arg: CONTRACT.deployed,
  },
  { kind: 'mempool', id: '', what: 'Mempool statistics', command: 'stacksLookup.showMempoolStats' },
  { kind: 'status', id: '', what: 'API status', command: 'stacksLookup.showServerStatus' },
];

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function pattern(source: string, url: string, what: string): RegExp {
  return new RegExp(source.replace(/\{url\}/g, esc(url)).replace(/\{What\}/g, esc(what)));
}

/** Text no user should ever see: stack frames, internal error names, unfilled values. */
export const NOT_FOR_USERS =
  /\n\s+at |\bat .*\.js:\d+|TypeError|ReferenceError|\bundefined\b|\[object |Something went wrong/;

describe('Fault matrix', function () {
  this.timeout(90_000);
  let panels: PanelManager;
  let history: History;
  let doc: vscode.TextDocument;
  let restoreSettings: () => Promise<void>;
  let notes: Captured;
  const mocks: MockApi[] = [];
  /** The clock of the rate budgets: a block a 429 sets passes at once unless a test holds it. */
  let clock: AdjustableClock;
  let stopPassing: () => void;

  before(async () => {
    const api = await testApi();
    assert.ok(api.panels && api.history && api.networks, 'activate() returns the panels, history and networks');
    panels = api.panels;
    history = api.history;
    clock = api.probe.clock();
    stopPassing = passClockWaits(clock);
    doc = await openFixture('hover-targets.clar');
    // customApiUrl is in the list so it is put back after the cells moved it from mock to mock.
    restoreSettings = await setSettings({
      network: 'custom',
      requestTimeoutMs: TIMEOUT_MS,
      customApiUrl: vscode.workspace.getConfiguration('stacksLookup').get('customApiUrl'),
    });
  });
  after(async () => {
    stopPassing();
    await restoreSettings();
  });
  beforeEach(() => {
    notes = captureMessages();
  });
  afterEach(async () => {
    notes.restore();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    while (mocks.length) await mocks.pop()!.close();
  });

  /**
   * A fresh mock and a fresh client for one cell: nothing an entry point leaves in the client (a
   * cached answer) reaches the next one. Returns the URL the extension uses and a function that
   * turns the fault on.
   */
  async function cell(row: Row): Promise<{ url: string; mock: MockApi; arm(): Promise<void> }> {
    const c = await idleCell(row);
    await c.use();
    return c;
  }

  /** A cell whose mock is started but not yet the one the extension uses (`use`). */
  async function idleCell(
    row: Row,
  ): Promise<{ url: string; mock: MockApi; arm(): Promise<void>; use(): Promise<void> }> {
    const mock = await startMockApi();
    mocks.push(mock);
    return {
      url: mock.url,
      mock,
      arm: async () => {
        if (row.fault) mock.fault(row.fault);
        row.setup?.(mock);
        if (row.refused) await mock.close(); // the port is free again: connections are refused
      },
      use: () =>
        Promise.resolve(
          vscode.workspace
            .getConfiguration('stacksLookup')
            .update('customApiUrl', mock.url, vscode.ConfigurationTarget.Global),
        ),
    };
  }

  const hoverTx = () => stacksHoverAt(doc, positionOf(doc, TX.tokenTransfer, 10));

  async function checkHover(row: Row, url: string): Promise<void> {
    const { text, markdown } = await hoverTx();
    assert.ok(markdown.length === 1, `one Stacks hover (got ${markdown.length})`);
    if (row.expect === 'works') {
      assert.match(text, /Token transfer|Quantum transfer/i);
      assert.match(text, /Fee: 0\.001234 STX/);
      assert.doesNotMatch(text, /\$\(warning\)/);
    } else {
      const line = text.split('\n').find((l) => l.includes('$(warning)'));
      assert.ok(line, `the hover has a warning line:\n${text}`);
      assert.match(line, pattern(row.expect.short, url, 'Transaction'));
      assert.doesNotMatch(text, NOT_FOR_USERS);
    }
  }

  function checkNotification(
    row: Row,
    failure: Failure,
    url: string,
    e: Entry,
    opened: unknown,
    shown: Shown[] = notes.shown,
  ): void {
    assert.strictEqual(opened, undefined, `${e.command} opened nothing`);
    // Information notes (a route fallback announced once) are not failure reports.
    const reports = shown.filter((s) => s.level !== 'info');
    assert.strictEqual(reports.length, 1, `${e.command}: one failure report, got ${JSON.stringify(notes.shown)}`);
    const n = reports[0]!;
    assert.strictEqual(n.level, failure.level ?? 'error', `${e.command}: ${n.message}`);
    assert.match(n.message, pattern(failure.message, url, e.what), `${e.command} (${row.name}): ${n.message}`);
    assert.doesNotMatch(n.message, NOT_FOR_USERS);
    assert.deepStrictEqual(n.buttons, failure.buttons, `${e.command}: buttons`);
  }

  /** Opens the panel on something none of the entries needs, so no entry comes from the cache. */
  async function openBasePanel(): Promise<void> {
    const base = await vscode.commands.executeCommand('stacksLookup.showAddress', ADDRESS.testnet);
    assert.ok(base, `the panel opened while the mock was healthy: ${JSON.stringify(notes.shown)}`);
  }

  async function navigate(e: Entry): Promise<HostMessage> {
    const rendered = panels.whenRendered();
    await panels.handle({ type: 'open', target: { kind: e.kind, id: e.id, network: 'custom' } });
    return rendered;
  }

  function checkPanel(row: Row, url: string, e: Entry, m: HostMessage): void {
    if (row.expect === 'works') {
      assert.strictEqual(m.type, 'render', `${e.kind}: ${m.type === 'error' ? m.message : m.type}`);
      if (m.type === 'render') assert.strictEqual(m.model.kind, e.kind);
      return;
    }
    assert.strictEqual(m.type, 'error', `${e.kind} panel shows its error state`);
    if (m.type !== 'error') return;
    assert.match(m.message, pattern(row.expect.message, url, e.what), `${e.kind} panel: ${m.message}`);
    assert.doesNotMatch(m.message, NOT_FOR_USERS);
    const wanted = [...new Set(['Retry', ...row.expect.buttons])].filter((b) => b !== 'Show Log');
    assert.deepStrictEqual(
      m.actions.map((a) => a.label),
      [...wanted, 'Back'],
      `${e.kind} panel actions`,
    );
    assert.strictEqual(panelTabs().length, 1, 'the panel stays open');
  }

  for (const row of FAULTS) {
    describe(row.name, () => {
      if (row.timeoutMs) {
        // The limit is what the row tests: 10 MB read on a loaded machine may take over a second.
        let restore: () => Promise<void>;
        before(async () => (restore = await setSettings({ requestTimeoutMs: row.timeoutMs })));
        after(() => restore());
      }
      it('hover', async () => {
        const c = await cell(row);
        await c.arm();
        await checkHover(row, c.url);
      });

      it('every command', async () => {
        if (row.timesOut && row.expect !== 'works') {
          // Each command waits out the timeout: all of them at once against one mock, each with
          // its own report (told apart by the command that led to it).
          const failure = row.expect;
          const c = await cell(row);
          await c.arm();
          const opened = await Promise.all(
            ENTRIES.map((e) =>
              asEntryPoint(e.command, () =>
                vscode.commands.executeCommand(e.command, ...(e.arg === undefined ? [] : [e.arg])),
              ),
            ),
          );
          ENTRIES.forEach((e, i) =>
            checkNotification(
              row,
              failure,
              c.url,
              e,
              opened[i],
              notes.shown.filter((n) => n.from === e.command),
            ),
          );
          assert.deepStrictEqual(
            notes.shown.filter((n) => n.from === undefined),
            [],
            'every notification came from one of the commands',
          );
          return;
        }
        // A lookup that works fills the cache, which could spare the next command the fault: a fresh
        // mock and client for each. Failing lookups leave nothing to reuse, and the block of a 429
        // passes on the moved clock: one mock for all the commands.
        let shared: Awaited<ReturnType<typeof cell>> | undefined;
        for (const e of ENTRIES) {
          notes.shown.length = 0;
          let c = shared;
          if (!c) {
            c = await cell(row);
            await c.arm();
            if (row.expect !== 'works') shared = c;
          }
          const opened = await vscode.commands.executeCommand(e.command, ...(e.arg === undefined ? [] : [e.arg]));
          if (row.expect === 'works') {
            assert.deepStrictEqual(notes.shown, [], `${e.command}`);
            assert.ok(opened, `${e.command} opened its result`);
            assert.strictEqual(panels.current?.model.kind, e.kind);
          } else {
            checkNotification(row, row.expect, c.url, e, opened);
          }
        }
      });

      it('the panel, for every kind', async () => {
        // (Opened while healthy, then the fault; a server that goes away after use may leave a
        // pooled connection that reports a reset rather than a refusal.) One panel for all the
        // kinds, as a user has it: each kind is reached by a link from the place before. The
        // fault is armed before the panel moves to the cell's URL: a panel in its error state
        // loads its place again on a new URL, and that must not fill the new client's cache.
        // As with the commands, only kinds that load fine get a cell each; failing ones share one.
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        let shared: Awaited<ReturnType<typeof idleCell>> | undefined;
        for (const e of ENTRIES) {
          let c = shared;
          if (!c) {
            c = await idleCell(row);
            if (panels.isOpen) {
              await c.arm();
              await c.use();
            } else {
              await c.use();
              await openBasePanel();
              await c.arm();
            }
            if (row.expect !== 'works') shared = c;
          }
          checkPanel(row, c.url, e, await navigate(e));
        }
        assert.deepStrictEqual(notes.shown, [], 'the panel reports in the panel, not in notifications');
      });

      it('then healthy again: the very next lookup succeeds and nothing is lost', async () => {
        const c = await cell(row);
        await openBasePanel();
        const before = history.items.map((t) => `${t.kind}:${t.id}`);
        assert.ok(before.includes(`address:${ADDRESS.testnet}`));
        await c.arm();
        notes.shown.length = 0;
        // The command and the hover at once (a command's lookup would cancel the panel's, so the
        // panel goes after them).
        const [failed] = await Promise.all([
          vscode.commands.executeCommand('stacksLookup.showTransaction', TX.failed),
          stacksHoverAt(doc, positionOf(doc, TX.pending)),
        ]);
        const inPanel = await navigate({ kind: 'block', id: String(BLOCK.height), what: 'Block', command: '' });
        if (row.expect !== 'works') {
          assert.strictEqual(failed, undefined);
          assert.strictEqual(inPanel.type, 'error');
        }

        // Healthy again: the same URL answers normally.
        if (row.refused) mocks.push(await startMockApi({ port: c.mock.port }));
        else c.mock.reset();
        if (row.blocksFor) {
          // The block the last 429 set (at the latest when the panel showed it) holds lookups back
          // for its whole length, on the clock of the rate budget, and not a moment longer.
          stopPassing();
          try {
            const blockEnd = clock.now() + row.blocksFor;
            clock.advance(blockEnd - 2000 - clock.now());
            const held = await stacksHoverAt(doc, positionOf(doc, TX.pending));
            assert.match(held.text, /Rate limited/, `still held back 2 s before the block ends:\n${held.text}`);
            assert.strictEqual(c.mock.requests.length, 0, 'no request while held back');
            clock.advance(blockEnd - clock.now());
            const free = await stacksHoverAt(doc, positionOf(doc, TX.pending));
            assert.match(free.text, /Pending in the mempool/, `free again once the block is over:\n${free.text}`);
          } finally {
            stopPassing = passClockWaits(clock);
          }
        }
        notes.shown.length = 0;
        const retried = panels.whenRendered();
        await panels.handle({ type: 'retry' });
        const r = await retried;
        assert.strictEqual(r.type, 'render', `the panel's Retry works: ${r.type === 'error' ? r.message : ''}`);
        const opened = await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.failed);
        assert.deepStrictEqual(opened, { kind: 'tx', id: TX.failed, network: 'custom' });
        assert.deepStrictEqual(notes.shown, []);
        assert.strictEqual(panels.current?.model.kind, 'tx');
        assert.strictEqual(panelTabs().length, 1, 'one panel, still open');
        const { text } = await stacksHoverAt(doc, positionOf(doc, TX.pending));
        assert.match(text, /Pending in the mempool/);

        const after = history.items.map((t) => `${t.kind}:${t.id}`);
        for (const t of before) assert.ok(after.includes(t), `${t} is still in the recent lookups`);
        assert.strictEqual(after[0], `tx:${TX.failed}`);
      });
    });
  }
});
