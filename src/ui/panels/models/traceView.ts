/**
 * The Trace section's model: a replay's report (chain/traceReport.ts) as plain strings for the
 * webview (src/webview/trace.ts), and the same as text for a notification-free reader (the
 * command's document and the chat tool). Pure: no vscode; every string is chain data or made from it.
 */
import type { TraceLine, TraceView } from '../../../protocol';
import type { TraceReport } from '../../../chain/traceReport';
import { flattenCalls, type TraceCall } from '../../../chain/trace';
import { BLOCK_SHARE_OF_TENURE, tenureWarning } from '../../../chain/tenureBudget';
import { MAX_EARLIER } from '../../../chain/traceInputs';
import { percentText } from '../../../chain/simulation';
import type { NetworkId } from '../../../chain/networks';
import * as l10n from '../../../chain/l10n';
import { formatCount } from '../../../chain/format';

export interface TraceMeta {
  network: NetworkId;
  /** The called contract (the tree's root). */
  contractId: string;
  fn: string;
  /** The block whose state the call ran on. */
  height: number;
  sdk: string;
  requests: number;
  apiOrigin: string;
  ms: number;
}

const number = (n: number) => formatCount(n);

/** The full id of a contract the trace names by its name only (the SDK prints names), from the tree's callees. */
export function contractIdOf(name: string, rootId: string, calls: readonly TraceCall[]): string | undefined {
  if (rootId.endsWith(`.${name}`)) return rootId;
  for (const { call } of flattenCalls(calls)) if (call.callee?.endsWith(`.${name}`)) return call.callee;
  return undefined;
}

export function traceViewOf(r: TraceReport, m: TraceMeta): TraceView {
  const rows = flattenCalls(r.tree.calls);
  const failingId = r.failing ? contractIdOf(r.failing.contract, m.contractId, r.tree.calls) : undefined;
  const open: TraceLine | undefined =
    r.failing && failingId
      ? { network: m.network, contractId: failingId, line: r.failing.line, column: r.failing.column }
      : undefined;
  const calls = [
    {
      depth: 0,
      label: `${m.contractId}.${m.fn}`,
      at: l10n.t('the transaction'),
      args: '',
      returned: r.replayResult,
      failed: r.replayResult.startsWith('(err'),
    },
    ...rows.map(({ call, depth }) => ({
      depth: depth + 1,
      label: call.kind === 'contract-call' ? `${call.callee ?? '?'}.${call.fn}` : call.fn,
      at: call.at ? `${call.at.contract}:${call.at.line}:${call.at.column}` : '',
      args: call.args,
      returned: call.returned ?? l10n.t('did not return'),
      failed: call.returned === undefined || call.returned.startsWith('(err'),
    })),
  ];
  const view: TraceView = {
    state: 'done',
    verdict: { matches: r.verdict === 'matches', text: r.verdictText },
    calls,
    events: r.events,
    vars: r.vars,
    ...(r.maps.length
      ? { maps: r.maps.map((x) => ({ entry: `${x.name}[${x.key}]`, before: x.before, after: x.after })) }
      : {}),
    ran: l10n.t(
      'Replayed at block {0} with {1}: {2} requests to {3}, {4} s.',
      number(m.height),
      m.sdk,
      m.requests,
      m.apiOrigin,
      (m.ms / 1000).toFixed(1),
    ),
  };
  if (r.offerEarlier) view.earlier = earlierOffer(r.earlierInBlock, m.height + 1);
  if (r.failing)
    view.failing = {
      at: `${failingId ?? r.failing.contract}:${r.failing.line}:${r.failing.column}`,
      expression: r.failing.expression,
      error: r.failing.error,
      ...(open ? { open } : {}),
    };
  else if (r.runtimeError) view.failing = { at: '', expression: '', error: r.runtimeError };
  if (r.shares) {
    const warning = tenureWarning(r.shares);
    view.cost = {
      source:
        r.costsFrom === 'chain'
          ? l10n.t(
              'As the chain recorded it (a call that stops on a runtime error returns no costs), against the tenure budget; one block may use {0} %.',
              BLOCK_SHARE_OF_TENURE,
            )
          : l10n.t("The replay's costs against the tenure budget; one block may use {0} %.", BLOCK_SHARE_OF_TENURE),
      rows: r.shares.map((s) => ({
        dimension: s.dimension,
        used: number(s.used),
        limit: number(s.budget),
        percent: percentText(s.percent),
        ...(s.over ? { over: true } : {}),
      })),
      ...(warning ? { warning } : {}),
    };
  }
  return view;
}

/** The button that replays the block's earlier transactions first, and what it does (the cap said in words). */
function earlierOffer(inBlock: number, block: number): NonNullable<TraceView['earlier']> {
  return {
    label: l10n.t("Replay with the block's earlier transactions"),
    hint:
      inBlock > MAX_EARLIER
        ? l10n.t(
            '{0} transactions ran before this one in block {1}; the replay can run the first {2} of them first (contract calls and STX transfers; others are skipped), then the call.',
            number(inBlock),
            number(block),
            MAX_EARLIER,
          )
        : l10n.t(
            '{0} transactions ran before this one in block {1}; the replay can run them first (contract calls and STX transfers; others are skipped), then the call.',
            number(inBlock),
            number(block),
          ),
  };
}

/** The trace as plain text (the command's read-only document, the chat tool's answer). */
export function traceText(v: TraceView): string {
  const out: string[] = [];
  if (v.state !== 'done') return v.message ?? '';
  if (v.verdict)
    out.push(`${v.verdict.matches ? l10n.t('Matches the chain') : l10n.t('Diverged')}: ${v.verdict.text}`, '');
  out.push(l10n.t('Call tree:'));
  for (const c of v.calls ?? []) {
    const pad = '  '.repeat(c.depth);
    out.push(`${pad}${c.label}${c.args ? ` ${c.args}` : ''}${c.at ? `  (${c.at})` : ''}`, `${pad}  → ${c.returned}`);
  }
  if (v.failing)
    out.push('', l10n.t('Failing expression: {0}', v.failing.at), `  ${v.failing.expression}`, `  ${v.failing.error}`);
  if (v.events?.length) out.push('', l10n.t('Events before the failure:'), ...v.events.map((e) => `  ${e}`));
  if (v.vars?.length)
    out.push(
      '',
      l10n.t('Data variables (before → after):'),
      ...v.vars.map((x) => `  ${x.name}: ${x.before} → ${x.after}`),
    );
  if (v.maps?.length)
    out.push(
      '',
      l10n.t('Map entries (before → after):'),
      ...v.maps.map((x) => `  ${x.entry}: ${x.before} → ${x.after}`),
    );
  if (v.cost)
    out.push(
      '',
      v.cost.source,
      ...v.cost.rows.map((r) => `  ${r.dimension}: ${r.used} / ${r.limit} (${r.percent})`),
      ...(v.cost.warning ? [v.cost.warning] : []),
    );
  if (v.ran) out.push('', v.ran);
  return out.join('\n');
}
