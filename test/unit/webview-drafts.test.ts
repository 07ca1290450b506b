import * as assert from 'assert';
import { DRAFT_CHARS, DRAFT_PLACES, Drafts, placeKey, readDrafts } from '../../src/webview/drafts';

const place = (i: number) =>
  placeKey({ kind: 'contract', id: `SP000000000000000000002Q6VF78.c${i}`, network: 'mainnet' });

describe('webview drafts of the workbench', () => {
  it('keeps what was typed for the last 8 places and forgets the oldest one first', () => {
    assert.strictEqual(DRAFT_PLACES, 8);
    const drafts = new Drafts();
    for (let i = 0; i < 9; i++) drafts.record(place(i), (d) => (d.values['fn:get'] = [`u${i}`]));
    assert.strictEqual(drafts.size, 8);
    assert.strictEqual(drafts.of(place(0), false), undefined, 'the first place is forgotten');
    assert.deepStrictEqual(drafts.of(place(8), false)?.values['fn:get'], ['u8']);
  });

  it('moves a place that is used again to the newest, so it outlives places left alone', () => {
    const drafts = new Drafts();
    for (let i = 0; i < 8; i++) drafts.record(place(i), (d) => (d.sender = `S${i}`));
    drafts.record(place(0), (d) => (d.sender = 'again'));
    drafts.record(place(8), (d) => (d.sender = 'new'));
    assert.strictEqual(drafts.of(place(0), false)?.sender, 'again');
    assert.strictEqual(drafts.of(place(1), false), undefined);
  });

  it('drops a place whose text passes 200,000 characters instead of keeping a cut copy', () => {
    assert.strictEqual(DRAFT_CHARS, 200_000);
    const drafts = new Drafts();
    drafts.record(place(1), (d) => (d.values['fn:a'] = ['x'.repeat(DRAFT_CHARS)]));
    assert.ok(drafts.of(place(1), false), 'exactly at the limit it is kept');
    drafts.record(place(1), (d) => (d.at['calls'] = 'y'));
    assert.strictEqual(drafts.of(place(1), false), undefined, 'one character more and it is gone');
    assert.strictEqual(drafts.toState(), undefined, 'nothing is saved for it');
  });

  it('reads back only strings from a saved state, whatever else it holds', () => {
    const read = readDrafts({
      kind: 'contract',
      drafts: {
        [place(1)]: {
          values: { 'fn:a': ['u1', 5, null, 'u2'] },
          open: ['fn:a', {}],
          sender: 7,
          at: { calls: 'latest', x: 1 },
        },
        [place(2)]: 'not a draft',
      },
    });
    assert.deepStrictEqual([...read.keys()], [place(1)]);
    assert.deepStrictEqual(read.get(place(1)), {
      values: { 'fn:a': ['u1', 'u2'] },
      open: ['fn:a'],
      at: { calls: 'latest' },
    });
  });

  it('keeps at most 8 places from a saved state that holds more', () => {
    const saved: Record<string, unknown> = {};
    for (let i = 0; i < 12; i++) saved[place(i)] = { values: {}, open: [], at: {} };
    const read = readDrafts({ drafts: saved });
    assert.strictEqual(read.size, 8);
    assert.ok(read.has(place(11)) && !read.has(place(3)), 'the newest are kept');
  });

  it('saves what it reads back', () => {
    const drafts = new Drafts();
    drafts.record(place(3), (d) => {
      d.values['fn:transfer'] = ['u100', "'SP2C2YFP12AJZB4MABJBAJ55XECVS7E4PMMZ89YZR"];
      d.open.push('fn:transfer');
    });
    const again = new Drafts(readDrafts({ drafts: drafts.toState() }));
    assert.deepStrictEqual(again.of(place(3), false), drafts.of(place(3), false));
  });
});
