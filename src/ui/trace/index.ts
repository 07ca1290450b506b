/**
 * Trace: replay a mined contract call on the user's machine with the Clarinet SDK and show its
 * call tree, failing expression, events, data variables and costs (issue 48). Registers
 * `Stacks: Trace Transaction` (which the transaction panel's Trace button, the failed-transaction
 * hover and the chat tool run too, with `respond` to get the section's model back), the failing
 * line's opener and the SDK's install button. The replay itself runs in a child process
 * (src/replay/); this is the VS Code side: progress, cancel, sentences, documents.
 */
import * as vscode from 'vscode';
import { checkContractId, checkTxId } from '../../chain/identifiers';
import { isNetworkId } from '../../chain/networks';
import { Commands, CONTRACT_SOURCE_SCHEME, CONFIG_SECTION, Settings } from '../../constants';
import type { TraceLine, TraceView } from '../../protocol';
import { ReplayFailure } from '../../replay/failure';
import type { NetworkService } from '../network/network';
import type { ClarinetWorkspace } from '../projects/projects';
import { describeError } from '../shared/errorText';
import { askModal, showInfo, showWarning } from '../shared/notify';
import { traceText, traceViewOf } from '../panels/models/traceView';
import { simulateLocally } from './localSimulation';
import { disposeEngine, installShown, runInstall, runTrace, sdkWords, TRACE_SUPPORTED } from './traceRun';
import { SdkMissing, type TraceDeps } from './traceTypes';

export interface TraceCommandDeps extends TraceDeps {
  networks: NetworkService;
  projects: ClarinetWorkspace;
}

interface TraceArg {
  id: string;
  network?: string | undefined;
  /** Called by the panel or the chat tool: give the model back, open no document. */
  respond?: boolean | undefined;
  /** Replay the block's earlier transactions first (the panel's offer after a replay that diverged). */
  earlier?: boolean | undefined;
  /** The panel's Cancel (a command run inside this extension host gets its arguments as they are). */
  signal?: AbortSignal | undefined;
}

function argOf(arg: unknown): TraceArg | undefined {
  if (typeof arg === 'string') return { id: arg };
  if (!arg || typeof arg !== 'object' || typeof (arg as TraceArg).id !== 'string') return undefined;
  const a = arg as TraceArg;
  return {
    id: a.id,
    network: typeof a.network === 'string' ? a.network : undefined,
    respond: a.respond === true,
    earlier: a.earlier === true,
    signal: a.signal instanceof AbortSignal ? a.signal : undefined,
  };
}

const INSTALL = () => vscode.l10n.t('Install the Clarinet SDK…');
const SET_PATH = () => vscode.l10n.t('Set the SDK Path');

export function registerTrace(deps: TraceCommandDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Commands.traceTransaction, (arg?: unknown) => traceTransaction(deps, arg)),
    vscode.commands.registerCommand(Commands.openTraceLine, (arg?: unknown) => openTraceLine(deps, arg)),
    vscode.commands.registerCommand(Commands.installReplaySdk, () => installSdk(deps)),
    vscode.commands.registerCommand(Commands.simulateLocally, (arg?: unknown) => simulateLocally(deps, arg)),
    // the replay process ends with the services (and on its own after a minute idle)
    new vscode.Disposable(disposeEngine),
  ];
}

export async function traceTransaction(deps: TraceCommandDeps, raw?: unknown): Promise<TraceView | undefined> {
  let arg = argOf(raw);
  if (!arg) {
    const typed = await vscode.window.showInputBox({
      title: vscode.l10n.t('Trace Transaction'),
      prompt: vscode.l10n.t('The id of a mined contract call to replay on your machine with the Clarinet SDK'),
      validateInput: (v) =>
        v.trim() && !checkTxId(v.trim()).ok ? vscode.l10n.t('Not a transaction id (64 hex digits).') : undefined,
    });
    if (!typed?.trim()) return undefined;
    arg = { id: typed.trim() };
  }
  const id = checkTxId(arg.id);
  if (!id.ok) return failed(arg, id.reason);
  if (!TRACE_SUPPORTED)
    return failed(
      arg,
      vscode.l10n.t(
        'Trace needs VS Code on the desktop: it runs the Clarinet SDK in a separate Node process, which the browser build cannot start.',
      ),
    );
  const network = arg.network && isNetworkId(arg.network) ? arg.network : deps.networks.current;
  try {
    const { client, baseUrl } = await deps.networks.endpoint(network);
    const apiKey = deps.config.apiKeyMode(network) === 'path' ? undefined : await deps.networks.keyFor(baseUrl);
    const done = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Tracing {0}', `${id.value.slice(0, 10)}…`),
        cancellable: true,
      },
      (progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        const signal = arg.signal;
        if (signal?.aborted) controller.abort();
        signal?.addEventListener('abort', () => controller.abort(), { once: true });
        return runTrace(
          deps,
          { network, baseUrl, apiKey, client, txId: id.value, earlier: arg.earlier },
          (message) => progress.report({ message }),
          controller.signal,
        );
      },
    );
    const view = traceViewOf(done.report, {
      network,
      contractId: done.contractId,
      fn: done.fn,
      height: done.height,
      sdk: sdkWords(done.sdk),
      requests: done.run.requests,
      apiOrigin: done.apiOrigin,
      ms: done.run.ms,
    });
    if (!arg.respond) await showDocument(deps, view);
    return view;
  } catch (e) {
    if (e instanceof SdkMissing) {
      if (!arg.respond) void offerSetup(deps, e.message);
      return { state: 'failed', message: e.message, setup: true };
    }
    if (e instanceof ReplayFailure) {
      if (e.kind === 'cancelled') return { state: 'failed', message: e.message };
      deps.log.warn(`trace ${id.value}: ${e.kind}: ${e.message}`);
      return failed(arg, e.message);
    }
    const text = describeError(e, await deps.networks.errorContext(network, vscode.l10n.t('transaction')));
    return failed(arg, text.message);
  }
}

