// First: the sentences of src/chain and src/api that modules build as they load are translated too.
import './ui/shared/translator';
import * as vscode from 'vscode';
import { Config } from './ui/shared/config';
import { registerLookupCommands } from './ui/lookup/commands';
import { registerNetworkCommands } from './ui/network/networkCommands';
import { toTarget } from './ui/shared/targets';
import { registerWorkbenchCommands } from './ui/workbench';
import { History } from './ui/shared/history';
import { registerHover, trackIdentifierAtCursor } from './ui/editor/hover';
import { Log } from './ui/shared/log';
import { NetworkService } from './ui/network/network';
import { showError } from './ui/shared/notify';
import { actionLabel } from './ui/shared/errorText';
import { LazyPanels } from './ui/panels/lazyPanels';
import { NetworkStatusBar } from './ui/network/statusBar';
import { testApiFor, type TestApi } from './testApi';
import { registerExplorer } from './ui/tree';
import type { TxWatcher } from './ui/watch/txWatch';
import type { AddressWatcher } from './ui/watch/addressWatch';
import { startWatchers } from './ui/watch/watchers';
import { registerWelcome } from './ui/lookup/welcome';
import { LazyLanguage, registerLanguageFeatures } from './ui/language';
import { registerAgentTools } from './ui/agent';

/**
 * Builds the few services and registers everything; nothing here asks the API, so activation
 * stays cheap and makes no request. Returns the extension's internals to its own in-host tests
 * (extensionMode Test) and nothing to anyone else.
 */
export function activate(context: vscode.ExtensionContext): TestApi | undefined {
  const log = new Log();
  context.subscriptions.push(log);
  let panels: LazyPanels | undefined;
  let history: History | undefined;
  let statusBar: NetworkStatusBar | undefined;
  let networks: NetworkService | undefined;
  let explorer: ReturnType<typeof registerExplorer> | undefined;
  let txWatch: TxWatcher | undefined;
  let addressWatch: AddressWatcher | undefined;
  let agentTools: TestApi['agentTools'];
  try {
    const config = new Config();
    networks = new NetworkService(config, context.secrets, log);
    history = new History(context.globalState);
    panels = new LazyPanels({ networks, config, history, log, extensionUri: context.extensionUri });
    statusBar = new NetworkStatusBar(networks, config);
    context.subscriptions.push(networks, history, panels, statusBar);
    const lookup = { config, networks, presenter: panels, history, log };
    context.subscriptions.push(
      ...registerLookupCommands(lookup),
      ...registerNetworkCommands(lookup),
      ...registerWorkbenchCommands(lookup),
    );
    const agent = registerAgentTools({ networks, log });
    agentTools = agent.tools;
    context.subscriptions.push(...agent.disposables);
    explorer = registerExplorer({ config, networks, history, log, context });
    context.subscriptions.push(explorer);
    const language = new LazyLanguage({ networks, projects: explorer.projects, log });
    context.subscriptions.push(
      registerHover({ config, networks, log, language }),
      trackIdentifierAtCursor(),
      ...registerLanguageFeatures(language),
    );
    const watchers = startWatchers(
      {
        networks,
        config,
        log,
        watchlist: explorer.watchlist,
        state: context.workspaceState,
        revealWatched: () => explorer!.revealWatched(),
      },
      toTarget,
    );
    ({ txWatch, addressWatch } = watchers);
    context.subscriptions.push(...watchers.disposables);
    context.subscriptions.push(
      ...registerWelcome({
        globalState: context.globalState,
        quiet: context.extensionMode === vscode.ExtensionMode.Test,
      }),
    );
    void networks.updateContext();
  } catch (e) {
    log.error(`Activation failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    void showError(
      vscode.l10n.t('Stacks Lookup could not start: {0}', e instanceof Error ? e.message : String(e)),
      actionLabel('Show Log'),
    ).then((c) => c && log.channel.show());
  }
  const lazy = panels;
  return testApiFor(context.extensionMode, () => ({
    logUri: context.logUri,
    log,
    globalStorageUri: context.globalStorageUri,
    workspaceState: context.workspaceState,
    globalState: context.globalState,
    // A getter: reading it loads the panels bundle, which activation itself never does.
    get panels() {
      return lazy?.manager;
    },
    history,
    statusBar,
    networks,
    // A getter too: reading it loads the explorer's tree.
    get tree() {
      return explorer?.tree;
    },
    watchlist: explorer?.watchlist,
    txWatch,
    addressWatch,
    agentTools,
  }));
}

export function deactivate(): void {}
