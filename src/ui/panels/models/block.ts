/** The block panel: the v2 block (4.3) and, on demand, the deprecated v1 view (4.4) with its tx list. */
import type { Block, BlockV1 } from '../../../api';
import type { Action, Section, ViewModel } from '../../../protocol';
import {
  badge,
  blockHash,
  compact,
  executionCosts,
  field,
  fields,
  id,
  ModelContext,
  num,
  time,
  tx,
  yesNo,
} from './values';

/** `isTip`: the block was asked for as `latest`, so there is no next block to link to yet. */
export function blockModel(
  b: Block,
  v1: BlockV1 | undefined,
  tab: 'v2' | 'v1',
  ctx: ModelContext,
  isTip = false,
): ViewModel {
  const nav: Action[] = compact([
    b.height > 0 && {
      label: `Previous block #${b.height - 1}`,
      icon: 'arrow-left',
      intent: {
        type: 'open' as const,
        target: { kind: 'block' as const, id: String(b.height - 1), network: ctx.network },
      },
    },
    !isTip && {
      label: `Next block #${b.height + 1}`,
      icon: 'arrow-right',
      intent: {
        type: 'open' as const,
        target: { kind: 'block' as const, id: String(b.height + 1), network: ctx.network },
      },
    },
  ]);
  return {
    kind: 'block',
    title: `Block #${b.height}`,
    icon: 'package',
    subject: id(b.hash, ctx, 'block'),
    badges: compact([
      b.canonical ? badge('Canonical', 'success', 'pass') : badge('Not canonical', 'warning', 'warning'),
      b.tenure_height !== undefined && badge(`Tenure ${b.tenure_height}`, 'info'),
    ]),
    sections: compact<Section>([
      { type: 'actions', actions: nav },
      {
        type: 'tabs',
        tabs: [
          { label: 'Block', active: tab === 'v2', intent: { type: 'page', params: { tab: 'v2' } } },
          {
            label: 'Transactions and microblocks (v1, deprecated)',
            active: tab === 'v1',
            deprecated: true,
            intent: { type: 'page', params: { tab: 'v1' } },
          },
        ],
      },
      ...(tab === 'v1' && v1 ? v1Sections(v1, ctx) : v2Sections(b, ctx)),
    ]),
  };
}

function v2Sections(b: Block, ctx: ModelContext): Section[] {
  return compact([
    fields('Block', [
      field('Height', num(b.height)),
      field('Hash', id(b.hash, ctx)),
      field('Index block hash', id(b.index_block_hash, ctx)),
      field('Parent block', blockHash(b.parent_block_hash, ctx)),
      field('Parent index block hash', id(b.parent_index_block_hash, ctx)),
      field('Time', time(ctx, b.block_time, b.block_time_iso)),
      field('Transactions', num(b.tx_count)),
      field('Canonical', yesNo(b.canonical)),
      field('Tenure height', num(b.tenure_height)),
      field('Miner transaction', tx(b.miner_txid, ctx)),
    ]),
    fields('Burn block', [
      field('Burn block height', num(b.burn_block_height)),
      field('Burn block hash', id(b.burn_block_hash, ctx)),
      field('Burn block time', time(ctx, b.burn_block_time, b.burn_block_time_iso)),
    ]),
    executionCosts(b),
  ]);
}

function v1Sections(b: BlockV1, ctx: ModelContext): Section[] {
  const micro = b.microblock_tx_count ?? {};
  return compact([
    {
      type: 'notice',
      tone: 'warning',
      icon: 'warning',
      text: 'This view uses the deprecated v1 block endpoint (/extended/v1/block/by_height). Some APIs have switched it off; the Block tab uses the current endpoint.',
    },
    fields(
      'Microblocks',
      [
        field('Parent microblock hash', id(b.parent_microblock_hash, ctx)),
        field('Parent microblock sequence', num(b.parent_microblock_sequence)),
        field('Microblocks accepted', num(b.microblocks_accepted?.length)),
        field('Microblocks streamed', num(b.microblocks_streamed?.length)),
      ],
      true,
    ),
    b.microblocks_accepted &&
      b.microblocks_accepted.length > 0 && {
        type: 'table',
        title: 'Accepted microblocks',
        columns: [{ label: 'Microblock hash' }, { label: 'Transactions', align: 'right' }],
        rows: b.microblocks_accepted.map((h) => ({ cells: [[id(h, ctx)], [num(micro[h])]] })),
        empty: 'None.',
      },
    {
      type: 'table',
      title: `Transactions (${b.txs.length})`,
      columns: [{ label: '#', align: 'right' }, { label: 'Transaction' }],
      rows: b.txs.map((t, i) => ({ cells: [[num(i)], [tx(t, ctx)]] })),
      empty: 'This block has no transactions.',
    },
  ]);
}
