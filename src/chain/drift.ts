/**
 * Whether a workspace contract is what is deployed: the local file against the deployed source,
 * after what Clarinet does to a source before it broadcasts it, ignoring line endings and trailing
 * whitespace. Pure.
 */
import {
  atomText,
  commentText,
  indexClarity,
  ATOM,
  COMMENT,
  LIST,
  TUPLE,
  type ClarityIndex,
  type DefinedFunction,
} from './claritySyntax';

/** Lines of a source, 1-based and inclusive, that an `#[env(simnet)]` annotation covers. */
export interface LineSpan {
  startLine: number;
  endLine: number;
}

/**
 * Whether a comment's text (after `;;` and its leading blanks) is an `env` annotation, as
 * Clarinet's `AnnotationKind::from_str` (components/clarity-repl/src/analysis/annotation.rs) reads
 * it: `#[` … `]` around `env(<value>)`, blanks allowed around the name and the value, the value
 * `simnet` exactly (lowercase; `onchain` is refused). Anything after the `]` makes it no annotation.
 */
export function isEnvSimnetAnnotation(comment: string): boolean {
  const t = comment.trim();
  if (!t.startsWith('#[') || !t.endsWith(']')) return false;
  const inner = t.slice(2, -1).trim();
  const open = inner.indexOf('(');
  if (open < 0) return false;
  if (inner.slice(0, open).trim() !== 'env') return false;
  const rest = inner.slice(open + 1);
  if (!rest.endsWith(')')) return false;
  return rest.slice(0, -1).trim() === 'simnet';
}

/**
 * The spans of the `#[env(simnet)]` blocks of a source, as Clarinet's `get_env_simnet_spans`
 * (components/clarity-repl/src/utils.rs) finds them: an annotation comment that is not at the end
 * of a line holding code of the same list covers itself, any comments after it, and the next
 * expression, at any depth; the expression it covers is not searched further. Undefined when the
 * source does not parse (Clarinet then refuses to build the plan).
 */
export function envSimnetSpans(source: string): LineSpan[] | undefined {
  const read = indexClarity(source);
  return read.ok ? spansOf(read.index) : undefined;
}

/**
 * `isEnvSimnetAnnotation` read in place, without cutting the comment out: blanks, `#[`, `env`,
 * `(`, `simnet`, `)`, `]`, blanks allowed between, up to the end of the line.
 */
const ANNOTATION = /[ \t\v\f]*#\[[ \t\v\f]*env[ \t\v\f]*\([ \t\v\f]*simnet[ \t\v\f]*\)[ \t\v\f]*\][ \t\v\f]*(?:\n|$)/y;

/** Whether comment `i` of the index is an `#[env(simnet)]` annotation. */
function isAnnotation(ix: ClarityIndex, i: number, crs: boolean): boolean {
  const s = ix.source;
  const from = ix.start[i]!;
  // A `\r` inside the comment is dropped from its text, wherever it is: the text then decides.
  if (crs)
    for (let j = from; j < ix.end[i]!; j++)
      if (s.charCodeAt(j) === 13) return isEnvSimnetAnnotation(commentText(ix, i));
  ANNOTATION.lastIndex = s.charCodeAt(from + 1) === 59 ? from + 2 : from + 1;
  return ANNOTATION.test(s);
}

/**
 * The spans of an index, one pass over its entries in source order: each list's siblings are
 * walked with their own state (an annotation waiting for its expression, the line the last code
 * ended on), on a stack rather than by recursion, so no nesting depth overflows it. The stack is
 * four arrays of numbers, not an object a list: a source of a million nested lists allocates none.
 */
function spansOf(ix: ClarityIndex): LineSpan[] {
  const out: LineSpan[] = [];
  if (!ix.source.includes('#[')) return out;
  const crs = ix.source.includes('\r');
  // Per open list: its next entry and the entry after its last; the line of an annotation waiting
  // for the expression it covers (-1: none); the line the last code ended on (siblings follow one
  // another, so the last code before a comment is the one that ends latest).
  const next: number[] = [0];
  const stop: number[] = [ix.count];
  const start: number[] = [-1];
  const lastCodeEndLine: number[] = [0];
  let top = 0;
  while (top >= 0) {
    const i = next[top]!;
    if (i >= stop[top]!) {
      top--;
      continue;
    }
    next[top] = ix.after[i]!;
    const k = ix.kind[i]!;
    const code = k !== COMMENT;
    if (start[top] !== -1) {
      if (code) {
        out.push({ startLine: start[top]!, endLine: ix.endLine[i]! });
        start[top] = -1;
        lastCodeEndLine[top] = ix.endLine[i]!;
      }
      continue;
    }
    if (!code) {
      const line = ix.line[i]!;
      if (lastCodeEndLine[top] !== line && isAnnotation(ix, i, crs)) start[top] = line;
      continue;
    }
    lastCodeEndLine[top] = ix.endLine[i]!;
    if (k === LIST || k === TUPLE) {
      top++;
      next[top] = i + 1;
      stop[top] = ix.after[i]!;
      start[top] = -1;
      lastCodeEndLine[top] = 0;
    }
  }
  return out;
}

