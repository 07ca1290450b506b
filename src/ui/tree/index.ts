import * as vscode from 'vscode';
import { isStacksApiError } from '../../api/errors';
import type { BudgetMode } from '../../api/rateLimit';
import { checkPrincipal } from '../../chain/identifiers';
import { identifierAt } from '../../chain/recognize';
import { Commands, Settings, Views } from '../../constants';
import { registerDeploymentCodeLens } from '../codeLens';
import { registerCompare } from '../compare';
import { ContractDrift } from '../drift';
import { NETWORK_IDS } from '../../chain/networks';
import { Config } from '../config';
import type { History } from '../history';
import type { Log } from '../log';
import type { NetworkService } from '../network';
import { showWarning } from '../notify';
import { Watchlist } from '../watchlist';
import { setDeployerLookup, workspaceDeployer } from '../workspaceContext';
import { ContractStatuses } from './contractStatus';
import { ContractsSection } from './contracts';
import type { TreeDeps } from './deps';
import { MempoolSection } from './mempoolSection';
import { NetworkSection } from './networkSection';
import { TreeNode } from './node';
import { LoadMoreNode } from './pagedNode';
import { ClarinetWorkspace } from './projects';
import { RecentSection } from './recentSection';
import { Section, SectionName } from './sections';
import { WatchedAddressNode, WatchedSection } from './watchedSection';

export type ExplorerDeps = Omit<TreeDeps, 'failed'>;

/**
 * The Stacks Lookup explorer: five sections of nodes that load when first shown, refresh on
 * request (waiting for the rate limit) or on an optional timer while visible (failing fast,
 * pausing after an error).
 */
export class ExplorerTree implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  readonly view: vscode.TreeView<TreeNode>;
  readonly sections: Record<SectionName, Section>;
  private budget: BudgetMode = 'fail-fast';
  /** Set by a failed load; auto refresh waits for an explicit refresh. */
  private paused = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  /** Whether the view has been shown yet: VS Code asks for children, and so the API, only then. */
  shown = false;

  constructor(private readonly d: ExplorerDeps) {
    const deps: TreeDeps = { ...d, failed: (e) => this.failed(e) };
    this.sections = {
      network: new NetworkSection(deps),
      mempool: new MempoolSection(deps),
      watched: new WatchedSection(deps),
      contracts: new ContractsSection(deps),
      recent: new RecentSection(deps),
    };
    this.view = vscode.window.createTreeView(Views.explorer, { treeDataProvider: this, showCollapseAll: true });
    this.disposables.push(
      this.view,
      this.emitter,
      this.view.onDidChangeVisibility((e) => {
        if (e.visible) this.shown = true;
        this.schedule();
      }),
      d.networks.onDidChange(() => this.refreshSections(['network', 'mempool', 'watched', 'contracts'], false)),
      d.watchlist.onDidChange(() => this.refreshSections(['watched'], true)),
      d.history.onDidChange(() => this.refreshSections(['recent'], false)),
      d.projects.onDidChange(() => this.refreshSections(['contracts'], false)),
      // A comparison with a deployed source arrived or a contract changed: no request, the table is kept.
      d.drift.onDidChange(() => this.refreshSections(['contracts'], false)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (d.config.affects(e, Settings.autoRefreshSeconds)) this.schedule();
      }),
    );
    this.shown = this.view.visible;
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    return node.getTreeItem();
  }

  getChildren(node?: TreeNode): Promise<TreeNode[]> | TreeNode[] {
    if (!node) return Object.values(this.sections);
    return node.getChildren(this.budget);
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.parent;
  }

  /**
   * Loads again: one node (a section, or the node a Retry belongs to) or everything. An explicit
   * refresh waits for the rate-limit budget and resumes a paused auto refresh.
   */
  async refresh(node?: TreeNode, explicit = true): Promise<void> {
    this.budget = explicit ? 'wait' : 'fail-fast';
    if (explicit) {
      this.resume();
      // Asked for by the user: fresh answers, not the client's short-lived cache.
      for (const n of NETWORK_IDS)
        if (this.d.networks.urlOf(n).ok) (await this.d.networks.endpoint(n)).client.clearCache();
    }
    if (node) {
      if (node instanceof ContractsSection) this.d.statuses.clear();
      node.invalidate();
      this.emitter.fire(node);
      return;
    }
    this.d.statuses.clear();
    for (const s of Object.values(this.sections)) s.invalidate();
    this.emitter.fire(undefined);
  }

  private refreshSections(names: SectionName[], explicit: boolean): void {
    if (explicit) this.budget = 'wait';
    for (const n of names) {
      this.sections[n].invalidate();
      this.emitter.fire(this.sections[n]);
    }
  }

  async loadMore(node: LoadMoreNode): Promise<void> {
    await node.load({ budget: 'wait', signal: new AbortController().signal });
    this.emitter.fire(node.owner);
  }

  private failed(e: unknown): void {
    if (isStacksApiError(e) && e.kind === 'cancelled') return;
    this.paused = true;
    if (this.d.config.autoRefreshSeconds > 0)
      this.view.message = 'Auto refresh paused after an error: press Refresh to resume.';
    this.schedule();
  }

  private resume(): void {
    this.paused = false;
    this.view.message = undefined;
    this.schedule();
  }

  /** Auto refresh: only while visible, never while paused, never faster than half the rate budget allows. */
  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const seconds = this.d.config.autoRefreshSeconds;
    if (!seconds || !this.view.visible || this.paused) return;
    // One refresh: API status, mempool, a balance per watched address, contract status per network.
    const requests = 2 + this.d.watchlist.items.length + 3;
    void this.d.networks.hasKeyFor().then((key) => {
      if (this.timer || !this.view.visible || this.paused) return;
      const perMinute = (key ? 500 : 50) / 2;
      const wait = Math.max(seconds, Math.ceil((requests * 60) / perMinute));
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.refresh(undefined, false).then(() => this.schedule());
      }, wait * 1000);
    });
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const s of Object.values(this.sections)) s.dispose();
    for (const d of this.disposables) d.dispose();
  }
}

