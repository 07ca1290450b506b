import * as vscode from 'vscode';
import { Commands, Views } from '../../constants';
import { registerDeploymentCodeLens } from '../editor/codeLens';
import { registerCompare } from '../drift/compare';
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
import type { ExplorerTree, TreeCommand } from './explorerTree';
import type { TreeNode } from './node';
import { ClarinetWorkspace } from '../projects/projects';
import { loadTreeModule } from './treeModule';
import { Disposable, disposeAll } from '../shared/lifecycle';

export type { ExplorerDeps } from './deps';
export type { ExplorerTree } from './explorerTree';

/**
 * The explorer view as activation registers it: the view, its data provider and its commands,
 * with the tree itself (the sections, ~30 KB) loaded the first time VS Code asks for the view's
 * children, that is when the view is first shown, or one of its commands runs.
 */
class LazyExplorerTree extends Disposable implements vscode.TreeDataProvider<TreeNode> {
  private readonly emitter = this.register(new vscode.EventEmitter<TreeNode | undefined>());
  readonly onDidChangeTreeData = this.emitter.event;
  readonly view: vscode.TreeView<TreeNode>;
  private real:
    { tree: ExplorerTree; commands: ReturnType<ReturnType<typeof loadTreeModule>['treeCommands']> } | undefined;

  constructor(private readonly d: ExplorerDeps) {
    super();
    this.view = this.register(
      vscode.window.createTreeView(Views.explorer, { treeDataProvider: this, showCollapseAll: true }),
    );
    // The tree, if it was ever loaded: disposed first.
    this.register({ dispose: () => this.real?.tree.dispose() });
  }

  private load(): NonNullable<LazyExplorerTree['real']> {
    if (!this.real) {
      const m = loadTreeModule();
      const tree = new m.ExplorerTree(this.d, this.view, this.emitter);
      this.real = { tree, commands: m.treeCommands(tree, this.d) };
    }
    return this.real;
  }

  /** The tree, loaded on first use. */
  get tree(): ExplorerTree {
    return this.load().tree;
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    return node.getTreeItem();
  }

  getChildren(node?: TreeNode): Promise<TreeNode[]> | TreeNode[] {
    return this.tree.getChildren(node);
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.parent;
  }

  /** Registers the explorer's commands; each loads the tree when it first runs. */
  registerCommands(): vscode.Disposable[] {
    const ids: Record<TreeCommand, string> = {
      watchAddress: Commands.watchAddress,
      unwatchAddress: Commands.unwatchAddress,
      refreshExplorer: Commands.refreshExplorer,
      loadMore: Commands.loadMore,
    };
    return [
      ...Object.entries(ids).map(([name, id]) =>
        vscode.commands.registerCommand(id, (arg?: unknown) => this.load().commands[name as TreeCommand](arg)),
      ),
      vscode.commands.registerCommand(Commands.clearRecent, () => this.d.history.clear()),
    ];
  }
}

export interface Explorer extends vscode.Disposable {
  readonly tree: ExplorerTree;
  /** The view at its Watched Addresses section, expanded (this loads the view's tree). */
  revealWatched(): Promise<void>;
  watchlist: Watchlist;
  projects: ClarinetWorkspace;
  statuses: ContractStatuses;
  drift: ContractDrift;
}

/**
 * Builds the explorer view, its commands, the deployment CodeLens and the deployer lookup for
 * relative `.name` references; nothing here reads a file or asks the API.
 */
export function registerExplorer(d: {
  config: Config;
  networks: NetworkService;
  history: History;
  log: Log;
  context: vscode.ExtensionContext;
}): Explorer {
  const watchlist = new Watchlist(d.context.workspaceState, d.context.globalState, d.config);
  const projects = new ClarinetWorkspace(d.log);
  const statuses = new ContractStatuses(d.networks, projects, d.log);
  const drift = new ContractDrift(d.networks, statuses);
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
  const lazyTree = new LazyExplorerTree(deps);
  const parts: vscode.Disposable[] = [
    watchlist,
    projects,
    statuses,
    drift,
    lazyTree,
    ...lazyTree.registerCommands(),
    registerDeploymentCodeLens({ config: d.config, networks: d.networks, projects, statuses, drift }),
    ...registerCompare({ config: d.config, networks: d.networks, projects, statuses, drift, log: d.log }),
    registerErrorLine({ config: d.config, networks: d.networks, projects, log: d.log }),
    setDeployerLookup((uri) => projects.deployerFor(uri, d.networks.current)),
  ];
  return {
    // A getter: reading it loads the tree, which activation itself never does.
    get tree() {
      return lazyTree.tree;
    },
    async revealWatched() {
      const tree = lazyTree.tree;
      try {
        // Shows the view too when it is hidden.
        await tree.view.reveal(tree.sections.watched, { expand: true, select: true, focus: true });
      } catch {
        // The view's tree had not drawn its sections yet: the view at least, where the section is.
        await vscode.commands.executeCommand(`${Views.explorer}.focus`);
      }
    },
    watchlist,
    projects,
    statuses,
    drift,
    dispose: () => disposeAll(parts),
  };
}
