/**
 * A reader for the narrow YAML that Clarinet writes in deployment plans: block maps and block
 * sequences by indentation, plain and quoted one-line scalars, `{}` and `[]`, comments, a
 * `!type` tag on a sequence item, one leading `---`. It reads such a plan in one pass over its
 * lines, several times faster than a general YAML parser (a 2 MB plan in tens of milliseconds).
 *
 * Anything outside that subset (anchors, aliases, block or multi-line scalars, flow collections
 * with content, tabs, several documents, anything malformed) gives undefined, and the caller reads
 * the file with the full YAML parser instead. So the subset never has to guess: what it accepts,
 * it reads as YAML would.
 */
import { Bail, bail, Lexer, type Line, MULTILINE, quotedEnd } from './planLines';

/** A node of a plan as the plan reader walks it; `offset` is where it starts in the text. */
export interface PlanNode {
  offset: number;
  tag?: string;
  isMap: boolean;
  isSeq: boolean;
  get(key: string): PlanNode | undefined;
  items(): PlanNode[];
  /** The key and value of a one-entry map. */
  single(): [string | undefined, PlanNode | undefined] | undefined;
  /** A string scalar; undefined for null, booleans and collections. */
  text(): string | undefined;
  /** The keys of a map, in order. */
  keys(): string[];
}

type Built =
  | { kind: 'map'; offset: number; tag?: string; entries: Array<[string, Built]> }
  | { kind: 'seq'; offset: number; tag?: string; items: Built[] }
  | { kind: 'scalar'; offset: number; value: string | undefined; multiline?: true; number?: true };

/**
 * Work that runs in stretches: each `yield` is a place where the caller may let the event loop
 * turn. `runAll` runs it to the end at once; `runInTurns` pauses between stretches.
 */
export type Steps<T> = Generator<void, T, void>;

/** About how many lines, items or entries one stretch of `Steps` handles before it yields. */
export const STRETCH = 8192;

export function runAll<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

export async function runInTurns<T>(steps: Steps<T>, pause: () => Promise<void>): Promise<T> {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    await pause();
  }
}

/** The plan as nodes, or undefined when it is not in the subset this reads. */
export function scanPlan(text: string): PlanNode | undefined {
  return runAll(scanPlanSteps(text));
}

/** `scanPlan` in stretches of about `STRETCH` lines. */
export function* scanPlanSteps(text: string): Steps<PlanNode | undefined> {
  try {
    const lexer = new Lexer(text);
    while (!lexer.run(STRETCH)) yield;
    const lines = lexer.out;
    if (!lines.length) return undefined;
    const builder = new Builder(lines);
    while (!builder.run(STRETCH)) yield;
    if (builder.i !== lines.length) return undefined;
    return node(builder.root!);
  } catch (e) {
    if (e instanceof Bail) return undefined;
    throw e;
  }
}

/**
 * Thrown when the walk asks for the value of a multi-line quoted scalar (Clarinet writes some
 * contract-call arguments so): the caller reads the plan with the full parser then.
 */
export class NeedsFullParser extends Error {}

/** A collection being built, with what waits for the child being built under it. */
type Frame =
  | { kind: 'seq'; indent: number; built: Built & { kind: 'seq' }; tag: string | undefined }
  | { kind: 'map'; indent: number; built: Built & { kind: 'map' }; first: boolean; key: string };

/**
 * Builds the nodes from the lines, a stretch at a time (`run`): a recursive descent written with
 * its own stack, so the work can stop after any line and go on in a later turn.
 */
class Builder {
  /** The line the build stands at. */
  i = 0;
  root: Built | undefined;
  private readonly stack: Frame[] = [];

  constructor(private readonly lines: Line[]) {
    this.block(lines[0]!.indent);
  }

  /** Does about `budget` more steps; true when the root is built. */
  run(budget: number): boolean {
    const stack = this.stack;
    for (let n = 0; n < budget; n++) {
      const top = stack[stack.length - 1];
      if (!top) return true;
      if (top.kind === 'seq') this.seqStep(top);
      else this.mapStep(top);
    }
    return stack.length === 0;
  }

