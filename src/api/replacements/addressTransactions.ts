/**
 * Address transactions: /extended/v2/addresses/{address}/transactions ->
 * /extended/v3/principals/{principal}/transactions.
 */
import { StacksApiError } from '../errors';
import * as S from '../schemas';
import { MAX_WALK, Replacement, STEP } from './shared';
import { v3ToTransaction } from './transaction';

/** Unknown in v3: the per-asset transfer/mint/burn counts (`events`); the summary has no events, results or post-conditions. */
function v3ToAddressTransaction(r: S.V3PrincipalTransaction): S.AddressTransaction {
  return {
    tx: v3ToTransaction(r.transaction),
    stx_sent: r.balance_changes.stx.sent,
    stx_received: r.balance_changes.stx.received,
    unavailable: ['events'],
  };
}

/**
 * Where each offset of a principal's list starts, learnt from earlier pages (cursor of the item at
 * that offset). A cursor is the server's string: one longer than any real one
 * (`receipt_time:tx_id`, `value hex:asset_identifier`) is not remembered (a page turn then walks
 * from an earlier start), so the memo holds at most 2,000 x 1,024 characters.
 */
export class CursorMemo {
  private readonly map = new Map<string, string>();
  get(principal: string, offset: number): string | undefined {
    return this.map.get(`${principal}|${offset}`);
  }
  set(principal: string, offset: number, cursor: string): void {
    if (cursor.length > MAX_CURSOR_CHARS) return;
    if (this.map.size >= 2000) this.map.clear();
    this.map.set(`${principal}|${offset}`, cursor);
  }
  /** Forgets every start of one list (it changed: what was learnt points at old positions). */
  forget(principal: string): void {
    const prefix = `${principal}|`;
    for (const key of [...this.map.keys()]) if (key.startsWith(prefix)) this.map.delete(key);
  }
  /** The nearest known start at or before `offset` (a scan of at most 2000 entries, whatever the offset). */
  nearest(principal: string, offset: number): { offset: number; cursor?: string } {
    const prefix = `${principal}|`;
    let best: { offset: number; cursor?: string } = { offset: 0 };
    for (const [key, cursor] of this.map) {
      if (!key.startsWith(prefix)) continue;
      const o = Number(key.slice(prefix.length));
      if (o > best.offset && o <= offset) best = { offset: o, cursor };
    }
    return best;
  }
}

/** The longest cursor remembered. */
export const MAX_CURSOR_CHARS = 1024;

/**
 * The v3 list pages by cursor, not offset. An offset is reached from the nearest start already
 * known (usually the page before, as panels page forward), walking at most MAX_WALK pages.
 */
export function addressTransactionsReplacement(
  principal: string,
  limit: number | undefined,
  offset: number | undefined,
  memo: CursorMemo,
): Replacement<S.Page<S.AddressTransaction>> {
  const route = '/extended/v3/principals/{principal}/transactions';
  const path = `/extended/v3/principals/${principal}/transactions`;
  const want = limit ?? 20;
  const target = offset ?? 0;
  return {
    route,
    async load(fetch) {
      let at = memo.nearest(principal, target);
      for (let i = 0; ; i++) {
        const size = at.offset === target ? want : Math.min(STEP, target - at.offset);
        const query: Array<[string, string]> = [['limit', String(size)]];
        if (at.cursor !== undefined) query.push(['cursor', at.cursor]);
        const page = await fetch(route, path, query, S.V3PrincipalTransactionsPage, 'transaction list');
        const next = page.cursor?.next ?? page.next_cursor ?? undefined;
        const reached = at.offset + page.results.length;
        if (next) memo.set(principal, reached, next);
        if (at.offset === target) {
          return { limit: want, offset: target, total: page.total, results: page.results.map(v3ToAddressTransaction) };
        }
        if (!next || page.results.length === 0 || reached >= page.total) {
          return { limit: want, offset: target, total: page.total, results: [] };
        }
        if (i + 1 >= MAX_WALK) {
          throw new StacksApiError(
            'gone',
            `The API switched off the offset-paged transaction list; its replacement pages by cursor and offset ${target} is too far to reach. Page forward from the start instead.`,
            { path },
          );
        }
        at = { offset: reached, cursor: next };
      }
    },
  };
}
