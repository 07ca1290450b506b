/** Helpers shared by the in-host tests: one copy of each. */
import * as assert from 'assert';
import { AsyncLocalStorage } from 'async_hooks';
import * as path from 'path';
import { isDeepStrictEqual } from 'util';
import * as vscode from 'vscode';
import type { AdjustableClock } from '../../src/api/clock';
import type { HostMessage } from '../../src/protocol';
import type { Probe, TestApi } from '../../src/testApi';
import type { PanelManager } from '../../src/ui/panels';
import type { ExplorerTree } from '../../src/ui/tree';
import type { TreeNode } from '../../src/ui/tree/node';
import { MockApi, MockApiOptions, startMockApi } from '../mock-api/server';
import { replaceInWindow } from '../fakes/window';

export const EXTENSION_ID = 'stacks-lookup.stacks-lookup';
export const CLARITY_FIXTURES = path.resolve(__dirname, '../../../test/fixtures/clarity');

/**
 * Activates the extension and returns what it hands to its tests: the in-host run sets
 * extensionTestsPath, so VS Code runs it in ExtensionMode.Test, the one mode in which activate()
 * returns its internals.
 */
export async function testApi(): Promise<TestApi> {
  const ext = vscode.extensions.getExtension<TestApi | undefined>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not installed`);
  const api = await ext.activate();
  assert.ok(api, 'activate() returned nothing: the extension is not running in ExtensionMode.Test');
  return api;
}

/** The test API's probes, from the extension already active (a panel or a suite's hooks activated it). */
function probe(): Probe {
  const api = vscode.extensions.getExtension<TestApi | undefined>(EXTENSION_ID)?.exports;
  assert.ok(api, 'the extension is active and in ExtensionMode.Test');
  return api.probe;
}

/** The HTML document of the detail panel as VS Code holds it ('' when no panel is open). */
export function panelHtml(): string {
  return probe().panelHtml();
}

/** The tabs of the detail panel, in every editor group. */
export function panelTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('stacksLookup.detail'));
}

/** What a user reads of an explorer view item: label, description, tooltip, and what a click does. */
export interface SeenItem {
  label: string;
  description: string;
  tooltip: string;
  contextValue: string;
  command?: string | undefined;
  args: unknown[];
  node: TreeNode;
}

/** The items under `node` of the explorer view, as a user reads them. */
export async function children(tree: ExplorerTree, node: TreeNode): Promise<SeenItem[]> {
  const kids = await tree.getChildren(node);
  return kids.map((k) => {
    const item = tree.getTreeItem(k);
    const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
    const tooltip = typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? '');
    return {
      label,
      description: String(item.description ?? ''),
      tooltip,
      contextValue: item.contextValue ?? '',
      command: item.command?.command,
      args: item.command?.arguments ?? [],
      node: k,
    };
  });
}

const section = () => vscode.workspace.getConfiguration('stacksLookup');

/**
 * Sets `stacksLookup.*` settings at a target and returns a function that puts the previous
 * values back.
 */
export async function setSettings(
  values: Record<string, unknown>,
  target = vscode.ConfigurationTarget.Global,
): Promise<() => Promise<void>> {
  const before: Array<[string, unknown]> = [];
  for (const [key, value] of Object.entries(values)) {
    before.push([key, settingAt(key, target)]);
    await putSetting(key, value, target);
  }
  return async () => {
    for (const [key, value] of before.reverse()) await putSetting(key, value, target);
  };
}

/** The value of a `stacksLookup.*` setting at a target (undefined: not set there). */
function settingAt(key: string, target: vscode.ConfigurationTarget): unknown {
  const i = section().inspect(key);
  return target === vscode.ConfigurationTarget.Global
    ? i?.globalValue
    : target === vscode.ConfigurationTarget.Workspace
      ? i?.workspaceValue
      : i?.workspaceFolderValue;
}

/**
 * Sets a `stacksLookup.*` setting at a target. A write of the value it already has would change
 * nothing but cost a settings file write (a tenth of a second or more): it is skipped.
 */
export async function putSetting(
  key: string,
  value: unknown,
  target = vscode.ConfigurationTarget.Global,
): Promise<void> {
  if (!isDeepStrictEqual(settingAt(key, target), value)) await section().update(key, value, target);
}

/** A mock API that the extension talks to (network `custom`), with the settings restored on close. */
export interface UsedMock {
  mock: MockApi;
  close(): Promise<void>;
}

/**
 * The mocha hook running now (set from the runner's hook events by index.ts; undefined in a test's
 * body, or when nothing sets it): `useMock` reads it to tell a mock of a `beforeEach` apart.
 */
let runningHook: Mocha.Hook | undefined;
export function noteRunningHook(hook: Mocha.Hook | undefined): void {
  runningHook = hook;
}
const inHook = (kind: 'before each' | 'after each'): Mocha.Hook | undefined =>
  runningHook?.title.startsWith(`"${kind}" hook`) ? runningHook : undefined;

/** The test of the `beforeEach`/`afterEach` running now (set by `settleMockSettings`). */
let currentTest: Mocha.Runnable | undefined;
/** HOST_TEST_GREP as mocha reads it (`/re/flags` or a plain pattern). */
const grep = ((g) => {
  if (!g) return undefined;
  const m = /^\/(.*)\/([dgimsuvy]*)$|.*/.exec(g)!;
  return new RegExp(m[1] ?? m[0], m[2]);
})(process.env.HOST_TEST_GREP);

/**
 * True when the test that runs right after `test` is the next one of its own suite, under the
 * `beforeEach` of `suite`: no `before`/`after` hook of a suite runs in between, only that
 * `beforeEach`, which sets the mock's settings again at once.
 */
function nextRunsUnder(test: Mocha.Runnable | undefined, suite: Mocha.Suite): boolean {
  const parent = test?.parent;
  if (!test || !parent) return false;
  const next = parent.tests[parent.tests.indexOf(test as Mocha.Test) + 1];
  if (!next || next.isPending() || (grep && !grep.test(next.fullTitle()))) return false;
  for (let s: Mocha.Suite | undefined = parent; s; s = s.parent) if (s === suite) return true;
  return false;
}

/** Mocks of useMock not closed yet. */
let openMocks = 0;
/**
 * The settings a closed mock of a `beforeEach` left, with what they were before it: put back by
 * the next useMock (which sets most of them again, so each test writes one setting instead of
 * four). Only when the next test is the next of the same suite, under that `beforeEach` (see
 * `nextRunsUnder`); `settleMockSettings` puts them back in any other case.
 */
let lingering: { originals: Map<string, unknown>; suite: Mocha.Suite } | undefined;

async function putBack(originals: Map<string, unknown>): Promise<void> {
  for (const [key, value] of [...originals].reverse()) await putSetting(key, value);
}

/**
 * A root `beforeEach` (index.ts) before `test`, and its `afterAll` without one: puts back the
 * settings a mock left unless `test` is under the `beforeEach` that made it, which sets them
 * again at once. Every test starts from the settings it would have had with restore-on-close.
 */
export async function settleMockSettings(test: Mocha.Runnable | undefined): Promise<void> {
  currentTest = test;
  if (!lingering) return;
  for (let s = test?.parent; s; s = s.parent) if (s === lingering.suite) return;
  const { originals } = lingering;
  lingering = undefined;
  await putBack(originals);
}

export async function useMock(options: MockApiOptions = {}, extra: Record<string, unknown> = {}): Promise<UsedMock> {
  const madeIn = inHook('before each')?.parent;
  const mock = await startMockApi(options);
  const values: Record<string, unknown> = { network: 'custom', customApiUrl: mock.url, ...extra };
  // What the settings were before any mock: those a lingering mock left and this one does not set go back now.
  const originals = new Map<string, unknown>();
  const left = lingering;
  lingering = undefined;
  if (left) {
    const back = new Map([...left.originals].filter(([key]) => !(key in values)));
    await putBack(back);
    for (const [key, value] of left.originals) if (key in values) originals.set(key, value);
  }
  for (const [key, value] of Object.entries(values)) {
    if (!originals.has(key)) originals.set(key, settingAt(key, vscode.ConfigurationTarget.Global));
    await putSetting(key, value);
  }
  openMocks++;
  let closed = false;
  return {
    mock,
    close: async () => {
      if (closed) return;
      closed = true;
      openMocks--;
      // A mock of a beforeEach closed by an afterEach, the only one open: its settings stay until
      // the next useMock or settleMockSettings decides (see `lingering`).
      if (madeIn && inHook('after each') && openMocks === 0 && !lingering && nextRunsUnder(currentTest, madeIn)) {
        await mock.close();
        lingering = { originals, suite: madeIn };
        return;
      }
      await putBack(originals);
      await mock.close();
    },
  };
}

/** A URL on which nothing listens: a server is started and closed to free a port. */
export async function deadUrl(): Promise<string> {
  const m = await startMockApi();
  const url = m.url;
  await m.close();
  return url;
}

export { replaceInWindow };

/** A notification the extension showed, with the titles of its buttons. */
export interface Shown {
  level: 'error' | 'warning' | 'info';
  message: string;
  buttons: string[];
  /** The entry point whose work showed it, when it ran inside `asEntryPoint`. */
  from?: string;
}

/** Which entry point (a command, a hover) the code running now was started by. */
const entryPoints = new AsyncLocalStorage<string>();

/**
 * Runs `f` as the work of the entry point `name`: the notifications it leads to carry `from: name`,
 * so entry points run at the same time can each be checked for their own.
 */
export function asEntryPoint<T>(name: string, f: () => Thenable<T> | Promise<T>): Promise<T> {
  return entryPoints.run(name, () => Promise.resolve(f()));
}

export interface Captured {
  /** Every notification, in the order shown (empty it with `shown.length = 0`). */
  shown: Shown[];
  /** The messages of one level, in order. */
  readonly errors: string[];
  readonly warnings: string[];
  readonly infos: string[];
  /** Every message: the errors, then the warnings, then the information messages. */
  all(): string[];
  restore(): void;
}

/**
 * Records the notifications the extension shows and answers them with no choice, so no
 * notification waits for a click. Restore in `afterEach`.
 */
export function captureMessages(): Captured {
  const shown: Shown[] = [];
  const of = (level: Shown['level']) => shown.filter((s) => s.level === level).map((s) => s.message);
  const recorder =
    (level: Shown['level']) =>
    (message: string, ...rest: unknown[]) => {
      const buttons = rest
        .filter(
          (r): r is string | { title: string } =>
            typeof r === 'string' || (!!r && typeof r === 'object' && 'title' in r),
        )
        .map((r) => (typeof r === 'string' ? r : r.title));
      const from = entryPoints.getStore();
      shown.push({ level, message, buttons, ...(from === undefined ? {} : { from }) });
      return Promise.resolve(undefined);
    };
  const restore = replaceInWindow({
    showErrorMessage: recorder('error'),
    showWarningMessage: recorder('warning'),
    showInformationMessage: recorder('info'),
  });
  return {
    shown,
    get errors() {
      return of('error');
    },
    get warnings() {
      return of('warning');
    },
    get infos() {
      return of('info');
    },
    all: () => [...of('error'), ...of('warning'), ...of('info')],
    restore,
  };
}

/** Replaces `window.showInputBox` with answers given in order (undefined = the user pressed Escape). */
export function stubInputBox(answers: Array<string | undefined>): {
  prompts: vscode.InputBoxOptions[];
  restore(): void;
} {
  const prompts: vscode.InputBoxOptions[] = [];
  const restore = replaceInWindow({
    showInputBox: (options?: vscode.InputBoxOptions) => {
      prompts.push(options ?? {});
      return Promise.resolve(answers.shift());
    },
  });
  return { prompts, restore };
}

export async function openFixture(name: string): Promise<vscode.TextDocument> {
  return vscode.workspace.openTextDocument(vscode.Uri.file(path.join(CLARITY_FIXTURES, name)));
}

/** The position of the `nth` occurrence of `needle` in the document, `offset` characters into it. */
export function positionOf(doc: vscode.TextDocument, needle: string, offset = 3, nth = 0): vscode.Position {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = doc.getText().indexOf(needle, at + 1);
  assert.ok(at >= 0, `"${needle}" is not in ${doc.uri.path}`);
  return doc.positionAt(at + offset);
}

/** Markdown of a hover as a user reads it: backslash escapes removed. */
export function readable(markdown: string): string {
  return markdown.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/** The text of the Stacks Lookup hovers at a position (other providers' hovers left out). */
export async function stacksHoverAt(
  doc: vscode.TextDocument,
  pos: vscode.Position,
): Promise<{ text: string; hovers: vscode.Hover[]; markdown: vscode.MarkdownString[] }> {
  const hovers =
    (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, pos)) ?? [];
  const markdown = hovers
    .flatMap((h) => h.contents)
    .filter((c): c is vscode.MarkdownString => c instanceof vscode.MarkdownString);
  const ours = markdown.filter((m) => /stacksLookup\.|Custom|Mainnet|Testnet|Devnet/.test(m.value));
  return { text: ours.map((m) => readable(m.value)).join('\n---\n'), hovers, markdown: ours };
}

/**
 * Lets every wait on the extension's clock (a rate-limit block, the explorer's refresh interval)
 * pass at once, the clock moving forward by it, until the returned function is called.
 */
export function passClockWaits(clock: AdjustableClock): () => void {
  const timer = setInterval(() => {
    const waits = clock.waits;
    if (waits.length) clock.advance(Math.max(...waits));
  }, 20);
  return () => clearInterval(timer);
}

/** The poll interval of waitFor and waitQuiet, not a wait of its own: tests wait for a condition. */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` is true (polling), or fails with `what`. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(50);
  }
  assert.fail(`timed out waiting for ${what}`);
}

