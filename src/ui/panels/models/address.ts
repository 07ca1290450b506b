/** The address panel: balance (4.2), transactions (4.8) and a transaction's events for the address (4.9). */
import type {
  AddressEvent,
  AddressTransaction,
  FtHolding,
  MempoolTransaction,
  NftHolding,
  Page,
  PrincipalNonces,
  StxBalance,
} from '../../../api';
import { addressPendingSection, nftsSection, tokensSection } from './holdings';
import { nonceGap } from '../../../chain/nonces';
import { statusLabel, statusTone, txTypeLabel } from '../../../chain/format';
import type { PanelParams, Section, TableRow, Value, ViewModel } from '../../../protocol';
import {
  badge,
  block,
  clarity,
  compact,
  field,
  fields,
  id,
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
  tx,
  units,
  unlessUnavailable,
} from './values';
import type { Target } from '../../../chain/target';
import { ADDRESS_PENDING_PER_PAGE, FT_PER_PAGE, NFT_PER_PAGE } from './holdings';
import {
  type Loaded,
  nonceProblem,
  orMissing,
  type PanelLoad,
  pageStart,
  tablePaging,
  unlessRouteMissing,
} from './load';
import { loadTokens, tokensOfEvents, tokensOfHoldings } from './tokens';
import { clarityDecoder } from '../../../chain/lazyClarity';
import * as l10n from '../../../chain/l10n';
import { loadSbtcInFlight, sbtcInFlightSection, type SbtcInFlight } from './sbtcHoldings';
import { loadStaking, stakingSections, type StakingData } from './staking';

export const TXS_PER_PAGE = 20;
export const ADDRESS_EVENTS_PER_PAGE = 20;

export interface AddressData {
  principal: string;
  balance: StxBalance;
  /** `Missing` (as every list here) on an API without its route: the rest of the panel shows. */
  txs: Page<AddressTransaction> | Missing;
  /** Events of the expanded transaction row, for this address. */
  events?: { txId: string; page: Page<AddressEvent> | Missing };
  /** Where the nonces stand (standard addresses), or why that is not shown. */
  nonces?: { ok: true; value: PrincipalNonces } | { ok: false; short: string };
  /** What it holds besides STX (absent: not asked, as in a balance at a past block). */
  holdings?: { ft: Page<FtHolding> | Missing; nft: Page<NftHolding> | Missing };
  /** Its pending transactions, newest first. */
  pending?: Page<MempoolTransaction> | Missing;
  /** Its pox-5 staking (v3); absent on an API without the route, or when not asked. */
  staking?: StakingData | Missing;
  /** Its sBTC deposits and withdrawals in flight (Emily on only). */
  sbtc?: SbtcInFlight;
}

export function addressModel(d: AddressData, params: PanelParams, ctx: ModelContext): ViewModel {
  const isContract = d.principal.includes('.');
  const b = d.balance;
  const at = params.untilBlock
    ? l10n.t('at block {0}', params.untilBlock)
    : params.unanchored
      ? l10n.t('including unanchored data')
      : '';
  const locked = b.locked !== '0' && b.locked !== '';
  return {
    kind: 'address',
    title: isContract ? l10n.t('Contract principal') : l10n.t('Address'),
    icon: isContract ? 'file-code' : 'account',
    subject: principal(d.principal, ctx),
    badges: compact([
      locked && badge(l10n.t('Stacking'), 'info', 'lock'),
      !!at && badge(l10n.t('Balance {0}', at), 'warning', 'history'),
    ]),
    sections: compact<Section>([
      { type: 'balanceAt', untilBlock: params.untilBlock ?? '', unanchored: !!params.unanchored },
      fields(at ? l10n.t('Balance {0}', at) : l10n.t('Balance'), [
        field(l10n.t('Balance'), stx(b.balance)),
        field(l10n.t('Locked'), stx(b.locked)),
        b.estimated_balance !== undefined &&
          b.estimated_balance !== b.balance &&
          field(l10n.t('Estimated balance'), stx(b.estimated_balance)),
        field(l10n.t('Pending inbound'), stx(b.pending_balance_inbound)),
        field(l10n.t('Pending outbound'), stx(b.pending_balance_outbound)),
        field(l10n.t('Total sent'), unlessUnavailable(b, 'total_sent', stx(b.total_sent))),
        field(l10n.t('Total received'), unlessUnavailable(b, 'total_received', stx(b.total_received))),
        field(l10n.t('Total fees sent'), unlessUnavailable(b, 'total_fees_sent', stx(b.total_fees_sent))),
        field(
          l10n.t('Miner rewards received'),
          unlessUnavailable(b, 'total_miner_rewards_received', stx(b.total_miner_rewards_received)),
        ),
        b.unavailable?.includes('token_offering_locked') && field(l10n.t('Token offering'), notAvailable()),
        locked && field(l10n.t('Lock transaction'), tx(b.lock_tx_id || undefined, ctx)),
        locked && field(l10n.t('Locked at block'), block(b.lock_height, ctx)),
        locked && field(l10n.t('Burnchain lock height'), num(b.burnchain_lock_height)),
        locked && field(l10n.t('Burnchain unlock height'), num(b.burnchain_unlock_height)),
      ]),
      ...stakingSections(d.staking, ctx),
      ...tokenOffering(b, ctx),
      d.holdings && tokensSection(d.holdings.ft, ctx),
      sbtcInFlightSection(d.sbtc, ctx),
      d.holdings && nftsSection(d.holdings.nft, ctx),
      ...nonces(d, isContract),
      d.pending &&
        addressPendingSection(d.pending, d.principal, d.nonces?.ok ? nonceGap(d.nonces.value) : undefined, ctx),
      transactions(d, params, ctx),
    ]),
  };
}

