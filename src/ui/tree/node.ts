import * as vscode from 'vscode';
import type { BudgetMode } from '../../api';
import type { Target } from '../../chain/target';

export interface LoadContext {
  /** 'wait' after an explicit refresh, 'fail-fast' for the first load and auto refresh. */
  budget: BudgetMode;
  signal: AbortSignal;
}

/**
 * A node of the explorer tree. A node owns its children: it loads them once, keeps them until it
 * is invalidated, and disposes them (aborting their loads) when it is invalidated or disposed.
 */
export abstract class TreeNode implements vscode.Disposable {
  /** What the item stands for; the copy and explorer commands read it. */
  target?: Target;
  private children: TreeNode[] | undefined;
  private loading: { promise: Promise<TreeNode[]>; controller: AbortController } | undefined;
  private disposed = false;

  constructor(readonly parent: TreeNode | undefined) {}

  abstract getTreeItem(): vscode.TreeItem;

  /** Loads the children; failures are turned into error nodes by the node itself. */
  protected loadChildren(_ctx: LoadContext): Promise<TreeNode[]> {
    return Promise.resolve([]);
  }

  /** The children already loaded, without loading. */
  get loadedChildren(): readonly TreeNode[] | undefined {
    return this.children;
  }

  /** Whether its children are being loaded now. */
  get isLoading(): boolean {
    return this.loading !== undefined;
  }

  getChildren(budget: BudgetMode): Promise<TreeNode[]> {
    if (this.children) return Promise.resolve(this.children);
    if (this.disposed) return Promise.resolve([]);
    if (!this.loading) {
      const controller = new AbortController();
      const promise = this.loadChildren({ budget, signal: controller.signal }).then((kids) => {
        if (controller.signal.aborted || this.disposed) {
          disposeAll(kids);
          return [];
        }
        this.children = kids;
        if (this.loading?.controller === controller) this.loading = undefined;
        return kids;
      });
      this.loading = { promise, controller };
    }
    return this.loading.promise;
  }

  /** Replaces the loaded children (for "load more"), disposing the ones dropped. */
  protected setChildren(kids: TreeNode[]): void {
    for (const old of this.children ?? []) if (!kids.includes(old)) old.dispose();
    this.children = kids;
  }

  /** Drops the children (and any load under way); the next getChildren loads them again. */
  invalidate(): void {
    this.loading?.controller.abort();
    this.loading = undefined;
    disposeAll(this.children);
    this.children = undefined;
  }

  dispose(): void {
    this.invalidate();
    this.disposed = true;
  }
}

export function disposeAll(nodes: readonly vscode.Disposable[] | undefined): void {
  for (const n of nodes ?? []) n.dispose();
}

/** A leaf with a fixed item: placeholders, facts and errors. */
export class ItemNode extends TreeNode {
  constructor(
    parent: TreeNode | undefined,
    private readonly item: vscode.TreeItem,
    target?: Target,
  ) {
    super(parent);
    if (target) this.target = target;
  }

  getTreeItem(): vscode.TreeItem {
    return this.item;
  }
}

export function command(id: string, title: string, ...args: unknown[]): vscode.Command {
  return { command: id, title, arguments: args };
}
