import * as assert from 'assert';
import { Entry, mergeParams, Places } from '../../src/ui/panels/places';

const at = (id: string): Entry => ({ target: { kind: 'block', id, network: 'mainnet' }, params: {} });

describe("the detail panel's back/forward history", () => {
  it('goes back and forward, and a new place drops what was forward of it', () => {
    const p = new Places();
    assert.strictEqual(new Places().here, undefined);
    for (const id of ['1', '2', '3']) p.push(at(id));
    p.back();
    p.back();
    assert.strictEqual(p.here?.target.id, '1');
    assert.ok(!p.canBack && p.canForward);
    p.forward();
    p.push(at('9'));
    assert.strictEqual(p.here?.target.id, '9');
    assert.strictEqual(p.previous?.target.id, '2');
    assert.ok(!p.canForward);
  });

  it('keeps the last 50 places', () => {
    const p = new Places();
    for (let i = 0; i < 60; i++) p.push(at(String(i)));
    let steps = 0;
    while (p.canBack) {
      p.back();
      steps++;
    }
    assert.strictEqual(steps, 49);
    assert.strictEqual(p.here?.target.id, '10');
  });

  it('a new transaction page closes the expanded row; the balance is at a block or unanchored, never both', () => {
    assert.deepStrictEqual(mergeParams({ txOffset: 0, expand: '0xab', expandOffset: 5 }, { txOffset: 50 }), {
      txOffset: 50,
    });
    assert.deepStrictEqual(mergeParams({ unanchored: true }, { untilBlock: '100' }), { untilBlock: '100' });
    assert.deepStrictEqual(mergeParams({ untilBlock: '100' }, { unanchored: true }), { unanchored: true });
  });
});
