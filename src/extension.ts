// First: the sentences of src/chain and src/api that modules build as they load are translated too.
import './ui/shared/translator';
import * as vscode from 'vscode';
import { Config } from './ui/shared/config';
import { registerNetworkCommands } from './ui/network/networkCommands';
import { CLARITY_SELECTOR, registerHover, trackIdentifierAtCursor } from './ui/editor/editorContext';
import { Log } from './ui/shared/log';
import { NetworkService, networkState } from './ui/network/network';
import { showError } from './ui/shared/notify';
import { actionLabel } from './ui/shared/errorText';
import { NetworkStatusBar } from './ui/network/statusBar';
import { probeParts, testApiFor, type TestApi } from './testApi';
import { startedParts } from './bundles/parts';
import { ExplorerView } from './ui/tree/view';
import { registerWelcome } from './ui/welcome/welcome';
import { registerLanguageFeatures } from './ui/language';
import { registerAgentTools } from './ui/agent';
import { CommandStandIns } from './ui/shared/standIns';
import { UserActivity } from './ui/shared/activity';
import type { DeployerLookup } from './ui/shared/workspaceContext';
import {
  CONTRACT_SOURCE_SCHEME,
  DEPLOYED_SOURCE_SCHEME,
  PANEL_VIEW_TYPE,
  SERVICE_COMMANDS,
  Settings,
  WATCHED_TXS_KEY,
} from './constants';
import type { Services } from './services';
import { loadServices } from './servicesModule';

/**
 * Registers what VS Code must find from the start (the commands, the hover and the language
 * features, the CodeLens, the explorer view, the panels' serializer, the read-only documents' schemes,
 * the chat tools) and builds only the network, its status-bar item and the log. Nothing here asks the
 * API. The rest (src/services.ts) starts the first time one of those is used, when the window first
 * asks for chain data, or at once when watched transactions were kept from the last session.
 * Returns the extension's internals to its own in-host tests (extensionMode Test) and nothing to
 * anyone else.
 */
export function activate(context: vscode.ExtensionContext): TestApi | undefined {
  const log = new Log();
  context.subscriptions.push(log);
  let networks: NetworkService | undefined;
  let statusBar: NetworkStatusBar | undefined;
  let view: ExplorerView | undefined;
  let agentTools: TestApi['agentTools'];
  let services: Services | undefined;
  let reported = false;
  /** The rest of the extension, started on the first call; undefined when it could not start. */
  let start = (): Services | undefined => undefined;
  const need = (): Services => {
    const s = start();
    if (!s) throw new Error(vscode.l10n.t('Stacks Lookup could not start: see its log (Stacks: Show Log).'));
    return s;
  };
  // The in-host tests' probes read the network service's state and hear the panel (src/testApi.ts).
  const state = networkState();
  const probes = context.extensionMode === vscode.ExtensionMode.Test ? probeParts(state, startedParts) : undefined;
  try {
    const config = new Config();
    const activity = new UserActivity();
    const net = (networks = new NetworkService(config, context.secrets, log, state));
    statusBar = new NetworkStatusBar(net, config);
    context.subscriptions.push(net, statusBar);
    const explorerView = (view = new ExplorerView(() => need().explorer));
    // Relative `.name` references at the cursor, once the Clarinet projects are known.
    const deployerOf: DeployerLookup = (uri) => services?.deployerOf(uri);
    const standIns = new CommandStandIns(SERVICE_COMMANDS, () => !!start(), activity);
    const codeLensChanged = new vscode.EventEmitter<void>();
    start = () => {
      if (services) return services;
      standIns.retire();
      try {
        const s = loadServices().startServices({
          context,
          config,
          networks: net,
          log,
          activity,
          revealWatched: () => explorerView.revealWatched(),
          ...(probes ? { panelTap: probes.tap, replayTap: probes.replay } : {}),
        });
        const relay = s.codeLens.onDidChangeCodeLenses?.(() => codeLensChanged.fire());
        services = {
          ...s,
          dispose: () => {
            relay?.dispose();
            s.dispose();
          },
        };
        return services;
      } catch (e) {
        standIns.register();
        failed(log, e, !reported);
        reported = true;
        return undefined;
      }
    };
    context.subscriptions.push(
      standIns,
      explorerView,
      ...explorerView.registerCommands(),
      codeLensChanged,
      { dispose: () => services?.dispose() },
      ...registerNetworkCommands({ config, networks: net, log, activity }),
      registerHover(config, () => need().hover, activity),
      trackIdentifierAtCursor(deployerOf),
      ...registerLanguageFeatures({
        get features() {
          return need().language.features;
        },
      }),
      vscode.languages.registerCodeLensProvider(CLARITY_SELECTOR, {
        onDidChangeCodeLenses: codeLensChanged.event,
        // With codeLens.enabled off, opening a Clarity file starts nothing.
        provideCodeLenses: (doc, token) =>
          config.codeLensEnabled ? need().codeLens.provideCodeLenses(doc, token) : [],
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (config.affects(e, Settings.codeLensEnabled)) codeLensChanged.fire();
      }),
      vscode.window.registerWebviewPanelSerializer(PANEL_VIEW_TYPE, {
        deserializeWebviewPanel: (panel, state) => need().panels.revive(panel, state),
      }),
      vscode.workspace.registerTextDocumentContentProvider(CONTRACT_SOURCE_SCHEME, {
        provideTextDocumentContent: (uri, token) => need().panels.contractSource.provideTextDocumentContent(uri, token),
      }),
      vscode.workspace.registerTextDocumentContentProvider(DEPLOYED_SOURCE_SCHEME, {
        provideTextDocumentContent: (uri, token) => need().deployedSource.provideTextDocumentContent(uri, token),
      }),
    );
    const agent = registerAgentTools({ networks: net, log });
    agentTools = agent.tools;
    context.subscriptions.push(...agent.disposables);
    context.subscriptions.push(
      ...registerWelcome({
        globalState: context.globalState,
        activity,
        quiet: context.extensionMode === vscode.ExtensionMode.Test,
      }),
    );
    // The watched addresses notify once the window has asked for chain data; kept watched
    // transactions show at once.
    context.subscriptions.push(net.onDidFirstUse(() => void start()));
    if (context.workspaceState.get<unknown[]>(WATCHED_TXS_KEY)?.length) start();
    void net.updateContext();
  } catch (e) {
    failed(log, e, true);
  }
  return testApiFor(context.extensionMode, () => ({
    logUri: context.logUri,
    log,
    globalStorageUri: context.globalStorageUri,
    workspaceState: context.workspaceState,
    globalState: context.globalState,
    get servicesStarted() {
      return services !== undefined;
    },
    // Getters: reading one starts what activation leaves for first use (the panels' bundle too).
    get panels() {
      return start()?.panels.manager;
    },
    get history() {
      return start()?.history;
    },
    statusBar,
    networks,
    get tree() {
      return start() && view?.tree;
    },
    get watchlist() {
      return start()?.watchlist;
    },
    get txWatch() {
      return start()?.txWatch;
    },
    get addressWatch() {
      return start()?.addressWatch;
    },
    agentTools,
    probe: probes!.probe,
  }));
}

/** A start that failed: the log has the details, the user one sentence with Show Log (once). */
function failed(log: Log, e: unknown, notify: boolean): void {
  log.error(`Activation failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  if (!notify) return;
  void showError(
    vscode.l10n.t('Stacks Lookup could not start: {0}', e instanceof Error ? e.message : String(e)),
    actionLabel('Show Log'),
  ).then((c) => c && log.channel.show());
}

export function deactivate(): void {}
