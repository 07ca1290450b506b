/**
 * Measure 5d, plans of unknown transactions: a clone whose deployment plans are 2 MB of
 * transactions Clarinet does not know, each one a problem. Read through `readClarinetProject` the
 * way the host reads it (a turn of the event loop per file read); what the log and the view then
 * show is counted as `ui/projects/projects.ts` logs it (a line per problem) and as the Workspace
 * Contracts section lists a lone project (`projectChildren` in `ui/tree/contracts.ts`: an item per
 * problem, per contract, and the Deployment Plans item).
 */
import { readClarinetProject } from '../src/chain/clarinet';
import { unknownTransactionsProject } from '../test/unit/clarinetReaders';
import * as v8 from 'v8';
import * as vm from 'vm';
import { hostReader } from './hostile';
import { median, ms, type Row } from './util';

interface Run {
  stallMs: number;
  stallCpuMs: number;
  logLines: number;
  treeItems: number;
  heapMB: number;
  peakMB: number;
}

/** A full garbage collection, as `bench/host-ux.ts` forces one. */
function gc(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

async function once(files: Record<string, string>): Promise<Run> {
  gc();
  const before = process.memoryUsage().heapUsed;
  let stallMs = 0;
  let stallCpuMs = 0;
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let running = true;
  let peak = before;
  const tick = (): void => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    stallMs = Math.max(stallMs, now - last);
    stallCpuMs = Math.max(stallCpuMs, (cpu.user + cpu.system) / 1000);
    last = now;
    lastCpu = process.cpuUsage();
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const r = await readClarinetProject(hostReader(files));
  running = false;
  tick();
  if (!r.ok) throw new Error('the project was not read');
  const p = r.project;
  if (p.plans.length !== Object.keys(files).length - 1) throw new Error(`${p.plans.length} plans read`);
  gc();
  const heapMB = (process.memoryUsage().heapUsed - before) / 1e6;
  return {
    stallMs,
    stallCpuMs,
    logLines: p.problems.length,
    treeItems: p.problems.length + Math.max(1, p.contracts.length) + 1,
    heapMB,
    peakMB: (peak - before) / 1e6,
  };
}

export async function measure(quick: boolean): Promise<Row[]> {
  const rows: Row[] = [];
  for (const plans of [1, 3]) {
    const files = unknownTransactionsProject(plans);
    const runs: Run[] = [];
    // The first run only warms the code up.
    for (let i = 0; i < (quick ? 2 : 4); i++) {
      const run = await once(files);
      if (i > 0) runs.push(run);
    }
    const at = (f: (r: Run) => number): number => median(runs.map(f));
    const stall = at((r) => r.stallMs);
    const heap = at((r) => r.heapMB);
    const peak = at((r) => r.peakMB);
    const log = at((r) => r.logLines);
    const items = at((r) => r.treeItems);
    const what = `${plans} plan${plans > 1 ? 's' : ''} of 2 MB unknown transactions`;
    rows.push(
      {
        measure: `hostile: ${what}, longest stall`,
        value: ms(stall, 0),
        target: '<= 100 ms',
        met: stall <= 100,
        note: `readClarinetProject, a turn per file read; ${ms(
          at((r) => r.stallCpuMs),
          0,
        )} of CPU time; median of ${runs.length}`,
      },
      {
        measure: `hostile: ${what}, log lines and tree items`,
        value: `${log} / ${items}`,
        target: `<= ${plans * 21} / ${plans * 21 + 2}`,
        met: log <= plans * 21 && items <= plans * 21 + 2,
        note: 'the first 20 problems of each plan, then "and N more"',
      },
      {
        measure: `hostile: ${what}, heap kept`,
        value: `+${heap.toFixed(1)} MB`,
        target: '<= +50 MB',
        met: heap <= 50,
        note: `after a full GC, against before; the heap in use grew by at most ${peak.toFixed(0)} MB while reading, garbage included (sampled each turn)`,
      },
    );
  }
  return rows;
}
