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
  ['token_transfer', vscode.l10n.t('Transfer fee'), vscode.l10n.t('a token transfer')],
  ['contract_call', vscode.l10n.t('Contract call fee'), vscode.l10n.t('a contract call')],
  ['smart_contract', vscode.l10n.t('Deploy fee'), vscode.l10n.t('a contract deploy')],
] as const;

// 2. Mempool: the fee estimates, then pending transactions per type with their median fee and age.
export class MempoolSection extends Section {
  readonly name = 'mempool';

  getTreeItem(): vscode.TreeItem {
    return this.header(
      vscode.l10n.t('Mempool'),
      'pulse',
      false,
      vscode.l10n.t('Fee estimates, and pending transactions per type with the median fee and age'),
    );
  }

  protected override async loadChildren(ctx: LoadContext): Promise<TreeNode[]> {
    const network = this.deps.networks.current;
    const bad = await this.checkUrl(network);
    if (bad) return bad;
    if (!this.deps.networks.used) return [notLoadedYet(this, vscode.l10n.t('Mempool statistics'))];
    try {
      const { client } = await this.deps.networks.endpoint(network);
      const call = { signal: ctx.signal, budget: ctx.budget };
      const [m, fees] = await Promise.all([
        client.getMempoolStats(call),
        // An older API without the fee route still shows its statistics.
        client.getMempoolFees(call).catch((e: unknown) => {
          if (isStacksApiError(e) && e.kind === 'not-found') return undefined;
          throw e;
        }),
      ]);
      const open = command(Commands.showMempoolStats, vscode.l10n.t('Show Mempool Statistics'));
      const types = Object.entries(m.tx_type_counts).sort((a, b) => b[1] - a[1]);
      const total = types.reduce((n, [, c]) => n + c, 0);
      const nodes = [
        fact(
          this,
          vscode.l10n.t('Pending'),
          `${formatInt(total)} transactions`,
          vscode.l10n.t('{0} transactions in the mempool', total),
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
          fee?.p50 != null ? vscode.l10n.t('fee ~{0}', formatStx(Math.round(fee.p50))) : '',
          age?.p50 != null ? vscode.l10n.t('age ~{0} blocks', formatInt(age.p50)) : '',
        ]
          .filter(Boolean)
          .join(' · ');
        const pct = (
          p: { p25: number | null; p50: number | null; p75: number | null; p95: number | null } | undefined,
          f: (n: number) => string,
        ) =>
          p
            ? (['p25', 'p50', 'p75', 'p95'] as const).map((k) => `${k} ${p[k] == null ? '—' : f(p[k])}`).join(' · ')
            : '—';
        const full = [
          vscode.l10n.t('{0}: {1} pending', txTypeLabel(type), count),
          `Fee: ${pct(fee, (n) => formatMicroStx(Math.round(n)))}`,
          vscode.l10n.t(
            'Age (blocks): {0}',
            pct(age, (n) => formatInt(n)),
          ),
          vscode.l10n.t(
            'Size (bytes): {0}',
            pct(size, (n) => formatInt(n)),
          ),
        ].join('\n');
        nodes.push(fact(this, txTypeLabel(type), short, full, 'symbol-event', open));
      }
      return nodes;
    } catch (e) {
      return errorNodes(this.deps, this, e, network, vscode.l10n.t('mempool statistics'));
    }
  }

  /** Low, medium and high fee for a transfer, a contract call and a deploy. */
  private feeNodes(fees: MempoolFees | undefined, open: vscode.Command): TreeNode[] {
    if (!fees) {
      return [
        fact(
          this,
          vscode.l10n.t('Fee estimates'),
          vscode.l10n.t('not available on this API'),
          vscode.l10n.t('This API has no fee estimates (GET /extended/v2/mempool/fees).'),
          'credit-card',
          open,
        ),
      ];
    }
    const levels = (p: FeePriorities, f: (n: number) => string) =>
      vscode.l10n.t('low {0} · medium {1} · high {2}', f(p.low_priority), f(p.medium_priority), f(p.high_priority));
    return FEES.map(([kind, label, what]) => {
      const p = fees[kind];
      return p
        ? fact(
            this,
            label,
            `${levels(p, (n) => formatStx(n, { unit: false }))} STX`,
            vscode.l10n.t(
              'Fee estimate for {0}, from the fees of the pending transactions:\n{1}',
              what,
              levels(p, formatMicroStx),
            ),
            'credit-card',
            open,
          )
        : fact(
            this,
            label,
            vscode.l10n.t(
              'none pending · all: {0} STX',
              levels(fees.all, (n) => formatStx(n, { unit: false })),
            ),
            vscode.l10n.t(
              'No {0} is pending; over all pending transactions:\n{1}',
              what.replace(/^an? /, ''),
              levels(fees.all, formatMicroStx),
            ),
            'credit-card',
            open,
          );
    });
  }
}
