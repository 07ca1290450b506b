/**
 * What a user feels, in the real host against the mock API: hover latency from the mouse to the
 * content on screen (driven in the workbench with Playwright), panel first paint for every kind,
 * and the extension host's heap over thousands of lookups (measured inside the host by
 * bench/host-ux.ts). The mock's own round trip is measured beside them, from this process.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { c32address } from 'c32check';
import type { Page } from 'playwright-core';
import { ADDRESS, BLOCK, CONTRACT, TX, busyTxId, mockHash } from '../test/fixtures/ids';
import { pointOf } from '../test/e2e/editor';
import { startMockApi } from '../test/mock-api/server';
import type { HostUxPlan, HostUxResult } from './host-ux';
import { hostMissing, runHostSession } from './hostSession';
import { BASELINE_FILE, BASELINE_MARK, median } from './util';

export interface HoverLatency {
  kind: string;
  coldMs: number[];
  warmMs: number[];
}

export interface UxResult {
  mockRoundTripMs: number;
  hoverDelayMs: number;
  hovers: HoverLatency[];
  /** The same measure over a constant hover from another provider: VS Code's own part. */
  baseline: HoverLatency | undefined;
  host: HostUxResult;
}

export const percentile = (xs: readonly number[], p: number): number => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/** Distinct valid mainnet addresses the mock answers with a zero balance. */
function addresses(n: number, salt: string): string[] {
  return Array.from({ length: n }, (_, i) => c32address(22, mockHash(`${salt}:${i}`).slice(2, 42)));
}

export const HOVER_DELAY_MS = 0;

/**
 * hovers.clar in `workspace`: `n` distinct transactions, addresses and contracts the mock answers,
 * one a line; the kinds and their ids for `measureHovers`. The web worker host's measure
 * (`node test/host/run.js web --bench-hovers N`) hovers over the same file.
 */
export function writeHoverFile(workspace: string, n: number): Array<{ kind: string; ids: string[] }> {
  const kinds = [
    { kind: 'transaction', ids: Array.from({ length: n }, (_, i) => busyTxId(i)) },
    { kind: 'address', ids: addresses(n, 'hover') },
    { kind: 'contract', ids: Array.from({ length: n }, (_, i) => `${ADDRESS.busy}.bench-contract-${i}`) },
  ];
  fs.writeFileSync(
    path.join(workspace, 'hovers.clar'),
    kinds.flatMap((k) => k.ids.map((id) => `;; ${id}`)).join('\n') + '\n',
  );
  return kinds;
}

/**
 * PROVIDER_HOVER_FILE in `workspace`: `n` more distinct ids of each kind, none of `writeHoverFile`'s,
 * a line each as `;; <kind> <id>`, for the extension's own part of a hover measured in the web
 * worker (test/web/hoverPartBench.ts).
 */
export const PROVIDER_HOVER_FILE = 'provider-hovers.clar';
export function writeProviderHoverFile(workspace: string, n: number): void {
  const kinds = [
    { kind: 'transaction', ids: Array.from({ length: n }, (_, i) => busyTxId(100 + i)) },
    { kind: 'address', ids: addresses(n, 'provider') },
    { kind: 'contract', ids: Array.from({ length: n }, (_, i) => `${ADDRESS.busy}.bench-contract-${100 + i}`) },
  ];
  fs.writeFileSync(
    path.join(workspace, PROVIDER_HOVER_FILE),
    kinds.flatMap((k) => k.ids.map((id) => `;; ${k.kind} ${id}`)).join('\n') + '\n',
  );
}

/**
 * Hovers over each identifier once (cold) and again after moving away (warm), timing the mouse to
 * a hover that shows `mark` (the Stacks hovers' network footer, or the baseline's text).
 */