function tokenOffering(b: StxBalance, ctx: ModelContext): Section[] {
  const t = b.token_offering_locked;
  if (!t) return [];
  return [
    fields(l10n.t('Token offering'), [
      field(l10n.t('Locked'), stx(t.total_locked)),
      field(l10n.t('Unlocked'), stx(t.total_unlocked)),
    ]),
    {
      type: 'table',
      title: l10n.t('Unlock schedule'),
      columns: [
        { label: l10n.t('Block'), align: 'right' },
        { label: l10n.t('Amount'), align: 'right' },
      ],
      rows: t.unlock_schedule.map((u) => ({ cells: [[block(u.block_height, ctx)], [stx(u.amount)]] })),
      empty: l10n.t('No scheduled unlocks.'),
    },
  ];
}

function transactions(d: AddressData, params: PanelParams, ctx: ModelContext): Section {
  const p = d.txs;
  const title = l10n.t('Transactions');
  if (isMissing(p)) return missingNotice(title, p);
  return {
    type: 'table',
    title: `${title} (${p.total})`,
    columns: [
      { label: l10n.t('Transaction') },
      { label: l10n.t('Type') },
      { label: l10n.t('Status') },
      { label: l10n.t('Block'), align: 'right' },
      { label: l10n.t('Time') },
      { label: l10n.t('Sent'), align: 'right' },
      { label: l10n.t('Received'), align: 'right' },
      { label: l10n.t('Events (STX / FT / NFT)'), align: 'right' },
    ],
    rows: p.results.map((r) => txRow(d, r, params, ctx)),
    ...tablePaging('txOffset', p),
    empty: l10n.t('No transactions for this address yet.'),
  };
}

function txRow(d: AddressData, r: AddressTransaction, params: PanelParams, ctx: ModelContext): TableRow {
  const t = r.tx;
  const tone = statusTone(t.tx_status);
  const open = params.expand === t.tx_id;
  const count = (c: { transfer: number; mint: number; burn: number }) => c.transfer + c.mint + c.burn;
  const cells: Value[][] = [
    [tx(t.tx_id, ctx)],
    [text(txTypeLabel(t.tx_type))],
    [badge(statusLabel(t.tx_status), tone === 'other' ? 'muted' : tone)],
    [block(t.block_height, ctx)],
    [time(ctx, t.block_time ?? t.burn_block_time, t.block_time_iso ?? t.burn_block_time_iso)],
    [stx(r.stx_sent)],
    [stx(r.stx_received)],
    [
      unlessUnavailable(
        r,
        'events',
        text(r.events && `${count(r.events.stx)} / ${count(r.events.ft)} / ${count(r.events.nft)}`),
      ),
    ],
  ];
  const row: TableRow = {
    cells,
    expand: { open, intent: { type: 'page', params: open ? { expand: '' } : { expand: t.tx_id, expandOffset: 0 } } },
  };
  if (open && d.events && d.events.txId === t.tx_id) row.detail = [eventsTable(d.events.page, ctx)];
  return row;
}

