import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { NetworkId } from '../shared/config';
import type { TreeDeps } from './deps';
import { command, ItemNode, TreeNode } from './node';

export type SectionName = 'network' | 'mempool' | 'watched' | 'contracts' | 'recent';

/**
 * A top-level section of the explorer. Each kind has a file of its own: networkSection.ts,
 * mempoolSection.ts, watchedSection.ts, contracts.ts and recentSection.ts.
 */
export abstract class Section extends TreeNode {
  abstract readonly name: SectionName;
  constructor(protected readonly deps: TreeDeps) {
    super(undefined);
  }

  protected header(label: string, icon: string, expanded: boolean, tooltip: string): vscode.TreeItem {
    const item = new vscode.TreeItem(
      label,
      expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = `section:${this.name}`;
    item.iconPath = new vscode.ThemeIcon(icon);
    item.tooltip = tooltip;
    item.contextValue = `section-${this.name}`;
    return item;
  }

  /** The API URL of the network, or the error nodes that explain why it has none. */
  protected async checkUrl(network: NetworkId): Promise<TreeNode[] | undefined> {
    const u = this.deps.networks.urlOf(network);
    if (u.ok) return undefined;
    const item = new vscode.TreeItem(u.reason, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
    item.command = command(Commands.selectNetwork, vscode.l10n.t('Select Network'));
    item.description = vscode.l10n.t('Select Network');
    item.tooltip = u.reason;
    item.contextValue = 'error';
    return [new ItemNode(this, item)];
  }
}