export async function measureHovers(
  page: Page,
  file: string,
  kinds: Array<{ kind: string; ids: string[] }>,
  log: (m: string) => void,
  mark = 'Custom ·',
): Promise<HoverLatency[]> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the launcher's helpers are plain CommonJS
  const browser = require(path.join(__dirname, '..', '..', 'test', 'host', 'browser.js')) as {
    waitForWorkbench(p: Page): Promise<void>;
    openFile(p: Page, name: string): Promise<void>;
  };
  await browser.waitForWorkbench(page);
  await browser.openFile(page, file);
  // In the page: when the mouse last moved, and when a hover with the Stacks footer first showed.
  await page.evaluate((mark) => {
    const w = window as unknown as { __hover: { move: number; shown: number } };
    w.__hover = { move: 0, shown: 0 };
    window.addEventListener('mousemove', () => (w.__hover.move = performance.now()), true);
    new MutationObserver(() => {
      if (w.__hover.shown) return;
      for (const h of Array.from(document.querySelectorAll<HTMLElement>('.monaco-hover'))) {
        if (h.offsetParent && (h.textContent ?? '').includes(mark)) w.__hover.shown = performance.now();
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, mark);
  const away = async (): Promise<void> => {
    await page.mouse.move(2, 2);
    await page.keyboard.press('Escape');
    await page.waitForFunction(
      () => !Array.from(document.querySelectorAll<HTMLElement>('.monaco-hover')).some((h) => h.offsetParent),
      undefined,
      { timeout: 5000 },
    );
  };
  const once = async (id: string): Promise<number> => {
    const p = await pointOf(page, id, id.slice(0, 16));
    await away();
    await page.evaluate(() => {
      (window as unknown as { __hover: { move: number; shown: number } }).__hover = { move: 0, shown: 0 };
    });
    await page.mouse.move(p.x, p.y);
    const h = await page.waitForFunction(
      () => {
        const s = (window as unknown as { __hover: { move: number; shown: number } }).__hover;
        return s.shown ? s.shown - s.move : 0;
      },
      undefined,
      { timeout: 15000, polling: 'raf' },
    );
    return ((await h.jsonValue()) as number) - HOVER_DELAY_MS;
  };
  const out: HoverLatency[] = [];
  for (const k of kinds) {
    const r: HoverLatency = { kind: k.kind, coldMs: [], warmMs: [] };
    for (const id of k.ids) {
      r.coldMs.push(await once(id));
      r.warmMs.push(await once(id));
    }
    log(`hover ${k.kind}: cold p50 ${median(r.coldMs).toFixed(1)} ms, warm p50 ${median(r.warmMs).toFixed(1)} ms`);
    out.push(r);
  }
  await away();
  return out;
}

/** BASELINE_FILE in `workspace`: `n` distinct words for the constant hover of the benchmark's own provider. */
export function writeBaselineFile(workspace: string, n: number): string[] {
  const words = Array.from({ length: n }, (_, i) => `baselineword${String(i).padStart(3, '0')}x`);
  fs.writeFileSync(path.join(workspace, BASELINE_FILE), words.join('\n') + '\n');
  return words;
}

/** The mock's own round trip, from this process: 30 requests for a transaction. */
export async function mockRoundTrips(url: string): Promise<number[]> {
  const rtt: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    await (await fetch(`${url}/extended/v1/tx/${busyTxId(199 - (i % 10))}`)).arrayBuffer();
    rtt.push(performance.now() - t);
  }
  return rtt;
}

export async function measureUx(opts: {
  hovers: number;
  lookups: number;
  navigations: number;
  warmRuns: number;
  log: (m: string) => void;
}): Promise<UxResult | { notMeasured: string }> {
  const missing = hostMissing();
  if (missing) return { notMeasured: missing };
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stacks-lookup-bench-ux-'));
  const workspace = path.join(runDir, 'workspace');
  const signalDir = path.join(runDir, 'signals');
  fs.mkdirSync(workspace);
  fs.mkdirSync(signalDir);
  const hoverKinds = writeHoverFile(workspace, opts.hovers);
  const baselineWords = writeBaselineFile(workspace, opts.hovers);
  const lookupsFile = path.join(workspace, 'lookups.clar');
  fs.writeFileSync(
    lookupsFile,
    addresses(2 * opts.lookups, 'lookup')
      .map((a) => `;; ${a}`)
      .join('\n') + '\n',
  );
  const outFile = path.join(runDir, 'ux.json');
  const plan: HostUxPlan = {
    panels: [
      { kind: 'tx (300 events)', command: 'stacksLookup.showTransaction', arg: TX.manyEvents },
      // Painted with its error named: cold asks the transaction and the called contract's source.
      { kind: 'failed call, its error named', command: 'stacksLookup.showTransaction', arg: TX.failedSbtc },
      { kind: 'address (50 txs a page)', command: 'stacksLookup.showAddress', arg: ADDRESS.busy },
      { kind: 'block', command: 'stacksLookup.showBlock', arg: String(BLOCK.height) },
      { kind: 'contract', command: 'stacksLookup.lookup', arg: CONTRACT.deployed },
      { kind: 'contract, 100 read-only functions', command: 'stacksLookup.lookup', arg: CONTRACT.wide },
      { kind: 'contract status', command: 'stacksLookup.showContractStatus', arg: CONTRACT.deployed },
      { kind: 'mempool', command: 'stacksLookup.showMempoolStats' },
      { kind: 'API status', command: 'stacksLookup.showServerStatus' },
    ],
    lookupsFile,
    lookups: opts.lookups,
    navigations: opts.navigations,
    warmRuns: opts.warmRuns,
    signalDir,
  };
  const mock = await startMockApi();
  try {
    const rtt = await mockRoundTrips(mock.url);
    let hovers: HoverLatency[] = [];
    let baseline: HoverLatency | undefined;
    const code = await runHostSession({
      runDir,
      workspace,
      testsModule: 'host-ux.js',
      env: { STACKS_LOOKUP_BENCH_OUT: outFile, STACKS_LOOKUP_BENCH_PLAN: JSON.stringify(plan) },
      settings: {
        'stacksLookup.network': 'custom',
        'stacksLookup.customApiUrl': mock.url,
        'stacksLookup.statusBar.chainTip': false,
        'editor.hover.delay': HOVER_DELAY_MS,
        'editor.hover.sticky': false,
      },
      timeoutMs: 900_000,
      log: opts.log,
      withPage: async (page) => {
        const ready = path.join(signalDir, 'host-ready');
        const end = Date.now() + 120_000;
        while (!fs.existsSync(ready) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
        try {
          hovers = await measureHovers(page, 'hovers.clar', hoverKinds, opts.log);
          [baseline] = await measureHovers(
            page,
            BASELINE_FILE,
            [{ kind: 'baseline', ids: baselineWords }],
            opts.log,
            BASELINE_MARK,
          );
        } finally {
          fs.writeFileSync(path.join(signalDir, 'page-done'), '');
        }
      },
    });
    if (!fs.existsSync(outFile))
      return { notMeasured: code === 'timeout' ? 'the extension host timed out' : `no result (exit ${code})` };
    const host = JSON.parse(fs.readFileSync(outFile, 'utf8')) as HostUxResult;
    if (host.error) return { notMeasured: `in the host: ${host.error.split('\n')[0]}` };
    return { mockRoundTripMs: median(rtt), hoverDelayMs: HOVER_DELAY_MS, hovers, baseline, host };
  } catch (e) {
    return { notMeasured: `the extension host could not be started: ${(e as Error).message.split('\n')[0]}` };
  } finally {
    await mock.close();
    fs.rmSync(runDir, { recursive: true, force: true });
  }
}