/**
 * Waits until `count` has not changed for `quietMs` (what was already in flight has landed), or
 * fails with `what`; returns the settled count.
 */
export async function waitQuiet(count: () => number, what: string, quietMs = 1000, timeoutMs = 10000): Promise<number> {
  const end = Date.now() + timeoutMs;
  let last = count();
  let since = Date.now();
  while (Date.now() < end) {
    await sleep(50);
    const now = count();
    if (now !== last) [last, since] = [now, Date.now()];
    else if (Date.now() - since >= quietMs) return now;
  }
  assert.fail(`timed out waiting for ${what} to settle`);
}

/**
 * Runs `f` with `vscode.env.openExternal` recording what it is asked to open, and opening nothing
 * (VS Code leaves `env` writable in a test host, so it can be observed).
 */
export async function recordingOpenExternal(f: () => Promise<void>): Promise<string[]> {
  const opened: string[] = [];
  const original = vscode.env.openExternal;
  Object.assign(vscode.env, {
    openExternal: (uri: vscode.Uri) => {
      opened.push(uri.toString(true));
      return Promise.resolve(true);
    },
  });
  try {
    await f();
  } finally {
    Object.assign(vscode.env, { openExternal: original });
  }
  return opened;
}

/** What a suite of the detail panel works with; each is set by the hooks `panelSuite` registers. */
export interface PanelSuite {
  readonly panels: PanelManager;
  readonly used: UsedMock;
  readonly messages: Captured;
}

