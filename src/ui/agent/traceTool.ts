/**
 * `stacks_traceTransaction`: the chat's Trace. It runs `Stacks: Trace Transaction` (src/ui/trace,
 * a command, so this bundle holds no replay code) after the user confirmed it (`traceConfirmation`,
 * shown by VS Code before the call: it replays the call on this machine and reads chain state from
 * the API), and answers with the call tree, the failing expression, the events, the data variables
 * and the verdict inside the untrusted block, like the other tools.
 */
import * as vscode from 'vscode';
import { checkTxId } from '../../chain/identifiers';
import { Commands } from '../../constants';
import type { TraceView } from '../../protocol';
import { BadInput, text, type AgentNetwork, type ToolBody } from './toolContext';
import { ours, problemAnswer, renderAnswer, type Datum } from './toolText';
import * as l10n from '../../chain/l10n';

export const traceTool: ToolBody = async (input, ctx) => {
  const id = checkTxId(text(input, 'txId', l10n.t('the id of a mined contract call (0x and 64 hex digits)')));
  if (!id.ok) throw new BadInput(ours(id.reason));
  const network = ctx.networks.current;
  const view = await vscode.commands.executeCommand<TraceView | undefined>(Commands.traceTransaction, {
    id: id.value,
    network,
    respond: true,
  });
  const title = ours(
    l10n.t('Trace of Stacks transaction {0}, replayed on this machine ({1})', id.value, ctx.networks.label(network)),
  );
  if (!view || view.state !== 'done')
    return problemAnswer(title, ours(view?.message ?? l10n.t('The trace did not finish.')));
  const data: Datum[] = [];
  if (view.verdict)
    data.push(['verdict', `${view.verdict.matches ? 'matches the chain' : 'diverged'}: ${view.verdict.text}`]);
  for (const c of (view.calls ?? []).slice(0, 60))
    data.push([
      `call, depth ${c.depth}`,
      `${c.label}${c.args ? ` ${c.args}` : ''}${c.at ? ` at ${c.at}` : ''} -> ${c.returned}`,
    ]);
  if (view.failing)
    data.push(['failing expression', `${view.failing.at}\n${view.failing.expression}\n${view.failing.error}`]);
  for (const e of (view.events ?? []).slice(0, 20)) data.push(['event', e]);
  for (const v of view.vars ?? []) data.push([`data variable ${v.name}`, `${v.before} -> ${v.after}`]);
  for (const m of view.maps ?? []) data.push([`map entry ${m.entry}`, `${m.before} -> ${m.after}`]);
  return renderAnswer({ title, facts: [], data, notes: view.ran ? [ours(view.ran)] : [] });
};

/** What the user confirms before a trace runs (asks nothing of the API). */
export function traceConfirmation(
  input: unknown,
  networks: AgentNetwork,
): { title: string; progress: string; lines: string[] } {
  const i = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  const raw = typeof i.txId === 'string' ? i.txId : '';
  const id = checkTxId(raw);
  const network = networks.current;
  const url = networks.urlOf(network);
  return {
    title: l10n.t('Replay a Stacks transaction on this machine?'),
    progress: l10n.t('Tracing {0} on {1}', id.ok ? id.value : '?', networks.label(network)),
    lines: [
      `Transaction: ${id.ok ? id.value : JSON.stringify(raw).slice(0, 100) + ' (not a transaction id: nothing will run)'}`,
      l10n.t(
        'The Clarinet SDK replays the call in a separate process on this machine, reading the chain state it needs from {0} (with your API key, if one is set).',
        url.ok ? new URL(url.url).origin : networks.label(network),
      ),
    ],
  };
}
