/**
 * The full YAML parser's reading of a deployment plan, for what `planScanner.ts` does not read
 * (flow collections, anchors, aliases, block scalars, syntax errors). The web build, which has no
 * room for the parser, replaces this module with planYaml.web.ts.
 */
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import { ClarinetProblem, firstLine, optionalLine } from './clarinetText';
import type { PlanNode } from './planScanner';

/** The plan's root node and its line index, or the first syntax error. */
export type ComposedPlan =
  { ok: true; root: PlanNode | undefined; lineOf(offset: number): number } | { ok: false; problem: ClarinetProblem };

export function composePlan(text: string, file: string): ComposedPlan {
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
      return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : undefined;
    },
    keys: () =>
      isMap(node)
        ? node.items.flatMap((p) => (isScalar(p.key) && typeof p.key.value === 'string' ? [p.key.value] : []))
        : [],
  };
}
