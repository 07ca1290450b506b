/**
 * One trace, from a transaction id to a report: reads the transaction (a mined contract call),
 * finds the Clarinet SDK (./locate.ts), and replays the call at the transaction's parent block in
 * the replay process (src/replay/engine.ts), with progress and cancel; on request, with the
 * block's earlier transactions replayed first. The desktop build only: the web build has
 * ./traceRun.web.ts, which says why a trace needs the desktop. The types both share are in
 * ./traceTypes.ts.
 */
import { spawn } from 'child_process';
import * as vscode from 'vscode';
import type { StacksClient } from '../../api';
import { buildTraceReport } from '../../chain/traceReport';
import { dataVarsOf, earlierOf, mapReadsOf, MAX_EARLIER, type EarlierPlan } from '../../chain/traceInputs';
import { tenureBudgetOf } from '../../chain/tenureBudget';
import { DEFAULT_MAX_REQUESTS, IDLE_MS, ReplayEngine, ReplayFailure, type TraceRun } from '../../replay/engine';
import type { EarlierTx, MapRead, Phase } from '../../replay/messages';
import { installCommand, locateSdk, type SdkLocation } from './locate';
import { SdkMissing, type TraceAsk, type TraceDeps, type TraceDone } from './traceTypes';

/** With a key the cap is higher: the key's budget is the user's own. */
const MAX_REQUESTS_WITH_KEY = 2000;

export const TRACE_SUPPORTED = true;

let engine: ReplayEngine | undefined;

function engineFor(deps: TraceDeps): ReplayEngine {
  if (!engine) {
    engine = new ReplayEngine({
      script: vscode.Uri.joinPath(deps.extensionUri, 'dist', 'replay.js').fsPath,
      cwd: vscode.Uri.joinPath(deps.globalStorageUri, 'replay').fsPath,
      idleMs: () => deps.tap?.idleMs() ?? IDLE_MS,
      log: (line) => deps.log.info(line),
    });
    deps.tap?.engine(engine);
  }
  return engine;
}

export function disposeEngine(): void {
  engine?.dispose();
  engine = undefined;
}

export function findSdk(deps: TraceDeps): SdkLocation | undefined {
  return locateSdk({
    setting: deps.config.replaySdkPath,
    trusted: vscode.workspace.isTrusted,
    workspaceFolders: (vscode.workspace.workspaceFolders ?? [])
      .filter((f) => f.uri.scheme === 'file')
      .map((f) => f.uri.fsPath),
    globalStorage: deps.globalStorageUri.fsPath,
  });
}

const PHASE_WORDS: Record<Phase, (step?: { done: number; of: number }) => string> = {
  loading: () => vscode.l10n.t('Starting the Clarinet SDK…'),
  session: () => vscode.l10n.t('Reading the block the call ran on…'),
  earlier: (s) => vscode.l10n.t("Replaying the block's earlier transactions {0}/{1}…", s?.done ?? 0, s?.of ?? 0),
  calling: () => vscode.l10n.t('Replaying the call…'),
  reading: () => vscode.l10n.t('Reading the trace…'),
};

/** The block's earlier transactions to replay before the one at `txIndex` (the first page of its list: at most MAX_EARLIER). */
async function readEarlier(
  client: StacksClient,
  block: string | number,
  txIndex: number,
  signal: AbortSignal,
): Promise<EarlierPlan> {
  const page = await client.getBlockTransactions(block, { limit: Math.min(MAX_EARLIER, txIndex), offset: 0, signal });
  return earlierOf(page.results, txIndex);
}