/**
 * The source Clarinet (3.17 and later) broadcasts for a contract: every line an `#[env(simnet)]`
 * span touches is emptied (the lines stay, so line numbers do not move) and every line ends with a
 * newline, as `remove_env_simnet` does. Undefined when there is nothing to strip or the source does
 * not parse (Clarinet keeps the source as it is, or fails). Line endings are made `\n` first:
 * Clarinet would refuse a `\r`, but drift ignores line endings, so a CRLF checkout compares as
 * the LF file it was made from.
 */
export function removeEnvSimnet(source: string): string | undefined {
  const text = source.replace(/\r\n/g, '\n');
  const spans = envSimnetSpans(text);
  if (!spans?.length) return undefined;
  const lines: Array<string | undefined> = rustLines(text);
  for (const s of spans) for (let i = s.startLine; i <= s.endLine; i++) lines[i - 1] = undefined;
  return lines.map((l) => `${l ?? ''}\n`).join('');
}

/**
 * Rust's `str::lines`: split on `\n`, a final `\n` adds no empty line, a `\r` before `\n` is
 * dropped; a bare `\r` at the very end stays (as in Rust 1.77 and later).
 */
function rustLines(text: string): string[] {
  if (text === '') return [];
  const ended = text.endsWith('\n');
  const lines = text.split('\n');
  if (ended) lines.pop();
  const last = lines.length - 1;
  return lines.map((l, i) => ((ended || i < last) && l.endsWith('\r') ? l.slice(0, -1) : l));
}

/**
 * A source as drift compares it: `\r\n`, `\r` and `\n` all end a line, trailing blanks of each
 * line and blank lines at the end do not count.
 */
export function normalizeSource(source: string): string {
  return joinLines(source.includes('\r') ? source.split(/\r\n|\r|\n/) : source.split('\n'));
}

/** Lines without their trailing blanks, and without the blank lines that end them, as one text. */
function joinLines(lines: string[]): string {
  for (let i = 0; i < lines.length; i++) lines[i] = withoutTrailingBlanks(lines[i]!);
  let end = lines.length;
  while (end && lines[end - 1] === '') end--;
  if (end < lines.length) lines.length = end;
  return lines.join('\n');
}

/**
 * A line without its trailing spaces, tabs, form feeds and vertical tabs. A loop, not
 * `/[ \t\f\v]+$/`: that regex tries every blank of a run that does not end the line, so a line
 * of 40,000 blanks and a letter took seconds, and a megabyte of them hours.
 */
function withoutTrailingBlanks(line: string): string {
  let end = line.length;
  for (let c = line.charCodeAt(end - 1); c === 32 || c === 9 || c === 12 || c === 11; c = line.charCodeAt(end - 1))
    end--;
  return end === line.length ? line : line.slice(0, end);
}

export type Drift = 'same' | 'differs';

/**
 * The local side of drift, worked out once per text and compared with any number of deploys: the
 * text as drift compares it, and (only when a deploy differs from that) as Clarinet broadcasts it.
 */
export class LocalSource {
  /** `normalizeSource` of the text. */
  readonly normalized: string;
  private broadcast: string | null | undefined;

  constructor(readonly text: string) {
    this.normalized = normalizeSource(text);
  }

  /** `normalizeSource` of `removeEnvSimnet` of the text; undefined when there is nothing to strip. */
  get stripped(): string | undefined {
    if (this.broadcast === undefined) this.broadcast = strippedNormalized(this.text) ?? null;
    return this.broadcast ?? undefined;
  }
}

/**
 * `normalizeSource(removeEnvSimnet(source))`, undefined when there is nothing to strip. A source
 * without `#[` has no annotation and is not read; one without a bare `\r` is stripped on its
 * normalized lines directly, since stripping empties whole lines and normalizing keeps them.
 */
