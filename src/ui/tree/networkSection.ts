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
    const item = this.header('Network', 'globe', true, 'The selected network and the status of its API');
    item.description = NETWORK_LABELS[this.d.networks.current];
    return item;
  }

  protected override async loadChildren(ctx: LoadContext): Promise<TreeNode[]> {
    const network = this.d.networks.current;
    const u = this.d.networks.urlOf(network);
    const selected = fact(
      this,
      NETWORK_LABELS[network],
      u.ok ? u.url : 'no valid URL',
      `${NETWORK_LABELS[network]} · ${u.ok ? u.url : u.reason}\nClick to select another network.`,
      'plug',
      command(Commands.selectNetwork, 'Select Network'),
    );
    const bad = await this.checkUrl(network);
    if (bad) return [selected, ...bad];
    if (!this.d.networks.used) return [selected, notLoadedYet(this, 'API status')];
    try {
      const { client } = await this.d.networks.endpoint(network);
      const s = await client.getServerStatus({ signal: ctx.signal, budget: ctx.budget });
      const open = command(Commands.showServerStatus, 'Show API Status');
      const nodes = [
        selected,
        fact(
          this,
          'API status',
          s.status,
          `Status: ${s.status}\nServer version: ${s.server_version}`,
          s.status === 'ready' ? 'pass' : 'warning',
          open,
        ),
        fact(this, 'Server version', shortVersion(s.server_version), s.server_version, 'server', open),
      ];
      const tip = s.chain_tip;
      if (tip) {
        nodes.push(
          fact(
            this,
            'Chain tip',
            `#${formatInt(tip.block_height)} · ${shortenMiddle(tip.block_hash)}`,
            `Block height: ${tip.block_height}\nBlock hash: ${tip.block_hash}${tip.index_block_hash ? `\nIndex block hash: ${tip.index_block_hash}` : ''}`,
            'layers',
            open,
          ),
        );
        if (tip.burn_block_height !== undefined)
          nodes.push(
            fact(
              this,
              'Burn block',
              `#${formatInt(tip.burn_block_height)}`,
              `Bitcoin (burn) block height: ${tip.burn_block_height}`,
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
            'PoX unlock heights',
            pox.map(([v, h]) => `${v} #${formatInt(h)}`).join(' · '),
            pox.map(([v, h]) => `PoX ${v} unlock height: ${h}`).join('\n'),
            'unlock',
            open,
          ),
        );
      return nodes;
    } catch (e) {
      return [selected, ...(await errorNodes(this.d, this, e, network, 'API status'))];
    }
  }
}

function shortVersion(v: string): string {
  return v.replace(/^stacks-blockchain-api\s*/, '').replace(/\s*\(.*\)$/, '') || v;
}
