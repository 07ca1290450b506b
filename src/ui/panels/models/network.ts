/** Mempool statistics (4.5) and API status (4.7). */
import type { MempoolStats, Percentiles, ServerStatus } from '../../../api';
import { formatInt, formatStx, txTypeLabel } from '../../../chain/format';
import type { Bar, Section, ViewModel } from '../../../protocol';
import {
  badge,
  block,
  blockHash,
  burnBlock,
  compact,
  field,
  fields,
  id,
  ModelContext,
  num,
  text,
  yesNo,
} from './values';

const QUANTILES = ['p25', 'p50', 'p75', 'p95'] as const;

export function mempoolModel(m: MempoolStats, ctx: ModelContext): ViewModel {
  const types = Object.keys(m.tx_type_counts);
  const total = types.reduce((s, t) => s + (m.tx_type_counts[t] ?? 0), 0);
  const table = (title: string, data: Record<string, Percentiles>, show: (n: number) => string): Section => ({
    type: 'table',
    title,
    columns: [{ label: 'Type' }, ...QUANTILES.map((q) => ({ label: q, align: 'right' as const }))],
    rows: Object.keys(data).map((t) => ({
      cells: [
        [text(txTypeLabel(t))],
        ...QUANTILES.map((q) => {
          const v = data[t]?.[q];
          return [v === null || v === undefined ? text(undefined) : { t: 'number' as const, text: show(v) }];
        }),
      ],
    })),
    empty: 'No data.',
  });
  const bars = (data: Record<string, number>, show: (n: number) => string): Bar[] =>
    Object.keys(data).map((t) => ({ label: txTypeLabel(t), value: data[t] ?? 0, text: show(data[t] ?? 0) }));
  const medianFees: Record<string, number> = {};
  for (const [t, p] of Object.entries(m.tx_simple_fee_averages)) if (p.p50 !== null) medianFees[t] = p.p50;
  return {
    kind: 'mempool',
    title: 'Mempool statistics',
    icon: 'pulse',
    badges: [badge(`${formatInt(total)} pending transactions`, 'info'), badge(ctx.networkLabel, 'muted', 'globe')],
    sections: [
      { type: 'bars', title: 'Pending transactions by type', bars: bars(m.tx_type_counts, (n) => formatInt(n)) },
      { type: 'bars', title: 'Median fee by type', bars: bars(medianFees, (n) => formatStx(Math.round(n))) },
      table('Fees (µSTX)', m.tx_simple_fee_averages, (n) => formatInt(Math.round(n))),
      table('Age (blocks)', m.tx_ages, (n) => formatInt(n)),
      table('Size (bytes)', m.tx_byte_sizes, (n) => formatInt(n)),
    ],
  };
}

export function statusModel(s: ServerStatus, ctx: ModelContext): ViewModel {
  const tip = s.chain_tip ?? undefined;
  return {
    kind: 'status',
    title: 'API status',
    icon: 'server',
    badges: [
      badge(s.status, s.status === 'ready' ? 'success' : 'warning', s.status === 'ready' ? 'pass' : 'warning'),
      badge(ctx.networkLabel, 'muted', 'globe'),
    ],
    sections: compact<Section>([
      fields(
        'Server',
        [
          field('Network', text(ctx.networkLabel)),
          field('Base URL', text(ctx.baseUrl)),
          field('API key in use', yesNo(ctx.hasApiKey)),
          field('Server version', text(s.server_version)),
          field('Status', text(s.status)),
        ],
        true,
      ),
      tip
        ? fields('Chain tip', [
            field('Block', block(tip.block_height, ctx)),
            field('Block hash', blockHash(tip.block_hash, ctx)),
            field('Index block hash', id(tip.index_block_hash, ctx)),
            field('Microblock hash', id(tip.microblock_hash, ctx)),
            field('Microblock sequence', num(tip.microblock_sequence)),
            field('Burn block height', burnBlock(tip.burn_block_height, ctx)),
          ])
        : {
            type: 'notice',
            tone: 'warning',
            icon: 'warning',
            text: 'The API did not report a chain tip: it may still be syncing.',
          },
      fields(
        'PoX unlock heights',
        [
          field('PoX v1', num(s.pox_v1_unlock_height)),
          field('PoX v2', num(s.pox_v2_unlock_height)),
          field('PoX v3', num(s.pox_v3_unlock_height)),
        ],
        true,
      ),
    ]),
  };
}
