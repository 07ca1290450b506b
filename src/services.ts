/**
 * The composition root of what starts the first time it is used (src/extension.ts says when):
 * the cross-feature services (the watch list, the Clarinet projects and their deployment status,
 * drift, the deployment CodeLens, Compare with Deployed, the error line), the lookups and their
 * panels, the recent lookups, the hover's provider, the language features, the watches and the
 * workbench. Each feature folder of src/ui holds its adapters; the services they share are built
 * here, once, and handed in. Building them asks the API nothing and reads no file. It is a part
 * loaded on first use (src/bundles/parts.ts), so activation compiles none of it.
 */
import * as vscode from 'vscode';
import type { Config } from './ui/shared/config';
import { registerLookupCommands } from './ui/lookup/commands';
import { toTarget } from './ui/shared/targets';
import { registerWorkbenchCommands } from './ui/workbench';
import { History } from './ui/shared/history';
import { StacksHoverProvider } from './ui/editor/hover';
import { installEmilyGate } from './ui/sbtc/emily';
import { registerSbtc } from './ui/sbtc';
import type { Log } from './ui/shared/log';
import type { UserActivity } from './ui/shared/activity';
import type { NetworkService } from './ui/network/network';
import { LazyPanels } from './ui/panels/lazyPanels';
import type { PanelTap } from './ui/panels/panelTap';
import type { ReplayTap } from './ui/trace/traceTypes';
import type { ExplorerDeps } from './ui/tree/deps';
import type { TxWatcher } from './ui/watch/txWatch';
import type { AddressWatcher } from './ui/watch/addressWatch';
import { startWatchers } from './ui/watch/watchers';
import { Watchlist } from './ui/watch/watchlist';
import { SharedBudget } from './chain/watchBudget';
import { LazyLanguage } from './ui/language';
import { PoxDiagnostics } from './ui/language/poxDiagnostics';
import { disposeAll } from './ui/shared/lifecycle';
import type { DeployerLookup } from './ui/shared/workspaceContext';
import { ClarinetWorkspace } from './ui/projects/projects';
import { localContract } from './ui/projects/localContract';
import { ContractStatuses } from './ui/projects/contractStatus';
import { ContractDrift } from './ui/drift/drift';
import { deployedSourceProvider, registerCompare } from './ui/drift/compare';
import { registerErrorLine } from './ui/drift/errorLine';
import { DeploymentCodeLens } from './ui/editor/codeLens';
import { registerTrace } from './ui/trace';

export interface ServiceDeps {
  context: vscode.ExtensionContext;
  config: Config;
  networks: NetworkService;
  log: Log;
  activity: UserActivity;
  /** The explorer view at its Watched Addresses section (the view is activation's). */
  revealWatched(): Promise<void>;
  /** Hears the detail panel's traffic (the in-host tests' probe only). */
  panelTap?: PanelTap;
  /** Sets and reads the replay process's idle time and id (the in-host tests' probe only). */
  replayTap?: ReplayTap;
}

export interface Services extends vscode.Disposable {
  panels: LazyPanels;
  history: History;
  /** What the explorer view (src/ui/tree/view.ts) is built from. */
  explorer: ExplorerDeps;
  watchlist: Watchlist;
  projects: ClarinetWorkspace;
  /** The deployer of the Clarinet project that holds a document, on the selected network. */
  deployerOf: DeployerLookup;
  /** The CodeLens of workspace contracts and the deployed sources' documents (registered by src/extension.ts). */
  codeLens: vscode.CodeLensProvider;
  deployedSource: vscode.TextDocumentContentProvider;
  hover: vscode.HoverProvider;
  language: LazyLanguage;
  txWatch: TxWatcher;
  addressWatch: AddressWatcher;
}

/** Builds the services and registers their commands; undoes what it did when one part throws. */
export function startServices(deps: ServiceDeps): Services {
  const { context, config, networks, log } = deps;
  const parts: vscode.Disposable[] = [];
  try {
    const history = new History(context.globalState);
    // The workspace's Clarinet projects: the view, drift, the language features and the panels read them.
    const projects = new ClarinetWorkspace(log);
    const panels = new LazyPanels({
      networks,
      config,
      history,
      log,
      extensionUri: context.extensionUri,
      localContract: (id) => localContract(projects, id),
      ...(deps.panelTap ? { tap: deps.panelTap } : {}),
    });
    parts.push(history, panels);
    // Whether Emily (the sBTC bridge API) may be asked, read by the hover, the panels and the chat tools.
    parts.push(installEmilyGate(config, log));
    // The workspace: the watch list, the Clarinet projects, their deployment status and drift.
    const watchlist = new Watchlist(context.workspaceState, context.globalState, config);
    const statuses = new ContractStatuses(networks, projects, log);
    // One background budget (half the rate budget) for the watch rounds and drift's fetches.
    const background = new SharedBudget();
    const drift = new ContractDrift(networks, statuses, background);
    parts.push(watchlist, projects, statuses, drift);
    const deployerOf: DeployerLookup = (uri) => projects.deployerFor(uri, networks.current);
    const explorer: ExplorerDeps = { config, networks, history, log, watchlist, projects, statuses, drift };
    const codeLens = new DeploymentCodeLens(explorer);
    parts.push(codeLens, ...registerCompare(explorer), registerErrorLine(explorer));
    // Trace: a mined call replayed with the Clarinet SDK in a child process (src/ui/trace, src/replay).
    const { extensionUri, globalStorageUri } = context;
    const tap = deps.replayTap;
    parts.push(...registerTrace({ config, networks, log, projects, extensionUri, globalStorageUri, tap }));
    const lookup = { config, networks, presenter: panels, history, log, activity: deps.activity, deployerOf };
    parts.push(...registerLookupCommands(lookup), ...registerWorkbenchCommands(lookup));
    const language = new LazyLanguage({ networks, projects, log });
    const hover = new StacksHoverProvider({ config, networks, log, language, deployerOf });
    // Warnings on calls into a PoX contract no longer active, from the first lookup on.
    parts.push(new PoxDiagnostics({ networks, log }));
    const watchers = startWatchers(
      { networks, config, log, watchlist, state: context.workspaceState, revealWatched: deps.revealWatched },
      toTarget,
      background,
    );
    parts.push(...watchers.disposables);
    // Watched sBTC deposits ride the same background budget.
    parts.push(...registerSbtc({ networks, log, state: context.workspaceState, shared: background }).disposables);
    return {
      panels,
      history,
      explorer,
      watchlist,
      projects,
      deployerOf,
      codeLens,
      deployedSource: deployedSourceProvider(explorer),
      hover,
      language,
      txWatch: watchers.txWatch,
      addressWatch: watchers.addressWatch,
      dispose: () => disposeAll(parts),
    };
  } catch (e) {
    disposeAll(parts);
    throw e;
  }
}
