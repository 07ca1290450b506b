/**
 * A small reader of Clarity's surface syntax: the expressions of a source with the lines they
 * span, and its comments, the way the Clarity lexer of stacks-core (`clarity/src/vm/ast/parser/v2/
 * lexer`) cuts them. It knows just enough to find top-level definitions and `#[env(simnet)]`
 * annotations without being fooled by comments and strings; it does not check a contract. Pure.
 */

/** One pre-expression: a comment, an atom (name, number, principal, string…), or a list or tuple. */
export type Expr =
  | { kind: 'comment'; text: string; line: number; endLine: number }
  | { kind: 'atom'; text: string; line: number; endLine: number; offset: number }
  | {
      kind: 'list' | 'tuple';
      children: Expr[];
      line: number;
      endLine: number;
      offset: number;
      /** The offset after its closer; for a list left open, one past the end of the source (a place at the end is inside it). */
      end: number;
    };

export type ReadResult = { ok: true; exprs: Expr[] } | { ok: false; reason: string };

export interface ReadOptions {
  /**
   * Close lists left open at the end and skip stray closers, as an editor must while the user
   * types. Without it, such a source does not read (as the Clarity parser refuses it).
   */
  tolerant?: boolean;
}

/** Characters that end an atom (the lexer's separators, plus the string quote), by char code. */
const ENDS_ATOM = new Uint8Array(128);
for (const c of '(){},:;" \t\n\r\f\v') ENDS_ATOM[c.charCodeAt(0)] = 1;

const NL = 10;
const CR = 13;
const SEMI = 59;
const QUOTE = 34;
const BACKSLASH = 92;

/** The kinds of a `ClarityIndex`'s expressions. */
export const ATOM = 0;
export const LIST = 1;
export const TUPLE = 2;
export const COMMENT = 3;

/**
 * The expressions of a source as flat arrays, one entry per expression in source order (a list
 * before what it holds), without an object per expression: what the editor's navigation keeps
 * per document, and what `readClarity` builds its tree from. Entry `i` is a `kind[i]`
 * (`ATOM`, `LIST`, `TUPLE`, `COMMENT`) from `start[i]` to `end[i]` (an atom's or a comment's
 * last character plus one; a list's closer plus one, or one past the end of the source when left
 * open), inside the list `parent[i]` (-1 at the top level); `after[i]` is the entry after its
 * contents (so a list's children are `i + 1`, then `after` of each, up to `after[i]`), and
 * `line[i]` and `endLine[i]` its first and last lines (1-based).
 */
export interface ClarityIndex {
  readonly source: string;
  readonly count: number;
  readonly kind: Uint8Array;
  readonly start: Int32Array;
  readonly end: Int32Array;
  readonly parent: Int32Array;
  readonly after: Int32Array;
  readonly line: Int32Array;
  readonly endLine: Int32Array;
}

export type IndexResult = { ok: true; index: ClarityIndex } | { ok: false; reason: string };

/** The text of an atom of `index`. */
export function atomText(index: ClarityIndex, i: number): string {
  return index.source.slice(index.start[i], index.end[i]);
}

/** The text of a comment of `index`: after its `;;` (or `;`) and the blanks that follow, without `\r`. */
export function commentText(index: ClarityIndex, i: number): string {
  const s = index.start[i]!;
  let text = index.source.slice(index.source.charCodeAt(s + 1) === SEMI ? s + 2 : s + 1, index.end[i]);
  if (text.includes('\r')) text = text.replace(/\r/g, '');
  return text.trimStart();
}

/**
 * Reads `source` into a `ClarityIndex`, in one pass over its char codes. Lines are 1-based and
 * count `\n` only, as the Clarity lexer does (a `\r` before it is whitespace). Strings end on their
 * line: a quote left open at the end of a line does not read, nor does a single `;` or a non-ASCII
 * character anywhere (the lexer's errors; a tolerant read lets them pass, closes lists left open
 * at the end and skips stray closers).
 */
