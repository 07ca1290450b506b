/**
 * Simulate locally: with `stacksLookup.simulation.serviceUrl` set to `local`, Simulate runs the
 * call with the Clarinet SDK on this machine (`stacksLookup.simulateLocally`, src/ui/trace), at
 * the latest block or the one named, as the sender typed, and shows the same result view as a
 * service's simulation, with the call tree and the failing expression in its lines. Nothing leaves
 * the machine but the state reads of the selected network's API.
 */
import * as vscode from 'vscode';
import { BLOCK_LIMITS } from '../../chain/simulation';
import { Commands } from '../../constants';
import type { FormResult, SimulationView } from '../../protocol';
import * as l10n from '../../chain/l10n';
import { costView } from './simulationView';

/** The value of `stacksLookup.simulation.serviceUrl` that means "on this machine". */
export const LOCAL_SIMULATION = 'local';

/** What `stacksLookup.simulateLocally` answers (src/ui/trace/localSimulation.ts `LocalSimulation`). */
type Local =
  | {
      ok: true;
      result?: string;
      runtimeError?: string;
      events: string[];
      costs?: { runtime: number; read_count: number; read_length: number; write_count: number; write_length: number };
      trace: string[];
      ran: string;
    }
  | { ok: false; message: string };

export function localView(r: Extract<Local, { ok: true }>): SimulationView {
  const failed = r.runtimeError !== undefined || (r.result ?? '').startsWith('(err');
  const prints = r.events
    .filter((e) => e.startsWith('print_event: '))
    .slice(0, 100)
    .map((e) => ({ contract: '', value: e.slice('print_event: '.length) }));
  return {
    verdict: failed
      ? l10n.t('Would fail: {0}', r.runtimeError ?? r.result ?? '')
      : l10n.t('Would succeed: {0}', r.result ?? ''),
    tone: failed ? 'failed' : 'success',
    lines: r.trace,
    ...(r.runtimeError ? { vmError: r.runtimeError } : {}),
    postConditions: l10n.t('Post-conditions are not checked by a local simulation: it runs the call only.'),
    movements: [],
    net: [],
    prints,
    cost: r.costs
      ? costView(r.costs, BLOCK_LIMITS.epoch21)
      : { source: l10n.t('No costs: a call that stops on a runtime error returns none.'), rows: [] },
    fee: { source: l10n.t('not estimated by a local simulation'), rows: [] },
    pc: { deny: '', originator: '' },
    ran: r.ran,
  };
}

/** The workbench's ask (src/ui/workbench/simulation.ts `SimulationAsk`, as far as this reads it). */
interface LocalAsk {
  form: string;
  network: string;
  contractId: string;
  fn: string;
  args: string[];
  sender: string;
  block?: { height: number; hash: string } | undefined;
  atText: string;
}

export async function simulateHere(a: LocalAsk): Promise<FormResult> {
  const r = await vscode.commands.executeCommand<Local | undefined>(Commands.simulateLocally, {
    network: a.network,
    contractId: a.contractId,
    fn: a.fn,
    args: a.args,
    sender: a.sender,
    ...(a.block ? { height: a.block.height } : {}),
  });
  if (!r || !r.ok)
    return {
      form: a.form,
      state: 'error',
      message: r?.message ?? l10n.t('The local simulation did not finish.'),
      at: a.atText,
    };
  const view = localView(r);
  return {
    form: a.form,
    state: view.tone === 'success' ? 'ok' : 'failed',
    text: r.result ?? '',
    at: a.atText,
    simulation: view,
  };
}
