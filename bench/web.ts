/**
 * The web extension (package.json `browser`, dist/web/extension.js): its size and what fills it
 * (esbuild's metafile, written by esbuild.js beside the bundle), and activation in the web worker
 * extension host, measured inside the worker by test/web/activationBench.ts through
 * `node test/host/run.js web --bench N`; and the hovers there, from the mouse to the content on
 * screen, as bench/ux.ts times them on the desktop (`node test/host/run.js web --bench-hovers N`).
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { WebActivationResult } from '../test/web/activationBench';
import type { HoverPartResult } from '../test/web/hoverPartBench';
import type { HoverLatency } from './ux';
import { hostMissing } from './hostSession';
import { median, REPO } from './util';
import { packedIn, unpack } from '../src/bundles/half';

/** The Node modules the Node side of the half's host variants requires (esbuild.js `NODE_MODULES`). */
const NODE_SIDE_MODULES = new Set(['child_process', 'fs', 'http', 'https', 'net', 'os', 'path', 'zlib']);

export interface WebBundleResult {
  bytes: number;
  byPackage: Array<{ name: string; bytes: number }>;
  topFiles: Array<{ name: string; bytes: number }>;
  /** `require("x")` calls left in the bundle other than `vscode`: none may be (no Node module). */
  foreignRequires: string[];
  /** The half (src/bundles/half.ts): its bundle's size, and the packed string's. */
  lazyBytes: number;
  lazyPackedBytes: number;
}

function owner(input: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (m) return m[1]!;
  const parts = input.split('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : parts[0]!;
}

export function measureWebBundle(): WebBundleResult {
  const file = path.join(REPO, 'dist', 'web', 'extension.js');
  const meta = JSON.parse(fs.readFileSync(path.join(REPO, 'dist', 'web', 'meta.json'), 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
    lazy?: { bytes: number; packedBytes?: number };
  };
  const out = meta.outputs['dist/web/extension.js'];
  if (!out) throw new Error('dist/web/meta.json has no dist/web/extension.js');
  const inputs = Object.entries(out.inputs).map(([name, i]) => ({ name, bytes: i.bytesInOutput }));
  const pkgs = new Map<string, number>();
  for (const i of inputs) pkgs.set(owner(i.name), (pkgs.get(owner(i.name)) ?? 0) + i.bytes);
  const text = fs.readFileSync(file, 'utf8');
  // The calls in the code, and in the half (its packed string, unpacked). The half holds the Node
  // side of each host variant too, which the web worker never runs (esbuild.js refuses a Node
  // module anywhere else in it): those are not foreign.
  const lazyText = meta.lazy?.packedBytes ? unpack(packedIn(text)) : '';
  const outer = [...text.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]!);
  const inner = [...lazyText.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]!);
  const foreignRequires = [
    ...new Set([
      ...outer.filter((m) => m !== 'vscode'),
      ...inner.filter((m) => m !== 'vscode' && m !== 'stacks-lookup:host' && !NODE_SIDE_MODULES.has(m)),
    ]),
  ];
  return {
    bytes: fs.statSync(file).size,
    byPackage: [...pkgs].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes),
    topFiles: inputs.sort((a, b) => b.bytes - a.bytes).slice(0, 12),
    foreignRequires,
    lazyBytes: meta.lazy?.bytes ?? 0,
    lazyPackedBytes: meta.lazy?.packedBytes ?? 0,
  };
}

export interface WebActivationSummary {
  runs: number;
  medianMs: number;
  medianLoadMs: number;
  /** Of the load, compiling the file alone (the function the host builds from its text). */
  medianCompileMs: number;
  medianActivateMs: number;
  hostActivateMs: number | null;
  vscodeVersion: string;
}

/** `node test/host/run.js web <args>`, and the JSON it wrote to $STACKS_LOOKUP_BENCH_OUT. */
async function webHostRun<T>(
  args: string[],
  log: (m: string) => void,
): Promise<{ result: T; code: number } | { notMeasured: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stacks-lookup-bench-web-'));
  const outFile = path.join(dir, 'web-result.json');
  try {
    const code = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['test/host/run.js', 'web', ...args], {
        cwd: REPO,
        env: { ...process.env, STACKS_LOOKUP_BENCH_OUT: outFile, HOST_TEST_TIMEOUT_MS: '180000' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (c: Buffer) => log(`  ${c.toString().trimEnd()}`));
      child.stderr.on('data', (c: Buffer) => log(`  ${c.toString().trimEnd()}`));
      child.on('close', (c) => resolve(c ?? 1));
    });
    if (!fs.existsSync(outFile)) return { notMeasured: `the web worker host wrote no result (exit ${code})` };
    return { result: JSON.parse(fs.readFileSync(outFile, 'utf8')) as T, code };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureWebActivation(opts: {
  runs: number;
  log: (m: string) => void;
}): Promise<WebActivationSummary | { notMeasured: string }> {
  const missing = hostMissing();
  if (missing) return { notMeasured: missing };
  const run = await webHostRun<WebActivationResult>(['--bench', String(opts.runs)], opts.log);
  if ('notMeasured' in run) return run;
  const r = run.result;
  if (r.error) return { notMeasured: r.error };
  return {
    runs: r.runs.length,
    medianMs: median(r.runs.map((x) => x.totalMs)),
    medianLoadMs: median(r.runs.map((x) => x.loadMs)),
    medianCompileMs: median(r.runs.map((x) => x.compileMs)),
    medianActivateMs: median(r.runs.map((x) => x.activateMs)),
    hostActivateMs: r.hostActivateMs,
    vscodeVersion: r.vscodeVersion,
  };
}

export interface WebHoverResult {
  /** The benchmark's constant hover in the same workbench: VS Code's own part. */
  baseline: HoverLatency | undefined;
  mockRoundTripMs: number;
  hoverDelayMs: number;
  hovers: HoverLatency[];
  /** The extension's own part, through the providers in the worker (test/web/hoverPartBench.ts). */
  hoverPart?: HoverPartResult[] | { error: string };
}

/** The first hovers (cold) and the same again (warm) over `hovers` ids of each kind, in the web worker host. */
export async function measureWebHovers(opts: {
  hovers: number;
  log: (m: string) => void;
}): Promise<WebHoverResult | { notMeasured: string }> {
  const missing = hostMissing();
  if (missing) return { notMeasured: missing };
  const run = await webHostRun<WebHoverResult | { error: string }>(['--bench-hovers', String(opts.hovers)], opts.log);
  if ('notMeasured' in run) return run;
  return 'error' in run.result ? { notMeasured: run.result.error } : run.result;
}
