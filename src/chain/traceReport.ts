/**
 * A replay's outcome, read: the call tree, the failing expression, the verdict against what the
 * chain recorded (`tx_status`, `tx_result`), the events, the data variables and map entries before
 * and after, the costs against the tenure budget, and, when the block's earlier transactions were
 * replayed first, how many and how they ended. Pure: the replay process's outcome and the
 * transaction's fields come in as plain values.
 */
import { parseCallTrace, failingExpressionOf, clip, type CallTrace, type FailingExpression } from './trace';
import type { EarlierPlan } from './traceInputs';
import { tenureShares, type Budget, type TenureShare } from './tenureBudget';
import * as l10n from './l10n';
import { formatCount } from './format';

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
  maps?: ReadonlyArray<{ name: string; key: string; before: string; after: string }> | undefined;
  /** Each earlier transaction replayed first, in order: what it returned, or the error it stopped on. */
  earlier?: ReadonlyArray<{ result?: string | undefined; error?: string | undefined }> | undefined;
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
  /** Earlier transactions of the same block (0 when it is the first). */
  earlierInBlock: number;
  /** The replay diverged and did not run them: offer to replay again with them first. */
  offerEarlier: boolean;
  /** They were replayed first: how many ran, were skipped, and ended here otherwise than on the chain. */
  earlier?: { ran: number; skipped: number; read: number; differed: number } | undefined;
  events: string[];
  vars: Array<{ name: string; before: string; after: string }>;
  /** Map entries at keys the call names (its sender, its arguments), before and after. */
  maps: Array<{ name: string; key: string; before: string; after: string }>;
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

/** How an earlier transaction ended here, as the chain would record it (a runtime error is `(err none)`). */
const endedAs = (e: { result?: string | undefined; error?: string | undefined }): string =>
  e.error === undefined ? (e.result ?? '') : '(err none)';

/** What a replay that ran the block's earlier transactions first says about them. */
function earlierSummary(
  o: OutcomeLike,
  plan: EarlierPlan,
  height: number | string,
): { counts: NonNullable<TraceReport['earlier']>; text: string; complete: boolean } {
  const ran = o.earlier ?? [];
  const differ = plan.calls
    .map((c, i) => ({ c, here: ran[i] }))
    .filter((x) => x.here !== undefined && endedAs(x.here) !== x.c.chain);
  const parts = [
    l10n.t('The replay included the earlier transactions of block {1} before it: {0} ran.', ran.length, height),
  ];
  if (plan.skipped) parts.push(l10n.t('Skipped: {0} (neither a contract call nor an STX transfer).', plan.skipped));
  if (plan.read < plan.inBlock)
    parts.push(l10n.t('Only the first {0} of its {1} earlier transactions were read.', plan.read, plan.inBlock));
  const first = differ[0];
  if (first?.here)
    parts.push(
      l10n.t(
        'Ended here otherwise than on the chain: {0} (the first, {1}: {2} here, {3} on the chain).',
        differ.length,
        `${first.c.txId.slice(0, 10)}…`,
        clip(endedAs(first.here), 120),
        clip(first.c.chain, 120),
      ),
    );
  return {
    counts: { ran: ran.length, skipped: plan.skipped, read: plan.read, differed: differ.length },
    text: parts.join(' '),
    complete: plan.skipped === 0 && plan.read === plan.inBlock && differ.length === 0,
  };
}

/**
 * The report of one replay; `earlier` when the block's earlier transactions were replayed first
 * (what was planned; what they did is in the outcome).
 */
export function buildTraceReport(o: OutcomeLike, tx: ChainTxLike, budget?: Budget, earlier?: EarlierPlan): TraceReport {
  const tree = parseCallTrace(o.trace);
  const failing = failingExpressionOf(o.output);
  const replay = statusOf(o.runtimeError === undefined ? o.result : undefined);
  const chainRepr = tx.tx_result?.repr ?? '';
  const earlierInBlock = Math.max(0, tx.tx_index ?? 0);
  const sameStatus = replay.status === tx.tx_status;
  const matches = sameStatus && replay.repr === chainRepr;
  const height = tx.block_height === undefined ? '?' : formatCount(tx.block_height);
  const ranFirst = earlier ? earlierSummary(o, earlier, height) : undefined;
  let verdictText: string;
  if (matches) {
    verdictText = l10n.t('The replay ended as the chain recorded it: {0}.', clip(chainRepr, 200));
    if (ranFirst) verdictText += ` ${ranFirst.text}`;
  } else if (tx.tx_status === 'abort_by_post_condition')
    verdictText = l10n.t(
      'The chain aborted this transaction on a post-condition, which a replay of the call does not check; the call itself returned {0}.',
      clip(replay.repr, 200),
    );
  else {
    const stateMayDiffer = l10n.t(
      'The state the replay read may differ from what the node had when the block was mined.',
    );
    const why = ranFirst
      ? ranFirst.complete
        ? `${ranFirst.text} ${stateMayDiffer}`
        : ranFirst.text
      : earlierInBlock > 0
        ? l10n.t(
            '{0} earlier transactions of block {1} ran before it on the chain; the replay starts from the state at the end of the block before.',
            formatCount(earlierInBlock),
            height,
          )
        : stateMayDiffer;
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
    offerEarlier: !matches && !earlier && earlierInBlock > 0 && tx.tx_status !== 'abort_by_post_condition',
    ...(ranFirst ? { earlier: ranFirst.counts } : {}),
    events: events.slice(0, 500),
    vars: names.map((name) => ({ name, before: o.varsBefore[name] ?? '', after: o.varsAfter[name] ?? '' })),
    maps: (o.maps ?? []).slice(0, 50).map((m) => ({ ...m })),
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
