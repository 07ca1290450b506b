import * as assert from 'assert';
import { LruCache } from '../../src/api/cache';

describe('LruCache', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => (now = 0));

  it('evicts the least recently used entry beyond its count', () => {
    const c = new LruCache<string>({ maxEntries: 2, now: clock });
    c.set('a', 'A', Infinity);
    c.set('b', 'B', Infinity);
    c.get('a');
    c.set('c', 'C', Infinity);
    assert.strictEqual(c.get('b'), undefined);
    assert.strictEqual(c.get('a'), 'A');
    assert.strictEqual(c.get('c'), 'C');
  });

  it('expires entries', () => {
    const c = new LruCache<string>({ now: clock });
    c.set('a', 'A', 1000);
    now = 999;
    assert.strictEqual(c.get('a'), 'A');
    now = 1000;
    assert.strictEqual(c.get('a'), undefined);
  });

  // Issue 11, item 12: bounded by size as well as by count.
  it('evicts the least recently used entries beyond its size, and never keeps one larger than it', () => {
    const c = new LruCache<string>({ maxBytes: 100, sizeOf: (v) => v.length, now: clock });
    c.set('a', 'x'.repeat(40), Infinity);
    c.set('b', 'x'.repeat(40), Infinity);
    c.get('a');
    c.set('c', 'x'.repeat(40), Infinity);
    assert.strictEqual(c.get('b'), undefined, 'b was the least recently used');
    assert.ok(c.get('a') && c.get('c'));
    assert.strictEqual(c.bytes, 80);
    c.set('huge', 'x'.repeat(101), Infinity);
    assert.strictEqual(c.get('huge'), undefined);
    assert.strictEqual(c.bytes, 80, 'a value larger than the bound evicts nothing');
    c.set('a', 'x'.repeat(10), Infinity);
    assert.strictEqual(c.bytes, 50, 'a replaced entry counts once');
    c.delete('a');
    assert.strictEqual(c.bytes, 40);
    c.clear();
    assert.strictEqual(c.bytes, 0);
  });
});

describe('LruCache: one entry bounded by size', () => {
  it('does not keep a value over the bound of one entry', () => {
    const c = new LruCache<string>({ maxBytes: 100, maxEntryBytes: 10, sizeOf: (v) => v.length });
    c.set('a', 'x'.repeat(10), Infinity);
    assert.strictEqual(c.get('a')?.length, 10);
    c.set('b', 'x'.repeat(11), Infinity);
    assert.strictEqual(c.get('b'), undefined);
    c.set('a', 'x'.repeat(11), Infinity);
    assert.strictEqual(c.get('a'), undefined, 'the older value of the key goes with it');
    assert.strictEqual(c.bytes, 0);
  });
});
