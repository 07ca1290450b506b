/**
 * A replay's outcome, read: the call tree, the failing expression, the verdict against what the
 * chain recorded (`tx_status`, `tx_result`), the events, the data variables before and after, and
 * the costs against the tenure budget. Pure: the replay process's outcome and the transaction's
 * fields come in as plain values.
 */
import { parseCallTrace, failingExpressionOf, clip, type CallTrace, type FailingExpression } from './trace';
import { tenureShares, type Budget, type TenureShare } from './tenureBudget';
import * as l10n from './l10n';

/** What the replay process returned (src/replay/messages.ts `ReplayOutcome`, as far as this reads it). */
export interface OutcomeLike {
  result?: string | undefined;
  runtimeError?: string | undefined;
  trace?: string | undefined;
  output: string;
  events: readonly string[];
  costs?:
    { runtime: number; read_count: number; read_length: number; write_count: number; write_length: number } | undefined;
  varsBefore: Record<string, string>;
  varsAfter: Record<string, string>;
}

/** What the chain recorded of the transaction. */
export interface ChainTxLike {
  tx_status: string;
  tx_result?: { repr?: string | undefined } | undefined;
  /** Its position in its block: transactions before it changed the state the replay does not see. */
  tx_index?: number | undefined;
  block_height?: number | undefined;
  execution_cost_runtime?: number | undefined;
  execution_cost_read_count?: number | undefined;
  execution_cost_read_length?: number | undefined;
  execution_cost_write_count?: number | undefined;
  execution_cost_write_length?: number | undefined;
}

export type Verdict = 'matches' | 'diverged';

export interface TraceReport {
  tree: CallTrace;
  failing?: FailingExpression | undefined;
  /** What the replay ended with, as the chain would record it: a response, or `(err none)` for a runtime error. */
  replayResult: string;
  /** The runtime error, in the SDK's words (first line). */
  runtimeError?: string | undefined;
  verdict: Verdict;
  /** Why the verdict, in a sentence; for `diverged`, what may explain it. */
  verdictText: string;
  /** Earlier transactions of the same block the replay did not run (0 when it is the first). */
  earlierInBlock: number;
  events: string[];
  vars: Array<{ name: string; before: string; after: string }>;
  shares?: TenureShare[] | undefined;
  /** Whose costs the shares are: the replay's (a call that returned), or the chain's record (a runtime error returns none). */
  costsFrom?: 'replay' | 'chain' | undefined;
}

/** The first line of the SDK's error, without its "Call contract function error: …" wrapping. */
function runtimeLine(error: string): string {
  const first = error.split('\n')[0] ?? '';
  const m = /Runtime error while interpreting [^:]+: (.*)$/.exec(first);
  return clip((m?.[1] ?? first).trim(), 500);
}

/** The chain's status of a replay's result: a runtime error is recorded as `(err none)`. */
function statusOf(result: string | undefined): { status: string; repr: string } {
  if (result === undefined) return { status: 'abort_by_response', repr: '(err none)' };
  return { status: result.startsWith('(err') ? 'abort_by_response' : 'success', repr: result };
}

export function buildTraceReport(o: OutcomeLike, tx: ChainTxLike, budget?: Budget): TraceReport {
  const tree = parseCallTrace(o.trace);
  const failing = failingExpressionOf(o.output);
  const replay = statusOf(o.runtimeError === undefined ? o.result : undefined);
  const chainRepr = tx.tx_result?.repr ?? '';
  const earlierInBlock = Math.max(0, tx.tx_index ?? 0);
  const sameStatus = replay.status === tx.tx_status;
  const matches = sameStatus && replay.repr === chainRepr;
  let verdictText: string;
  if (matches) verdictText = l10n.t('The replay ended as the chain recorded it: {0}.', clip(chainRepr, 200));
  else if (tx.tx_status === 'abort_by_post_condition')
    verdictText = l10n.t(
      'The chain aborted this transaction on a post-condition, which a replay of the call does not check; the call itself returned {0}.',
      clip(replay.repr, 200),
    );
  else {
    const why =
      earlierInBlock > 0
        ? l10n.t(
            '{0} earlier transactions of block {1} ran before it on the chain; the replay starts from the state at the end of the block before.',
            earlierInBlock,
            tx.block_height ?? '?',
          )
        : l10n.t('The state the replay read may differ from what the node had when the block was mined.');
    verdictText = l10n.t(
      'The replay diverged: it ended with {0}, the chain recorded {1}. {2}',
      clip(replay.repr, 200),
      clip(chainRepr, 200),
      why,
    );
  }
  const names = [...new Set([...Object.keys(o.varsBefore), ...Object.keys(o.varsAfter)])].slice(0, 50);
  const events = o.events.length ? [...o.events] : collectEvents(tree);
  return {
    tree,
    failing,
    replayResult: replay.repr,
    runtimeError: o.runtimeError === undefined ? undefined : runtimeLine(o.runtimeError),
    verdict: matches ? 'matches' : 'diverged',
    verdictText,
    earlierInBlock,
    events: events.slice(0, 500),
    vars: names.map((name) => ({ name, before: o.varsBefore[name] ?? '', after: o.varsAfter[name] ?? '' })),
    ...costsOf(o, tx, budget),
  };
}

/** The events the trace shows (a failed call returns none of its own), in order. */
function collectEvents(tree: CallTrace): string[] {
  const out = [...tree.events];
  const walk = (calls: CallTrace['calls']) => {
    for (const c of calls) {
      out.push(...c.events);
      walk(c.children);
    }
  };
  walk(tree.calls);
  return out;
}

function costsOf(
  o: OutcomeLike,
  tx: ChainTxLike,
  budget: Budget | undefined,
): Pick<TraceReport, 'shares' | 'costsFrom'> {
  if (!budget) return {};
  if (o.costs) return { shares: tenureShares(o.costs, budget), costsFrom: 'replay' };
  if (tx.execution_cost_runtime === undefined) return {};
  const chain = {
    runtime: tx.execution_cost_runtime,
    read_count: tx.execution_cost_read_count ?? 0,
    read_length: tx.execution_cost_read_length ?? 0,
    write_count: tx.execution_cost_write_count ?? 0,
    write_length: tx.execution_cost_write_length ?? 0,
  };
  return { shares: tenureShares(chain, budget), costsFrom: 'chain' };
}
