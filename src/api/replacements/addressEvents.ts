/**
 * Events of an address in one transaction: /extended/v2/addresses/{address}/transactions/{tx_id}/events
 * -> /extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes.
 */
import * as S from '../schemas';
import { MAX_WALK, Replacement, STEP } from './shared';

/** What a balance change does not say of the events behind it. */
export const NOT_IN_BALANCE_CHANGES: readonly string[] = ['event_index', 'type', 'sender', 'recipient'];

/**
 * A v3 balance change as an address event: one per asset, with what the address sent, received
 * and the net change, but not the events behind it (their index, kind, sender and recipient).
 */
function v3ToAddressEvent(c: S.V3BalanceChange): S.AddressEvent {
  return {
    type: c.asset.type,
    data: {
      amount: c.balance_change.net,
      ...(c.asset.identifier !== undefined ? { asset_identifier: c.asset.identifier } : {}),
    },
    balance_change: { sent: c.balance_change.sent, received: c.balance_change.received, net: c.balance_change.net },
    unavailable: [...NOT_IN_BALANCE_CHANGES],
  };
}

/** The v3 route pages by cursor (an asset); an offset page is cut from the changes read from the start. */
export function addressEventsReplacement(
  principal: string,
  txId: string,
  limit: number | undefined,
  offset: number | undefined,
): Replacement<S.Page<S.AddressEvent>> {
  const route = '/extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes';
  const path = `/extended/v3/principals/${principal}/transactions/${txId}/balance-changes`;
  const want = limit ?? 20;
  const from = offset ?? 0;
  return {
    route,
    async load(fetch) {
      const changes: S.V3BalanceChange[] = [];
      let cursor: string | undefined;
      let total = 0;
      for (let i = 0; i < MAX_WALK && changes.length < from + want; i++) {
        const query: Array<[string, string]> = [['limit', String(STEP)]];
        if (cursor !== undefined) query.push(['cursor', cursor]);
        const page = await fetch(route, path, query, S.V3BalanceChangesPage, 'event list');
        for (const c of page.results) changes.push(c);
        total = page.total;
        const next = page.cursor?.next ?? page.next_cursor ?? undefined;
        if (!next || page.results.length === 0 || changes.length >= page.total) break;
        cursor = next;
      }
      return { limit: want, offset: from, total, results: changes.slice(from, from + want).map(v3ToAddressEvent) };
    },
  };
}
