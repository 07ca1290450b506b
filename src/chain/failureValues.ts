/**
 * The literal Clarity values of a failed call's result and of a contract's constants, read into
 * one canonical form so that they compare equal by a number (`Values`): constant matching for
 * `explainFailure` (failureReason.ts). Capped in depth, nodes and length.
 */
import { readClarity, type Expr } from './claritySyntax';

/** A result longer than this is not matched (an error code is a few characters; a tuple a few hundred). */
export const MAX_RESULT_CHARS = 10_000;
/** Levels of a constant's value that are read; a deeper one is not matched. */
const MAX_VALUE_DEPTH = 32;
/** Nodes of one value that are read (a constant named in it is one); a larger one is not matched. */
const MAX_VALUE_NODES = 2_000;
/**
 * Characters of a value's canonical text; a longer one is not matched (a result is read up to
 * `MAX_RESULT_CHARS`, and one whose canonical text is longer than this is too long to look for).
 */
export const MAX_VALUE_CHARS = MAX_RESULT_CHARS;

/** The children that are not comments. */
export function meaningful(children: readonly Expr[]): Expr[] {
  return children.filter((c) => c.kind !== 'comment');
}

/** A Clarity value written as text (`(err u101)`, `(err (tuple (code u1)))`), in the canonical form of `Values`. */
export function valueOfText(text: string): string | undefined {
  const values = new Values();
  const id = readValue(text, values);
  return id === undefined ? undefined : values.text(id);
}

/** The value of a result's text, as a number of `values`; undefined when it is not one literal. */
export function readValue(text: string, values: Values): number | undefined {
  const read = readClarity(text);
  if (!read.ok) return undefined;
  const exprs = meaningful(read.exprs);
  return exprs.length === 1 ? valueOf(exprs[0]!, new Map(), values) : undefined;
}

/** A value read: an atom by its canonical text, a compound one by its form and the numbers of its parts. */
export type Value =
  | { form: 'atom'; text: string; length: number }
  | { form: 'err' | 'ok' | 'some' | 'list'; parts: number[]; length: number }
  | { form: 'tuple'; keys: string[]; parts: number[]; length: number };

/**
 * The literal values of one reading, each kept once under a number, so a constant's definition
 * and a decoded result compare equal by their numbers: numbers without leading zeros, tuples as
 * `(tuple (k v) …)` with their keys sorted, principals without the quote. A compound value is kept
 * as its parts' numbers, so a constant named inside another costs one number, never a copy of its
 * text; each value knows the length of its canonical text, and one over `MAX_VALUE_CHARS` is not read.
 */
export class Values {
  private readonly byKey = new Map<string, number>();
  private readonly all: Value[] = [];
  /** Whether a value was left unread for its canonical text being over `MAX_VALUE_CHARS`. */
  overCap = false;

  /** The number of the value `key` names (atoms: their text; compound values: their form and parts). */
  add(key: string, v: Value): number | undefined {
    if (v.length > MAX_VALUE_CHARS) {
      this.overCap = true;
      return undefined;
    }
    let id = this.byKey.get(key);
    if (id === undefined) {
      id = this.all.length;
      this.all.push(v);
      this.byKey.set(key, id);
    }
    return id;
  }

  get(id: number): Value {
    return this.all[id]!;
  }

  /** The canonical text: at most `MAX_VALUE_CHARS` characters, as every value kept is. */
  text(id: number): string {
    const v = this.all[id]!;
    if (v.form === 'atom') return v.text;
    if (v.form === 'tuple') return `(tuple${v.keys.map((k, i) => ` (${k} ${this.text(v.parts[i]!)})`).join('')})`;
    return `(${v.form}${v.parts.map((p) => ` ${this.text(p)}`).join('')})`;
  }

  lengthOf(id: number): number {
    return this.all[id]!.length;
  }
}

/**
 * The number of a literal value in `values`; undefined for what is not a literal (a computation,
 * an unknown name) or is too deep, too large or too long. A constant named in it is its number in
 * `constants` (undefined: not a literal), one part.
 */
