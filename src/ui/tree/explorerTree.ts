// The explorer view's tree: its sections and commands. A part loaded the first time the view asks
// for its children or one of its commands runs (treeModule.ts); activation registers the view and the commands through the facade in index.ts.
import * as vscode from 'vscode';
import { isStacksApiError } from '../../api/errors';
import type { BudgetMode } from '../../api/rateLimit';
import { checkPrincipal } from '../../chain/identifiers';
import { identifierAtCursor } from '../shared/workspaceContext';
import { Settings } from '../../constants';
import { NETWORK_IDS } from '../../chain/networks';
import { showWarning } from '../shared/notify';
import { ContractsSection } from './contracts';
import type { ExplorerDeps, TreeDeps } from './deps';
import { MempoolSection } from './mempoolSection';
import { NetworkSection } from './networkSection';
import { TreeNode } from './node';
import { LoadMoreNode } from './pagedNode';
import { RecentSection } from './recentSection';
import { Section, SectionName } from './sections';
import { WatchedAddressNode, WatchedSection } from './watchedSection';
import { Disposable } from '../shared/lifecycle';

/**
 * The Stacks Lookup explorer: five sections of nodes that load when first shown, refresh on
 * request (waiting for the rate limit) or on an optional timer while visible (failing fast,
 * pausing after an error). Showing the view is not asking for chain data (a reloaded window
 * restores it as it was left): until the user asks, in the view or anywhere else, what would ask
 * the API says "Select to load" instead.
 */
export class ExplorerTree extends Disposable implements vscode.TreeDataProvider<TreeNode> {
  readonly onDidChangeTreeData: vscode.Event<TreeNode | undefined>;
  readonly sections: Record<SectionName, Section>;
  private budget: BudgetMode = 'fail-fast';
  /** Set by a failed load; auto refresh waits for an explicit refresh. */
  private paused = false;
  /** The wait for the next auto refresh; aborted when it is scheduled again. */
  private timer: AbortController | undefined;
  /** Counts the calls of `schedule`: only the latest may set the timer. */
  private scheduled = 0;
  /** Whether the view has been shown yet: VS Code asks for children, and so the API, only then. */
  shown = false;

  /** `view` and `emitter` belong to the facade that registered the view at activation (index.ts). */
  constructor(
    private readonly d: ExplorerDeps,
    readonly view: vscode.TreeView<TreeNode>,
    private readonly emitter: vscode.EventEmitter<TreeNode | undefined>,
  ) {
    super();
    this.onDidChangeTreeData = emitter.event;
    const deps: TreeDeps = { ...d, failed: (e) => this.failed(e) };
    this.sections = {
      network: new NetworkSection(deps),
      mempool: new MempoolSection(deps),
      watched: new WatchedSection(deps),
      contracts: new ContractsSection(deps),
      recent: new RecentSection(deps),
    };
    this.registerAll(...Object.values(this.sections));
    /** What asks the API loads again (not an explicit refresh), and the auto refresh is timed again. */
    const reload = () => {
      this.refreshSections(['network', 'mempool', 'watched', 'contracts'], false);
      this.schedule();
    };
    this.registerAll(
      this.view.onDidChangeVisibility((e) => {
        if (e.visible) this.shown = true;
        this.schedule();
      }),
      // A new key, network or URL, or another number of watched addresses, changes the pace the
      // rate budget allows: the timer is computed again, not kept from before.
      d.networks.onDidChange(reload),
      d.watchlist.onDidChange(() => {
        this.refreshSections(['watched'], true);
        this.schedule();
      }),
      // The user asked for chain data in this window (a hover, a command, a click here): what the
      // view showed unloaded until then loads now, and the auto refresh may start.
      d.networks.onDidFirstUse(reload),
      d.history.onDidChange(() => this.refreshSections(['recent'], false)),
      d.projects.onDidChange(() => this.refreshSections(['contracts'], false)),
      // A comparison with a deployed source arrived or a contract changed: no request, the table is kept.
      d.drift.onDidChange(() => this.refreshSections(['contracts'], false)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (d.config.affects(e, Settings.autoRefreshSeconds)) this.schedule();
      }),
    );
    // Loaded because the view is showing: the visibility change came before this tree existed.
    this.shown = this.view.visible;
    if (this.shown) this.schedule();
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
      this.d.networks.markUsed();
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
      this.view.message = vscode.l10n.t('Auto refresh paused after an error: press Refresh to resume.');
    this.schedule();
  }

  private resume(): void {
    this.paused = false;
    // `undefined` clears the message, as the API does it; its type (`message?: string`) leaves that out.
    const view: { message?: string | undefined } = this.view;
    view.message = undefined;
    this.schedule();
  }

  /**
   * Auto refresh: only while visible, once the user has asked for chain data in this window, never
   * while paused, never faster than half the rate budget allows.
   */
  private schedule(): void {
    this.timer?.abort();
    this.timer = undefined;
    const call = ++this.scheduled;
    const seconds = this.d.config.autoRefreshSeconds;
    if (!seconds || !this.view.visible || this.paused || !this.d.networks.used) return;
    // One refresh: API status, mempool, a balance per watched address, contract status per network.
    const requests = 2 + this.d.watchlist.items.length + 3;
    void this.d.networks.hasKeyFor().then((key) => {
      // A later call (a key just set, the view hidden) has the say.
      if (call !== this.scheduled || !this.view.visible || this.paused) return;
      const perMinute = (key ? 500 : 50) / 2;
      const wait = Math.max(seconds, Math.ceil((requests * 60) / perMinute));
      const timer = new AbortController();
      this.timer = timer;
      this.d.networks.clock.sleep(wait * 1000, timer.signal).then(
        () => {
          if (this.timer !== timer) return;
          this.timer = undefined;
          void this.refresh(undefined, false).then(() => this.schedule());
        },
        () => undefined, // aborted: scheduled again or disposed
      );
    });
  }

  override dispose(): void {
    this.timer?.abort();
    super.dispose();
  }
}

