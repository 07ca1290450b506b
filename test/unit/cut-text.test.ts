import * as assert from 'assert';
import { checkTxId, short } from '../../src/chain/identifiers';
import { clip } from '../../src/chain/format';
import { inertNotification } from '../../src/ui/shared/errorText';

// Every place that cuts a stranger's text to a length uses one rule: between characters, never
// inside a surrogate pair, so a message never ends in half an emoji (shown as a replacement mark).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const EMOJI = '😀'; // two UTF-16 code units

describe('cutting text to a length', () => {
  for (const odd of [0, 1]) {
    const text = 'x'.repeat(odd) + EMOJI.repeat(400);
    it(`never splits a character (${odd ? 'odd' : 'even'} start)`, () => {
      for (const max of [24, 47, 48, 159, 600]) {
        assert.doesNotMatch(clip(text, max), LONE_SURROGATE, `clip ${max}`);
        assert.doesNotMatch(short(text, max), LONE_SURROGATE, `short ${max}`);
        assert.doesNotMatch(inertNotification(text, max), LONE_SURROGATE, `notification ${max}`);
      }
    });
  }

  it('counts characters, not code units, and marks the cut', () => {
    assert.strictEqual(short(EMOJI.repeat(10), 5), `${EMOJI.repeat(4)}…`);
    assert.strictEqual(inertNotification(EMOJI.repeat(10), 5), `${EMOJI.repeat(4)}…`);
    assert.strictEqual(short(EMOJI.repeat(5), 5), EMOJI.repeat(5));
  });

  it('reaches the messages that quote bad input', () => {
    const r = checkTxId(EMOJI.repeat(100));
    assert.ok(!r.ok);
    assert.doesNotMatch(r.reason, LONE_SURROGATE);
  });
});
