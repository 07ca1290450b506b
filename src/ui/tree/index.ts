import * as vscode from 'vscode';
import { DeploymentCodeLens } from '../editor/codeLens';
import { deployedSourceProvider, registerCompare } from '../drift/compare';
import { ContractDrift } from '../drift/drift';
import { registerErrorLine } from '../drift/errorLine';
import { Config } from '../shared/config';
import type { History } from '../shared/history';
import type { Log } from '../shared/log';
import type { NetworkService } from '../network/network';
import { Watchlist } from '../watch/watchlist';
import { setDeployerLookup } from '../shared/workspaceContext';
import { ContractStatuses } from '../projects/contractStatus';
import type { ExplorerDeps } from './deps';
import { ClarinetWorkspace } from '../projects/projects';
import { disposeAll } from '../shared/lifecycle';
import type { SharedBudget } from '../../chain/watchBudget';

export type { ExplorerDeps } from './deps';
export type { ExplorerTree } from './explorerTree';

export interface Explorer extends vscode.Disposable {
  /** What the explorer view (src/ui/tree/view.ts) is built from. */
  deps: ExplorerDeps;
  watchlist: Watchlist;
  projects: ClarinetWorkspace;
  statuses: ContractStatuses;
  drift: ContractDrift;
  /** The CodeLens of workspace contracts and the deployed sources' documents (registered by src/extension.ts). */
  codeLens: vscode.CodeLensProvider;
  deployedSource: vscode.TextDocumentContentProvider;
}

/**
 * Builds what the explorer view shows (the watch list, the Clarinet projects, the deployment
 * table, drift), the deployment CodeLens' provider, Compare with Deployed, the error line and the
 * deployer lookup for relative `.name` references; nothing here reads a file or asks the API.
 */
export function registerExplorer(d: {
  config: Config;
  networks: NetworkService;
  history: History;
  log: Log;
  context: vscode.ExtensionContext;
  /** The background budget drift's fetches spend from, the watchers' own. */
  background: SharedBudget;
}): Explorer {
  const watchlist = new Watchlist(d.context.workspaceState, d.context.globalState, d.config);
  const projects = new ClarinetWorkspace(d.log);
  const statuses = new ContractStatuses(d.networks, projects, d.log);
  const drift = new ContractDrift(d.networks, statuses, d.background);
  const deps: ExplorerDeps = {
    config: d.config,
    networks: d.networks,
    history: d.history,
    log: d.log,
    watchlist,
    projects,
    statuses,
    drift,
  };
  const codeLens = new DeploymentCodeLens(deps);
  const parts: vscode.Disposable[] = [
    watchlist,
    projects,
    statuses,
    drift,
    codeLens,
    ...registerCompare(deps),
    registerErrorLine(deps),
    setDeployerLookup((uri) => projects.deployerFor(uri, d.networks.current)),
  ];
  return {
    deps,
    codeLens,
    deployedSource: deployedSourceProvider(deps),
    watchlist,
    projects,
    statuses,
    drift,
    dispose: () => disposeAll(parts),
  };
}
