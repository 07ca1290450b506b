/**
 * The address panel's holdings (fungible tokens with their decimals and symbol where the Token
 * Metadata API gives them, NFTs held) and its pending transactions, with the nonce gap that keeps
 * them from being mined. Pure: the data comes in, sections go out.
 */
import type { FtHolding, MempoolTransaction, NftHolding, Page } from '../../../api';
import { clip, formatInt, txTypeLabel } from '../../../chain/format';
import type { NonceGap } from '../../../chain/nonces';
import type { Section, Value } from '../../../protocol';
import {
  badge,
  clarity,
  isMissing,
  type Missing,
  missingNotice,
  ModelContext,
  notAvailable,
  num,
  principal,
  stx,
  text,
  time,
  tokenAmount,
  tokenContract,
  tx,
} from './values';
import * as l10n from '../../../chain/l10n';
import { tablePaging } from './load';

export const FT_PER_PAGE = 20;
export const NFT_PER_PAGE = 20;
export const ADDRESS_PENDING_PER_PAGE = 20;

/** The asset's name after `::`, or the whole identifier (a v1 map key may be a bare name). */
function assetName(assetId: string): string {
  const i = assetId.indexOf('::');
  return i >= 0 ? assetId.slice(i + 2) : assetId;
}

/** The asset identifier in full (a contract's token), opening the contract when it names one. */
function asset(assetId: string, ctx: ModelContext): Value {
  const contract = tokenContract(assetId);
  return contract ? { ...principal(contract, ctx), text: clip(assetId, 120), full: assetId } : text(assetId);
}

/** Why an amount is raw, or '' when it is shown with the token's decimals. */
function rawReason(h: FtHolding, ctx: ModelContext): string {
  const contract = tokenContract(h.asset_identifier);
  const info = contract ? ctx.tokens?.get(contract) : undefined;
  if (!contract) return l10n.t('raw amount: the asset identifier names no token contract');
  if (!info) return l10n.t('raw amount: no token metadata');
  if ('raw' in info) return l10n.t('raw amount: {0}', info.raw);
  return info.meta.decimals === undefined ? l10n.t('raw amount: the token metadata gives no decimals') : '';
}

export function tokensSection(ft: Page<FtHolding> | Missing, ctx: ModelContext): Section {
  const title = l10n.t('Fungible tokens');
  if (isMissing(ft)) return missingNotice(title, ft);
  return {
    type: 'table',
    title: `${title} (${formatInt(ft.total)})`,
    columns: [
      { label: l10n.t('Token') },
      { label: l10n.t('Balance'), align: 'right' },
      { label: l10n.t('Asset identifier') },
    ],
    rows: ft.results.map((h) => {
      const amount = tokenAmount(h.balance, h.asset_identifier, ctx);
      const reason = rawReason(h, ctx);
      return {
        cells: [
          [text(assetName(h.asset_identifier))],
          // Raw: the integer, with why it is raw beside it.
          [reason ? { ...amount, hint: reason } : amount],
          [asset(h.asset_identifier, ctx)],
        ],
      };
    }),
    ...tablePaging('ftOffset', ft, true),
    empty: l10n.t('No fungible tokens.'),
  };
}

export function nftsSection(nft: Page<NftHolding> | Missing, ctx: ModelContext): Section {
  if (isMissing(nft)) return missingNotice(l10n.t('NFTs'), nft);
  const counted = nft.results.some((h) => h.count !== undefined);
  const total = formatInt(nft.total);
  return {
    type: 'table',
    title: counted ? l10n.t('NFTs ({0} collections)', total) : l10n.t('NFTs ({0})', total),
    columns: [
      { label: l10n.t('Collection') },
      { label: counted ? l10n.t('Held') : l10n.t('Token'), align: 'right' },
      { label: l10n.t('Asset identifier') },
    ],
    rows: nft.results.map((h) => ({
      cells: [
        [text(assetName(h.asset_identifier))],
        [h.value ? clarity(h.value, ctx) : h.count !== undefined ? num(h.count) : notAvailable()],
        [asset(h.asset_identifier, ctx)],
      ],
    })),
    ...tablePaging('nftOffset', nft, true),
    empty: l10n.t('No NFTs.'),
  };
}

/**
 * The address's pending transactions, newest first. With a nonce gap, each one the gap holds back
 * says so and names the missing nonce.
 */
export function addressPendingSection(
  pending: Page<MempoolTransaction> | Missing,
  address: string,
  gap: NonceGap | undefined,
  ctx: ModelContext,
): Section {
  const title = l10n.t('Pending transactions');
  if (isMissing(pending)) return missingNotice(title, pending);
  const first = gap?.missing[0];
  return {
    type: 'table',
    title: `${title} (${formatInt(pending.total)})`,
    columns: [
      { label: l10n.t('Transaction') },
      { label: l10n.t('Type') },
      { label: l10n.t('Nonce'), align: 'right' },
      { label: l10n.t('Fee'), align: 'right' },
      { label: l10n.t('Received') },
      { label: l10n.t('State') },
    ],
    rows: pending.results.map((t) => {
      const own = t.sender.address === address;
      const stuck = own && first !== undefined && t.sender.nonce > first;
      return {
        cells: [
          [tx(t.tx_id, ctx)],
          [text(txTypeLabel(t.type))],
          [own ? num(t.sender.nonce) : { ...text('—'), hint: l10n.t('sent by {0}', t.sender.address) }],
          [stx(t.fee_rate)],
          [time(ctx, t.receipt_time)],
          [
            stuck
              ? badge(l10n.t('Stuck: nonce {0} is missing', first), 'warning', 'warning')
              : own
                ? badge(l10n.t('Pending'), 'muted', 'clock')
                : t.token_transfer?.recipient === address
                  ? badge(l10n.t('Incoming'), 'muted', 'arrow-down')
                  : badge(l10n.t('Calls or deploys it'), 'muted', 'file-code'),
          ],
        ],
      };
    }),
    ...tablePaging('pendingOffset', pending, true),
    empty: l10n.t('Nothing pending for this address.'),
  };
}
