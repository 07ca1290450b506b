/**
 * A block's transactions: /extended/v2/blocks/{height_or_hash}/transactions (deprecated) ->
 * /extended/v3/blocks/{height_or_hash}/transactions.
 */
import { StacksApiError } from '../errors';
import * as S from '../schemas';
import type { CursorMemo } from './addressTransactions';
import { MAX_WALK, Replacement, STEP } from './shared';
import { v3ToTransaction } from './transaction';

/**
 * The v3 list pages by cursor, not offset: an offset is reached from the nearest start already
 * known (the page before, as the panel pages forward), walking at most MAX_WALK pages. The v3
 * items are transaction summaries: what a list row shows (type, status, fee, sender, the block),
 * without events, results or costs.
 */
export function blockTransactionsReplacement(
  block: string,
  limit: number | undefined,
  offset: number | undefined,
  memo: CursorMemo,
): Replacement<S.Page<S.Transaction>> {
  const route = '/extended/v3/blocks/{height_or_hash}/transactions';
  const path = `/extended/v3/blocks/${block}/transactions`;
  const key = `block:${block}`;
  const want = limit ?? 20;
  const target = offset ?? 0;
  return {
    route,
    async load(fetch) {
      let at = memo.nearest(key, target);
      for (let i = 0; ; i++) {
        const size = at.offset === target ? want : Math.min(STEP, target - at.offset);
        const query: Array<[string, string]> = [['limit', String(size)]];
        if (at.cursor !== undefined) query.push(['cursor', at.cursor]);
        const page = await fetch(route, path, query, S.V3BlockTransactionSummariesPage, 'block transaction list');
        const next = page.cursor?.next ?? page.next_cursor ?? undefined;
        const reached = at.offset + page.results.length;
        if (next) memo.set(key, reached, next);
        if (at.offset === target)
          return { limit: want, offset: target, total: page.total, results: page.results.map(v3ToTransaction) };
        if (!next || page.results.length === 0 || reached >= page.total)
          return { limit: want, offset: target, total: page.total, results: [] };
        if (i + 1 >= MAX_WALK)
          throw new StacksApiError(
            'gone',
            `The API switched off the offset-paged block transaction list; its replacement pages by cursor and offset ${target} is too far to reach. Page forward from the start instead.`,
            { path },
          );
        at = { offset: reached, cursor: next };
      }
    },
  };
}
