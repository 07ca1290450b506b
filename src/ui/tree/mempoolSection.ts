import * as vscode from 'vscode';
import { formatInt, formatMicroStx, formatStx, txTypeLabel } from '../../chain/format';
import { Commands } from '../../constants';
import { errorNodes, fact } from './deps';
import { command, LoadContext, TreeNode } from './node';
import { Section } from './sections';

// 2. Mempool: pending transactions per type with their median fee and age.
export class MempoolSection extends Section {
  readonly name = 'mempool';

  getTreeItem(): vscode.TreeItem {
    return this.header('Mempool', 'pulse', false, 'Pending transactions per type, with the median fee and age');
  }

  protected override async loadChildren(ctx: LoadContext): Promise<TreeNode[]> {
    const network = this.d.networks.current;
    const bad = await this.checkUrl(network);
    if (bad) return bad;
    try {
      const { client } = await this.d.networks.endpoint(network);
      const m = await client.getMempoolStats({ signal: ctx.signal, budget: ctx.budget });
      const open = command(Commands.showMempoolStats, 'Show Mempool Statistics');
      const types = Object.entries(m.tx_type_counts).sort((a, b) => b[1] - a[1]);
      const total = types.reduce((n, [, c]) => n + c, 0);
      const nodes = [
        fact(
          this,
          'Pending',
          `${formatInt(total)} transactions`,
          `${total} transactions in the mempool`,
          'inbox',
          open,
        ),
      ];
      for (const [type, count] of types) {
        const fee = m.tx_simple_fee_averages[type];
        const age = m.tx_ages[type];
        const size = m.tx_byte_sizes[type];
        const short = [
          `${formatInt(count)}`,
          fee?.p50 != null ? `fee ~${formatStx(Math.round(fee.p50))}` : '',
          age?.p50 != null ? `age ~${formatInt(age.p50)} blocks` : '',
        ]
          .filter(Boolean)
          .join(' · ');
        const pct = (
          p: { p25: number | null; p50: number | null; p75: number | null; p95: number | null } | undefined,
          f: (n: number) => string,
        ) =>
          p
            ? (['p25', 'p50', 'p75', 'p95'] as const).map((k) => `${k} ${p[k] == null ? '—' : f(p[k]!)}`).join(' · ')
            : '—';
        const full = [
          `${txTypeLabel(type)}: ${count} pending`,
          `Fee: ${pct(fee, (n) => formatMicroStx(Math.round(n)))}`,
          `Age (blocks): ${pct(age, (n) => formatInt(n))}`,
          `Size (bytes): ${pct(size, (n) => formatInt(n))}`,
        ].join('\n');
        nodes.push(fact(this, txTypeLabel(type), short, full, 'symbol-event', open));
      }
      return nodes;
    } catch (e) {
      return errorNodes(this.d, this, e, network, 'mempool statistics');
    }
  }
}
