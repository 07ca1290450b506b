/**
 * Constants of constants: a contract whose constants name a 100,000-character string constant
 * 1,999 times each (two lists, 108 KB; eight lists, 132 KB), or lists of lists that each name
 * the one before twice (test/fixtures/constantsOfConstants.ts). Each shape goes through the entry
 * points the extension calls on a failed call into it: callFailure (the transaction panel, the
 * hover, the watches, the chat tool, Simulate) and errorLink and localErrorLink (Open Line). Each
 * shape runs in a child process with --expose-gc (the heap is read after a full GC, then right
 * after the call) and a heap of 1 GB, so a shape that runs out of memory ends the child only.
 */
import { execFile } from 'child_process';
import * as path from 'path';
import { CONSTANTS_SHAPES, type ConstantsRun, type ConstantsShape } from '../test/fixtures/constantsOfConstants';
import { ms, type Row } from './util';

const STALL_TARGET_MS = 100;
const GROWTH_TARGET_MB = 50;
const HEAP_MB = 1024;

type ShapeResult = { ok: true; run: ConstantsRun } | { ok: false; shape: ConstantsShape; why: string };

function inChild(shape: ConstantsShape, runs: number): Promise<ShapeResult> {
  const script = path.resolve(__dirname, '../test/fixtures/constantsOfConstants.js');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--expose-gc', `--max-old-space-size=${HEAP_MB}`, script, shape, String(runs)],
      { encoding: 'utf8', timeout: 120_000, maxBuffer: 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) {
          const oom = /heap out of memory/i.test(stderr);
          const why = oom ? `ran out of memory at a ${HEAP_MB} MB heap` : `ended: ${err.message.split('\n')[0]!}`;
          return resolve({ ok: false, shape, why });
        }
        resolve({ ok: true, run: JSON.parse(stdout.trim().split('\n').at(-1)!) as ConstantsRun });
      },
    );
  });
}

export async function measure(quick: boolean): Promise<Row[]> {
  const runs = quick ? 3 : 10;
  const results: ShapeResult[] = [];
  for (const shape of CONSTANTS_SHAPES) results.push(await inChild(shape, runs));
  const done = results.filter((r): r is Extract<ShapeResult, { ok: true }> => r.ok);
  const crashed = results.filter((r): r is Extract<ShapeResult, { ok: false }> => !r.ok);
  const calls = done.flatMap((r) => r.run.calls);
  // An answer other than the error's name or its line is a wrong reading, said in the note.
  const wrong = done.flatMap((r) =>
    r.run.calls
      .filter((c) => c.answer !== 'Failed with ERR-A (err u1)' && c.answer !== `${r.run.assertsLine}:4`)
      .map((c) => `${r.run.shape} ${c.entry}: ${c.answer.slice(0, 80)}`),
  );
  const stall = Math.max(0, ...calls.map((c) => c.ms));
  const growth = Math.max(0, ...calls.map((c) => c.heapGrowthMB));
  const sizes = done.map((r) => `${r.run.shape} ${(r.run.sourceChars / 1024).toFixed(0)} KB`).join(', ');
  const trouble = [...crashed.map((r) => `${r.shape} ${r.why}`), ...wrong].join('; ');
  const note = (what: string) =>
    `${what} of callFailure, errorLink and localErrorLink on ${sizes || 'no shape'}, ${runs} runs each` +
    (trouble ? `; ${trouble}` : '');
  const clean = !crashed.length && !wrong.length;
  return [
    {
      measure: 'hostile: constants of constants, longest stall',
      value: ms(stall, 1),
      target: `<= ${STALL_TARGET_MS} ms`,
      met: clean && stall <= STALL_TARGET_MS,
      note: note('the slowest call'),
    },
    {
      measure: 'hostile: constants of constants, heap growth',
      value: `+${growth.toFixed(1)} MB`,
      target: `<= +${GROWTH_TARGET_MB} MB`,
      met: clean && growth <= GROWTH_TARGET_MB,
      note: note('the heap right after a call over the heap after a full GC before it, the largest'),
    },
  ];
}
