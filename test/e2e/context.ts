// The object test/host/run.js passes to every e2e spec's run(ctx). Types only.
import type { Page, FrameLocator, Locator } from 'playwright-core';
import type { MockApi } from '../mock-api/server';

export interface E2EHelpers {
  waitForWorkbench(page: Page, timeoutMs?: number): Promise<void>;
  /** Opens the command palette and waits for a row with `title` (retries); leaves the palette open. */
  findCommand(page: Page, title: string, opts?: { attempts?: number; rowTimeoutMs?: number }): Promise<Locator>;
  /** Runs a command by its palette title (retries while the extension is still registering). */
  runCommand(page: Page, title: string, opts?: { attempts?: number; rowTimeoutMs?: number }): Promise<void>;
  /** Closes the primary side bar when it is open. */
  closeSideBar(page: Page): Promise<void>;
  /** Content frame of the active webview panel. */
  webviewFrame(page: Page): FrameLocator;
  /** Saves outDir/name.png and returns its path. */
  screenshot(page: Page, name: string, outDir?: string): Promise<string>;
  /** Opens a workspace file through Quick Open. */
  openFile(page: Page, name: string): Promise<void>;
  /** Text of the visible hover that contains `text`. */
  hoverText(page: Page, text: string, timeoutMs?: number): Promise<string>;
  workbenchUrl(baseUrl: string, folder?: string, payload?: [string, string][]): string;
}

export interface E2EContext {
  /** A fresh page with the workbench loaded on the fixture workspace and the VSIX installed. */
  page: Page;
  /** The mock API the extension talks to (reset before every spec). */
  mock: MockApi;
  /** code-server's base URL (http://127.0.0.1:PORT). */
  baseUrl: string;
  /** Absolute path of this run's copy of test/fixtures/workspace. */
  workspace: string;
  /** Where screenshots go: test-results/e2e. */
  outDir: string;
  helpers: E2EHelpers;
  /**
   * Merges settings into the workspace copy's .vscode/settings.json (removed before every spec) and
   * resolves once the workbench applied them and, for `stacksLookup.network`, once the extension
   * shows that network in the status bar. Throws after 20 s.
   */
  settings(obj: Record<string, unknown>): Promise<void>;
  log(message: string): void;
}
