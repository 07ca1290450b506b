/**
 * The full YAML parser's reading of a deployment plan, for what `planScanner.ts` does not read
 * (flow collections, anchors, aliases, block scalars, syntax errors). Both hosts have it: it is in
 * the half their builds share (src/bundles/half.ts), loaded with the project reader on first use.
 */
import { isAlias, isMap, isScalar, isSeq, Lexer, LineCounter, parseDocument, type Document } from 'yaml';
import { ClarinetProblem, firstLine, optionalLine } from './clarinetText';
import type { PlanNode } from './planScanner';

/** The plan's root node and its line index, or the first syntax error. */
export type ComposedPlan =
  { ok: true; root: PlanNode | undefined; lineOf(offset: number): number } | { ok: false; problem: ClarinetProblem };

/**
 * How deep a plan may nest collections on one line or in flow style (`[`, `{`): Clarinet writes a
 * few levels at most. The parser's time grows with the depth faster than with the size (900,000
 * `[` took 10 s), so a deeper plan is refused before it is parsed.
 */
export const MAX_PLAN_NESTING = 64;

export function composePlan(text: string, file: string): ComposedPlan {
  const deep = tooDeep(text);
  if (deep !== undefined)
    return {
      ok: false,
      problem: {
        file,
        line: deep,
        message: `Lists or maps are nested more than ${MAX_PLAN_NESTING} deep here, where Clarinet writes a few levels at most, so the plan was not read. Remove the nesting, or write the plan again with "clarinet deployments generate".`,
      },
    };
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: false, lineCounter });
  if (doc.errors.length) {
    const e = doc.errors[0]!;
    const pos = e.linePos?.[0];
    return {
      ok: false,
      problem: {
        file,
        ...optionalLine(pos?.line),
        ...(pos ? { column: pos.col } : {}),
        message: firstLine(e.message).replace(/ at line \d+, column \d+:?$/, ''),
      },
    };
  }
  return { ok: true, root: docNode(doc, doc.contents), lineOf: (o) => lineCounter.linePos(o).line };
}

/**
 * The line where the nesting first goes deeper than `MAX_PLAN_NESTING`, or undefined. The tokens
 * are the parser's own (`Lexer`), so quotes, comments and plain scalars count exactly as the
 * parser reads them; one pass, stopped at the first token too deep. Counted: open flow
 * collections, and the block indicators (`- `, `? `, `: `) of one line (`- - - x` is three
 * sequences); a block nesting by indentation needs a line per level, which the size bounds.
 */
function tooDeep(text: string): number | undefined {
  let line = 1;
  let flow = 0;
  let indicators = 0;
  for (const token of new Lexer().lex(text)) {
    switch (token) {
      case '[':
      case '{':
        if (++flow > MAX_PLAN_NESTING) return line;
        break;
      case ']':
      case '}':
        if (flow > 0) flow--;
        break;
      case '\x18': // the lexer left flow style (a collection not closed where it should be)
        flow = 0;
        break;
      case '-':
      case '?':
      case ':':
        if (flow === 0 && ++indicators > MAX_PLAN_NESTING) return line;
        break;
      default:
        if (token.includes('\n')) {
          for (let i = token.indexOf('\n'); i >= 0; i = token.indexOf('\n', i + 1)) line++;
          indicators = 0;
        }
    }
  }
  return undefined;
}

/** A node of a composed document (aliases resolved one level, never expanded further). */
function docNode(doc: Document, raw: unknown): PlanNode | undefined {
  const node = isAlias(raw) ? raw.resolve(doc) : raw;
  if (!node || typeof node !== 'object') return undefined;
  const n = node as { range?: [number, number, number]; tag?: string };
  const base = { offset: n.range?.[0] ?? 0, ...(n.tag !== undefined ? { tag: n.tag } : {}) };
  return {
    ...base,
    isMap: isMap(node),
    isSeq: isSeq(node),
    get: (key) => (isMap(node) ? docNode(doc, node.get(key, true)) : undefined),
    items: () => (isSeq(node) ? node.items.flatMap((i) => docNode(doc, i) ?? []) : []),
    single: () => {
      if (!isMap(node) || node.items.length !== 1) return undefined;
      const pair = node.items[0]!;
      const key = isScalar(pair.key) ? pair.key.value : pair.key;
      return [typeof key === 'string' ? key : undefined, docNode(doc, pair.value)];
    },
    text: () => {
      if (!isScalar(node)) return undefined;
      const v = node.value;
      return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
    },
    keys: () =>
      isMap(node)
        ? node.items.flatMap((p) => (isScalar(p.key) && typeof p.key.value === 'string' ? [p.key.value] : []))
        : [],
  };
}
