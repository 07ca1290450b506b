// `npm run bench`'s activation in the web worker extension host (bench/webActivation.ts starts it
// through `node test/host/run.js web --bench`). Runs INSIDE the worker, like bench/host-activation.ts
// in the Node host: `runs` times, the web bundle's text compiled and run as the worker's loader
// does (a function of module, exports and require) and activate() called with an
// ExtensionContext-like object, everything it registered disposed after; then, once, the host's
// own ext.activate(). The folder is empty, so no activation event fires before.
import * as vscode from 'vscode';
import { fakeExtensionContext } from '../fakes/context';

export interface WebActivationResult {
  vscodeVersion: string;
  activeAtStart: boolean;
  runs: Array<{ compileMs: number; loadMs: number; activateMs: number; totalMs: number; registered: number }>;
  hostActivateMs: number | null;
  error?: string;
}

type Module = { activate(ctx: vscode.ExtensionContext): unknown; deactivate?(): unknown };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function measureWebActivation(id: string, runs: number): Promise<WebActivationResult> {
  const result: WebActivationResult = {
    vscodeVersion: vscode.version,
    activeAtStart: false,
    runs: [],
    hostActivateMs: null,
  };
  try {
    const ext = vscode.extensions.getExtension(id);
    if (!ext) throw new Error(`${id} is not loaded in this host`);
    result.activeAtStart = ext.isActive;
    if (ext.isActive) throw new Error('the extension was activated before the measurement (an activation event fired)');
    const code = new TextDecoder().decode(
      await vscode.workspace.fs.readFile(vscode.Uri.joinPath(ext.extensionUri, 'dist', 'web', 'extension.js')),
    );
    // The workbench and the hosts are still starting when run() is called: on 2 cores their work
    // used 80 % of a core for several seconds after 3 s (top); by 10 s the page is idle.
    await sleep(10000);
    const storage = vscode.Uri.joinPath(ext.extensionUri, 'bench-storage');
    for (let i = 0; i < runs; i++) {
      await sleep(100);
      const ctx = fakeExtensionContext(ext, {
        extensionPath: ext.extensionUri.path,
        globalStorageUri: storage,
        storageUri: storage,
        logUri: storage,
        asAbsolutePath: (p: string) => vscode.Uri.joinPath(ext.extensionUri, p).path,
      });
      const t0 = performance.now();
      // A comment naming the run: no compile cache serves it, as a fresh worker would load it.
      const load = new Function('module', 'exports', 'require', `${code}\n// activation run ${i}`);
      const tCompiled = performance.now();
      const module = { exports: {} as Module };
      load(module, module.exports, (name: string) => {
        if (name === 'vscode') return vscode;
        throw new Error(`the web bundle asked for the module ${name}`);
      });
      const t1 = performance.now();
      module.exports.activate(ctx);
      const t2 = performance.now();
      result.runs.push({
        loadMs: t1 - t0,
        compileMs: tCompiled - t0,
        activateMs: t2 - t1,
        totalMs: t2 - t0,
        registered: ctx.subscriptions.length,
      });
      await sleep(50);
      await module.exports.deactivate?.();
      for (const d of ctx.subscriptions.splice(0)) d.dispose();
    }
    await sleep(100);
    const t = performance.now();
    await ext.activate();
    result.hostActivateMs = performance.now() - t;
  } catch (e) {
    result.error = e instanceof Error ? e.message : String(e);
  }
  return result;
}