function eventsTable(p: Page<AddressEvent> | Missing, ctx: ModelContext): Section {
  const title = l10n.t('Events for this address');
  if (isMissing(p)) return missingNotice(title, p);
  return {
    type: 'table',
    title: `${title} (${p.total})`,
    columns: [
      { label: '#', align: 'right' },
      { label: l10n.t('Asset') },
      { label: l10n.t('Event') },
      { label: l10n.t('From') },
      { label: l10n.t('To') },
      { label: l10n.t('Amount'), align: 'right' },
    ],
    rows: p.results.map((e) => ({
      cells: [
        [unlessUnavailable(e, 'event_index', num(e.event_index))],
        [e.type === 'stx' ? text('STX') : e.data.asset_identifier ? id(e.data.asset_identifier, ctx) : text(e.type)],
        [unlessUnavailable(e, 'type', text(e.data.type))],
        [unlessUnavailable(e, 'sender', principal(e.data.sender, ctx))],
        [unlessUnavailable(e, 'recipient', principal(e.data.recipient, ctx))],
        [
          e.type === 'stx'
            ? stx(e.data.amount)
            : e.data.value
              ? clarity(e.data.value, ctx)
              : e.type === 'ft'
                ? tokenAmount(e.data.amount, e.data.asset_identifier, ctx)
                : units(e.data.amount),
        ],
      ],
    })),
    ...tablePaging('expandOffset', p),
    empty: l10n.t('This transaction moved no assets of this address.'),
  };
}

/** The nonce section: where they stand, and the gap that keeps pending transactions from being mined. */
function nonces(d: AddressData, isContract: boolean): Section[] {
  if (isContract)
    return [
      fields(l10n.t('Nonces'), [
        field(l10n.t('Nonces'), text(l10n.t('A contract has no nonces: it never sends a transaction itself.'))),
      ]),
    ];
  if (!d.nonces) return [];
  if (!d.nonces.ok) return [fields(l10n.t('Nonces'), [field(l10n.t('Nonces'), text(d.nonces.short))])];
  const n = d.nonces.value;
  const gap = nonceGap(n);
  const list = (xs: number[]) =>
    xs.length ? text(xs.slice(0, 50).join(', ') + (xs.length > 50 ? ' …' : '')) : text(l10n.t('none'));
  return compact<Section>([
    gap && { type: 'notice', tone: 'warning', icon: 'warning', text: gap.message },
    fields(l10n.t('Nonces'), [
      field(l10n.t('Next nonce'), num(n.next_nonce)),
      field(
        l10n.t('Last confirmed nonce'),
        n.last_confirmed_nonce === null ? text(l10n.t('none yet')) : num(n.last_confirmed_nonce),
      ),
      field(
        l10n.t('Last nonce in the mempool'),
        n.mempool.last_nonce === null ? text(l10n.t('none')) : num(n.mempool.last_nonce),
      ),
      field(l10n.t('Pending nonces below it'), list(n.mempool.pending_nonces)),
      field(l10n.t('Missing nonces'), list(n.mempool.missing_nonces)),
    ]),
  ]);
}

/**
 * An address panel: the balance (at a block, or unanchored, when asked), a page of transactions,
 * the events of the one expanded, the nonces, and today's holdings and pending transactions.
 */
