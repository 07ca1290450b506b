/**
 * Runs INSIDE the real extension host (code-server's, as extensionTestsPath; started by
 * bench/activation.ts) and measures activation of the production bundle:
 *
 * 1. `runs` times: require a fresh copy of dist/extension.js (code loading: read, compile, run
 *    the module's top level) and call activate() with an ExtensionContext-like object (the real
 *    Extension's URIs and mode, in-memory secrets and state), then dispose everything it
 *    registered so the next run can register the same commands again.
 * 2. Once, last: the host's own activation, `ext.activate()`, which loads dist/extension.js and
 *    calls activate() with the real ExtensionContext (host bookkeeping included).
 *
 * The workspace is an empty folder, so no activation event fires before these measurements.
 * Results go to $STACKS_LOOKUP_BENCH_OUT as JSON.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vm from 'vm';
import * as vscode from 'vscode';
import { fakeExtensionContext } from '../test/fakes/context';

const EXTENSION_ID = 'stacks-lookup.stacks-lookup';

export interface HostActivationResult {
  vscodeVersion: string;
  nodeVersion: string;
  activeAtStart: boolean;
  runs: Array<{ requireMs: number; activateMs: number; totalMs: number; registered: number }>;
  /** Reference points in the same host: compiling the bundle's text only (V8 compiles lazily), and requiring a one-line module. */
  compileOnlyMs: number[];
  trivialRequireMs: number[];
  /** `ext.activate()` through the host, once (null when the extension was already active). */
  hostActivateMs: number | null;
  error?: string;
}

function contextFor(ext: vscode.Extension<unknown>, dir: string): vscode.ExtensionContext {
  return fakeExtensionContext(ext, {
    globalStorageUri: vscode.Uri.file(path.join(dir, 'global')),
    storageUri: vscode.Uri.file(path.join(dir, 'workspace')),
    logUri: vscode.Uri.file(path.join(dir, 'log')),
    asAbsolutePath: (p: string) => path.join(ext.extensionPath, p),
  });
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

type Module = { activate(ctx: vscode.ExtensionContext): unknown; deactivate?(): unknown };

export async function run(): Promise<void> {
  const out = process.env.STACKS_LOOKUP_BENCH_OUT;
  const runs = Number(process.env.STACKS_LOOKUP_BENCH_RUNS) || 10;
  const result: HostActivationResult = {
    vscodeVersion: vscode.version,
    nodeVersion: process.version,
    activeAtStart: false,
    runs: [],
    compileOnlyMs: [],
    trivialRequireMs: [],
    hostActivateMs: null,
  };
  try {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    if (!ext) throw new Error(`${EXTENSION_ID} is not loaded in this host`);
    result.activeAtStart = ext.isActive;
    if (ext.isActive) throw new Error('the extension was activated before the measurement (an activation event fired)');
    const bundle = require.resolve(path.join(ext.extensionPath, 'dist', 'extension.js'));
    const code = fs.readFileSync(bundle, 'utf8');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stacks-lookup-activation-'));
    // Copies live inside the extension's folder, so their require('vscode') gets this extension's API.
    const copies = fs.mkdtempSync(path.join(ext.extensionPath, 'out', 'bench', 'activation-'));
    // The workbench and the host are still starting when run() is called; let them settle.
    await sleep(Number(process.env.STACKS_LOOKUP_BENCH_SETTLE_MS) || 3000);
    const trivial = path.join(dir, 'trivial.js');
    fs.writeFileSync(trivial, 'module.exports = 1;\n');
    try {
      for (let i = 0; i < runs; i++) {
        // A byte-identical copy plus a comment naming the run: V8's in-memory compile cache
        // cannot serve it, so every run loads and compiles the bundle as a fresh host would.
        const copy = path.join(copies, `extension-${i}.js`);
        fs.writeFileSync(copy, `${code}\n// activation run ${i}\n`);
        delete require.cache[trivial];
        await sleep(100);
        let t = performance.now();
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- a reference require
        require(trivial);
        result.trivialRequireMs.push(performance.now() - t);
        t = performance.now();
        new vm.Script(`${code}\n// compile only ${i}\n`, { filename: 'compile-only.js' });
        result.compileOnlyMs.push(performance.now() - t);

        await sleep(100);
        const ctx = contextFor(ext, dir);
        const t0 = performance.now();
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- the point: a fresh require of the bundle
        const mod = require(copy) as Module;
        const t1 = performance.now();
        mod.activate(ctx);
        const t2 = performance.now();
        result.runs.push({
          requireMs: t1 - t0,
          activateMs: t2 - t1,
          totalMs: t2 - t0,
          registered: ctx.subscriptions.length,
        });
        // Let the activation's own async work (context keys) finish, then undo everything.
        await sleep(50);
        await mod.deactivate?.();
        for (const d of ctx.subscriptions.splice(0)) d.dispose();
        delete require.cache[copy];
      }
    } finally {
      fs.rmSync(copies, { recursive: true, force: true });
    }
    fs.rmSync(dir, { recursive: true, force: true });
    delete require.cache[bundle];
    await sleep(100);
    const t = performance.now();
    await ext.activate();
    result.hostActivateMs = performance.now() - t;
    await sleep(500);
  } catch (e) {
    result.error = e instanceof Error ? e.message : String(e);
  }
  if (out) fs.writeFileSync(out, JSON.stringify(result, null, 2));
  if (result.error) throw new Error(result.error);
}
