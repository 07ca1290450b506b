import * as assert from 'assert';
import {
  clip,
  decodeMemo,
  formatAge,
  formatInt,
  formatMicroStx,
  formatStx,
  formatTime,
  formatTokenAmount,
  statusLabel,
  statusTone,
  txTypeLabel,
} from '../../src/chain/format';
import { untyped } from '../fakes/fetch';

describe('format', () => {
  describe('formatStx', () => {
    it('shows micro-STX as exact STX with grouped thousands and no trailing zeros', () => {
      assert.strictEqual(formatStx('1000000'), '1 STX');
      assert.strictEqual(formatStx('1234567'), '1.234567 STX');
      assert.strictEqual(formatStx('1500000'), '1.5 STX');
      assert.strictEqual(formatStx('1000'), '0.001 STX');
      assert.strictEqual(formatStx('1'), '0.000001 STX');
      assert.strictEqual(formatStx(1234567890000000n), '1,234,567,890 STX');
      assert.strictEqual(formatStx('2500000', { unit: false }), '2.5');
    });
    it('stays exact beyond 2^53', () => {
      assert.strictEqual(formatStx('9007199254740993'), '9,007,199,254.740993 STX');
      assert.strictEqual(
        formatStx('340282366920938463463374607431768211455'),
        '340,282,366,920,938,463,463,374,607,431,768.211455 STX',
      );
    });
    it('handles zero, negative values and numbers', () => {
      assert.strictEqual(formatStx('0'), '0 STX');
      assert.strictEqual(formatStx(0), '0 STX');
      assert.strictEqual(formatStx('-1500000'), '-1.5 STX');
      assert.strictEqual(formatStx(-5), '-0.000005 STX');
      assert.strictEqual(formatStx(2000000), '2 STX');
    });
    it('shows a dash for nothing and never the raw text of something that is not a number', () => {
      assert.strictEqual(formatStx(undefined), '—');
      assert.strictEqual(formatStx(''), '—');
      assert.strictEqual(formatStx(untyped(null)), '—', 'a null the API wrote for an amount');
      // Issue 11, item 4: the raw string went into hovers unescaped.
      for (const bad of [
        '12abc',
        '[Claim](https://evil.example) ![t](https://evil.example/p.png)',
        '0x10',
        ' 12 ',
        '1e3',
      ])
        assert.strictEqual(formatStx(bad), 'not a number', bad);
      assert.strictEqual(formatStx(Number.NaN), 'not a number');
      assert.strictEqual(formatStx(Infinity), 'not a number');
    });
  });

  it('formatMicroStx groups the exact integer', () => {
    assert.strictEqual(formatMicroStx('1234567'), '1,234,567 µSTX');
    assert.strictEqual(formatMicroStx('9007199254740993'), '9,007,199,254,740,993 µSTX');
    assert.strictEqual(formatMicroStx(-1234), '-1,234 µSTX');
    assert.strictEqual(formatMicroStx('0'), '0 µSTX');
    assert.strictEqual(formatMicroStx(undefined), '—');
    assert.strictEqual(formatMicroStx(''), '—');
    assert.strictEqual(formatMicroStx('x1'), 'not a number');
    assert.strictEqual(formatMicroStx('<img src=x>'), 'not a number');
  });

  it('formatTokenAmount places the decimal point the token states, up to 38 places', () => {
    assert.strictEqual(formatTokenAmount('5', 3), '0.005', 'leading zeros of the fraction are kept');
    assert.strictEqual(formatTokenAmount('1050000', 7), '0.105', 'only trailing zeros are trimmed');
    assert.strictEqual(formatTokenAmount('0', 6), '0', 'zero has no sign');
    assert.strictEqual(formatTokenAmount('1', 38), `0.${'0'.repeat(37)}1`);
    assert.strictEqual(formatTokenAmount('1', 39), undefined, 'more than 38 decimals is shown raw');
    assert.strictEqual(formatTokenAmount('1', -1), undefined);
    assert.strictEqual(formatTokenAmount('1', 1.5), undefined);
    assert.strictEqual(formatTokenAmount('0x10', 0), undefined);
  });

  it('formatTime shows UTC to the second, from unix seconds or ISO', () => {
    assert.strictEqual(formatTime(1613009951), '2021-02-11 02:19:11 UTC');
    assert.strictEqual(formatTime(undefined, '2021-02-11T02:19:11.000Z'), '2021-02-11 02:19:11 UTC');
    assert.strictEqual(formatTime(0, '2024-01-02T03:04:05Z'), '2024-01-02 03:04:05 UTC');
    assert.strictEqual(formatTime(), '—');
    assert.strictEqual(formatTime(undefined, 'not a date'), '—');
  });

  it('formatInt groups thousands and keeps at most two decimals (execution costs, fee rates)', () => {
    assert.strictEqual(formatInt(15_000_000), '15,000,000');
    assert.strictEqual(formatInt(1234.5678), '1,234.57');
    assert.strictEqual(formatInt(0.125), '0.13');
    assert.strictEqual(formatInt(Number.NaN), '—');
    assert.strictEqual(formatInt(undefined), '—');
  });

  it('formatAge says how long ago, in the largest whole unit', () => {
    const now = Date.UTC(2024, 0, 10, 12, 0, 0);
    const s = now / 1000;
    assert.strictEqual(formatAge(s - 20, now), 'just now');
    assert.strictEqual(formatAge(s - 60, now), '1 minute ago');
    assert.strictEqual(formatAge(s - 2 * 3600 - 59, now), '2 hours ago');
    assert.strictEqual(formatAge(s - 86400, now), '1 day ago');
    assert.strictEqual(formatAge(s - 3 * 86400, now), '3 days ago');
    assert.strictEqual(formatAge(s - 45 * 86400, now), '1 month ago');
    assert.strictEqual(formatAge(s - 400 * 86400, now), '1 year ago');
    assert.strictEqual(formatAge(s, now), 'just now', 'this very second is not the future');
    assert.strictEqual(formatAge(s + 600, now), 'in the future');
    assert.strictEqual(formatAge(undefined, now), '');
    assert.strictEqual(formatAge(0, now), '');
  });

  describe('decodeMemo', () => {
    it('decodes printable UTF-8 and drops the zero padding', () => {
      assert.strictEqual(decodeMemo('0x68656c6c6f'), 'hello');
      assert.strictEqual(decodeMemo('0x6869' + '00'.repeat(32)), 'hi');
      assert.strictEqual(decodeMemo('0xe282ac2035'), '€ 5');
      assert.strictEqual(decodeMemo('0x610a62'), 'a\nb');
    });
    it('gives nothing for binary, all-zero, empty or malformed memos', () => {
      assert.strictEqual(decodeMemo('0x00ff01'), undefined);
      assert.strictEqual(decodeMemo('0x6100620000'), undefined, 'a zero byte inside the text');
      assert.strictEqual(decodeMemo('0x' + '00'.repeat(34)), undefined);
      assert.strictEqual(decodeMemo('0x'), undefined);
      assert.strictEqual(decodeMemo('0x123'), undefined);
      assert.strictEqual(decodeMemo('0x68656c6c6f0'), undefined, 'an odd number of digits, printable if cut');
      assert.strictEqual(decodeMemo('68690x'), undefined, 'digits before the 0x');
      assert.strictEqual(decodeMemo('0x6869zz'), undefined, 'text after the digits');
      assert.strictEqual(decodeMemo('hello'), undefined);
      assert.strictEqual(decodeMemo(undefined), undefined);
    });
  });

  it('statusLabel, statusTone and txTypeLabel use words a user knows', () => {
    assert.strictEqual(statusLabel('success'), 'Success');
    assert.strictEqual(statusLabel('pending'), 'Pending');
    assert.strictEqual(statusLabel('abort_by_response'), 'Failed (aborted by response)');
    assert.strictEqual(statusLabel('abort_by_post_condition'), 'Failed (post-condition)');
    assert.strictEqual(statusLabel('dropped_replace_by_fee'), 'Dropped (replace by fee)');
    assert.strictEqual(statusLabel('problematic_skipped'), 'Skipped (problematic)');
    assert.deepStrictEqual(
      [
        'success',
        'pending',
        'abort_by_response',
        'abort_by_post_condition',
        'dropped_stale_garbage_collect',
        'something_new',
      ].map(statusTone),
      ['success', 'pending', 'failed', 'failed', 'dropped', 'other'],
    );
    assert.strictEqual(txTypeLabel('token_transfer'), 'Token transfer');
    assert.strictEqual(txTypeLabel('contract_call'), 'Contract call');
    assert.strictEqual(txTypeLabel('smart_contract'), 'Contract deploy');
    assert.strictEqual(txTypeLabel('tenure_change'), 'Tenure change');
    assert.strictEqual(txTypeLabel('new_kind_of_tx'), 'new kind of tx');
  });

  describe('clip', () => {
    it('keeps short text and cuts long text to the limit with an ellipsis', () => {
      assert.strictEqual(clip('short', 10), 'short');
      assert.strictEqual(clip('abcdefghijkl', 10), 'abcdefghi…');
      assert.strictEqual(Array.from(clip('x'.repeat(500))).length, 160);
      assert.strictEqual(clip('  ab   cdefgh', 7), '  ab…', 'spaces before the cut go, leading ones stay');
    });
    it('never splits a surrogate pair', () => {
      const s = '😀'.repeat(20);
      const c = clip(s, 10);
      assert.strictEqual(c, `${'😀'.repeat(9)}…`);
      assert.ok(!/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(c), 'no lone high surrogate');
    });
  });
});
