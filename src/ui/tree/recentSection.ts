import * as vscode from 'vscode';
import { Target, targetTitle } from '../../chain/target';
import { Commands } from '../../constants';
import { NETWORK_LABELS } from '../../chain/networks';
import { placeholder } from './deps';
import { command, ItemNode, TreeNode } from './node';
import { Section } from './sections';

// 5. Recent lookups: reopen with a click.

export class RecentSection extends Section {
  readonly name = 'recent';

  getTreeItem(): vscode.TreeItem {
    return this.header(
      vscode.l10n.t('Recent Lookups'),
      'history',
      true,
      vscode.l10n.t('The last 20 identifiers you looked up'),
    );
  }

  protected override async loadChildren(): Promise<TreeNode[]> {
    const items = this.deps.history.items;
    if (!items.length)
      return [
        placeholder(
          this,
          vscode.l10n.t('No lookups yet'),
          'search',
          command(Commands.lookup, vscode.l10n.t('Look Up…')),
        ),
      ];
    return items.map((t) => {
      const item = new vscode.TreeItem(targetTitle(t), vscode.TreeItemCollapsibleState.None);
      item.description = t.network ? NETWORK_LABELS[t.network] : '';
      item.tooltip = `${targetTitle(t)}${t.id ? `\n${t.id}` : ''}${t.network ? `\nNetwork: ${NETWORK_LABELS[t.network]}` : ''}`;
      item.iconPath = new vscode.ThemeIcon(ICONS[t.kind]);
      item.contextValue = 'recent';
      item.command = reopen(t);
      return new ItemNode(this, item, t);
    });
  }
}

const ICONS: Record<Target['kind'], string> = {
  tx: 'arrow-swap',
  address: 'account',
  contract: 'file-code',
  block: 'layers',
  burnBlock: 'link',
  contracts: 'checklist',
  mempool: 'pulse',
  status: 'server',
  sbtcDeposit: 'arrow-down',
};

function reopen(t: Target): vscode.Command {
  switch (t.kind) {
    case 'tx':
      return command(Commands.showTransaction, vscode.l10n.t('Show Transaction'), t.id);
    case 'address':
      return command(Commands.showAddress, vscode.l10n.t('Show Address'), t.id);
    case 'contract':
      return command(Commands.lookup, vscode.l10n.t('Look Up'), t.id);
    case 'block':
      return command(Commands.showBlock, vscode.l10n.t('Show Block'), t.id);
    case 'burnBlock':
      return command(Commands.showBurnBlock, vscode.l10n.t('Show Bitcoin (Burn) Block'), t.id);
    case 'contracts':
      return command(Commands.showContractStatus, vscode.l10n.t('Show Contract Deployment Status'), t.id);
    case 'mempool':
      return command(Commands.showMempoolStats, vscode.l10n.t('Show Mempool Statistics'));
    case 'status':
      return command(Commands.showServerStatus, vscode.l10n.t('Show API Status'));
    case 'sbtcDeposit':
      return command(Commands.lookup, vscode.l10n.t('Look Up'), t);
  }
}
