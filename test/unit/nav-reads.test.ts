import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { navTargetAt, NavReads, readForNav } from '../../src/chain/contractNav';
import { readClarity } from '../../src/chain/claritySyntax';
import { CONTRACT } from '../fixtures/ids';
import { NAV_CALLS } from '../fixtures/navShapes';

const SBTC = CONTRACT.sbtcDeposit;

describe('Navigation reads like the tree reader', () => {
  it('reads the places of the tree reader: the same atoms at the same offsets', () => {
    const src = fs.readFileSync(
      path.resolve(__dirname, '../../../test/fixtures/clarity/real/arkadiko-dao.clar'),
      'utf8',
    );
    const read = readForNav(src);
    const tree = readClarity(src, { tolerant: true });
    assert.ok(tree.ok);
    const atoms: Array<[number, string]> = [];
    const walk = (es: typeof tree.exprs): void => {
      for (const e of es)
        if (e.kind === 'atom') atoms.push([e.offset, e.text]);
        else if (e.kind !== 'comment') walk(e.children);
    };
    walk(tree.exprs);
    const flat: Array<[number, string]> = [];
    for (let i = 0; i < read.count; i++)
      if (read.kind[i] === 0) flat.push([read.start[i]!, src.slice(read.start[i], read.end[i])]);
    assert.deepStrictEqual(flat, atoms);
  });
});

describe('NavReads: one read per document version', () => {
  const doc = (text: string) => ({ text, reads: 0 });
  const reader = (d: { text: string; reads: number }) => () => {
    d.reads++;
    return d.text;
  };

  it('a second request on an unchanged document neither reads it nor asks for its text', () => {
    const reads = new NavReads<object>();
    const d = doc(NAV_CALLS);
    const first = reads.read(d, 1, reader(d));
    const again = reads.read(d, 1, reader(d));
    assert.strictEqual(d.reads, 1);
    assert.strictEqual(again, first);
    assert.strictEqual(navTargetAt(again, NAV_CALLS.indexOf('get-burn-header') + 1)?.kind, 'function');
  });

  it('a new version is read again, and what it says is the new text', () => {
    const reads = new NavReads<object>();
    const d = doc(NAV_CALLS);
    reads.read(d, 1, reader(d));
    d.text = `(contract-call? '${SBTC} other-fn)`;
    const read = reads.read(d, 2, reader(d));
    assert.strictEqual(d.reads, 2);
    const t = navTargetAt(read, d.text.indexOf('other-fn') + 1);
    assert.strictEqual(t?.kind === 'function' && t.fn, 'other-fn');
  });

  it('a document opened again (another object, the same version) is read again', () => {
    const reads = new NavReads<object>();
    const a = doc(NAV_CALLS);
    const b = doc('(a b c)');
    reads.read(a, 1, reader(a));
    assert.strictEqual(reads.read(b, 1, reader(b)).count, 4);
    assert.strictEqual(b.reads, 1);
  });

  it('keeps the few documents asked last, and fewer when they are large', () => {
    const reads = new NavReads<object>(2, 10);
    const [a, b, c] = [doc('(a)'), doc('(b)'), doc('(c)')];
    for (const d of [a, b, c, b]) reads.read(d, 1, reader(d));
    assert.deepStrictEqual([a.reads, b.reads, c.reads], [1, 1, 1]);
    reads.read(a, 1, reader(a));
    assert.strictEqual(a.reads, 2, 'the oldest was let go');
    const big = doc('(a b c d e f g h i j k)');
    reads.read(big, 1, reader(big));
    reads.read(b, 1, reader(b));
    assert.strictEqual(b.reads, 2, 'over the entry budget, only the newest is kept');
    reads.read(b, 1, reader(b));
    assert.strictEqual(b.reads, 2);
  });

  it('keeps documents up to the entry budget inclusive, lets the oldest go past it, and always the newest', () => {
    const reads = new NavReads<object>(3, 4);
    const [a, b, c] = [doc('(a)'), doc('(b)'), doc('(c)')];
    for (const d of [a, b, a]) reads.read(d, 1, reader(d));
    assert.strictEqual(a.reads, 1, 'two documents of two entries each fit a budget of four');
    reads.read(c, 1, reader(c));
    for (const d of [a, b]) reads.read(d, 1, reader(d));
    assert.deepStrictEqual([a.reads, b.reads], [1, 2], 'only the oldest was let go');
    const big = doc('(a b c d e f g h i j k)');
    for (let i = 0; i < 2; i++) reads.read(big, 1, reader(big));
    assert.strictEqual(big.reads, 1, 'a document over the budget alone is kept');
  });
});