export async function runTrace(
  deps: TraceDeps,
  a: TraceAsk,
  progress: (message: string) => void,
  signal: AbortSignal,
): Promise<TraceDone> {
  const sdk = findSdk(deps);
  if (!sdk)
    throw new SdkMissing(vscode.l10n.t('Trace needs the Clarinet SDK (@stacks/clarinet-sdk 3.x), and none was found.'));
  progress(vscode.l10n.t('Reading the transaction…'));
  const tx = await a.client.getTransaction(a.txId, { signal });
  const call = tx.contract_call;
  if (tx.tx_type !== 'contract_call' || !call)
    throw new ReplayFailure(
      'stopped',
      vscode.l10n.t('Only a contract call can be traced; {0} is a {1}.', a.txId, tx.tx_type),
    );
  const height = tx.block_height;
  if (tx.tx_status === 'pending' || typeof height !== 'number' || height < 1)
    throw new ReplayFailure(
      'stopped',
      vscode.l10n.t('{0} is not mined yet: a trace replays a mined call on the state before its block.', a.txId),
    );
  const args = (call.function_args ?? []).map((x) => x.hex);
  if (args.some((x) => typeof x !== 'string'))
    throw new ReplayFailure(
      'stopped',
      vscode.l10n.t('The API did not give the arguments of {0} serialized, so it cannot be replayed.', a.txId),
    );
  const source = await a.client.getContractSource(call.contract_id, { signal }).then(
    (s) => s.source,
    () => '',
  );
  const txIndex = tx.tx_index ?? 0;
  let earlier: EarlierPlan | undefined;
  if (a.earlier && txIndex > 0) {
    progress(vscode.l10n.t("Reading the block's earlier transactions…"));
    earlier = await readEarlier(a.client, tx.block_hash ?? height, txIndex, signal);
  }
  const run = await replayCall(
    deps,
    sdk,
    {
      baseUrl: a.baseUrl,
      apiKey: a.apiKey,
      height: height - 1,
      contract: call.contract_id,
      fn: call.function_name,
      args: args as string[],
      sender: tx.sender_address,
      vars: dataVarsOf(source),
      maps: mapReadsOf(source, call.function_args ?? []),
      before: earlier?.calls.map((c) => c.call),
    },
    progress,
    signal,
  );
  deps.log.info(
    `trace ${a.txId}: ${run.requests} requests, ${run.ms} ms (${run.cold ? 'cold' : 'warm'})` +
      (earlier ? `, ${earlier.calls.length} earlier transactions first` : ''),
  );
  const report = buildTraceReport(run.outcome, tx, tenureBudgetOf(undefined).cost, earlier);
  return {
    report,
    run,
    sdk,
    height: height - 1,
    txId: a.txId,
    contractId: call.contract_id,
    fn: call.function_name,
    apiOrigin: new URL(a.baseUrl).origin,
  };
}

/** One call replayed at `height` (a trace's parent block, or the latest for Simulate locally). */
export async function replayCall(
  deps: TraceDeps,
  sdk: SdkLocation,
  c: {
    baseUrl: string;
    apiKey?: string | undefined;
    height: number;
    contract: string;
    fn: string;
    args: string[];
    sender: string;
    vars: string[];
    maps?: MapRead[] | undefined;
    before?: EarlierTx[] | undefined;
  },
  progress: (message: string) => void,
  signal: AbortSignal,
): Promise<TraceRun> {
  let requests = 0;
  let phase: Phase = 'loading';
  let step: { done: number; of: number } | undefined;
  const say = () => {
    const words = PHASE_WORDS[phase](step);
    progress(requests ? vscode.l10n.t('{0} ({1} requests)', words, requests) : words);
  };
  return engineFor(deps).run(
    {
      sdkPath: sdk.path,
      apiUrl: c.baseUrl,
      apiKey: c.apiKey,
      maxRequests: c.apiKey ? MAX_REQUESTS_WITH_KEY : DEFAULT_MAX_REQUESTS,
      height: c.height,
      contract: c.contract,
      fn: c.fn,
      args: c.args,
      sender: c.sender,
      vars: c.vars,
      maps: c.maps,
      before: c.before,
    },
    {
      signal,
      onPhase: (p, s) => ((phase = p), (step = s), say()),
      onRequests: (n) => ((requests = n), say()),
    },
  );
}

/** Where the SDK was found, in words. */
export function sdkWords(s: SdkLocation): string {
  const where =
    s.from === 'setting'
      ? vscode.l10n.t('the stacksLookup.replay.sdkPath setting')
      : s.from === 'workspace'
        ? vscode.l10n.t("the workspace's node_modules")
        : vscode.l10n.t("the extension's storage");
  return vscode.l10n.t('Clarinet SDK {0} from {1}', s.version, where);
}

/** The install command as it is shown before it runs. */
export function installShown(deps: TraceDeps): string | undefined {
  return installCommand(deps.globalStorageUri.fsPath).shown;
}

/** Runs the install command: its exit code, null when cancelled, or why npm did not start. */
export function runInstall(deps: TraceDeps, signal: AbortSignal): Promise<number | null | string> {
  const cmd = installCommand(deps.globalStorageUri.fsPath);
  return new Promise((resolve) => {
    const child = spawn(cmd.command, cmd.args, {
      cwd: deps.globalStorageUri.fsPath,
      shell: process.platform === 'win32',
    });
    signal.addEventListener('abort', () => child.kill());
    const out = (c: Buffer) => deps.log.info(`npm: ${c.toString('utf8').trim().slice(0, 2000)}`);
    child.stdout?.on('data', out);
    child.stderr?.on('data', out);
    child.on('error', (e) => resolve(e.message));
    child.on('close', (code) => resolve(signal.aborted ? null : (code ?? 1)));
  });
}