export function indexClarity(source: string, options: ReadOptions = {}): IndexResult {
  const tolerant = options.tolerant === true;
  const n = source.length;
  // An entry takes one character at least; the arrays start at an eighth of that and double.
  let cap = Math.min(n, 1024 + (n >> 3)) + 1;
  let kind = new Uint8Array(cap);
  let start = new Int32Array(cap);
  let end = new Int32Array(cap);
  let parent = new Int32Array(cap);
  let after = new Int32Array(cap);
  let lineOf = new Int32Array(cap);
  let endLine = new Int32Array(cap);
  let count = 0;
  /** The lists open at the place, innermost at `depth - 1` (`top`, or -1 for none). */
  let open = new Int32Array(64);
  let depth = 0;
  let top = -1;
  let line = 1;
  let i = 0;
  while (i < n) {
    const ch = source.charCodeAt(i);
    if (ch === NL) {
      line++;
      i++;
      continue;
    }
    // ' ', '\t', '\r', '\f', '\v'
    if (ch === 32 || ch === 9 || ch === CR || ch === 12 || ch === 11) {
      i++;
      continue;
    }
    // ',' and ':': separators of tuple entries, not expressions.
    if (ch === 44 || ch === 58) {
      i++;
      continue;
    }
    // ')' and '}'
    if (ch === 41 || ch === 125) {
      if (top < 0 || kind[top] !== (ch === 41 ? LIST : TUPLE)) {
        if (!tolerant) return { ok: false, reason: `unexpected '${source[i]!}' on line ${line}` };
        i++;
        continue;
      }
      end[top] = i + 1;
      endLine[top] = line;
      after[top] = count;
      depth--;
      top = depth ? open[depth - 1]! : -1;
      i++;
      continue;
    }
    // An entry: a comment, a list or tuple, or an atom, from `i` to `to`.
    let k: number;
    let to: number;
    if (ch === SEMI) {
      // `;;` (or, with a warning in Clarity, a single `;`) up to the end of the line.
      if (source.charCodeAt(i + 1) !== SEMI && !tolerant) return { ok: false, reason: `a single ';' on line ${line}` };
      const stop = source.indexOf('\n', i + 1);
      k = COMMENT;
      to = stop < 0 ? n : stop;
    } else if (ch === 40 || ch === 123) {
      // '(' and '{': open until their closer, or one past the end of the source.
      k = ch === 40 ? LIST : TUPLE;
      to = i + 1;
    } else if (ch === QUOTE || (ch === 117 && source.charCodeAt(i + 1) === QUOTE)) {
      // '"', or 'u"'
      let j = ch === 117 ? i + 2 : i + 1;
      let closed = false;
      while (j < n) {
        const c = source.charCodeAt(j);
        if (c === NL) break;
        if (c === BACKSLASH) j += 2;
        else if (c === QUOTE) {
          closed = true;
          j++;
          break;
        } else j++;
      }
      if (!closed && !tolerant) return { ok: false, reason: `a string left open on line ${line}` };
      k = ATOM;
      to = Math.min(j, n);
    } else {
      let j = i;
      for (let c = ch; j < n && (c >= 128 || ENDS_ATOM[c] === 0); c = source.charCodeAt(++j));
      k = ATOM;
      to = j;
    }
    if (count === cap) {
      cap = Math.min(n + 1, cap * 2);
      kind = grown(kind, new Uint8Array(cap));
      start = grown(start, new Int32Array(cap));
      end = grown(end, new Int32Array(cap));
      parent = grown(parent, new Int32Array(cap));
      after = grown(after, new Int32Array(cap));
      lineOf = grown(lineOf, new Int32Array(cap));
      endLine = grown(endLine, new Int32Array(cap));
    }
    const e = count++;
    kind[e] = k;
    start[e] = i;
    parent[e] = top;
    after[e] = count;
    lineOf[e] = line;
    endLine[e] = line;
    if (k === LIST || k === TUPLE) {
      end[e] = n + 1;
      if (depth === open.length) open = grown(open, new Int32Array(depth * 2));
      open[depth++] = e;
      top = e;
    } else end[e] = to;
    i = to;
  }
  if (depth && !tolerant)
    return { ok: false, reason: `'${kind[top] === LIST ? '(' : '{'}' on line ${lineOf[top]!} is never closed` };
  // Lists left open end where the source ends.
  for (let d = 0; d < depth; d++) {
    endLine[open[d]!] = line;
    after[open[d]!] = count;
  }
  // The lexer reports a non-ASCII character anywhere, comments included, as an error.
  if (!tolerant && /[^\x00-\x7f]/.test(source)) return { ok: false, reason: 'a character outside ASCII' };
  // Arrays much larger than what they hold are cut to size, for whoever keeps the index.
  const fit = cap > count * 1.25 + 64;
  return {
    ok: true,
    index: {
      source,
      count,
      kind: fit ? kind.slice(0, count) : kind,
      start: fit ? start.slice(0, count) : start,
      end: fit ? end.slice(0, count) : end,
      parent: fit ? parent.slice(0, count) : parent,
      after: fit ? after.slice(0, count) : after,
      line: fit ? lineOf.slice(0, count) : lineOf,
      endLine: fit ? endLine.slice(0, count) : endLine,
    },
  };
}

