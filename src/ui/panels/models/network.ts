/**
 * The mempool: statistics (4.5), fee estimates (GET /extended/v2/mempool/fees) and the pending
 * transactions (GET /extended/v3/mempool/transactions); and API status (4.7).
 */
import type {
  FeePriorities,
  MempoolFees,
  MempoolStats,
  MempoolTransaction,
  Page,
  Percentiles,
  ServerStatus,
} from '../../../api';
import { formatAge, formatInt, formatStx, formatTime, txTypeLabel } from '../../../chain/format';
import type { Bar, PanelParams, Section, TableRow, Value, ViewModel } from '../../../protocol';
import {
  badge,
  block,
  blockHash,
  burnBlock,
  compact,
  field,
  fields,
  id,
  isMissing,
  type Missing,
  missingNotice,
  ModelContext,
  num,
  principal,
  stx,
  text,
  tx,
  yesNo,
} from './values';
import type { Target } from '../../../chain/target';
import { type Loaded, type PanelLoad, pageStart, tablePaging, unlessRouteMissing } from './load';
import * as l10n from '../../../chain/l10n';

const QUANTILES = ['p25', 'p50', 'p75', 'p95'] as const;

/** Rows of the mempool panel's pending list. */
export const PENDING_PER_PAGE = 20;

/** The kinds of transaction a fee is estimated for, as the API names them, in the order shown. */
export const FEE_KINDS = [
  ['token_transfer', l10n.t('Token transfer')],
  ['contract_call', l10n.t('Contract call')],
  ['smart_contract', l10n.t('Contract deploy')],
] as const;

export interface MempoolData {
  stats: MempoolStats;
  fees: MempoolFees | Missing;
  pending: Page<MempoolTransaction> | Missing;
}

export function mempoolModel(d: MempoolData, ctx: ModelContext): ViewModel {
  const m = d.stats;
  const types = Object.keys(m.tx_type_counts);
  const total = types.reduce((s, t) => s + (m.tx_type_counts[t] ?? 0), 0);
  const table = (title: string, data: Record<string, Percentiles>, show: (n: number) => string): Section => ({
    type: 'table',
    title,
    columns: [{ label: l10n.t('Type') }, ...QUANTILES.map((q) => ({ label: q, align: 'right' as const }))],
    rows: Object.keys(data).map((t) => ({
      cells: [
        [text(txTypeLabel(t))],
        ...QUANTILES.map((q) => {
          const v = data[t]?.[q];
          return [v === null || v === undefined ? text(undefined) : { t: 'number' as const, text: show(v) }];
        }),
      ],
    })),
    empty: l10n.t('No data.'),
  });
  const bars = (data: Record<string, number>, show: (n: number) => string): Bar[] =>
    Object.keys(data).map((t) => ({ label: txTypeLabel(t), value: data[t] ?? 0, text: show(data[t] ?? 0) }));
  const medianFees: Record<string, number> = {};
  for (const [t, p] of Object.entries(m.tx_simple_fee_averages)) if (p.p50 !== null) medianFees[t] = p.p50;
  return {
    kind: 'mempool',
    title: l10n.t('Mempool statistics'),
    icon: 'pulse',
    badges: [
      badge(l10n.t('{0} pending transactions', formatInt(total)), 'info'),
      badge(ctx.networkLabel, 'muted', 'globe'),
    ],
    sections: [
      feeSection(d.fees),
      pendingSection(d.pending, ctx),
      {
        type: 'bars',
        title: l10n.t('Pending transactions by type'),
        bars: bars(m.tx_type_counts, (n) => formatInt(n)),
      },
      { type: 'bars', title: l10n.t('Median fee by type'), bars: bars(medianFees, (n) => formatStx(Math.round(n))) },
      table(l10n.t('Fees (µSTX)'), m.tx_simple_fee_averages, (n) => formatInt(Math.round(n))),
      table(l10n.t('Age (blocks)'), m.tx_ages, (n) => formatInt(n)),
      table(l10n.t('Size (bytes)'), m.tx_byte_sizes, (n) => formatInt(n)),
    ],
  };
}

/** Low, medium and high fee per kind of transaction; "All pending" is the API's estimate over every kind. */
function feeSection(fees: MempoolFees | Missing): Section {
  const title = l10n.t('Fee estimates');
  if (isMissing(fees)) return missingNotice(title, fees);
  const cells = (p: FeePriorities | undefined): Value[][] =>
    (['low_priority', 'medium_priority', 'high_priority'] as const).map((k) => [
      p ? stx(p[k]) : text(undefined, { hint: l10n.t('none pending') }),
    ]);
  const rows: TableRow[] = [
    ...FEE_KINDS.map(([kind, label]) => ({ cells: [[text(label)], ...cells(fees[kind])] })),
    { cells: [[text(l10n.t('All pending'))], ...cells(fees.all)] },
  ];
  return {
    type: 'table',
    title,
    columns: [
      { label: l10n.t('Transaction') },
      { label: l10n.t('Low'), align: 'right' },
      { label: l10n.t('Medium'), align: 'right' },
      { label: l10n.t('High'), align: 'right' },
    ],
    rows,
    empty: l10n.t('No estimates.'),
  };
}

