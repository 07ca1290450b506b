/**
 * The block panel: the v2 block (4.3) with a page of its transactions, and, on demand, the
 * deprecated v1 view (4.4) with its microblocks and transaction ids.
 */
import type { Block, BlockV1, Page, Transaction } from '../../../api';
import { statusLabel, statusTone, txTypeLabel } from '../../../chain/format';
import type { Action, PanelParams, Section, ViewModel } from '../../../protocol';
import {
  badge,
  bitcoinTx,
  blockHash,
  burnBlock,
  burnBlockHash,
  compact,
  executionCosts,
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
  time,
  tx,
  yesNo,
} from './values';
import type { Target } from '../../../chain/target';
import { blockArg, HASH, type Loaded, type PanelLoad, pageStart, tablePaging, unlessRouteMissing } from './load';
import * as l10n from '../../../chain/l10n';

const V1_TAB = l10n.t('Transactions and microblocks (v1, deprecated)');

/** Rows of a block's transaction list per page. */
export const BLOCK_TXS_PER_PAGE = 20;

/**
 * `isTip`: the block was asked for as `latest`, so there is no next block to link to yet. The v1
 * view and the transactions are `Missing` on an API without their routes: the block still shows.
 */
export function blockModel(
  b: Block,
  v1: BlockV1 | Missing | undefined,
  tab: 'v2' | 'v1',
  ctx: ModelContext,
  isTip = false,
  txs?: Page<Transaction> | Missing,
): ViewModel {
  const nav: Action[] = compact([
    b.height > 0 && {
      label: l10n.t('Previous block #{0}', b.height - 1),
      icon: 'arrow-left',
      intent: {
        type: 'open' as const,
        target: { kind: 'block' as const, id: String(b.height - 1), network: ctx.network },
      },
    },
    !isTip && {
      label: l10n.t('Next block #{0}', b.height + 1),
      icon: 'arrow-right',
      intent: {
        type: 'open' as const,
        target: { kind: 'block' as const, id: String(b.height + 1), network: ctx.network },
      },
    },
  ]);
  return {
    kind: 'block',
    title: l10n.t('Block #{0}', b.height),
    icon: 'package',
    subject: id(b.hash, ctx, 'block'),
    badges: compact([
      b.canonical
        ? badge(l10n.t('Canonical'), 'success', 'pass')
        : badge(l10n.t('Not canonical'), 'warning', 'warning'),
      b.tenure_height !== undefined && badge(l10n.t('Tenure {0}', b.tenure_height), 'info'),
    ]),
    sections: compact<Section>([
      { type: 'actions', actions: nav },
      {
        type: 'tabs',
        tabs: [
          { label: l10n.t('Block'), active: tab === 'v2', intent: { type: 'page', params: { tab: 'v2' } } },
          {
            label: V1_TAB,
            active: tab === 'v1',
            deprecated: true,
            intent: { type: 'page', params: { tab: 'v1' } },
          },
        ],
      },
      ...(tab === 'v1' && v1
        ? isMissing(v1)
          ? [missingNotice(V1_TAB, v1)]
          : v1Sections(v1, ctx)
        : v2Sections(b, ctx, txs)),
    ]),
  };
}

function v2Sections(b: Block, ctx: ModelContext, txs: Page<Transaction> | Missing | undefined): Section[] {
  return compact([
    fields(l10n.t('Block'), [
      field(l10n.t('Height'), num(b.height)),
      field(l10n.t('Hash'), id(b.hash, ctx)),
      field(l10n.t('Index block hash'), id(b.index_block_hash, ctx)),
      field(l10n.t('Parent block'), blockHash(b.parent_block_hash, ctx)),
      field(l10n.t('Parent index block hash'), id(b.parent_index_block_hash, ctx)),
      field(l10n.t('Time'), time(ctx, b.block_time, b.block_time_iso)),
      field(l10n.t('Transactions'), num(b.tx_count)),
      field(l10n.t('Canonical'), yesNo(b.canonical)),
      field(l10n.t('Tenure height'), num(b.tenure_height)),
    ]),
    fields(l10n.t('Burn block (Bitcoin)'), [
      field(l10n.t('Burn block height'), burnBlock(b.burn_block_height, ctx)),
      field(l10n.t('Burn block hash'), burnBlockHash(b.burn_block_hash, ctx)),
      field(l10n.t('Burn block time'), time(ctx, b.burn_block_time, b.burn_block_time_iso)),
      // `miner_txid` is the anchor chain's transaction id: a Bitcoin transaction, not a Stacks one.
      field(l10n.t('Anchor transaction (Bitcoin)'), bitcoinTx(b.miner_txid, ctx)),
    ]),
    txs && transactionsTable(txs, ctx),
    executionCosts(b),
  ]);
}

