/**
 * What a local replay of a contract call printed, read into a tree (pure).
 *
 * The Clarinet SDK's `getLastContractCallTrace()` prints one line per call (its tracer hook,
 * clarinet's components/clarity-repl/src/repl/hooks/tracer.rs): `├── (expr)  contract:line:col`,
 * then `│ ↳ args: …` (and `│ ↳ callee: …` for a dynamic `contract-call?`), `│ ✸ event` as events
 * are emitted, `└── value` one level deeper when a call returns (at depth 0: the top-level result), and a last `Error: …` when the call failed. Each
 * level of depth is one `│   ` before the mark. On a runtime error the SDK also prints
 * `Error occured in {contract}:{line}:{col}`, a line of `=`, `Expression:`, the expression and
 * `Error: {error}` to the console (`failingExpressionOf`).
 *
 * Every string here comes from the chain (arguments, values, events): it is text, and each is
 * clipped; the number of lines and of calls is capped.
 */

/** At most this many lines of trace are read; the rest is said to be left out. */
export const MAX_TRACE_LINES = 4000;
/** At most this many calls in the tree. */
export const MAX_TRACE_CALLS = 500;
/** A value, an argument list or an event is clipped to this many characters. */
export const MAX_TEXT = 2000;

export interface TraceCall {
  /** `contract-call?` of another contract, or a call of a function of the same contract. */
  kind: 'contract-call' | 'function';
  /** The expression as the SDK prints it, e.g. `( contract-call? SP….ledger settle amount )`. */
  expression: string;
  /** The contract called (full id as printed, or the `callee` line of a dynamic call), for a contract-call. */
  callee?: string | undefined;
  /** The function called. */
  fn: string;
  /** Where the call is written: the calling contract's name, line and column. */
  at: { contract: string; line: number; column: number } | undefined;
  /** The arguments' values, as the SDK prints them (one text). */
  args: string;
  /** What it returned; undefined when it did not return (it failed, or the trace ended). */
  returned?: string | undefined;
  /** Events emitted while this call was the innermost one. */
  events: string[];
  children: TraceCall[];
}

export interface CallTrace {
  /** The calls made from the top-level function, in order. */
  calls: TraceCall[];
  /** Events emitted by the top-level function itself. */
  events: string[];
  /** What the top-level call returned, when it did. */
  result?: string | undefined;
  /** The trace's `Error: …` line, when it failed. */
  error?: string | undefined;
  /** Lines or calls were left out by the caps. */
  clipped: boolean;
}

export interface FailingExpression {
  /** The contract's name as the SDK prints it (no address). */
  contract: string;
  line: number;
  column: number;
  expression: string;
  error: string;
}

const ANSI = /\u001b\[[0-9;]*m/g;

export function clip(text: string, max = MAX_TEXT): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Splits a line into its depth (the `│   ` before the mark) and the rest. */
function depthOf(line: string): { depth: number; rest: string } {
  let depth = 0;
  let i = 0;
  while (line.startsWith('│   ', i)) {
    depth++;
    i += 4;
  }
  return { depth, rest: line.slice(i) };
}

const CALL_LINE = /^├── (.*?)\s{2,}([A-Za-z][A-Za-z0-9_-]*):(\d+):(\d+)\s*$/;

function callOf(expression: string, at: TraceCall['at']): TraceCall {
  const words = expression
    .replace(/^\(\s*/, '')
    .replace(/\s*\)$/, '')
    .split(/\s+/);
  const isContractCall = words[0] === 'contract-call?';
  return {
    kind: isContractCall ? 'contract-call' : 'function',
    expression: clip(expression),
    callee: isContractCall ? clip(words[1] ?? '', 200) : undefined,
    fn: clip((isContractCall ? words[2] : words[0]) ?? '', 200),
    at,
    args: '',
    events: [],
    children: [],
  };
}

/** Reads `getLastContractCallTrace()`'s text into a tree of calls. */
export function parseCallTrace(text: string | undefined): CallTrace {
  const out: CallTrace = { calls: [], events: [], clipped: false };
  if (!text) return out;
  const lines = text.replace(ANSI, '').split(/\r?\n/);
  if (lines.length > MAX_TRACE_LINES) {
    out.clipped = true;
    lines.length = MAX_TRACE_LINES;
  }
  // open[d] is the call printed at depth d that is still running.
  const open: TraceCall[] = [];
  let count = 0;
  let last: TraceCall | undefined;
  for (const raw of lines) {
    if (!raw.trim()) continue;
    const { depth, rest } = depthOf(raw);
    const call = CALL_LINE.exec(rest);
    if (call) {
      if (++count > MAX_TRACE_CALLS) {
        out.clipped = true;
        // the args and callee lines that follow are this left-out call's, not the last one kept
        last = undefined;
        continue;
      }
      const node = callOf(call[1] ?? '', {
        contract: call[2] ?? '',
        line: Number(call[3]),
        column: Number(call[4]),
      });
      open.length = Math.min(open.length, depth);
      const parent = depth > 0 ? open[depth - 1] : undefined;
      (parent ? parent.children : out.calls).push(node);
      open[depth] = node;
      last = node;
      continue;
    }
    const mark = /^│ (↳ args:|↳ callee:|✸ )\s?(.*)$/.exec(rest);
    if (mark) {
      const [, kind, value = ''] = mark;
      if (kind === '↳ args:' && last) last.args = clip(value.trim());
      else if (kind === '↳ callee:' && last) last.callee = clip(value.trim(), 200);
      else if (kind === '✸ ') {
        const owner = depth > 0 ? open[depth - 1] : undefined;
        (owner ? owner.events : out.events).push(clip(value.trim()));
      }
      continue;
    }
    const returned = /^└── (.*)$/.exec(rest);
    if (returned) {
      // A call printed at depth d returns one level deeper; at depth 0 is the top-level result.
      const value = clip((returned[1] ?? '').trim());
      const node = depth > 0 ? open[depth - 1] : undefined;
      if (node) {
        if (node.returned === undefined) node.returned = value;
        open.length = depth - 1;
      } else if (depth === 0) out.result = value;
      continue;
    }
    const error = /^Error: (.*)$/.exec(raw);
    if (error && depth === 0) out.error = clip((error[1] ?? '').trim());
  }
  return out;
}

/** The `Error occured in …` report the SDK prints on a runtime error, if the output has one. */
export function failingExpressionOf(output: string | undefined): FailingExpression | undefined {
  if (!output) return undefined;
  const text = output.replace(ANSI, '');
  const at =
    /Error occured in ([A-Za-z][A-Za-z0-9_-]*):(\d+):(\d+)\s*\n=+\s*\nExpression:\s*\n([\s\S]*?)\nError: ([^\n]*)/.exec(
      text,
    );
  if (!at) return undefined;
  return {
    contract: at[1] ?? '',
    line: Number(at[2]),
    column: Number(at[3]),
    expression: clip((at[4] ?? '').trim()),
    error: clip((at[5] ?? '').trim(), 500),
  };
}

/** Every call of the tree, depth first, with its depth (for a flat rendering). */
export function flattenCalls(
  calls: readonly TraceCall[],
  depth = 0,
  out: Array<{ call: TraceCall; depth: number }> = [],
) {
  for (const call of calls) {
    out.push({ call, depth });
    flattenCalls(call.children, depth + 1, out);
  }
  return out;
}
