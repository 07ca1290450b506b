import * as vscode from 'vscode';
import { formatInt } from '../../chain/format';
import { Commands } from '../../constants';
import type { NetworkId } from '../shared/config';
import { errorNodes, fact, notLoadedYet, TreeDeps } from './deps';
import { command, LoadContext, TreeNode } from './node';

/** A node whose children come in pages, with a "Load more" node at the end while there are more. */
export abstract class PagedNode extends TreeNode {
  private loaded = 0;
  protected abstract readonly network: NetworkId;
  protected abstract readonly what: string;
  protected abstract readonly emptyLabel: string;
  protected abstract fetchPage(
    offset: number,
    ctx: LoadContext,
  ): Promise<{ nodes: TreeNode[]; count: number; total: number }>;

  constructor(
    parent: TreeNode,
    protected readonly deps: TreeDeps,
  ) {
    super(parent);
  }

  protected override async loadChildren(ctx: LoadContext): Promise<TreeNode[]> {
    this.loaded = 0;
    if (!this.deps.networks.used) return [notLoadedYet(this, `${this.what[0]!.toUpperCase()}${this.what.slice(1)}`)];
    try {
      const page = await this.fetchPage(0, ctx);
      this.loaded = page.count;
      if (!page.nodes.length) return [fact(this, this.emptyLabel, '', this.emptyLabel)];
      return [...page.nodes, ...this.more(page.total)];
    } catch (e) {
      return errorNodes(this.deps, this, e, this.network, this.what);
    }
  }

  /** Appends the next page in place of the "Load more" node. */
  async loadMore(ctx: LoadContext): Promise<void> {
    const kept = (this.loadedChildren ?? []).filter(
      (k) =>
        !(k instanceof LoadMoreNode) &&
        k.getTreeItem().contextValue !== 'error' &&
        k.getTreeItem().contextValue !== 'retry',
    );
    try {
      const page = await this.fetchPage(this.loaded, ctx);
      this.loaded += page.count;
      this.setChildren([...kept, ...page.nodes, ...this.more(page.total)]);
    } catch (e) {
      const errors = await errorNodes(this.deps, this, e, this.network, this.what);
      this.setChildren([...kept, ...errors, new LoadMoreNode(this, this.loaded, undefined)]);
    }
  }

  private more(total: number): TreeNode[] {
    return this.loaded < total ? [new LoadMoreNode(this, this.loaded, total)] : [];
  }
}

export class LoadMoreNode extends TreeNode {
  constructor(
    readonly owner: PagedNode,
    private readonly loaded: number,
    private readonly total: number | undefined,
  ) {
    super(owner);
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Load more…'), vscode.TreeItemCollapsibleState.None);
    item.description =
      this.total !== undefined ? vscode.l10n.t('{0} of {1}', formatInt(this.loaded), formatInt(this.total)) : '';
    item.iconPath = new vscode.ThemeIcon('ellipsis');
    item.command = command(Commands.loadMore, vscode.l10n.t('Load More'), this);
    item.contextValue = 'loadMore';
    return item;
  }

  load(ctx: LoadContext): Promise<void> {
    return this.owner.loadMore(ctx);
  }
}
