/**
 * Simulate locally (issue 48, item 3): the contract workbench's Simulate, when
 * `stacksLookup.simulation.serviceUrl` is `local`, runs the public function with the Clarinet SDK
 * on this machine at the latest block (or the block named), as the sender typed, through the same
 * replay process as Trace: no third-party service at all. The workbench asks through the command
 * `stacksLookup.simulateLocally` (src/ui/workbench/localSimulation.ts words the result), so it holds
 * no replay code.
 */
import * as vscode from 'vscode';
import { checkContractId } from '../../chain/identifiers';
import { isNetworkId } from '../../chain/networks';
import { parseCallTrace, failingExpressionOf, flattenCalls } from '../../chain/trace';
import { ReplayFailure } from '../../replay/failure';
import type { NetworkService } from '../network/network';
import { describeError } from '../shared/errorText';
import { dataVarsOf } from '../../chain/traceInputs';
import { findSdk, replayCall, sdkWords } from './traceRun';
import type { TraceDeps } from './traceTypes';

/** What the workbench gets back: what the call did, or why it did not run. */
export type LocalSimulation =
  | {
      ok: true;
      result?: string | undefined;
      runtimeError?: string | undefined;
      events: string[];
      costs?:
        | { runtime: number; read_count: number; read_length: number; write_count: number; write_length: number }
        | undefined;
      /** The call tree and the failing expression, one line each. */
      trace: string[];
      ran: string;
    }
  | { ok: false; message: string };

interface Ask {
  network: string;
  contractId: string;
  fn: string;
  args: string[];
  sender: string;
  height?: number | undefined;
}

function askOf(raw: unknown): Ask | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const a = raw as Record<string, unknown>;
  const hex = (x: unknown) => typeof x === 'string' && /^(0x)?[0-9a-fA-F]{0,2000000}$/.test(x);
  if (typeof a.network !== 'string' || typeof a.contractId !== 'string' || typeof a.fn !== 'string') return undefined;
  if (typeof a.sender !== 'string' || !Array.isArray(a.args) || a.args.length > 256 || !a.args.every(hex))
    return undefined;
  if (a.height !== undefined && (typeof a.height !== 'number' || !Number.isInteger(a.height) || a.height < 1))
    return undefined;
  return {
    network: a.network,
    contractId: a.contractId,
    fn: a.fn,
    args: a.args as string[],
    sender: a.sender,
    height: a.height,
  };
}

export async function simulateLocally(
  deps: TraceDeps & { networks: NetworkService },
  raw: unknown,
): Promise<LocalSimulation> {
  const a = askOf(raw);
  const c = a ? checkContractId(a.contractId) : undefined;
  if (!a || !c?.ok || !isNetworkId(a.network) || a.fn.length > 128)
    return { ok: false, message: vscode.l10n.t('This is not a call the workbench can simulate.') };
  const network = a.network;
  const sdk = findSdk(deps);
  if (!sdk)
    return {
      ok: false,
      message: vscode.l10n.t(
        'Simulate locally needs the Clarinet SDK (@stacks/clarinet-sdk 3.x), and none was found: run Stacks: Install the Clarinet SDK for Trace, or set stacksLookup.replay.sdkPath.',
      ),
    };
  try {
    const { client, baseUrl } = await deps.networks.endpoint(network);
    const apiKey = deps.config.apiKeyMode(network) === 'path' ? undefined : await deps.networks.keyFor(baseUrl);
    const height = a.height ?? (await client.getBlock('latest')).height;
    const source = await client.getContractSource(c.value.contractId).then(
      (s) => s.source,
      () => '',
    );
    const run = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Simulating {0} locally', a.fn),
        cancellable: true,
      },
      (progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        const call = {
          baseUrl,
          apiKey,
          height,
          contract: c.value.contractId,
          fn: a.fn,
          args: a.args,
          sender: a.sender,
          vars: dataVarsOf(source),
        };
        return replayCall(deps, sdk, call, (message) => progress.report({ message }), controller.signal);
      },
    );
    const o = run.outcome;
    const trace = flattenCalls(parseCallTrace(o.trace).calls).map(
      ({ call, depth }) =>
        `${'  '.repeat(depth)}${call.kind === 'contract-call' ? `${call.callee ?? '?'}.${call.fn}` : call.fn} ${call.args} → ${call.returned ?? vscode.l10n.t('did not return')}`,
    );
    const failing = failingExpressionOf(o.output);
    if (failing)
      trace.push(
        vscode.l10n.t(
          'Failing expression: {0}',
          `${failing.contract}:${failing.line}:${failing.column} ${failing.expression} (${failing.error})`,
        ),
      );
    return {
      ok: true,
      result: o.result,
      runtimeError: o.runtimeError?.split('\n')[0]?.slice(0, 500),
      events: o.events,
      costs: o.costs,
      trace: trace.slice(0, 100),
      ran: vscode.l10n.t(
        'Simulated on this machine at block {0} with {1}, as {2}: {3} requests to {4}. Nothing was signed, broadcast or sent to a simulation service.',
        height,
        sdkWords(sdk),
        a.sender,
        run.requests,
        new URL(baseUrl).origin,
      ),
    };
  } catch (e) {
    if (e instanceof ReplayFailure) return { ok: false, message: e.message };
    return {
      ok: false,
      message: describeError(e, await deps.networks.errorContext(network, vscode.l10n.t('simulation'))).message,
    };
  }
}