export type TreeCommand = 'watchAddress' | 'unwatchAddress' | 'refreshExplorer' | 'loadMore';

/** The explorer's commands (watch, unwatch, refresh and load more), registered at activation by index.ts. */
export function treeCommands(
  tree: ExplorerTree,
  deps: ExplorerDeps,
): Record<TreeCommand, (arg?: unknown) => Promise<unknown> | undefined> {
  return {
    watchAddress: async (arg?: unknown) => {
      const principal = principalOf(arg) ?? (typeof arg === 'string' ? undefined : await askPrincipal(deps));
      if (principal === undefined) {
        if (typeof arg === 'string') void showWarning(((c) => (c.ok ? '' : c.reason))(checkPrincipal(arg)));
        return undefined;
      }
      try {
        const added = await deps.watchlist.add(principal);
        vscode.window.setStatusBarMessage(
          added
            ? vscode.l10n.t('$(eye) Watching {0}', principal)
            : vscode.l10n.t('$(eye) Already watching {0}', principal),
          3000,
        );
      } catch (e) {
        void showWarning(e instanceof Error ? e.message : String(e));
        return undefined;
      }
      return principal;
    },
    unwatchAddress: async (arg?: unknown) => {
      const principal = arg instanceof WatchedAddressNode ? arg.address : principalOf(arg);
      if (!principal) return false;
      return deps.watchlist.remove(principal);
    },
    refreshExplorer: (arg?: unknown) => tree.refresh(arg instanceof TreeNode ? arg : undefined, true),
    loadMore: (arg?: unknown) => (arg instanceof LoadMoreNode ? tree.loadMore(arg) : undefined),
  };
}

/** A principal from a string, a Target or a tree node carrying one. */
function principalOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') {
    const c = checkPrincipal(arg.trim().replace(/^'/, ''));
    return c.ok ? c.value.principal : undefined;
  }
  if (arg && typeof arg === 'object') {
    const a = arg as { target?: { kind?: unknown; id?: unknown }; kind?: unknown; id?: unknown };
    const t = a.target ?? a;
    if ((t.kind === 'address' || t.kind === 'contract') && typeof t.id === 'string') return principalOf(t.id);
  }
  return undefined;
}

/** Asks for a principal, prefilled with the address or contract id at the cursor. */
async function askPrincipal(deps: ExplorerDeps): Promise<string | undefined> {
  const editor = vscode.window.activeTextEditor;
  let prefill = '';
  if (editor) {
    const found = identifierAtCursor(editor.document, editor.selection.active, (uri) =>
      deps.projects.deployerFor(uri, deps.networks.current),
    );
    if (found && found.kind !== 'tx') prefill = found.id;
  }
  const value = await vscode.window.showInputBox({
    title: vscode.l10n.t('Stacks: Watch Address'),
    prompt: vscode.l10n.t('An address or contract principal to watch in the Stacks Lookup view'),
    placeHolder: vscode.l10n.t('SP…, ST… or SP….contract-name'),
    value: prefill,
    ignoreFocusOut: true,
    validateInput: (s) =>
      s.trim() === '' ? undefined : ((c) => (c.ok ? undefined : c.reason))(checkPrincipal(s.trim().replace(/^'/, ''))),
  });
  return value?.trim() ? principalOf(value) : undefined;
}
