/** The events table of the transaction panel: a page of what the transaction emitted, one row each. */
import type { Transaction, TransactionEvent } from '../../../api';
import { decodeMemo, statusTone } from '../../../chain/format';
import type { Section, TableRow, Value } from '../../../protocol';
import { clarity, code, type ModelContext, num, principal, stx, text, tokenAmount, units } from './values';
import * as l10n from '../../../chain/l10n';

export const EVENTS_PER_PAGE = 50;

export function eventsSection(t: Transaction, offset: number, ctx: ModelContext): Section | undefined {
  if (!t.events && !t.event_count) return undefined;
  const list = t.events ?? [];
  const total = Math.max(t.event_count ?? 0, offset + list.length);
  return {
    type: 'table',
    title: l10n.t('Events ({0})', total),
    columns: [
      { label: '#', align: 'right' },
      { label: l10n.t('Type') },
      { label: l10n.t('Detail') },
      { label: l10n.t('Amount'), align: 'right' },
    ],
    rows: list.map((e) => eventRow(e, ctx)),
    ...(total > EVENTS_PER_PAGE || offset > 0
      ? { paging: { param: 'eventOffset' as const, offset, limit: EVENTS_PER_PAGE, total } }
      : {}),
    empty:
      statusTone(t.tx_status) === 'pending'
        ? l10n.t('A pending transaction has no events yet.')
        : l10n.t('This transaction emitted no events.'),
  };
}

const EVENT_LABELS: Record<string, string> = {
  smart_contract_log: l10n.t('Contract log'),
  stx_asset: 'STX',
  fungible_token_asset: l10n.t('Fungible token'),
  non_fungible_token_asset: 'NFT',
  stx_lock: l10n.t('STX lock'),
};

function eventRow(e: TransactionEvent, ctx: ModelContext): TableRow {
  const kind = text(EVENT_LABELS[e.event_type] ?? e.event_type.replace(/_/g, ' '));
  if (e.contract_log) {
    const l = e.contract_log;
    return {
      cells: [
        [num(e.event_index)],
        [kind],
        [principal(l.contract_id, ctx), text(l.topic, { hint: 'topic' }), clarity(l.value, ctx)],
        [text('')],
      ],
    };
  }
  if (e.asset) {
    const a = e.asset;
    const detail: Value[] = [text(a.asset_event_type ?? '')];
    if (a.asset_id) detail.push(code(a.asset_id));
    if (a.sender) detail.push(text('from'), principal(a.sender, ctx));
    if (a.recipient) detail.push(text('to'), principal(a.recipient, ctx));
    if (a.memo) detail.push(text(decodeMemo(a.memo) ?? a.memo, { hint: 'memo' }));
    const amount =
      e.event_type === 'stx_asset'
        ? stx(a.amount)
        : a.value
          ? clarity(a.value, ctx)
          : e.event_type === 'fungible_token_asset'
            ? tokenAmount(a.amount, a.asset_id, ctx)
            : units(a.amount);
    return { cells: [[num(e.event_index)], [kind], detail, [amount]] };
  }
  if (e.stx_lock_event) {
    const l = e.stx_lock_event;
    return {
      cells: [
        [num(e.event_index)],
        [kind],
        [principal(l.locked_address, ctx), text(l10n.t('until burn block {0}', l.unlock_height ?? '?'))],
        [stx(l.locked_amount)],
      ],
    };
  }
  return { cells: [[num(e.event_index)], [kind], [text(undefined)], [text('')]] };
}