/** `into`, holding `from` at its start. */
function grown<T extends Uint8Array | Int32Array>(from: T, into: T): T {
  into.set(from);
  return into;
}

/**
 * Reads `source` into its top-level expressions, by the rules of `indexClarity`. The tree is built
 * from the index in one pass: each expression is added to the list that holds it.
 */
export function readClarity(source: string, options: ReadOptions = {}): ReadResult {
  const read = indexClarity(source, options);
  if (!read.ok) return read;
  const ix = read.index;
  const root: Expr[] = [];
  /** The lists whose contents are being added, innermost last: their children and their entries. */
  const children: Expr[][] = [];
  const lists: number[] = [];
  let into = root;
  for (let i = 0; i < ix.count; i++) {
    if (lists.length && ix.after[lists[lists.length - 1]!]! <= i) {
      while (lists.length && ix.after[lists[lists.length - 1]!]! <= i) {
        lists.pop();
        children.pop();
      }
      into = children.length ? children[children.length - 1]! : root;
    }
    const k = ix.kind[i]!;
    const line = ix.line[i]!;
    if (k === COMMENT) into.push({ kind: 'comment', text: commentText(ix, i), line, endLine: line });
    else if (k === ATOM) into.push({ kind: 'atom', text: atomText(ix, i), line, endLine: line, offset: ix.start[i]! });
    else {
      const inside: Expr[] = [];
      into.push({
        kind: k === LIST ? 'list' : 'tuple',
        children: inside,
        line,
        endLine: ix.endLine[i]!,
        offset: ix.start[i]!,
        end: ix.end[i]!,
      });
      lists.push(i);
      children.push(inside);
      into = inside;
    }
  }
  return { ok: true, exprs: root };
}

/** A function defined at the top level of a contract, where its `(define-…` opens (0-based line and column). */
export interface DefinedFunction {
  name: string;
  line: number;
  character: number;
}

/** Clarity names: a letter, then letters, digits and `-_!?+<>=/*`, at most 128 characters. */
const CLARITY_NAME = /^[a-zA-Z][a-zA-Z0-9_!?+<>=/*-]{0,127}$/;

/**
 * The `define-read-only` functions at the top level of a contract, in source order. A definition
 * inside a comment or a string is not one; an unbalanced source (being typed) still reads.
 */
export function readOnlyFunctions(source: string): DefinedFunction[] {
  const read = readClarity(source, { tolerant: true });
  return read.ok ? readOnlyFunctionsIn(read.exprs, source) : [];
}

/** The `define-read-only` functions among the top-level expressions `exprs` read from `source`. */
export function readOnlyFunctionsIn(exprs: readonly Expr[], source: string): DefinedFunction[] {
  const starts = lineStarts(source);
  const out: DefinedFunction[] = [];
  for (const e of exprs) {
    if (e.kind !== 'list') continue;
    const [keyword, signature] = e.children.filter((c) => c.kind !== 'comment');
    if (keyword?.kind !== 'atom' || keyword.text !== 'define-read-only') continue;
    if (signature?.kind !== 'list') continue;
    const name = signature.children.find((c) => c.kind !== 'comment');
    if (name?.kind !== 'atom' || !CLARITY_NAME.test(name.text)) continue;
    out.push({ name: name.text, line: e.line - 1, character: e.offset - starts[e.line - 1]! });
  }
  return out;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}
