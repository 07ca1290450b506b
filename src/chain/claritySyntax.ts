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

/**
 * Reads `source` into its top-level expressions. Lines are 1-based and count `\n` only, as the
 * Clarity lexer does (a `\r` before it is whitespace). Strings end on their line: a quote left open
 * at the end of a line does not read, nor does a single `;` or a non-ASCII character anywhere
 * (the lexer's errors; a tolerant read lets them pass). Char codes, not one-character strings: a
 * contract of a megabyte is read in one pass without a string per character.
 */
export function readClarity(source: string, options: ReadOptions = {}): ReadResult {
  const tolerant = options.tolerant === true;
  const root: Expr[] = [];
  const stack: Array<{ expr: Extract<Expr, { kind: 'list' | 'tuple' }>; close: number }> = [];
  let top = root;
  let line = 1;
  let i = 0;
  const n = source.length;
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
    if (ch === SEMI) {
      // `;;` (or, with a warning in Clarity, a single `;`) up to the end of the line; the text
      // starts at its first non-blank character, and `\r` is dropped, as the lexer reads it.
      let j = i + 1;
      if (source.charCodeAt(j) === SEMI) j++;
      else if (!tolerant) return { ok: false, reason: `a single ';' on line ${line}` };
      const end = source.indexOf('\n', j);
      const stop = end < 0 ? n : end;
      let text = source.slice(j, stop);
      if (text.includes('\r')) text = text.replace(/\r/g, '');
      top.push({ kind: 'comment', text: text.trimStart(), line, endLine: line });
      i = stop;
      continue;
    }
    // '(' and '{'
    if (ch === 40 || ch === 123) {
      const expr: Expr = {
        kind: ch === 40 ? 'list' : 'tuple',
        children: [],
        line,
        endLine: line,
        offset: i,
        end: n + 1,
      };
      top.push(expr);
      stack.push({ expr, close: ch === 40 ? 41 : 125 });
      top = expr.children;
      i++;
      continue;
    }
    // ')' and '}'
    if (ch === 41 || ch === 125) {
      const open = stack[stack.length - 1];
      if (!open || open.close !== ch) {
        if (!tolerant) return { ok: false, reason: `unexpected '${source[i]!}' on line ${line}` };
        i++;
        continue;
      }
      open.expr.endLine = line;
      open.expr.end = i + 1;
      stack.pop();
      top = stack.length ? stack[stack.length - 1]!.expr.children : root;
      i++;
      continue;
    }
    // ',' and ':': separators of tuple entries, not expressions.
    if (ch === 44 || ch === 58) {
      i++;
      continue;
    }
    // '"', or 'u"'
    if (ch === QUOTE || (ch === 117 && source.charCodeAt(i + 1) === QUOTE)) {
      const start = i;
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
      j = Math.min(j, n);
      top.push({ kind: 'atom', text: source.slice(start, j), line, endLine: line, offset: start });
      i = j;
      continue;
    }
    let j = i;
    for (let c = ch; j < n && (c >= 128 || ENDS_ATOM[c] === 0); c = source.charCodeAt(++j));
    top.push({ kind: 'atom', text: source.slice(i, j), line, endLine: line, offset: i });
    i = j;
  }
  if (stack.length && !tolerant) {
    const open = stack[stack.length - 1]!;
    return { ok: false, reason: `'${open.close === 41 ? '(' : '{'}' on line ${open.expr.line} is never closed` };
  }
  // Lists left open end where the source ends.
  for (const open of stack) open.expr.endLine = line;
  // The lexer reports a non-ASCII character anywhere, comments included, as an error.
  if (!tolerant && /[^\x00-\x7f]/.test(source)) return { ok: false, reason: 'a character outside ASCII' };
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
