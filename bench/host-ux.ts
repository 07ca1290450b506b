/**
 * Runs INSIDE the real extension host (as extensionTestsPath; started by bench/ux.ts) with the
 * extension under development pointed at the mock API, and measures what a user feels:
 *
 * 1. The heap right after activation (after a full GC), the baseline of the memory measure.
 * 2. A pause while bench/ux.ts drives the workbench for the hover latency (signal files).
 * 3. Panel first paint, for every panel kind: from the command to the webview's word that the
 *    model is on screen (`painted`), cold (first request) and warm (the same target again, the data
 *    already cached: the time after the data arrived), and the webview's own part. The panel is
 *    open already (made once before), as it is for every lookup but a window's first.
 * 4. Memory: hovers over 1,000 distinct addresses plus 100 panel navigations, then 1,000 more
 *    addresses; the heap after a full GC at each point.
 *
 * Results go to $STACKS_LOOKUP_BENCH_OUT as JSON.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as v8 from 'v8';
import * as vm from 'vm';
import * as vscode from 'vscode';
import type { TestApi } from '../src/testApi';
import { busyTxId } from '../test/fixtures/ids';
import { BASELINE_FILE, BASELINE_MARK } from './util';

const EXTENSION_ID = 'stacks-lookup.stacks-lookup';

export interface PanelPaint {
  kind: string;
  /** Command to painted, first time (the request included). */
  coldMs: number;
  /** Command to painted with the data cached: what the extension and the webview add. */
  warmMs: number[];
  /** Posted to painted: the webview's part of the warm runs. */
  webviewMs: number[];
}

export interface HostUxResult {
  vscodeVersion: string;
  panels: PanelPaint[];
  heapMB: { afterActivation: number; after1000: number; after2000: number };
  lookups: { first: number; second: number; navigations: number; failed: number };
  error?: string;
}

/** What the host module is told: the panel targets and the addresses to look up. */
export interface HostUxPlan {
  /** Panel kinds with the command and argument that opens each. */
  panels: Array<{ kind: string; command: string; arg?: string }>;
  /** A document of the workspace with one address per line, 2,000 lines at least. */
  lookupsFile: string;
  lookups: number;
  navigations: number;
  warmRuns: number;
  signalDir: string;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function heapMB(): number {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed / (1024 * 1024);
}

async function waitForFile(file: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!fs.existsSync(file)) {
    if (Date.now() > end) throw new Error(`${path.basename(file)} did not appear within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

export async function run(): Promise<void> {
  const out = process.env.STACKS_LOOKUP_BENCH_OUT!;
  const plan = JSON.parse(process.env.STACKS_LOOKUP_BENCH_PLAN!) as HostUxPlan;
  const result: HostUxResult = {
    vscodeVersion: vscode.version,
    panels: [],
    heapMB: { afterActivation: NaN, after1000: NaN, after2000: NaN },
    lookups: { first: 0, second: 0, navigations: 0, failed: 0 },
  };
  try {
    const ext = vscode.extensions.getExtension<TestApi>(EXTENSION_ID);
    if (!ext) throw new Error(`${EXTENSION_ID} is not loaded in this host`);
    const api = await ext.activate();
    await sleep(2000); // the workbench is still starting
    result.heapMB.afterActivation = heapMB();
    // The budget of an API without a key (50 a minute) would make later measures wait for it or
    // fail fast: they are to time the extension, so the benchmark's mock gets a budget to match.
    api.probe.raiseRateBudget(1_000_000);

    // The baseline of the hovers: a constant hover from a provider of the bench's own, in a file
    // the extension does not hover in. Its time is VS Code's pipeline alone, with no request.
    const baseline = vscode.languages.registerHoverProvider(
      { pattern: `**/${BASELINE_FILE}` },
      { provideHover: () => new vscode.Hover(new vscode.MarkdownString(`${BASELINE_MARK} a constant hover`)) },
    );
    // The workbench is the bench's for the hovers; then the host takes over.
    fs.writeFileSync(path.join(plan.signalDir, 'host-ready'), '');
    await waitForFile(path.join(plan.signalDir, 'page-done'), 600_000);
    baseline.dispose();

    const panels = api.panels!;
    // The panel itself is made once, before the measures: a new webview renders its first state
    // twice (once posted, once more on 'ready'), which would shift the paints by one.
    await vscode.commands.executeCommand('stacksLookup.showServerStatus');
    await sleep(1500);
    for (const p of plan.panels) {
      const args = p.arg === undefined ? [] : [p.arg];
      let painted = panels.whenPainted();
      let t = performance.now();
      await vscode.commands.executeCommand(p.command, ...args);
      const cold = (await painted).paintedAt - t;
      const entry: PanelPaint = { kind: p.kind, coldMs: cold, warmMs: [], webviewMs: [] };
      for (let i = 0; i < plan.warmRuns; i++) {
        painted = panels.whenPainted();
        t = performance.now();
        await vscode.commands.executeCommand(p.command, ...args);
        const w = await painted;
        entry.warmMs.push(w.paintedAt - t);
        entry.webviewMs.push(w.paintedAt - w.postedAt);
      }
      result.panels.push(entry);
    }

    // Memory: distinct lookups through the hover, and navigations inside the panel.
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(plan.lookupsFile));
    const hoverLine = async (line: number): Promise<void> => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        doc.uri,
        new vscode.Position(line, 3),
      );
      const text = (hovers ?? []).flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)));
      if (!text.some((s) => /Balance/.test(s))) result.lookups.failed++;
    };
    for (let i = 0; i < plan.lookups; i++, result.lookups.first++) await hoverLine(i);
    for (let i = 0; i < plan.navigations; i++, result.lookups.navigations++) {
      const rendered = panels.whenRendered();
      await panels.handle({ type: 'open', target: { kind: 'tx', id: busyTxId(i % 200), network: 'custom' } });
      await rendered;
    }
    result.heapMB.after1000 = heapMB();
    for (let i = plan.lookups; i < 2 * plan.lookups; i++, result.lookups.second++) await hoverLine(i);
    result.heapMB.after2000 = heapMB();
  } catch (e) {
    result.error = e instanceof Error ? (e.stack ?? e.message) : String(e);
  }
  fs.writeFileSync(out, JSON.stringify(result, null, 2));
  if (result.error) throw new Error(result.error);
}