  /** Opens the node that starts at line `i`, whose lines are at `indent`. */
  private block(indent: number): void {
    const first = this.lines[this.i]!;
    if (first.indent !== indent) bail();
    if (first.dash) this.openSeq(indent);
    else this.openMap(indent, false);
  }

  private openSeq(indent: number): void {
    const built: Built & { kind: 'seq' } = { kind: 'seq', offset: this.lines[this.i]!.offset, items: [] };
    this.stack.push({ kind: 'seq', indent, built, tag: undefined });
  }

  /** A map at `indent`; with `inline`, its first entry follows the dash of line `i`. */
  private openMap(indent: number, inline: boolean): void {
    const built: Built & { kind: 'map' } = { kind: 'map', offset: this.lines[this.i]!.offset, entries: [] };
    this.stack.push({ kind: 'map', indent, built, first: inline, key: '' });
  }

  /** The top collection is complete: it goes to the one it belongs to. */
  private close(): void {
    const value = this.stack.pop()!.built;
    const parent = this.stack[this.stack.length - 1];
    if (!parent) this.root = value;
    else if (parent.kind === 'map') parent.built.entries.push([parent.key, value]);
    else {
      if (parent.tag !== undefined) {
        if (value.kind !== 'map') bail();
        value.tag = parent.tag;
        parent.tag = undefined;
      }
      parent.built.items.push(value);
    }
  }

  private seqStep(f: Frame & { kind: 'seq' }): void {
    const lines = this.lines;
    const indent = f.indent;
    const line = lines[this.i];
    if (!line || line.indent < indent || (line.indent === indent && !line.dash)) return this.close();
    if (line.indent > indent) bail();
    const tag = /^!([A-Za-z0-9][A-Za-z0-9-]*)$/.exec(line.text);
    if (line.text === '' || tag) {
      this.i++;
      const next = lines[this.i];
      if (next && next.indent > indent) {
        f.tag = tag ? `!${tag[1]}` : undefined;
        this.block(next.indent);
      } else if (tag) bail();
      else f.built.items.push({ kind: 'scalar', offset: line.offset, value: undefined });
    } else if (line.text.startsWith('!') || line.text.startsWith('&') || line.text.startsWith('*')) {
      bail();
    } else if (keyOf(line.text)) {
      this.openMap(line.col, true);
    } else {
      f.built.items.push(scalar(line.text, line.offset));
      this.i++;
      const next = lines[this.i];
      if (next && next.indent > indent) bail(); // a multi-line scalar
    }
  }

  private mapStep(f: Frame & { kind: 'map' }): void {
    const lines = this.lines;
    const indent = f.indent;
    const line = lines[this.i];
    if (!line) return this.close();
    if (!f.first) {
      if (line.indent < indent) return this.close();
      if (line.indent > indent) bail();
      if (line.dash) return this.close(); // a sequence at the map's indent belongs to the key before, or ends it
    }
    f.first = false;
    const kv = keyOf(line.text);
    if (!kv) return bail();
    const [key, rest] = kv;
    this.i++;
    if (rest === '') {
      const next = lines[this.i];
      if (next && next.indent > indent) {
        f.key = key;
        this.block(next.indent);
      } else if (next && next.indent === indent && next.dash) {
        f.key = key;
        this.openSeq(indent);
      } else f.built.entries.push([key, { kind: 'scalar', offset: line.offset, value: undefined }]);
    } else {
      f.built.entries.push([key, scalar(rest, line.offset)]);
      const next = lines[this.i];
      if (next && next.indent > indent) bail(); // a multi-line scalar
    }
  }
}

