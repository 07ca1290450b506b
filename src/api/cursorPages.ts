/**
 * Offsets over a list the API pages by cursor (the v3 lists). The panels page by offset; the
 * client remembers where each offset starts (the `next` cursor of the page before it) and asks
 * from the nearest known start, so a page turned forward or back is one request, and a page
 * opened cold (a panel restored after a reload) walks at most MAX_WALK pages to reach it.
 */
import { invalid } from './arguments';
import type { CursorMemo } from './replacements';
import { MAX_WALK, STEP } from './replacements/shared';
import type { Page } from './schemas';

interface CursorPage<T> {
  total: number;
  cursor?: { next?: string | null | undefined } | undefined;
  results: T[];
}

export interface CursorWalk<T> {
  memo: CursorMemo;
  /** What the list is, for the memo (one list per key). */
  key: string;
  limit: number;
  offset: number;
  what: string;
  /**
   * The list changes at its head (the mempool, newest first): reading the first page starts the
   * memory of this list afresh, so the later pages follow what is there now.
   */
  volatile?: boolean;
  /** One request: `size` items from `cursor` (from the start without one). */
  page: (size: number, cursor: string | undefined) => Promise<CursorPage<T>>;
}

export async function walkCursorPages<T>(w: CursorWalk<T>): Promise<Page<T>> {
  if (w.volatile && w.offset === 0) w.memo.forget(w.key);
  let at = w.memo.nearest(w.key, w.offset);
  for (let i = 0; ; i++) {
    const size = at.offset === w.offset ? w.limit : Math.min(STEP, w.offset - at.offset);
    const p = await w.page(size, at.cursor);
    const next = p.cursor?.next ?? undefined;
    const reached = at.offset + p.results.length;
    if (next) w.memo.set(w.key, reached, next);
    if (at.offset === w.offset) {
      return { limit: w.limit, offset: w.offset, total: p.total, results: p.results.slice(0, w.limit) };
    }
    if (!next || p.results.length === 0 || reached >= p.total) {
      return { limit: w.limit, offset: w.offset, total: p.total, results: [] };
    }
    if (i + 1 >= MAX_WALK) {
      throw invalid(
        `The ${w.what} pages by cursor, and item ${w.offset + 1} is too far from the pages already seen: page forward from the start instead.`,
      );
    }
    at = { offset: reached, cursor: next };
  }
}
