import * as vscode from 'vscode';
import type { FeePriorities, MempoolFees } from '../../api';
import { isStacksApiError } from '../../api/errors';
import { formatInt, formatMicroStx, formatStx, txTypeLabel } from '../../chain/format';
import { Commands } from '../../constants';
import { errorNodes, fact, notLoadedYet } from './deps';
import { command, LoadContext, TreeNode } from './node';
import { Section } from './sections';

/** The fee estimates shown, as the API names the kinds. */
const FEES = [
  ['token_transfer', 'Transfer fee', 'a token transfer'],
  ['contract_call', 'Contract call fee', 'a contract call'],
  ['smart_contract', 'Deploy fee', 'a contract deploy'],
] as const;

// 2. Mempool: the fee estimates, then pending transactions per type with their median fee and age.
export class MempoolSection extends Section {
  readonly name = 'mempool';

  getTreeItem(): vscode.TreeItem {
    return this.header(
      'Mempool',
      'pulse',
      false,
      'Fee estimates, and pending transactions per type with the median fee and age',
    );
  }

  protected override async loadChildren(ctx: LoadContext): Promise<TreeNode[]> {
    const network = this.d.networks.current;
    const bad = await this.checkUrl(network);
    if (bad) return bad;
    if (!this.d.networks.used) return [notLoadedYet(this, 'Mempool statistics')];
    try {
      const { client } = await this.d.networks.endpoint(network);
      const call = { signal: ctx.signal, budget: ctx.budget };
      const [m, fees] = await Promise.all([
        client.getMempoolStats(call),
        // An older API without the fee route still shows its statistics.
        client.getMempoolFees(call).catch((e: unknown) => {
          if (isStacksApiError(e) && e.kind === 'not-found') return undefined;
          throw e;
        }),
      ]);
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
        ...this.feeNodes(fees, open),
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

  /** Low, medium and high fee for a transfer, a contract call and a deploy. */
  private feeNodes(fees: MempoolFees | undefined, open: vscode.Command): TreeNode[] {
    if (!fees) {
      return [
        fact(
          this,
          'Fee estimates',
          'not available on this API',
          'This API has no fee estimates (GET /extended/v2/mempool/fees).',
          'credit-card',
          open,
        ),
      ];
    }
    const levels = (p: FeePriorities, f: (n: number) => string) =>
      `low ${f(p.low_priority)} · medium ${f(p.medium_priority)} · high ${f(p.high_priority)}`;
    return FEES.map(([kind, label, what]) => {
      const p = fees[kind];
      return p
        ? fact(
            this,
            label,
            `${levels(p, (n) => formatStx(n, { unit: false }))} STX`,
            `Fee estimate for ${what}, from the fees of the pending transactions:\n${levels(p, formatMicroStx)}`,
            'credit-card',
            open,
          )
        : fact(
            this,
            label,
            `none pending · all: ${levels(fees.all, (n) => formatStx(n, { unit: false }))} STX`,
            `No ${what.replace(/^an? /, '')} is pending; over all pending transactions:\n${levels(fees.all, formatMicroStx)}`,
            'credit-card',
            open,
          );
    });
  }
}
