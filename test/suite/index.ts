// In-host test entry (extensionTestsPath), same contract as @vscode/test-electron: the extension
// host requires this module and awaits run(); a rejection means failure.
// Runs mocha (bdd) over out/test/suite/**/*.test.js, writes a JSON summary to $HOST_TEST_RESULT and
// the time of the first test to `first-test-time` next to it, prints `N passed, N failed`.

// FIRST: the network guard, before mocha or any test module is loaded.
import { installNetGuard, getNonLoopbackConnections } from './netGuard';
installNetGuard();
// Then the listeners for rejections and exceptions the extension host would only log.
import { hostErrors, installHostErrorListeners, logFlushed } from './hostErrors';
installHostErrorListeners();

import * as fs from 'fs';
import * as path from 'path';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/testApi';
import { noteRunningHook, settleMockSettings } from './editorHelpers';

export interface HostTestResult {
  title: string;
  ok: boolean;
  durationMs?: number | undefined;
  err?: string;
}

export interface HostTestSummary {
  passed: number;
  failed: number;
  pending: number;
  results: HostTestResult[];
  startedAt: number;
  finishedAt: number;
}

function findTests(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...findTests(p));
    else if (e.name.endsWith('.test.js')) out.push(p);
  }
  return out.sort();
}

function writeFileSafe(file: string, text: string): void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  } catch (e) {
    console.error(`[host-tests] cannot write ${file}: ${String(e)}`);
  }
}

/** The extension host's entry: every test of this folder. */
export function run(): Promise<void> {
  return runTestsIn(__dirname);
}

/** Runs mocha over the `*.test.js` files under `dir`, with the checks every in-host run makes. */
export function runTestsIn(dir: string): Promise<void> {
  const startedAt = Date.now();
  const resultFile = process.env.HOST_TEST_RESULT || path.join(__dirname, 'host-test-results.json');
  const firstTestFile = path.join(path.dirname(resultFile), 'first-test-time');
  try {
    fs.rmSync(firstTestFile, { force: true });
  } catch {
    /* ignore */
  }
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    reporter: 'spec',
    timeout: Number(process.env.HOST_TEST_MOCHA_TIMEOUT_MS) || 20000,
    grep: process.env.HOST_TEST_GREP || undefined,
    rootHooks: {
      // Many tests count the requests a mock receives; the status bar's 30 s chain tip poll would
      // add one at a random moment. Its own suite turns it back on.
      beforeAll: async () => {
        await vscode.workspace
          .getConfiguration('stacksLookup')
          .update('statusBar.chainTip', false, vscode.ConfigurationTarget.Global);
      },
      // The settings a mock of the test before left, unless this test's beforeEach sets them again.
      beforeEach: async function (this: Mocha.Context) {
        await settleMockSettings(this.currentTest);
      },
      afterAll: async () => settleMockSettings(undefined),
    },
  });
  for (const f of findTests(dir)) mocha.addFile(f);

  return new Promise<void>((resolve, reject) => {
    const results: HostTestResult[] = [];
    let pending = 0;
    let sawFirst = false;
    let runner: Mocha.Runner;
    const finish = async (): Promise<void> => {
      // Errors VS Code swallowed: rejections, exceptions and [error] log lines of this extension
      // (once the logs on disk hold what was logged during the run).
      const ext = vscode.extensions.getExtension<TestApi | undefined>('stacks-lookup.stacks-lookup');
      if (ext?.isActive && ext.exports)
        await logFlushed(ext.exports).catch((e: unknown) =>
          results.push({ title: 'extension host: the extension log is written to disk', ok: false, err: String(e) }),
        );
      const swallowed = hostErrors(ext?.isActive ? ext.exports?.logUri?.fsPath : undefined);
      if (swallowed.length) {
        results.push({
          title: 'extension host: no unhandled rejection, uncaught exception or error logged by Stacks Lookup',
          ok: false,
          err: swallowed.join('\n\n'),
        });
        console.error(`[host-tests] ${swallowed.length} error(s) swallowed by the extension host`);
      }
      // Final check of the network guard: anything that left loopback fails the run.
      const offenders = getNonLoopbackConnections();
      if (offenders.length) {
        const list = offenders.map(
          (c) =>
            `${c.host}:${c.port ?? ''} via ${c.via}${c.url ? ' ' + c.url : ''} at ${new Date(c.time).toISOString()}\n${c.stack ?? ''}`,
        );
        results.push({
          title: 'network guard: no connection left loopback',
          ok: false,
          err: `non-loopback connections:\n${list.join('\n')}`,
        });
        console.error(`[host-tests] non-loopback connections: ${offenders.map((c) => c.host).join(', ')}`);
      }
      const passed = results.filter((r) => r.ok).length;
      const failed = results.length - passed;
      const summary: HostTestSummary = { passed, failed, pending, results, startedAt, finishedAt: Date.now() };
      writeFileSafe(resultFile, JSON.stringify(summary, null, 2));
      console.log(`${passed} passed, ${failed} failed`);
      if (failed) reject(new Error(`${failed} in-host test(s) failed`));
      else resolve();
    };
    try {
      runner = mocha.run(() => void finish());
    } catch (e) {
      results.push({ title: 'loading the in-host tests', ok: false, err: String((e as Error)?.stack ?? e) });
      void finish();
      return;
    }
    runner.on('test', () => {
      if (!sawFirst) {
        sawFirst = true;
        writeFileSafe(firstTestFile, String(Date.now()));
      }
    });
    runner.on('hook', (h: Mocha.Hook) => noteRunningHook(h));
    runner.on('hook end', () => noteRunningHook(undefined));
    runner.on('pass', (t) => results.push({ title: t.fullTitle(), ok: true, durationMs: t.duration }));
    runner.on('fail', (t, err: unknown) => {
      const e = err as Error | undefined;
      results.push({ title: t.fullTitle(), ok: false, durationMs: t.duration, err: String(e?.stack ?? e) });
    });
    runner.on('pending', () => pending++);
  });
}