function strippedNormalized(source: string): string | undefined {
  if (!source.includes('#[')) return undefined;
  const text = source.replace(/\r\n/g, '\n');
  if (text.includes('\r')) {
    const stripped = removeEnvSimnet(source);
    return stripped === undefined ? undefined : normalizeSource(stripped);
  }
  const spans = envSimnetSpans(text);
  if (!spans?.length) return undefined;
  const lines = text.split('\n');
  for (const s of spans) for (let i = s.startLine; i <= s.endLine; i++) lines[i - 1] = '';
  return joinLines(lines);
}

/** A local source against a deployed one already normalized (`normalizeSource`). */
export function compareLocal(local: LocalSource, deployedNormalized: string): Drift {
  if (local.normalized === deployedNormalized) return 'same';
  return local.stripped === deployedNormalized ? 'same' : 'differs';
}

/**
 * The local source against the deployed one: the same when it matches as it is (a deploy before
 * Clarinet 3.17, or a source without `#[env(simnet)]` code) or with its `#[env(simnet)]` code
 * stripped (what Clarinet 3.17 and later broadcasts).
 */
export function compareWithDeployed(local: string, deployed: string): Drift {
  return compareLocal(new LocalSource(local), normalizeSource(deployed));
}

/** Clarity names, as `readOnlyFunctions` of claritySyntax.ts takes them. */
const CLARITY_NAME = /^[a-zA-Z][a-zA-Z0-9_!?+<>=/*-]{0,127}$/;
const DEFINE_READ_ONLY = 'define-read-only';

/**
 * The read-only functions of a local source that a deploy of it has: those of `readOnlyFunctions`
 * outside `#[env(simnet)]` code, which Clarinet leaves out of every on-chain deployment. One
 * tolerant read of the source into flat arrays serves both: a source that reads strictly reads the
 * same tolerantly, and one being typed (a list left open) has its `#[env(simnet)]` code left out
 * the same way, so a lens does not come and go as one types.
 */
export function onChainReadOnlyFunctions(source: string): DefinedFunction[] {
  // A `\r` before `\n` is whitespace and ends no line: places are the same without it.
  const text = source.replace(/\r\n/g, '\n');
  const read = indexClarity(text, { tolerant: true });
  if (!read.ok) return [];
  const functions = readOnlyFunctionsOf(read.index);
  const spans = spansOf(read.index);
  // Both come in source order: one sweep over the spans by their start.
  spans.sort((a, b) => a.startLine - b.startLine);
  let next = 0;
  let coveredTo = 0;
  return functions.filter((f) => {
    const line = f.line + 1;
    while (next < spans.length && spans[next]!.startLine <= line)
      coveredTo = Math.max(coveredTo, spans[next++]!.endLine);
    return coveredTo < line;
  });
}

/** The first entry that is not a comment from `i` up to `stop` among siblings, or -1. */
function firstCode(ix: ClarityIndex, i: number, stop: number): number {
  for (; i < stop; i = ix.after[i]!) if (ix.kind[i] !== COMMENT) return i;
  return -1;
}

/** The `define-read-only` functions at the top level of an index, as `readOnlyFunctionsIn` finds them. */
function readOnlyFunctionsOf(ix: ClarityIndex): DefinedFunction[] {
  const s = ix.source;
  const out: DefinedFunction[] = [];
  // The line the last function was on and where it starts: lines are walked forward once.
  let line = 1;
  let lineStart = 0;
  for (let e = 0; e < ix.count; e = ix.after[e]!) {
    if (ix.kind[e] !== LIST) continue;
    const keyword = firstCode(ix, e + 1, ix.after[e]!);
    if (keyword < 0 || ix.kind[keyword] !== ATOM) continue;
    if (ix.end[keyword]! - ix.start[keyword]! !== DEFINE_READ_ONLY.length) continue;
    if (!s.startsWith(DEFINE_READ_ONLY, ix.start[keyword])) continue;
    const signature = firstCode(ix, ix.after[keyword]!, ix.after[e]!);
    if (signature < 0 || ix.kind[signature] !== LIST) continue;
    const name = firstCode(ix, signature + 1, ix.after[signature]!);
    if (name < 0 || ix.kind[name] !== ATOM) continue;
    const text = atomText(ix, name);
    if (!CLARITY_NAME.test(text)) continue;
    for (; line < ix.line[e]!; line++) lineStart = s.indexOf('\n', lineStart) + 1;
    out.push({ name: text, line: line - 1, character: ix.start[e]! - lineStart });
  }
  return out;
}
