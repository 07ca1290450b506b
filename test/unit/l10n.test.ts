import * as assert from 'assert';
import * as l10n from '../../src/chain/l10n';

// The pure half of runtime localisation; the bundles themselves are checked in runtime-l10n.test.ts.
describe('Runtime strings: the translator of the layers without vscode', () => {
  it('without a translator a message is its English with the placeholders filled, as vscode.l10n.t does', () => {
    assert.strictEqual(l10n.t('{0} of {1}, {0} again, {2} stays', 'a', 2), 'a of 2, a again, {2} stays');
    const eleven = Array.from({ length: 11 }, (_, i) => `v${i}`);
    assert.strictEqual(l10n.t('{10} after {9}', ...eleven), 'v10 after v9', 'a placeholder of two digits');
    assert.strictEqual(l10n.format('{1}', ['a']), '{1}');
  });

  it('the translator handed in at activation translates the layers without vscode, and can be taken back', () => {
    try {
      l10n.useTranslator((m, ...a) => `«${l10n.format(m, a)}»`);
      assert.strictEqual(l10n.t('Hello {0}', 'x'), '«Hello x»');
    } finally {
      l10n.useTranslator(undefined);
    }
    assert.strictEqual(l10n.t('Hello {0}', 'x'), 'Hello x');
  });
});
