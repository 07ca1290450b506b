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

interface Line {
  indent: number;
  /** Where the content starts in the text. */
  offset: number;
  /** The content after the indentation and any "- ", without a trailing comment. */
  text: string;
  /** Whether the line starts a sequence item ("- "), and the column of what follows the dash. */
  dash: boolean;
  col: number;
}

class Bail extends Error {}

const bail = (): never => {
  throw new Bail();
};

type Built =
  | { kind: 'map'; offset: number; tag?: string; entries: Array<[string, Built]> }
  | { kind: 'seq'; offset: number; tag?: string; items: Built[] }
  | { kind: 'scalar'; offset: number; value: string | undefined; multiline?: true; number?: true };

/** The plan as nodes, or undefined when it is not in the subset this reads. */
export function scanPlan(text: string): PlanNode | undefined {
  try {
    const lines = lex(text);
    if (!lines.length) return undefined;
    const state = { i: 0 };
    const root = block(lines, state, lines[0]!.indent);
    if (state.i !== lines.length) return undefined;
    return node(root);
  } catch (e) {
    if (e instanceof Bail) return undefined;
    throw e;
  }
}

/** Stands for a quoted scalar that goes on over several lines; its value is left to the full parser. */
const MULTILINE = '\u0000multi-line\u0000';

/**
 * Thrown when the walk asks for the value of a multi-line quoted scalar (Clarinet writes some
 * contract-call arguments so): the caller reads the plan with the full parser then.
 */
export class NeedsFullParser extends Error {}