export async function loadAddress(target: Target, params: PanelParams, l: PanelLoad): Promise<Loaded> {
  const { c, ctx, call, part } = l;
  const untilBlock = params.untilBlock?.trim() || undefined;
  const unanchored = !untilBlock && !!params.unanchored;
  const txOffset = pageStart(params.txOffset, TXS_PER_PAGE);
  const expand = params.expand || undefined;
  const expandOffset = expand ? pageStart(params.expandOffset, ADDRESS_EVENTS_PER_PAGE) : undefined;
  const balanceOptions = {
    ...call,
    ...(untilBlock ? { untilBlock: /^\d+$/.test(untilBlock) ? Number(untilBlock) : untilBlock } : {}),
    ...(unanchored ? { unanchored } : {}),
  };
  const nonces = target.id.includes('.')
    ? undefined
    : part('nonces', '', () =>
        c.getNonces(target.id, call).then(
          (value) => ({ ok: true as const, value }),
          (e: unknown) => ({ ok: false as const, short: nonceProblem(e) }),
        ),
      );
  // Holdings and pending transactions are today's: not shown beside a balance at a past block.
  const current = !untilBlock;
  const ftOffset = pageStart(params.ftOffset, FT_PER_PAGE);
  const nftOffset = pageStart(params.nftOffset, NFT_PER_PAGE);
  const pendingOffset = pageStart(params.pendingOffset, ADDRESS_PENDING_PER_PAGE);
  const balance = part('balance', `${untilBlock ?? ''}|${unanchored}`, () =>
    c.getStxBalance(target.id, balanceOptions),
  );
  // Asked once the balance has answered: an API that fails the panel is not asked three more times.
  const side = current
    ? balance.then(() =>
        Promise.all([
          part('ft', String(ftOffset), () =>
            orMissing(c.getFtHoldings(target.id, { ...call, limit: FT_PER_PAGE, offset: ftOffset })),
          ),
          part('nft', String(nftOffset), () =>
            orMissing(c.getNftHoldings(target.id, { ...call, limit: NFT_PER_PAGE, offset: nftOffset })),
          ),
          part('staking', '', () => loadStaking(c, target.id, call)),
          part('sbtc', '', () => loadSbtcInFlight(target.id, l)),
          part('pending', String(pendingOffset), () =>
            orMissing(
              c.getPrincipalMempoolTransactions(target.id, {
                ...call,
                limit: ADDRESS_PENDING_PER_PAGE,
                offset: pendingOffset,
              }),
            ),
          ),
        ]),
      )
    : undefined;
  const [stxBalance, txs, events, nonceState, sideParts] = await Promise.all([
    balance,
    part('txs', String(txOffset), () =>
      unlessRouteMissing(c.getAddressTransactions(target.id, { ...call, limit: TXS_PER_PAGE, offset: txOffset })),
    ),
    expand
      ? part('events', `${expand}|${expandOffset}`, () =>
          unlessRouteMissing(
            c.getAddressTransactionEvents(target.id, expand, {
              ...call,
              limit: ADDRESS_EVENTS_PER_PAGE,
              offset: expandOffset ?? 0,
            }),
          ),
        )
      : undefined,
    nonces,
    side,
  ]);
  const [ft, nft, staking, sbtc, pending] = sideParts ?? [];
  const p: PanelParams = {
    txOffset,
    ...(ftOffset ? { ftOffset } : {}),
    ...(nftOffset ? { nftOffset } : {}),
    ...(pendingOffset ? { pendingOffset } : {}),
    ...(untilBlock ? { untilBlock } : {}),
    ...(unanchored ? { unanchored } : {}),
    ...(expand ? { expand, expandOffset: expandOffset ?? 0 } : {}),
  };
  // The events of an expanded transaction and the tokens held have token amounts.
  const held = ft && !isMissing(ft) ? tokensOfHoldings(ft) : [];
  const shownEvents = events && !isMissing(events) ? events : undefined;
  const named = [...new Set([...held, ...(shownEvents ? tokensOfEvents(shownEvents) : [])])];
  const tokens = named.length ? await loadTokens(named, c, ctx, call) : undefined;
  return {
    model: addressModel(
      {
        principal: target.id,
        balance: stxBalance,
        txs,
        ...(expand && events ? { events: { txId: expand, page: events } } : {}),
        ...(nonceState ? { nonces: nonceState } : {}),
        ...(ft && nft ? { holdings: { ft, nft } } : {}),
        ...(pending ? { pending } : {}),
        ...(staking ? { staking } : {}),
        ...(sbtc ? { sbtc } : {}),
      },
      p,
      shownEvents || (nft && !isMissing(nft) && nft.results.length)
        ? { ...ctx, decode: clarityDecoder(), ...(tokens ? { tokens } : {}) }
        : tokens
          ? { ...ctx, tokens }
          : ctx,
    ),
    parts: l.parts,
    params: p,
  };
}
