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
import { hostMissing, runHostSession } from './hostSession';
import { median } from './util';

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

export async function measureActivation(opts: {
  runs: number;
  log: (m: string) => void;
}): Promise<ActivationResult | { notMeasured: string }> {
  const missing = hostMissing();
  if (missing) return { notMeasured: missing };
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stacks-lookup-bench-host-'));
  const workspace = path.join(runDir, 'empty-workspace');
  fs.mkdirSync(workspace);
  const outFile = path.join(runDir, 'activation.json');
  const mock = await startMockApi();
  try {
    const code = await runHostSession({
      runDir,
      workspace,
      testsModule: 'host-activation.js',
      env: { STACKS_LOOKUP_BENCH_OUT: outFile, STACKS_LOOKUP_BENCH_RUNS: String(opts.runs) },
      settings: { 'stacksLookup.network': 'custom', 'stacksLookup.customApiUrl': mock.url },
      timeoutMs: 120_000,
      log: opts.log,
    });
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
    await mock.close();
    fs.rmSync(runDir, { recursive: true, force: true });
  }
}