function lex(text: string): Line[] {
  const out: Line[] = [];
  const raws = text.split('\n');
  let offset = 0;
  let started = false;
  for (let r = 0; r < raws.length; r++) {
    const raw = raws[r]!;
    const lineStart = offset;
    offset += raw.length + 1;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    // Indentation is spaces nearly always: counted without copying the line. YAML's blanks are
    // the space and the tab only: a no-break space or any other Unicode space is text to it.
    let indent = 0;
    while (line.charCodeAt(indent) === 32) indent++;
    if (line.charCodeAt(indent) === 9) while (isBlank(line.charCodeAt(indent))) indent++;
    const content = indent ? line.slice(indent) : line;
    if (content === '' || content.startsWith('#')) continue;
    if (indent && line.lastIndexOf('\t', indent - 1) >= 0) bail();
    if (indent === 0 && /^(---|\.\.\.)([ \t]|$)/.test(content)) {
      // One document, its start marker before anything else.
      if (started || !/^---[ \t]*(#.*)?$/.test(content)) bail();
      started = true;
      continue;
    }
    if (indent === 0 && content.startsWith('%')) bail();
    started = true;
    let dash = false;
    let rest = content;
    let col = indent;
    const m = /^-([ \t]+|$)/.exec(rest);
    if (m) {
      // A tab after the dash: where the item's map is indented is a question YAML answers with an error.
      if (m[0].includes('\t')) bail();
      dash = true;
      col = indent + m[0].length;
      rest = rest.slice(m[0].length);
      if (/^-([ \t]|$)/.test(rest)) bail(); // "- - x": nested sequences on one line
    }
    const stripped = stripComment(rest);
    if (typeof stripped === 'string') {
      out.push({ indent, offset: lineStart + indent, text: stripped, dash, col });
      continue;
    }
    // A quoted scalar that does not close on this line: find where it closes.
    const quote = rest[stripped.open]!;
    let closed = -1;
    let previous = rest;
    while (closed < 0 && ++r < raws.length) {
      // An escaped line break ("…\" at the end of a line) is YAML's business, not this reader's.
      if (quote === '"' && /(^|[^\\])(\\\\)*\\\r?$/.test(previous)) bail();
      const nextRaw = raws[r]!;
      offset += nextRaw.length + 1;
      const next = nextRaw.endsWith('\r') ? nextRaw.slice(0, -1) : nextRaw;
      previous = next;
      closed = quotedEnd(quote + next, 0);
      if (closed >= 0 && stripComment(next.slice(closed - 1)) !== '') bail(); // something after the closing quote
    }
    if (closed < 0) bail();
    out.push({ indent, offset: lineStart + indent, text: rest.slice(0, stripped.open) + MULTILINE, dash, col });
  }
  return out;
}

/**
 * The text without a trailing comment (quoted scalars are skipped whole), or where a quoted scalar
 * opens that does not close on the line.
 */
function stripComment(s: string): string | { open: number } {
  // Most lines have neither quotes nor a comment.
  if (!s.includes('#') && !s.includes('"') && !s.includes("'")) return trimBlanks(s);
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if ((c === '"' || c === "'") && (i === 0 || /[ \t:]/.test(s[i - 1]!))) {
      const end = quotedEnd(s, i);
      if (end < 0) return { open: i };
      i = end;
      continue;
    }
    if (c === '#' && i > 0 && isBlank(s.charCodeAt(i - 1))) return trimBlanks(s.slice(0, i));
    i++;
  }
  return trimBlanks(s);
}

/** A space or a tab: YAML's only blanks. */
const isBlank = (c: number): boolean => c === 32 || c === 9;

/** Without the spaces and tabs at its end (trimEnd would take a no-break space too, which YAML keeps). */
function trimBlanks(s: string): string {
  let end = s.length;
  while (end > 0 && isBlank(s.charCodeAt(end - 1))) end--;
  return end === s.length ? s : s.slice(0, end);
}

/** The index after the quoted scalar that starts at `i`, or -1 when it does not close on the line. */
function quotedEnd(s: string, i: number): number {
  const q = s[i]!;
  for (let j = i + 1; j < s.length; j++) {
    if (q === '"' && s[j] === '\\') {
      j++;
      continue;
    }
    if (s[j] === q) {
      if (q === "'" && s[j + 1] === "'") {
        j++;
        continue;
      }
      return j + 1;
    }
  }
  return -1;
}

/** The node that starts at line `state.i`, whose lines are at `indent`. */
function block(lines: Line[], state: { i: number }, indent: number): Built {
  const first = lines[state.i]!;
  if (first.indent !== indent) bail();
  return first.dash ? seq(lines, state, indent) : map(lines, state, indent, false);
}

function seq(lines: Line[], state: { i: number }, indent: number): Built {
  const result: Built = { kind: 'seq', offset: lines[state.i]!.offset, items: [] };
  while (state.i < lines.length) {
    const line = lines[state.i]!;
    if (line.indent < indent || (line.indent === indent && !line.dash)) break;
    if (line.indent > indent) bail();
    const tag = /^!([A-Za-z0-9][A-Za-z0-9-]*)$/.exec(line.text);
    if (line.text === '' || tag) {
      state.i++;
      const next = lines[state.i];
      if (next && next.indent > indent) {
        const value = block(lines, state, next.indent);
        if (tag) {
          if (value.kind !== 'map') return bail();
          value.tag = `!${tag[1]}`;
        }
        result.items.push(value);
      } else if (tag) bail();
      else result.items.push({ kind: 'scalar', offset: line.offset, value: undefined });
    } else if (line.text.startsWith('!') || line.text.startsWith('&') || line.text.startsWith('*')) {
      bail();
    } else if (keyOf(line.text)) {
      result.items.push(map(lines, state, line.col, true));
    } else {
      result.items.push(scalar(line.text, line.offset));
      state.i++;
      const next = lines[state.i];
      if (next && next.indent > indent) bail(); // a multi-line scalar
    }
  }
  return result;
}

/** A map at `indent`; with `inline`, its first entry follows the dash of line `state.i`. */
function map(lines: Line[], state: { i: number }, indent: number, inline: boolean): Built {
  const result: Built & { kind: 'map' } = { kind: 'map', offset: lines[state.i]!.offset, entries: [] };
  let firstLine = inline;
  while (state.i < lines.length) {
    const line = lines[state.i]!;
    if (!firstLine) {
      if (line.indent < indent) break;
      if (line.indent > indent) bail();
      if (line.dash) break; // a sequence at the map's indent belongs to the key before, or ends it
    }
    firstLine = false;
    const kv = keyOf(line.text);
    if (!kv) bail();
    const [key, rest] = kv!;
    state.i++;
    if (rest === '') {
      const next = lines[state.i];
      if (next && next.indent > indent) result.entries.push([key, block(lines, state, next.indent)]);
      else if (next && next.indent === indent && next.dash) result.entries.push([key, seq(lines, state, indent)]);
      else result.entries.push([key, { kind: 'scalar', offset: line.offset, value: undefined }]);
    } else {
      result.entries.push([key, scalar(rest, line.offset)]);
      const next = lines[state.i];
      if (next && next.indent > indent) bail(); // a multi-line scalar
    }
  }
  return result;
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
