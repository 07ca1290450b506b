// The web pass's entry (extensionTestsPath) in the web worker extension host: bundled into one
// file by test/host/run.js web (esbuild, platform browser, no Node module), it runs mocha's
// browser build over the web tests and reports the results to test/host/webControl.js.
import 'mocha/mocha.js';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/testApi';
import { measureWebActivation } from './activationBench';
import { measureHoverPart } from './hoverPartBench';
import { report } from './control';

interface Result {
  title: string;
  ok: boolean;
  durationMs?: number;
  err?: string;
}

export async function run(): Promise<void> {
  const benchRuns = vscode.workspace.getConfiguration('stacksLookupTest').get<number>('benchActivationRuns');
  if (benchRuns) {
    // `npm run bench`: the activation measurement instead of the tests.
    const bench = await measureWebActivation('stacks-lookup.stacks-lookup', benchRuns);
    await report('/results', {
      passed: bench.error ? 0 : 1,
      failed: bench.error ? 1 : 0,
      pending: 0,
      results: [],
      bench,
    });
    return;
  }
  const hoverBench = vscode.workspace
    .getConfiguration('stacksLookupTest')
    .get<{ baselineFile: string; baselineMark: string; providerFile: string }>('benchHovers');
  if (hoverBench) return holdForHoverBench(hoverBench);
  return runTests();
}

/**
 * `npm run bench`'s hovers in the web worker host (run.js web --bench-hovers): the launcher drives
 * the workbench while the extension runs here. The rate budget of an API without a key would make
 * the hovers fail fast; the benchmark is to time the extension, so its mock gets a budget to match.
 */
async function holdForHoverBench(o: {
  baselineFile: string;
  baselineMark: string;
  providerFile: string;
}): Promise<void> {
  const ext = vscode.extensions.getExtension<TestApi | undefined>('stacks-lookup.stacks-lookup');
  const api = await ext?.activate();
  api?.probe.raiseRateBudget(1_000_000);
  // A constant hover over a file the extension does not hover in: VS Code's pipeline alone, as
  // bench/host-ux.ts has it in the Node host.
  const baseline = vscode.languages.registerHoverProvider(
    { pattern: `**/${o.baselineFile}` },
    { provideHover: () => new vscode.Hover(new vscode.MarkdownString(`${o.baselineMark} a constant hover`)) },
  );
  await report('/bench-ready', {});
  while (!((await report('/bench-done', {})) as { done: boolean }).done) await new Promise((r) => setTimeout(r, 200));
  baseline.dispose();
  // Then the extension's own part, through the providers, over ids no hover above asked.
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  let hoverPart: unknown;
  try {
    if (!folder) throw new Error('no workspace folder');
    hoverPart = await measureHoverPart(vscode.Uri.joinPath(folder, o.providerFile), 'Custom');
  } catch (e) {
    hoverPart = { error: e instanceof Error ? e.message : String(e) };
  }
  await report('/results', { passed: 1, failed: 0, pending: 0, results: [], hoverPart });
}

function runTests(): Promise<void> {
  const grep = vscode.workspace.getConfiguration('stacksLookupTest').get<string>('grep');
  // No reporter of mocha's own: the HTML one needs a document; the results go to webControl.js.
  class Quiet extends Mocha.reporters.Base {}
  mocha.setup({ ui: 'bdd', timeout: 20000, reporter: Quiet, ...(grep ? { grep } : {}) });
  // The test files, after mocha.setup gave them `describe` and `it`.
  /* eslint-disable @typescript-eslint/no-require-imports */
  require('./activation.test');
  require('./features.test');
  require('./keysAndFaults.test');
  require('./workbench.test');
  require('./drift.test');
  require('./watch.test');
  require('./holdings.test');
  require('./plans.test');
  require('./failure.test');
  require('./simulation.test');
  require('./language.test');
  require('./agent.test');
  require('./sbtc.test');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const startedAt = Date.now();
  return new Promise((resolve, reject) => {
    const results: Result[] = [];
    let pending = 0;
    let first = true;
    const runner = mocha.run(() => {
      const passed = results.filter((r) => r.ok).length;
      const failed = results.length - passed;
      report('/results', { passed, failed, pending, results, startedAt, finishedAt: Date.now() }).then(
        () => (failed ? reject(new Error(`${failed} web test(s) failed`)) : resolve()),
        reject,
      );
    });
    runner.on('test', () => {
      if (first) void report('/first-test', {});
      first = false;
    });
    runner.on('pass', (t) => results.push({ title: t.fullTitle(), ok: true, durationMs: t.duration ?? 0 }));
    runner.on('fail', (t, err: unknown) => {
      const e = err as Error | undefined;
      results.push({ title: t.fullTitle(), ok: false, durationMs: t.duration ?? 0, err: String(e?.stack ?? e) });
    });
    runner.on('pending', () => pending++);
  });
}