/** `key: rest` with a plain or quoted key, or undefined. */
function keyOf(s: string): [string, string] | undefined {
  const plain = /^([A-Za-z0-9_][A-Za-z0-9_./-]*)[ \t]*:(?:[ \t]+(.*)|$)/.exec(s);
  if (plain) return [plain[1]!, plain[2] ?? ''];
  const quoted = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*')[ \t]*:(?:[ \t]+(.*)|$)/.exec(s);
  if (quoted) return [quotedValue(quoted[1]!), quoted[2] ?? ''];
  return undefined;
}

function scalar(s: string, offset: number): Built {
  if (s === '{}' || s === '[]') return { kind: 'scalar', offset, value: undefined };
  if (s === MULTILINE) return { kind: 'scalar', offset, value: undefined, multiline: true };
  if (s.includes(MULTILINE)) bail();
  if (s.startsWith('"') || s.startsWith("'")) {
    if (quotedEnd(s, 0) !== s.length) bail();
    return { kind: 'scalar', offset, value: quotedValue(s) };
  }
  // Plain: not starting with an indicator, no ": " or " #" inside, not ending in ":".
  if (/^[[\]{},&*!|>%@`#?:-]/.test(s) && !/^-[^ \t]/.test(s) && !/^[?:][^ \t]/.test(s)) bail();
  if (/:([ \t]|$)|[ \t]#/.test(s)) bail();
  if (/^(~|null|Null|NULL|true|True|TRUE|false|False|FALSE)$/.test(s))
    return { kind: 'scalar', offset, value: undefined };
  // A number to YAML (0x10 is 16): its text is asked of the full parser, should anyone need it.
  // (`\d+(\.\d*)?`, not `\d+\.?\d*`: the latter splits a run of digits every way before it fails,
  // and 40,000 digits and a letter took 15 s.)
  if (
    /^([-+]?(0x[0-9a-fA-F]+|0o[0-7]+|(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?)|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN))$/.test(s)
  )
    return { kind: 'scalar', offset, value: s, number: true };
  return { kind: 'scalar', offset, value: s };
}

function quotedValue(s: string): string {
  if (s.startsWith("'")) return s.slice(1, -1).replace(/''/g, "'");
  try {
    // YAML's double-quoted escapes are JSON's and more; anything JSON does not know goes the long way.
    const v: unknown = JSON.parse(s);
    return typeof v === 'string' ? v : bail();
  } catch (e) {
    if (e instanceof Bail) throw e;
    return bail();
  }
}

function node(b: Built): PlanNode {
  return new ScannedNode(b);
}

/**
 * A node over what the scan built. A class, not an object of closures: a plan of 5,000 publishes
 * asks for some 40,000 nodes, and each closure was one more object to collect.
 */
class ScannedNode implements PlanNode {
  readonly offset: number;
  readonly tag?: string;
  readonly isMap: boolean;
  readonly isSeq: boolean;

  constructor(private readonly b: Built) {
    this.offset = b.offset;
    if (b.kind !== 'scalar' && b.tag !== undefined) this.tag = b.tag;
    this.isMap = b.kind === 'map';
    this.isSeq = b.kind === 'seq';
  }

  get(key: string): PlanNode | undefined {
    // The first entry with the key, as the full parser reads it (`uniqueKeys: false`).
    const found = this.b.kind === 'map' ? this.b.entries.find(([k]) => k === key) : undefined;
    return found ? node(found[1]) : undefined;
  }

  items(): PlanNode[] {
    return this.b.kind === 'seq' ? this.b.items.map(node) : [];
  }

  single(): [string | undefined, PlanNode | undefined] | undefined {
    const b = this.b;
    return b.kind === 'map' && b.entries.length === 1 ? [b.entries[0]![0], node(b.entries[0]![1])] : undefined;
  }

  text(): string | undefined {
    const b = this.b;
    if (b.kind !== 'scalar') return undefined;
    if (b.multiline || b.number) throw new NeedsFullParser();
    return b.value;
  }

  keys(): string[] {
    return this.b.kind === 'map' ? this.b.entries.map(([k]) => k) : [];
  }
}