/** The pending transactions, newest first, each linking to its transaction panel. */
function pendingSection(pending: Page<MempoolTransaction> | Missing, ctx: ModelContext): Section {
  const title = l10n.t('Pending transactions');
  if (isMissing(pending)) return missingNotice(title, pending);
  const p = pending;
  return {
    type: 'table',
    title: `${title} (${formatInt(p.total)})`,
    columns: [
      { label: l10n.t('Type') },
      { label: l10n.t('Transaction') },
      { label: l10n.t('Sender') },
      { label: l10n.t('Fee'), align: 'right' },
      { label: l10n.t('Age') },
    ],
    rows: p.results.map((t) => ({
      cells: [
        [text(txTypeLabel(t.type))],
        [tx(t.tx_id, ctx)],
        [principal(t.sender.address, ctx)],
        [stx(t.fee_rate)],
        [age(t.receipt_time, ctx)],
      ],
    })),
    ...tablePaging('pendingOffset', p, true),
    empty: l10n.t('Nothing is pending.'),
  };
}

/** How long ago the node received a transaction ("3 minutes ago"); the time itself when it is in the future. */
function age(receipt: number, ctx: ModelContext): Value {
  const ago = formatAge(receipt, ctx.now);
  return ago ? { t: 'time', text: ago === 'in the future' ? formatTime(receipt) : ago } : text(undefined);
}

export function statusModel(s: ServerStatus, ctx: ModelContext): ViewModel {
  const tip = s.chain_tip ?? undefined;
  return {
    kind: 'status',
    title: l10n.t('API status'),
    icon: 'server',
    badges: [
      badge(s.status, s.status === 'ready' ? 'success' : 'warning', s.status === 'ready' ? 'pass' : 'warning'),
      badge(ctx.networkLabel, 'muted', 'globe'),
    ],
    sections: compact<Section>([
      fields(
        l10n.t('Server'),
        [
          field(l10n.t('Network'), text(ctx.networkLabel)),
          field(l10n.t('Base URL'), text(ctx.baseUrl)),
          field(l10n.t('API key in use'), yesNo(ctx.hasApiKey)),
          field(l10n.t('Server version'), text(s.server_version)),
          field(l10n.t('Status'), text(s.status)),
        ],
        true,
      ),
      tip
        ? fields(l10n.t('Chain tip'), [
            field(l10n.t('Block'), block(tip.block_height, ctx)),
            field(l10n.t('Block hash'), blockHash(tip.block_hash, ctx)),
            field(l10n.t('Index block hash'), id(tip.index_block_hash, ctx)),
            field(l10n.t('Microblock hash'), id(tip.microblock_hash, ctx)),
            field(l10n.t('Microblock sequence'), num(tip.microblock_sequence)),
            field(l10n.t('Burn block height'), burnBlock(tip.burn_block_height, ctx)),
          ])
        : {
            type: 'notice',
            tone: 'warning',
            icon: 'warning',
            text: l10n.t('The API did not report a chain tip: it may still be syncing.'),
          },
      fields(
        l10n.t('PoX unlock heights'),
        [
          field(l10n.t('PoX v1'), num(s.pox_v1_unlock_height)),
          field(l10n.t('PoX v2'), num(s.pox_v2_unlock_height)),
          field(l10n.t('PoX v3'), num(s.pox_v3_unlock_height)),
        ],
        true,
      ),
    ]),
  };
}

/** The mempool panel: its statistics, the fee estimates and a page of pending transactions. */
export async function loadMempool(_target: Target, params: PanelParams, l: PanelLoad): Promise<Loaded> {
  const { c, ctx, call, part } = l;
  const pendingOffset = pageStart(params.pendingOffset, PENDING_PER_PAGE);
  const [stats, fees, pending] = await Promise.all([
    part('stats', '', () => c.getMempoolStats(call)),
    part('fees', '', () => unlessRouteMissing(c.getMempoolFees(call), true)),
    part('pending', String(pendingOffset), () =>
      unlessRouteMissing(c.getMempoolTransactions({ ...call, limit: PENDING_PER_PAGE, offset: pendingOffset }), true),
    ),
  ]);
  return {
    model: mempoolModel({ stats, fees, pending }, ctx),
    parts: l.parts,
    params: pendingOffset ? { pendingOffset } : {},
  };
}

/** The API status panel. */
export async function loadStatus(_target: Target, _params: PanelParams, l: PanelLoad): Promise<Loaded> {
  const status = await l.part('status', '', () => l.c.getServerStatus(l.call));
  return { model: statusModel(status, l.ctx), parts: l.parts, params: {} };
}
