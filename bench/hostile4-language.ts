/**
 * Language requests on 2 MB Clarity documents (nested parentheses, `()` repeated, realistic code),
 * and the read-only functions the "Call on <network>" lenses are placed over (`drift.ts`), also on
 * nesting left open after an `#[env(simnet)]` comment (a file being typed reads tolerantly):
 * the first request on a document (its text read, then read for navigation) and a later request on
 * the unchanged document, through what the providers run: `NavReads` (the per-version reads that
 * `ui/language/callees.ts` keeps) and the place rules of `chain/contractNav.ts` (the definition,
 * hover and quick fix target, completion, signature help). The editor's own part is not in it.
 * Medians over the runs, wall time, with the process's CPU time in the note.
 */
import * as fs from 'fs';
import * as path from 'path';
import { onChainReadOnlyFunctions } from '../src/chain/drift';
import { calleeArgumentAt, calleeCompletionAt, navTargetAt, NavReads, type NavRead } from '../src/chain/contractNav';
import { median, ms, REPO, type Row } from './util';
import { NAV_CALLS, TWO_MB } from '../test/fixtures/navShapes';

const FIRST_TARGET_MS = 100;
const LATER_TARGET_MS = 10;

function fill(unit: string, room: number): string {
  return unit.repeat(Math.floor(room / unit.length));
}

function shapes(): Array<{ name: string; text: string }> {
  const room = TWO_MB - NAV_CALLS.length;
  const dir = path.join(REPO, 'test', 'fixtures', 'clarity', 'real');
  const real = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.clar'))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
  return [
    { name: 'nested parentheses', text: NAV_CALLS + '('.repeat(room >> 1) + ')'.repeat(room >> 1) },
    { name: '() repeated', text: NAV_CALLS + fill('()', room) },
    { name: 'realistic code', text: NAV_CALLS + fill(real + '\n', room) },
  ];
}

/** The requests the editor makes at a place: the quick fix and definition target, completion, signature help. */
const REQUESTS: Array<(read: NavRead, at: number) => unknown> = [
  (read, at) => navTargetAt(read, at),
  (read, at) => calleeCompletionAt(read, at),
  (read, at) => calleeArgumentAt(read, at),
];

function timed(f: () => void): { wall: number; cpu: number } {
  const cpu = process.cpuUsage();
  const t = performance.now();
  f();
  const wall = performance.now() - t;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1000 };
}

export async function measure(quick: boolean): Promise<Row[]> {
  const runs = quick ? 3 : 9;
  const rows: Row[] = [];
  for (const shape of shapes()) {
    const places = [
      shape.text.indexOf('get-burn-header') + 2,
      shape.text.indexOf('height u1') + 7,
      shape.text.indexOf(' ))') + 1,
      shape.text.length >> 1,
      shape.text.length,
    ];
    const first = { wall: [] as number[], cpu: [] as number[] };
    const later = { wall: [] as number[], cpu: [] as number[] };
    for (let r = 0; r < runs; r++) {
      const reads = new NavReads<object>();
      const doc = {};
      // A flat copy of the text each run, as the host hands a document's text out.
      const text = (): string => Buffer.from(shape.text, 'latin1').toString('latin1');
      // The first keystroke: its text read, then every request at the place.
      const f = timed(() => {
        const read = reads.read(doc, 1, text);
        for (const ask of REQUESTS) ask(read, places[0]!);
      });
      first.wall.push(f.wall);
      first.cpu.push(f.cpu);
      // A later request, unchanged document: the slowest of one request at any place.
      let worst = { wall: 0, cpu: 0 };
      for (const at of places)
        for (const ask of REQUESTS) {
          const t = timed(() => ask(reads.read(doc, 1, text), at));
          if (t.wall > worst.wall) worst = t;
        }
      later.wall.push(worst.wall);
      later.cpu.push(worst.cpu);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const firstMs = median(first.wall);
    const laterMs = median(later.wall);
    rows.push(
      {
        measure: `language: first request, 2 MB of ${shape.name}`,
        value: ms(firstMs, 1),
        target: `<= ${FIRST_TARGET_MS} ms`,
        met: firstMs <= FIRST_TARGET_MS,
        note: `the document read once for this version, then the target, completion and signature help; ${ms(median(first.cpu), 1)} of CPU; median of ${runs}`,
      },
      {
        measure: `language: later request, 2 MB of ${shape.name}`,
        value: ms(laterMs, 2),
        target: `<= ${LATER_TARGET_MS} ms`,
        met: laterMs <= LATER_TARGET_MS,
        note: `unchanged document, nothing read; the slowest request of ${places.length} places; ${ms(median(later.cpu), 2)} of CPU; median of ${runs}`,
      },
    );
  }
  rows.push(...lensRows(runs));
  return rows;
}

/** The read-only functions a deploy has, read for the Call lenses once per document version. */
function lensRows(runs: number): Row[] {
  const room = TWO_MB - NAV_CALLS.length;
  const typed = [
    ...shapes(),
    { name: 'nesting left open after #[env(simnet)]', text: `;; #[env(simnet)]\n${'('.repeat(room)}` },
  ];
  return typed.map((shape) => {
    const wall: number[] = [];
    for (let r = 0; r < runs; r++) wall.push(timed(() => onChainReadOnlyFunctions(shape.text)).wall);
    const at = median(wall);
    return {
      measure: `Call lenses: read-only functions of 2 MB of ${shape.name}`,
      value: ms(at, 1),
      target: `<= ${FIRST_TARGET_MS} ms`,
      met: at <= FIRST_TARGET_MS,
      note: `read once per document version (codeLens.ts keeps it); median of ${runs}`,
    };
  });
}
