/** Helpers shared by the in-host tests of hovers, commands and networks. */
import * as assert from 'assert';
import * as path from 'path';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/testApi';
import type { PanelManager } from '../../src/ui/panels';
import { MockApi, MockApiOptions, startMockApi } from '../mock-api/server';

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

/** The HTML document of the detail panel as VS Code holds it ('' when no panel is open). */
export function panelHtml(panels: PanelManager): string {
  return panels['panel']?.webview.html ?? '';
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
    const i = section().inspect(key);
    before.push([
      key,
      target === vscode.ConfigurationTarget.Global
        ? i?.globalValue
        : target === vscode.ConfigurationTarget.Workspace
          ? i?.workspaceValue
          : i?.workspaceFolderValue,
    ]);
    await section().update(key, value, target);
  }
  return async () => {
    for (const [key, value] of before.reverse()) await section().update(key, value, target);
  };
}

/** A mock API that the extension talks to (network `custom`), with the settings restored on close. */
export interface UsedMock {
  mock: MockApi;
  close(): Promise<void>;
}

export async function useMock(options: MockApiOptions = {}, extra: Record<string, unknown> = {}): Promise<UsedMock> {
  const mock = await startMockApi(options);
  const restore = await setSettings({ network: 'custom', customApiUrl: mock.url, ...extra });
  return {
    mock,
    close: async () => {
      await restore();
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

export interface Captured {
  errors: string[];
  warnings: string[];
  infos: string[];
  all(): string[];
  restore(): void;
}

/**
 * Records the messages the extension shows and answers them with no choice, so no notification
 * waits for a click. Restore in `afterEach`.
 */
export function captureMessages(): Captured {
  const w = vscode.window as unknown as Record<string, unknown>;
  const original = {
    showErrorMessage: w.showErrorMessage,
    showWarningMessage: w.showWarningMessage,
    showInformationMessage: w.showInformationMessage,
  };
  const c: Captured = {
    errors: [],
    warnings: [],
    infos: [],
    all: () => [...c.errors, ...c.warnings, ...c.infos],
    restore: () => Object.assign(w, original),
  };
  const recorder = (list: string[]) => (message: string) => {
    list.push(message);
    return Promise.resolve(undefined);
  };
  w.showErrorMessage = recorder(c.errors);
  w.showWarningMessage = recorder(c.warnings);
  w.showInformationMessage = recorder(c.infos);
  return c;
}

/** Replaces `window.showInputBox` with answers given in order (undefined = the user pressed Escape). */
export function stubInputBox(answers: Array<string | undefined>): {
  prompts: vscode.InputBoxOptions[];
  restore(): void;
} {
  const w = vscode.window as unknown as Record<string, unknown>;
  const original = w.showInputBox;
  const prompts: vscode.InputBoxOptions[] = [];
  w.showInputBox = (options: vscode.InputBoxOptions) => {
    prompts.push(options ?? {});
    return Promise.resolve(answers.shift());
  };
  return { prompts, restore: () => void (w.showInputBox = original) };
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

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` is true (polling), or fails with `what`. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(50);
  }
  assert.fail(`timed out waiting for ${what}`);
}