/** The explorer's commands: watch, unwatch, refresh, clear recent lookups and load more. */
export function registerTreeCommands(tree: ExplorerTree, d: ExplorerDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Commands.watchAddress, async (arg?: unknown) => {
      const principal = principalOf(arg) ?? (typeof arg === 'string' ? undefined : await askPrincipal());
      if (principal === undefined) {
        if (typeof arg === 'string') void showWarning(((c) => (c.ok ? '' : c.reason))(checkPrincipal(arg)));
        return undefined;
      }
      try {
        const added = await d.watchlist.add(principal);
        vscode.window.setStatusBarMessage(`$(eye) ${added ? 'Watching' : 'Already watching'} ${principal}`, 3000);
      } catch (e) {
        void showWarning(e instanceof Error ? e.message : String(e));
        return undefined;
      }
      return principal;
    }),
    vscode.commands.registerCommand(Commands.unwatchAddress, async (arg?: unknown) => {
      const principal = arg instanceof WatchedAddressNode ? arg.address : principalOf(arg);
      if (!principal) return false;
      return d.watchlist.remove(principal);
    }),
    vscode.commands.registerCommand(Commands.refreshExplorer, (arg?: unknown) =>
      tree.refresh(arg instanceof TreeNode ? arg : undefined, true),
    ),
    vscode.commands.registerCommand(Commands.clearRecent, () => d.history.clear()),
    vscode.commands.registerCommand(Commands.loadMore, (arg?: unknown) =>
      arg instanceof LoadMoreNode ? tree.loadMore(arg) : undefined,
    ),
  ];
}

/** A principal from a string, a Target or a tree node carrying one. */
function principalOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') {
    const c = checkPrincipal(arg.trim().replace(/^'/, ''));
    return c.ok ? c.value.principal : undefined;
  }
  if (arg && typeof arg === 'object') {
    const t =
      (arg as { target?: { kind?: unknown; id?: unknown } }).target ?? (arg as { kind?: unknown; id?: unknown });
    if ((t.kind === 'address' || t.kind === 'contract') && typeof t.id === 'string') return principalOf(t.id);
  }
  return undefined;
}

/** Asks for a principal, prefilled with the address or contract id at the cursor. */
async function askPrincipal(): Promise<string | undefined> {
  const editor = vscode.window.activeTextEditor;
  let prefill = '';
  if (editor) {
    const doc = editor.document;
    const clarity = doc.languageId === 'clarity' || doc.uri.path.endsWith('.clar');
    const deployer = clarity ? workspaceDeployer(doc.uri) : undefined;
    const found = identifierAt(doc.lineAt(editor.selection.active.line).text, editor.selection.active.character, {
      clarity,
      ...(deployer ? { deployer } : {}),
    });
    if (found && found.kind !== 'tx') prefill = found.id;
  }
  const value = await vscode.window.showInputBox({
    title: 'Stacks: Watch Address',
    prompt: 'An address or contract principal to watch in the Stacks Lookup view',
    placeHolder: 'SP…, ST… or SP….contract-name',
    value: prefill,
    ignoreFocusOut: true,
    validateInput: (s) =>
      s.trim() === '' ? undefined : ((c) => (c.ok ? undefined : c.reason))(checkPrincipal(s.trim().replace(/^'/, ''))),
  });
  return value?.trim() ? principalOf(value) : undefined;
}

export interface Explorer extends vscode.Disposable {
  tree: ExplorerTree;
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
  const statuses = new ContractStatuses(d.networks, projects);
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
  const tree = new ExplorerTree(deps);
  const parts: vscode.Disposable[] = [
    watchlist,
    projects,
    statuses,
    drift,
    tree,
    ...registerTreeCommands(tree, deps),
    registerDeploymentCodeLens({ config: d.config, networks: d.networks, projects, statuses, drift }),
    ...registerCompare({ config: d.config, networks: d.networks, projects, statuses, drift, log: d.log }),
    setDeployerLookup((uri) => projects.deployerFor(uri, d.networks.current)),
  ];
  return { tree, watchlist, projects, statuses, drift, dispose: () => parts.reverse().forEach((p) => p.dispose()) };
}
