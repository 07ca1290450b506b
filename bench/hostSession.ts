/**
 * One session of the real extension host for a measure: code-server (the launcher's helpers in
 * test/host/) with the extension under development, headless Chromium on the workbench, and a
 * module of this folder as the extension tests module (`extensionTestsPath`), which measures
 * inside the host and writes its results to a file. `withPage` may drive the workbench meanwhile.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { Page } from 'playwright-core';
import { REPO } from './util';

/* eslint-disable @typescript-eslint/no-require-imports -- the launcher's helpers are plain CommonJS */
type Setup = { check(): string[] };
type CodeServer = { url: string; stop(): Promise<void> };
type Browser = {
  launchBrowser(o: { tmpDir: string }): Promise<{ page: Page; close(): Promise<void> }>;
  workbenchUrl(base: string, folder: string, payload: Array<[string, string]>): string;
};

const HOST_DIR = path.join(REPO, 'test', 'host');

/** Why the host cannot be started here, or undefined when it can. */
export function hostMissing(): string | undefined {
  if (!fs.existsSync(path.join(HOST_DIR, 'codeServer.js'))) return 'the in-host launcher (test/host/) is missing';
  const missing = (require(path.join(HOST_DIR, 'setup.js')) as Setup).check();
  return missing.length
    ? `the in-host setup is incomplete (${missing.join('; ')}); run \`node test/host/setup.js\``
    : undefined;
}

export interface HostSession {
  runDir: string;
  /** The folder the workbench opens. */
  workspace: string;
  /** Compiled module under out/bench/ that exports `run()`. */
  testsModule: string;
  /** Environment of the extension host. */
  env: Record<string, string>;
  /** User settings. */
  settings: Record<string, unknown>;
  timeoutMs: number;
  log: (m: string) => void;
  /** Drives the workbench while the host module runs. */
  withPage?: (page: Page) => Promise<void>;
}

/** Runs the session; resolves with the host's exit code, or 'timeout'. */
export async function runHostSession(s: HostSession): Promise<number | 'timeout'> {
  const { startCodeServer } = require(path.join(HOST_DIR, 'codeServer.js')) as {
    startCodeServer(o: { runDir: string; settings: Record<string, unknown> }): Promise<CodeServer>;
  };
  const browser = require(path.join(HOST_DIR, 'browser.js')) as Browser;
  const stops: Array<() => Promise<void>> = [];
  try {
    const cs = await startCodeServer({ runDir: s.runDir, settings: s.settings });
    stops.push(() => cs.stop());
    const b = await browser.launchBrowser({ tmpDir: s.runDir });
    stops.push(() => b.close());
    let exit: (code: number) => void = () => undefined;
    const exited = new Promise<number>((resolve) => (exit = resolve));
    await b.page.exposeFunction('codeAutomationLog', () => undefined);
    await b.page.exposeFunction('codeAutomationExit', (code: number) => exit(code));
    const remote = (p: string): string => `vscode-remote://remote${p}`;
    const payload: Array<[string, string]> = [
      ['extensionDevelopmentPath', remote(REPO)],
      ['extensionTestsPath', remote(path.join(REPO, 'out', 'bench', s.testsModule))],
      ['extensionEnvironment', JSON.stringify(s.env)],
      ['skipWelcome', 'true'],
    ];
    const started = Date.now();
    await b.page.goto(browser.workbenchUrl(cs.url, s.workspace, payload));
    const driving = s.withPage?.(b.page);
    let timer: NodeJS.Timeout | undefined;
    const code = await Promise.race([
      exited,
      new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), s.timeoutMs))),
    ]);
    clearTimeout(timer);
    await driving;
    s.log(`extension host finished (${code}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return code;
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  }
}
