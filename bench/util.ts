/** Small helpers shared by the measures: statistics, formatting, a mock in a child process. */
import { ChildProcess, fork } from 'child_process';
import * as path from 'path';

export const REPO = path.resolve(__dirname, '..', '..');

/** The file of the baseline hovers (bench/ux.ts, bench/host-ux.ts), and the text their hover shows. */
export const BASELINE_FILE = 'baseline.txt';
export const BASELINE_MARK = 'Baseline ·';

export function median(xs: readonly number[]): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (x: number, digits = 2): string => `${x.toFixed(digits)} ms`;

/** A row of the printed table. */
export interface Row {
  measure: string;
  value: string;
  target: string;
  /** true: met, false: not met, null: no target or not measured. */
  met: boolean | null;
  note?: string | undefined;
}

export function table(rows: readonly Row[]): string {
  const cells = rows.map((r) => [
    r.measure,
    r.value,
    r.target,
    r.met === null ? '' : r.met ? 'met' : 'NOT MET',
    r.note ?? '',
  ]);
  const head = ['measure', 'value', 'target', 'status', 'note'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]): string =>
    c
      .map((x, i) => x.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

/** The same table as Markdown, for the README. */
export function markdownTable(rows: readonly Row[]): string {
  const esc = (s: string): string => s.replace(/\|/g, '\\|');
  return [
    '| measure | value | target | status | note |',
    '|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${esc(r.measure)} | ${esc(r.value)} | ${esc(r.target)} | ${r.met === null ? '' : r.met ? 'met' : '**not met**'} | ${esc(r.note ?? '')} |`,
    ),
  ].join('\n');
}

/** The mock API in its own process, so the benchmark process's CPU time is the client's alone. */
export async function mockInChild(): Promise<{ url: string; requests(): Promise<number>; close(): Promise<void> }> {
  const script = path.join(__dirname, 'mock-child.js');
  const child: ChildProcess = fork(script, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { url?: string }) =>
      m.url ? resolve(m.url) : reject(new Error('mock child did not start')),
    );
    child.once('exit', (code) => reject(new Error(`mock child exited with ${code}`)));
  });
  return {
    url,
    requests: () =>
      new Promise<number>((resolve) => {
        child.once('message', (m: { requests?: number }) => resolve(m.requests ?? NaN));
        child.send('count');
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send('close');
      }),
  };
}