export function valueOf(
  e: Expr,
  constants: ReadonlyMap<string, number | undefined>,
  values: Values,
): number | undefined {
  return canon(e, constants, values, 0, { nodes: MAX_VALUE_NODES });
}

function canon(
  e: Expr,
  constants: ReadonlyMap<string, number | undefined>,
  values: Values,
  depth: number,
  budget: { nodes: number },
): number | undefined {
  if (--budget.nodes < 0 || depth > MAX_VALUE_DEPTH) return undefined;
  if (e.kind === 'comment') return undefined;
  if (e.kind === 'atom') return atom(e.text, constants, values);
  const kids = meaningful(e.children);
  if (e.kind === 'tuple') {
    if (kids.length % 2) return undefined;
    const entries: Array<[string, number]> = [];
    for (let i = 0; i < kids.length; i += 2) {
      const k = kids[i]!;
      const v = canon(kids[i + 1]!, constants, values, depth + 1, budget);
      if (k.kind !== 'atom' || v === undefined) return undefined;
      entries.push([k.text, v]);
    }
    return tuple(entries, values);
  }
  const head = kids[0]?.kind === 'atom' ? kids[0].text : undefined;
  const args = kids.slice(1);
  if ((head === 'err' || head === 'ok' || head === 'some') && args.length === 1) {
    const v = canon(args[0]!, constants, values, depth + 1, budget);
    // `(err ` and `)`.
    if (v === undefined) return undefined;
    return values.add(`(${head} ${v})`, { form: head, parts: [v], length: head.length + 3 + values.lengthOf(v) });
  }
  if (head === 'list') {
    const parts: number[] = [];
    // `(list`, a space before each part, and `)`.
    let length = 6;
    for (const a of args) {
      const v = canon(a, constants, values, depth + 1, budget);
      if (v === undefined) return undefined;
      parts.push(v);
      length += 1 + values.lengthOf(v);
    }
    return values.add(`(list ${parts.join(' ')})`, { form: 'list', parts, length });
  }
  if (head === 'tuple') {
    const entries: Array<[string, number]> = [];
    for (const a of args) {
      if (a.kind !== 'list') return undefined;
      const [k, v, ...rest] = meaningful(a.children);
      if (k?.kind !== 'atom' || !v || rest.length) return undefined;
      const cv = canon(v, constants, values, depth + 1, budget);
      if (cv === undefined) return undefined;
      entries.push([k.text, cv]);
    }
    return tuple(entries, values);
  }
  return undefined;
}

function tuple(entries: Array<[string, number]>, values: Values): number | undefined {
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // `(tuple`, ` (k v)` for each entry, and `)`.
  let length = 7;
  for (const [k, v] of entries) length += k.length + 4 + values.lengthOf(v);
  // Each key with its length before it: no key can be read as part of the next.
  const key = `(tuple ${entries.map(([k, v]) => `${k.length}:${k} ${v}`).join(' ')})`;
  return values.add(key, { form: 'tuple', keys: entries.map(([k]) => k), parts: entries.map(([, v]) => v), length });
}

/** An atom's canonical text, the value of the constant it names, or undefined. */
function atom(text: string, constants: ReadonlyMap<string, number | undefined>, values: Values): number | undefined {
  const canonical = atomText(text);
  if (canonical !== undefined)
    return values.add(canonical, { form: 'atom', text: canonical, length: canonical.length });
  if (constants.has(text)) return constants.get(text);
  return undefined;
}

function atomText(text: string): string | undefined {
  // `0*` takes every leading zero but the last digit's: the digits keep none, unless they are "0".
  let m = /^u0*(\d+)$/.exec(text);
  if (m) return `u${m[1]!}`;
  m = /^(-?)0*(\d+)$/.exec(text);
  if (m) return m[2] === '0' ? '0' : `${m[1]!}${m[2]!}`;
  if (text === 'true' || text === 'false' || text === 'none') return text;
  if (/^0x[0-9a-fA-F]*$/.test(text)) return text.toLowerCase();
  if (text.startsWith('"') || text.startsWith('u"')) return text;
  if (/^'S[0-9A-Z]{20,60}(\.[a-zA-Z][a-zA-Z0-9_-]*)?$/.test(text)) return text.slice(1);
  return undefined;
}
