// Numbers and amounts in VS Code's display language (issue 46): the extension hands in
// `vscode.env.language` at activation (`useLocale`), and every count, height and amount of the
// hovers, panels, the view and notifications is written the way that language writes numbers.
import * as assert from 'assert';
import { formatCount, formatInt, formatMicroStx, formatStx, formatTokenAmount } from '../../src/chain/format';
import { locale, useLocale } from '../../src/chain/l10n';
import { outcomeOf } from '../../src/chain/txWatch';

describe('numbers in the display language', () => {
  afterEach(() => useLocale(undefined));

  it('English until the extension says otherwise', () => {
    assert.strictEqual(locale(), 'en');
    assert.strictEqual(formatStx('1234567890123'), '1,234,567.890123 STX');
    assert.strictEqual(formatMicroStx('1000000'), '1,000,000 µSTX');
    assert.strictEqual(formatCount(164_123), '164,123');
  });

  it('Spanish: dots group thousands, a comma parts the decimals, exactly', () => {
    useLocale('es');
    assert.strictEqual(formatStx('1234567890123'), '1.234.567,890123 STX');
    assert.strictEqual(formatStx('-950000'), '-0,95 STX');
    assert.strictEqual(formatMicroStx('1000000'), '1.000.000 µSTX');
    assert.strictEqual(formatMicroStx('-25000000'), '-25.000.000 µSTX');
    assert.strictEqual(formatTokenAmount('123456789012345678901234567890', 8), '1.234.567.890.123.456.789.012,3456789');
    assert.strictEqual(formatCount(164_123), '164.123');
    assert.strictEqual(formatInt(12_345.678), '12.345,68');
  });

  it('a watch notification says the block height the Spanish way', () => {
    useLocale('es');
    const outcome = outcomeOf(`0x${'ab'.repeat(32)}`, { tx_status: 'success', block_height: 7_654_321 });
    const text = outcome.ended ? outcome.message : '';
    assert.match(text, /7\.654\.321/);
    assert.doesNotMatch(text, /7,654,321/);
  });

  it('a language Intl does not know falls back to English, never throws', () => {
    useLocale('not a locale!');
    assert.strictEqual(formatStx('1500000'), '1.5 STX');
    assert.strictEqual(formatCount(1234), '1,234');
  });
});
