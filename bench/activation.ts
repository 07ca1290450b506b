/**
 * Measure 2: activation inside the real extension host. Starts the mock API, code-server (the
 * launcher's helpers in test/host/) and headless Chromium, opens an EMPTY folder with the
 * extension under development and bench/host-activation.ts as the extension tests module, and
 * reads the JSON it writes. Requests during activation = what the mock received meanwhile
 * (the workbench is pointed at it with stacksLookup.network=custom).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { startMockApi } from '../test/mock-api/server';
import type { HostActivationResult } from './host-activation';
import { REPO, median } from './util';

export interface ActivationResult {
  vscodeVersion: string;
  runs: number;
  medianMs: number;
  medianRequireMs: number;
  medianActivateMs: number;
  minMs: number;
  maxMs: number;
  hostActivateMs: number | null;
  /** In the same host: compiling the bundle's text only (vm.Script), and requiring a one-line module. */
  medianCompileOnlyMs: number;
  medianTrivialRequireMs: number;
  requestsDuringActivation: number;
  raw: HostActivationResult;
}

/* eslint-disable @typescript-eslint/no-require-imports -- the launcher's helpers are plain CommonJS */
interface Page {
  exposeFunction(name: string, fn: (...args: never[]) => unknown): Promise<void>;
  goto(url: string): Promise<unknown>;
}

export async function measureActivation(opts: {
  runs: number;
  log: (m: string) => void;
}): Promise<ActivationResult | { notMeasured: string }> {
  const hostDir = path.join(REPO, 'test', 'host');
  if (!fs.existsSync(path.join(hostDir, 'codeServer.js')))
    return { notMeasured: 'the in-host launcher (test/host/) is missing' };
  const setup = require(path.join(hostDir, 'setup.js')) as { ensureAll(): unknown; check(): string[] };
  const missing = setup.check();
  if (missing.length)
    return { notMeasured: `the in-host setup is incomplete (${missing.join('; ')}); run \`node test/host/setup.js\`` };
  const { startCodeServer } = require(path.join(hostDir, 'codeServer.js')) as {
    startCodeServer(o: {
      runDir: string;
      settings: Record<string, unknown>;
      log?: (m: string) => void;
    }): Promise<{ url: string; stop(): Promise<void> }>;
  };
  const browser = require(path.join(hostDir, 'browser.js')) as {
    launchBrowser(o: { tmpDir: string }): Promise<{ page: Page; close(): Promise<void> }>;
    workbenchUrl(base: string, folder: string, payload: Array<[string, string]>): string;
  };

  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stacks-lookup-bench-host-'));
  const workspace = path.join(runDir, 'empty-workspace');
  fs.mkdirSync(workspace);
  const outFile = path.join(runDir, 'activation.json');
  const mock = await startMockApi();
  const stops: Array<() => Promise<void>> = [async () => mock.close()];
  try {
    const cs = await startCodeServer({
      runDir,
      settings: { 'stacksLookup.network': 'custom', 'stacksLookup.customApiUrl': mock.url },
    });
    stops.push(() => cs.stop());
    const b = await browser.launchBrowser({ tmpDir: runDir });
    stops.push(() => b.close());
    let exit: (code: number) => void = () => undefined;
    const exited = new Promise<number>((resolve) => (exit = resolve));
    await b.page.exposeFunction('codeAutomationLog', () => undefined);
    await b.page.exposeFunction('codeAutomationExit', (code: number) => exit(code));
    const remote = (p: string): string => `vscode-remote://remote${p}`;
    const payload: Array<[string, string]> = [
      ['extensionDevelopmentPath', remote(REPO)],
      ['extensionTestsPath', remote(path.join(REPO, 'out', 'bench', 'host-activation.js'))],
      [
        'extensionEnvironment',
        JSON.stringify({ STACKS_LOOKUP_BENCH_OUT: outFile, STACKS_LOOKUP_BENCH_RUNS: String(opts.runs) }),
      ],
      ['skipWelcome', 'true'],
    ];
    const started = Date.now();
    await b.page.goto(browser.workbenchUrl(cs.url, workspace, payload));
    let timer: NodeJS.Timeout | undefined;
    const code = await Promise.race([
      exited,
      new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), 120_000))),
    ]);
    clearTimeout(timer);
    opts.log(`extension host finished (${code}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (!fs.existsSync(outFile))
      return {
        notMeasured:
          code === 'timeout'
            ? 'the extension host did not finish within 120 s'
            : `the extension host wrote no result (exit ${code})`,
      };
    const r = JSON.parse(fs.readFileSync(outFile, 'utf8')) as HostActivationResult;
    if (r.error) return { notMeasured: `in the host: ${r.error}` };
    const totals = r.runs.map((x) => x.totalMs);
    return {
      vscodeVersion: r.vscodeVersion,
      runs: r.runs.length,
      medianMs: median(totals),
      medianRequireMs: median(r.runs.map((x) => x.requireMs)),
      medianActivateMs: median(r.runs.map((x) => x.activateMs)),
      minMs: Math.min(...totals),
      maxMs: Math.max(...totals),
      hostActivateMs: r.hostActivateMs,
      medianCompileOnlyMs: median(r.compileOnlyMs),
      medianTrivialRequireMs: median(r.trivialRequireMs),
      requestsDuringActivation: mock.requests.length,
      raw: r,
    };
  } catch (e) {
    return { notMeasured: `the extension host could not be started: ${(e as Error).message.split('\n')[0]}` };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    fs.rmSync(runDir, { recursive: true, force: true });
  }
}
