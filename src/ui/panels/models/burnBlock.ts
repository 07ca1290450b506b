/**
 * The burn-block panel: a Bitcoin block the Stacks chain is anchored to
 * (/extended/v2/burn-blocks/{height_or_hash}) and a page of the Stacks blocks it confirms
 * (/extended/v2/burn-blocks/{height_or_hash}/blocks).
 */
import type { Block, BurnBlock, Page } from '../../../api';
import type { Action, PanelParams, Section, ViewModel } from '../../../protocol';
import {
  badge,
  block,
  blockHash,
  burnBlockHash,
  compact,
  field,
  fields,
  isMissing,
  type Missing,
  missingNotice,
  ModelContext,
  num,
  text,
  time,
} from './values';
import type { Target } from '../../../chain/target';
import { blockArg, HASH, type Loaded, type PanelLoad, pageStart, tablePaging, unlessRouteMissing } from './load';
import * as l10n from '../../../chain/l10n';

/** Rows of a burn block's Stacks blocks per page. */
export const BURN_BLOCKS_PER_PAGE = 20;

/**
 * `isTip`: asked for as `latest`, so there is no next burn block to link to yet. `blocks` is
 * `Missing` on an API without the route of that list: the burn block still shows.
 */
export function burnBlockModel(
  b: BurnBlock,
  blocks: Page<Block> | Missing,
  ctx: ModelContext,
  isTip = false,
): ViewModel {
  const h = b.burn_block_height;
  const open = (height: number) => ({
    type: 'open' as const,
    target: { kind: 'burnBlock' as const, id: String(height), network: ctx.network },
  });
  const nav: Action[] = compact([
    h > 0 && { label: l10n.t('Previous Bitcoin block #{0}', h - 1), icon: 'arrow-left', intent: open(h - 1) },
    !isTip && { label: l10n.t('Next Bitcoin block #{0}', h + 1), icon: 'arrow-right', intent: open(h + 1) },
  ]);
  return {
    kind: 'burnBlock',
    title: l10n.t('Bitcoin block #{0}', h),
    icon: 'link',
    subject: burnBlockHash(b.burn_block_hash, ctx),
    badges: [badge(l10n.t('Burn block (Bitcoin)'), 'info', 'link')],
    sections: compact<Section>([
      { type: 'actions', actions: nav },
      fields(l10n.t('Burn block'), [
        field(l10n.t('Height'), num(h)),
        field(l10n.t('Hash'), burnBlockHash(b.burn_block_hash, ctx)),
        field(l10n.t('Time'), time(ctx, b.burn_block_time, b.burn_block_time_iso)),
        field(l10n.t('Stacks blocks'), num(b.stacks_blocks.length)),
        field(l10n.t('Transactions'), num(b.total_tx_count)),
        field(
          l10n.t('Average Stacks block time'),
          b.avg_block_time === undefined ? text(undefined) : text(`${Math.round(b.avg_block_time * 10) / 10} s`),
        ),
      ]),
      blocksTable(blocks, ctx),
    ]),
  };
}

function blocksTable(p: Page<Block> | Missing, ctx: ModelContext): Section {
  const title = l10n.t('Stacks blocks');
  if (isMissing(p)) return missingNotice(title, p);
  return {
    type: 'table',
    title: `${title} (${p.total})`,
    columns: [
      { label: l10n.t('Height'), align: 'right' },
      { label: l10n.t('Hash') },
      { label: l10n.t('Time') },
      { label: l10n.t('Transactions'), align: 'right' },
      { label: l10n.t('Canonical') },
    ],
    rows: p.results.map((s) => ({
      cells: [
        [block(s.height, ctx)],
        [blockHash(s.hash, ctx)],
        [time(ctx, s.block_time, s.block_time_iso)],
        [num(s.tx_count)],
        [s.canonical ? badge(l10n.t('Canonical'), 'success') : badge(l10n.t('Not canonical'), 'warning')],
      ],
    })),
    ...tablePaging('blockOffset', p),
    empty: l10n.t('This burn block confirms no Stacks blocks.'),
  };
}

/** A burn block panel: the burn block and a page of the Stacks blocks it anchors. */
export async function loadBurnBlock(target: Target, params: PanelParams, l: PanelLoad): Promise<Loaded> {
  const { c, ctx, call, part } = l;
  const blockOffset = pageStart(params.blockOffset, BURN_BLOCKS_PER_PAGE);
  const b = await part('burn', '', () => c.getBurnBlock(blockArg(target.id), call));
  // By hash, not `latest`: the page belongs to the burn block shown even when a new one arrives.
  const blocks = await part('blocks', `${b.burn_block_hash}|${blockOffset}`, () =>
    unlessRouteMissing(
      c.getBurnBlockBlocks(burnArg(b, target.id), { ...call, limit: BURN_BLOCKS_PER_PAGE, offset: blockOffset }),
    ),
  );
  return {
    model: burnBlockModel(b, blocks, ctx, target.id === 'latest'),
    parts: l.parts,
    params: blockOffset > 0 ? { blockOffset } : {},
  };
}

/** The burn block's hash when it is a well-formed one, else what the panel was asked for. */
function burnArg(b: { burn_block_hash: string }, asked: string): number | string {
  return HASH.test(b.burn_block_hash) ? b.burn_block_hash : blockArg(asked);
}