function failed(arg: TraceArg, message: string): TraceView {
  if (!arg.respond) void showWarning(message);
  return { state: 'failed', message };
}

async function showDocument(deps: TraceCommandDeps, view: TraceView): Promise<void> {
  const doc = await vscode.workspace.openTextDocument({ content: traceText(view), language: 'plaintext' });
  await vscode.window.showTextDocument(doc, { preview: true });
  const open = view.failing?.open;
  if (open) {
    const label = vscode.l10n.t('Open the Failing Line');
    if ((await showInfo(vscode.l10n.t('The call failed at {0}.', view.failing?.at ?? ''), label)) === label)
      await openTraceLine(deps, open);
  }
}

async function offerSetup(deps: TraceCommandDeps, message: string): Promise<void> {
  const pick = await showWarning(message, INSTALL(), SET_PATH());
  if (pick === INSTALL()) await installSdk(deps);
  else if (pick === SET_PATH())
    await vscode.commands.executeCommand(
      'workbench.action.openSettings',
      `${CONFIG_SECTION}.${Settings.replaySdkPath}`,
    );
}

/** Installs the SDK into the extension's storage, after the user saw the exact command. */
export async function installSdk(deps: TraceDeps): Promise<boolean> {
  const shown = installShown(deps);
  if (!shown) {
    void showWarning(
      vscode.l10n.t(
        'Trace needs VS Code on the desktop: it runs the Clarinet SDK in a separate Node process, which the browser build cannot start.',
      ),
    );
    return false;
  }
  const run = vscode.l10n.t('Install');
  const ok = await askModal(
    vscode.l10n.t('Install the Clarinet SDK for Trace?'),
    vscode.l10n.t(
      "This runs, with the npm on your PATH:\n{0}\nIt downloads about 8 MB from the npm registry into the extension's storage.",
      shown,
    ),
    run,
  );
  if (ok !== run) return false;
  await vscode.workspace.fs.createDirectory(deps.globalStorageUri);
  const code = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t('Installing the Clarinet SDK'),
      cancellable: true,
    },
    (progress, token) => {
      progress.report({ message: shown });
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort());
      return runInstall(deps, controller.signal);
    },
  );
  if (code === 0) void showInfo(vscode.l10n.t('The Clarinet SDK is installed. Trace a transaction again.'));
  else if (typeof code === 'string') void showWarning(vscode.l10n.t('npm could not be started: {0}', code));
  else if (code !== null)
    void showWarning(vscode.l10n.t('npm ended with code {0}; see the log (Stacks: Show Log).', code));
  return code === 0;
}

function lineOf(arg: unknown): TraceLine | undefined {
  if (!arg || typeof arg !== 'object') return undefined;
  const a = arg as Record<string, unknown>;
  const c = typeof a.contractId === 'string' ? checkContractId(a.contractId) : undefined;
  const n = (x: unknown) => typeof x === 'number' && Number.isInteger(x) && x >= 1 && x <= 1_000_000;
  if (!c?.ok || typeof a.network !== 'string' || !isNetworkId(a.network) || !n(a.line) || !n(a.column))
    return undefined;
  return { network: a.network, contractId: c.value.contractId, line: a.line as number, column: a.column as number };
}

/**
 * Opens the failing expression: in the workspace's file when the contract is one of the
 * workspace's Clarinet contracts (its id from the plans), else in the read-only deployed source.
 */
export async function openTraceLine(
  deps: Pick<TraceCommandDeps, 'projects' | 'networks'>,
  arg: unknown,
): Promise<{ uri: vscode.Uri; line: number } | undefined> {
  const l = lineOf(arg);
  if (!l) {
    void showWarning(vscode.l10n.t('This link does not name a line of a contract.'));
    return undefined;
  }
  let uri = vscode.Uri.from({ scheme: CONTRACT_SOURCE_SCHEME, path: `/${l.network}/${l.contractId}.clar` });
  for (const project of await deps.projects.projects()) {
    if (!project.result.ok) continue;
    const contract = project.result.project.contracts.find((c) => c.deployments.some((x) => x.id === l.contractId));
    if (contract) {
      uri = vscode.Uri.joinPath(project.root, contract.path);
      break;
    }
  }
  if (uri.scheme === CONTRACT_SOURCE_SCHEME) {
    // The node's source, read once a session by the client: the read-only document serves it.
    try {
      const { client } = await deps.networks.endpoint(l.network);
      await client.getContractSource(l.contractId);
    } catch (e) {
      void showWarning(
        describeError(e, await deps.networks.errorContext(l.network, vscode.l10n.t('contract'))).message,
      );
      return undefined;
    }
  }
  const pos = new vscode.Position(l.line - 1, l.column - 1);
  let doc = await vscode.workspace.openTextDocument(uri);
  if (doc.languageId !== 'clarity' && (await vscode.languages.getLanguages()).includes('clarity'))
    doc = await vscode.languages.setTextDocumentLanguage(doc, 'clarity');
  await vscode.window.showTextDocument(doc, { preview: true, selection: new vscode.Range(pos, pos) });
  return { uri, line: l.line - 1 };
}