/**
 * The hooks of a detail-panel suite: the panel manager from the test API; per test, a fresh mock
 * (useMock) and the notifications captured; after each, the captures restored, every editor closed
 * and the mock stopped. Call it inside `describe`.
 */
/**
 * Counts the states (a model or an error) a panel posts to its webview, with what it sends again
 * when the webview says 'ready', and the webview's reports that a state is on screen.
 * `allPainted()` is true once every state posted has been reported painted.
 */
export function paintTracker(): { allPainted(): boolean; restore(): void } {
  const shows = (m: HostMessage) => m.type === 'render' || m.type === 'error';
  let posted = 0;
  let painted = 0;
  const watching = [
    probe().onDidPost((m) => {
      if (shows(m)) posted++;
    }),
    probe().onDidReceive((raw) => {
      const type = raw && typeof raw === 'object' && 'type' in raw ? raw.type : undefined;
      if (type === 'painted') painted++;
    }),
  ];
  return {
    allPainted: () => posted > 0 && painted >= posted,
    restore: () => watching.forEach((w) => w.dispose()),
  };
}

export function panelSuite(): PanelSuite {
  let panels: PanelManager | undefined;
  let used: UsedMock | undefined;
  let messages: Captured | undefined;
  before(async () => {
    const api = await testApi();
    assert.ok(api.panels, 'activate() returns the panels');
    panels = api.panels;
  });
  beforeEach(async () => {
    used = await useMock();
    messages = captureMessages();
  });
  afterEach(async () => {
    messages?.restore();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await used?.close();
  });
  const set = <T>(v: T | undefined, what: string): T => {
    assert.ok(v !== undefined, `${what} is set by panelSuite's hooks`);
    return v;
  };
  return {
    get panels() {
      return set(panels, 'the panel manager');
    },
    get used() {
      return set(used, 'the mock');
    },
    get messages() {
      return set(messages, 'the captured messages');
    },
  };
}

/**
 * Reverts and closes the active editor of `doc`, and waits until the extension host sees the
 * document as saved: the revert reaches it later, and a test after this one must not read the edit.
 */
export async function revertAndClose(doc: vscode.TextDocument): Promise<void> {
  await vscode.window.showTextDocument(doc);
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  await waitFor(() => !doc.isDirty, `${path.basename(doc.uri.path)} reverted`, 15_000);
}
