import * as vscode from 'vscode';
import { Commands, Views } from '../../constants';
import type { ExplorerDeps } from './deps';
import type { ExplorerTree, TreeCommand } from './explorerTree';
import type { TreeNode } from './node';
import { loadTreeModule } from './treeModule';
import { Disposable } from '../shared/lifecycle';

/**
 * The explorer view as activation registers it: the view, its data provider and its commands.
 * What the view shows (the sections, ~30 KB) and what they are built from (the watch list, the
 * Clarinet projects, the deployment table: `deps`) are loaded the first time VS Code asks for the
 * view's children, that is when the view is first shown, or one of its commands runs.
 */
export class ExplorerView extends Disposable implements vscode.TreeDataProvider<TreeNode> {
  private readonly emitter = this.register(new vscode.EventEmitter<TreeNode | undefined>());
  readonly onDidChangeTreeData = this.emitter.event;
  readonly view: vscode.TreeView<TreeNode>;
  private real:
    { tree: ExplorerTree; commands: ReturnType<ReturnType<typeof loadTreeModule>['treeCommands']> } | undefined;

  constructor(private readonly deps: () => ExplorerDeps) {
    super();
    this.view = this.register(
      vscode.window.createTreeView(Views.explorer, { treeDataProvider: this, showCollapseAll: true }),
    );
    // The tree, if it was ever loaded: disposed first.
    this.register({ dispose: () => this.real?.tree.dispose() });
  }

  private load(): NonNullable<ExplorerView['real']> {
    if (!this.real) {
      const d = this.deps();
      const m = loadTreeModule();
      const tree = new m.ExplorerTree(d, this.view, this.emitter);
      this.real = { tree, commands: m.treeCommands(tree, d) };
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

  /** The view at its Watched Addresses section, expanded (this loads the view's tree). */
  async revealWatched(): Promise<void> {
    const tree = this.tree;
    try {
      // Shows the view too when it is hidden.
      await tree.view.reveal(tree.sections.watched, { expand: true, select: true, focus: true });
    } catch {
      // The view's tree had not drawn its sections yet: the view at least, where the section is.
      await vscode.commands.executeCommand(`${Views.explorer}.focus`);
    }
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
      vscode.commands.registerCommand(Commands.clearRecent, () => this.deps().history.clear()),
    ];
  }
}