/** A page of the block's transactions: what each is, how it ended and what it paid. */
export function transactionsTable(p: Page<Transaction> | Missing, ctx: ModelContext): Section {
  const title = l10n.t('Transactions');
  if (isMissing(p)) return missingNotice(title, p);
  return {
    type: 'table',
    title: `${title} (${p.total})`,
    columns: [
      { label: '#', align: 'right' },
      { label: l10n.t('Transaction') },
      { label: l10n.t('Type') },
      { label: l10n.t('Status') },
      { label: l10n.t('Sender') },
      { label: l10n.t('Fee'), align: 'right' },
    ],
    rows: p.results.map((t, i) => {
      const tone = statusTone(t.tx_status);
      return {
        cells: [
          [num(t.tx_index ?? p.offset + i)],
          [tx(t.tx_id, ctx)],
          [text(txTypeLabel(t.tx_type))],
          [badge(statusLabel(t.tx_status), tone === 'other' ? 'muted' : tone)],
          [principal(t.sender_address, ctx)],
          [stx(t.fee_rate)],
        ],
      };
    }),
    ...tablePaging('txOffset', p),
    empty: l10n.t('This block has no transactions.'),
  };
}

function v1Sections(b: BlockV1, ctx: ModelContext): Section[] {
  const micro = b.microblock_tx_count ?? {};
  return compact([
    {
      type: 'notice',
      tone: 'warning',
      icon: 'warning',
      text: l10n.t(
        'This view uses the deprecated v1 block endpoint (/extended/v1/block/by_height). Some APIs have switched it off; the Block tab uses the current endpoint.',
      ),
    },
    fields(
      l10n.t('Microblocks'),
      [
        field(l10n.t('Parent microblock hash'), id(b.parent_microblock_hash, ctx)),
        field(l10n.t('Parent microblock sequence'), num(b.parent_microblock_sequence)),
        field(l10n.t('Microblocks accepted'), num(b.microblocks_accepted?.length)),
        field(l10n.t('Microblocks streamed'), num(b.microblocks_streamed?.length)),
      ],
      true,
    ),
    b.microblocks_accepted &&
      b.microblocks_accepted.length > 0 && {
        type: 'table',
        title: l10n.t('Accepted microblocks'),
        columns: [{ label: l10n.t('Microblock hash') }, { label: l10n.t('Transactions'), align: 'right' }],
        rows: b.microblocks_accepted.map((h) => ({ cells: [[id(h, ctx)], [num(micro[h])]] })),
        empty: 'None.',
      },
    {
      type: 'table',
      title: l10n.t('Transactions ({0})', b.txs.length),
      columns: [{ label: '#', align: 'right' }, { label: l10n.t('Transaction') }],
      rows: b.txs.map((t, i) => ({ cells: [[num(i)], [tx(t, ctx)]] })),
      empty: l10n.t('This block has no transactions.'),
    },
  ]);
}

/** A block panel: the block (v2, or the v1 tab when asked) and a page of its transactions. */
export async function loadBlock(target: Target, params: PanelParams, l: PanelLoad): Promise<Loaded> {
  const { c, ctx, call, part } = l;
  const tab = params.tab === 'v1' ? 'v1' : 'v2';
  const b = await part('v2', '', () => c.getBlock(blockArg(target.id), call));
  const v1 =
    tab === 'v1'
      ? await part('v1', String(b.height), () => unlessRouteMissing(c.getBlockByHeightV1(b.height, call)))
      : undefined;
  // The list is read by the block's hash (as `latest` or a height resolved): it stays the same
  // block's list while the tip moves, and it is immutable once cached.
  const txOffset = pageStart(params.txOffset, BLOCK_TXS_PER_PAGE);
  const txs =
    tab === 'v2' && b.tx_count > 0
      ? await part('txs', `${b.hash}|${txOffset}`, () =>
          unlessRouteMissing(
            c.getBlockTransactions(HASH.test(b.hash) ? b.hash : blockArg(target.id), {
              ...call,
              limit: BLOCK_TXS_PER_PAGE,
              offset: txOffset,
            }),
          ),
        )
      : tab === 'v2'
        ? { limit: BLOCK_TXS_PER_PAGE, offset: 0, total: 0, results: [] }
        : undefined;
  return {
    model: blockModel(b, v1, tab, ctx, target.id === 'latest', txs),
    parts: l.parts,
    params: tab === 'v1' ? { tab } : txOffset > 0 ? { txOffset } : {},
  };
}
