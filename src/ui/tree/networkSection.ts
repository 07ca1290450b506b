import * as vscode from 'vscode';
import { formatInt } from '../../chain/format';
import { shortenMiddle } from '../../chain/target';
import { Commands } from '../../constants';
import { NETWORK_LABELS } from '../../chain/networks';
import { errorNodes, fact, notLoadedYet } from './deps';
import { command, LoadContext, TreeNode } from './node';
import { Section } from './sections';

// 1. Network: the selected network and what its API says about itself.
export class NetworkSection extends Section {
  readonly name = 'network';

  getTreeItem(): vscode.TreeItem {
    const item = this.header(
      vscode.l10n.t('Network'),
      'globe',
      true,
      vscode.l10n.t('The selected network and the status of its API'),
    );
    item.description = NETWORK_LABELS[this.deps.networks.current];
    return item;
  }

  protected override async loadChildren(ctx: LoadContext): Promise<TreeNode[]> {
    const network = this.deps.networks.current;
    const u = this.deps.networks.urlOf(network);
    const selected = fact(
      this,
      NETWORK_LABELS[network],
      u.ok ? u.url : vscode.l10n.t('no valid URL'),
      vscode.l10n.t('{0} · {1}\nClick to select another network.', NETWORK_LABELS[network], u.ok ? u.url : u.reason),
      'plug',
      command(Commands.selectNetwork, vscode.l10n.t('Select Network')),
    );
    const bad = await this.checkUrl(network);
    if (bad) return [selected, ...bad];
    if (!this.deps.networks.used) return [selected, notLoadedYet(this, vscode.l10n.t('API status'))];
    try {
      const { client } = await this.deps.networks.endpoint(network);
      const s = await client.getServerStatus({ signal: ctx.signal, budget: ctx.budget });
      const open = command(Commands.showServerStatus, vscode.l10n.t('Show API Status'));
      const nodes = [
        selected,
        fact(
          this,
          vscode.l10n.t('API status'),
          s.status,
          vscode.l10n.t('Status: {0}\nServer version: {1}', s.status, s.server_version),
          s.status === 'ready' ? 'pass' : 'warning',
          open,
        ),
        fact(this, vscode.l10n.t('Server version'), shortVersion(s.server_version), s.server_version, 'server', open),
      ];
      const tip = s.chain_tip;
      if (tip) {
        nodes.push(
          fact(
            this,
            vscode.l10n.t('Chain tip'),
            `#${formatInt(tip.block_height)} · ${shortenMiddle(tip.block_hash)}`,
            vscode.l10n.t('Block height: {0}\nBlock hash: {1}', tip.block_height, tip.block_hash) +
              (tip.index_block_hash ? '\n' + vscode.l10n.t('Index block hash: {0}', tip.index_block_hash) : ''),
            'layers',
            open,
          ),
        );
        if (tip.burn_block_height !== undefined)
          nodes.push(
            fact(
              this,
              vscode.l10n.t('Burn block'),
              `#${formatInt(tip.burn_block_height)}`,
              vscode.l10n.t('Bitcoin (burn) block height: {0}', tip.burn_block_height),
              'link',
              open,
            ),
          );
      }
      const pox = (
        [
          ['v1', s.pox_v1_unlock_height],
          ['v2', s.pox_v2_unlock_height],
          ['v3', s.pox_v3_unlock_height],
        ] as const
      ).filter((p) => typeof p[1] === 'number');
      if (pox.length)
        nodes.push(
          fact(
            this,
            vscode.l10n.t('PoX unlock heights'),
            pox.map(([v, h]) => `${v} #${formatInt(h)}`).join(' · '),
            pox.map(([v, h]) => vscode.l10n.t('PoX {0} unlock height: {1}', v, String(h))).join('\n'),
            'unlock',
            open,
          ),
        );
      return nodes;
    } catch (e) {
      return [selected, ...(await errorNodes(this.deps, this, e, network, vscode.l10n.t('API status')))];
    }
  }
}

function shortVersion(v: string): string {
  return v.replace(/^stacks-blockchain-api\s*/, '').replace(/\s*\(.*\)$/, '') || v;
}
