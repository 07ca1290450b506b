/**
 * Whether a workspace contract is what is deployed: the local file against the deployed source,
 * after what Clarinet does to a source before it broadcasts it, ignoring line endings and trailing
 * whitespace. Pure.
 */
import { readClarity, readOnlyFunctions, readOnlyFunctionsIn, type DefinedFunction, type Expr } from './claritySyntax';

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
  const read = readClarity(source);
  if (!read.ok) return undefined;
  const out: LineSpan[] = [];
  collect(read.exprs, out);
  return out;
}

function collect(exprs: Expr[], out: LineSpan[]): void {
  let start: number | undefined;
  // Siblings follow one another, so the last code before a comment is the one that ends latest:
  // an annotation on that line sits at the end of a line of code. One pass, however many comments.
  let lastCodeEndLine = 0;
  for (const expr of exprs) {
    const code = expr.kind !== 'comment';
    if (start !== undefined) {
      if (code) {
        out.push({ startLine: start, endLine: expr.endLine });
        start = undefined;
        lastCodeEndLine = expr.endLine;
      }
      continue;
    }
    if (!code && isEnvSimnetAnnotation(expr.text) && lastCodeEndLine !== expr.line) start = expr.line;
    if (expr.kind === 'list' || expr.kind === 'tuple') collect(expr.children, out);
    if (code) lastCodeEndLine = expr.endLine;
  }
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
  const lines = source.split(/\r\n|\r|\n/).map(withoutTrailingBlanks);
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
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
 * The local source against the deployed one: the same when it matches as it is (a deploy before
 * Clarinet 3.17, or a source without `#[env(simnet)]` code) or with its `#[env(simnet)]` code
 * stripped (what Clarinet 3.17 and later broadcasts).
 */
export function compareWithDeployed(local: string, deployed: string): Drift {
  const target = normalizeSource(deployed);
  if (normalizeSource(local) === target) return 'same';
  const stripped = removeEnvSimnet(local);
  return stripped !== undefined && normalizeSource(stripped) === target ? 'same' : 'differs';
}

/**
 * The read-only functions of a local source that a deploy of it has: those of `readOnlyFunctions`
 * outside `#[env(simnet)]` code, which Clarinet leaves out of every on-chain deployment.
 */
export function onChainReadOnlyFunctions(source: string): DefinedFunction[] {
  const text = source.replace(/\r\n/g, '\n');
  const read = readClarity(text);
  const spans: LineSpan[] = [];
  if (read.ok) collect(read.exprs, spans);
  // A source that reads strictly reads the same tolerantly: one read of a large file, not two.
  const functions = read.ok && text === source ? readOnlyFunctionsIn(read.exprs, source) : readOnlyFunctions(source);
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
