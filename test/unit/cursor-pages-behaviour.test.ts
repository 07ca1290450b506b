// walkCursorPages (src/api/cursorPages.ts), how an offset a panel asks for is reached on a list the
// API pages by cursor: how far it walks, and what it answers when the list ends at the offset,
// when a page comes back empty or longer than asked, or when the offset is too far to walk to.
import * as assert from 'assert';
import { walkCursorPages } from '../../src/api/cursorPages';
import { StacksApiError } from '../../src/api/errors';
import { CursorMemo } from '../../src/api/replacements';

const WHAT = 'mempool transaction list';
const KEY = '/extended/v3/mempool/transactions';

interface Asked {
  size: number;
  cursor: string | undefined;
}

/**
 * A list of `count` items paged by cursor the way the API does it (the cursor names the item a
 * page starts at); `total` is what the API says the list holds, `tweak` changes a page on its way.
 */
function list(
  count: number,
  o: {
    total?: number;
    tweak?: (p: { total: number; cursor: { next: string | null }; results: string[] }) => void;
  } = {},
) {
  const items = Array.from({ length: count }, (_, i) => `tx-${i}`);
  const asked: Asked[] = [];
  const page = async (size: number, cursor: string | undefined) => {
    asked.push({ size, cursor });
    const from = cursor === undefined ? 0 : Number(cursor.slice(1));
    const results = items.slice(from, from + size);
    const p = {
      total: o.total ?? count,
      cursor: { next: from + size < count ? `c${from + size}` : null },
      results,
    };
    o.tweak?.(p);
    return p;
  };
  return { items, asked, page };
}

const walk = (l: ReturnType<typeof list>, limit: number, offset: number, memo = new CursorMemo()) =>
  walkCursorPages({ memo, key: KEY, limit, offset, what: WHAT, page: l.page });

describe('walkCursorPages: reaching an offset of a list paged by cursor', () => {
  it('walks up to 20 pages of 50 to reach an offset opened cold: item 951 is the farthest', async () => {
    const l = list(3_000);
    const page = await walk(l, 20, 950);
    assert.deepStrictEqual(page, { limit: 20, offset: 950, total: 3_000, results: l.items.slice(950, 970) });
    assert.strictEqual(l.asked.length, 20);
    assert.deepStrictEqual(l.asked[19], { size: 20, cursor: 'c950' });
  });

  it('refuses an offset one page farther, after 20 requests, saying to page forward instead', async () => {
    const l = list(3_000);
    await assert.rejects(walk(l, 20, 1_000), (e: unknown) => {
      assert.ok(e instanceof StacksApiError);
      assert.strictEqual(e.kind, 'invalid-input');
      assert.strictEqual(
        e.message,
        'The mempool transaction list pages by cursor, and item 1001 is too far from the pages already seen: page forward from the start instead.',
      );
      return true;
    });
    assert.strictEqual(l.asked.length, 20);
  });

  it('a page longer than asked for is cut to the limit', async () => {
    const l = list(100, { tweak: (p) => p.results.push('tx-extra') });
    const page = await walk(l, 5, 0);
    assert.deepStrictEqual(page.results, l.items.slice(0, 5));
  });

  it('an offset at the end of the list is answered empty, without asking past it', async () => {
    // The API still hands a `next` cursor on the page that ends the list.
    const l = list(30, { tweak: (p) => (p.cursor.next ??= 'c30') });
    const page = await walk(l, 10, 30);
    assert.deepStrictEqual(page, { limit: 10, offset: 30, total: 30, results: [] });
    assert.deepStrictEqual(l.asked, [{ size: 30, cursor: undefined }]);
  });

  it('an empty page on the way answers the offset empty, even with a next cursor', async () => {
    const l = list(100, {
      tweak: (p) => {
        p.results.length = 0;
        p.cursor.next = 'c50';
      },
    });
    const page = await walk(l, 10, 60);
    assert.deepStrictEqual(page, { limit: 10, offset: 60, total: 100, results: [] });
    assert.strictEqual(l.asked.length, 1);
  });
});
