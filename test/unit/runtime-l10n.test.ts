import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '../../..');
const BUNDLES = path.join(ROOT, 'l10n');
const read = (f: string): Record<string, string> => JSON.parse(fs.readFileSync(path.join(BUNDLES, f), 'utf8'));
const english = read('bundle.l10n.json');
const LANGUAGES = fs.readdirSync(BUNDLES).flatMap((f) => /^bundle\.l10n\.([a-z-]+)\.json$/.exec(f)?.[1] ?? []);

/** What a translation keeps as it is: placeholders, codicons, Clarity code and error names. */
const kept = (s: string): string[] =>
  (s.match(/\{\d+\}|\$\([\w~-]+\)|\(define-[\w-]+|\b(?:ERR|ERR_)[A-Z_]+\b|\bu\d+\b/g) ?? []).sort();

describe('Runtime strings: the l10n bundles', () => {
  it('l10n/bundle.l10n.json is exactly what `npm run l10n:export` extracts from src/', function () {
    this.timeout(60_000);
    const exported = execFileSync(process.execPath, [path.join(ROOT, 'scripts/l10n-export.mjs'), '--stdout'], {
      encoding: 'utf8',
    });
    assert.deepStrictEqual(
      JSON.parse(exported),
      english,
      'the English bundle drifted from the sources: run `npm run l10n:export`',
    );
  });

  it('every translation has every key, keeps every placeholder and codicon, and is translated', () => {
    assert.ok(LANGUAGES.length >= 1, 'no l10n/bundle.l10n.<language>.json');
    for (const lang of LANGUAGES) {
      const t = read(`bundle.l10n.${lang}.json`);
      assert.deepStrictEqual(Object.keys(t).sort(), Object.keys(english).sort(), `${lang}: keys`);
      for (const [k, en] of Object.entries(english)) {
        assert.strictEqual(typeof t[k], 'string', `${lang}: ${k}`);
        assert.deepStrictEqual(kept(t[k]!), kept(en), `${lang}: "${k}" must keep its placeholders and codicons`);
      }
      // Sentences are translated; a name or a short technical term may stay as it is.
      const words = (s: string) => (s.replace(/\$\([\w~-]+\)/g, '').match(/\p{L}{2,}/gu) ?? []).length;
      const same = Object.keys(english).filter((k) => t[k] === english[k] && words(english[k]!) > 2);
      assert.deepStrictEqual(same, [], `${lang}: untranslated`);
    }
  });

  it("the panel's own words: every t('…') of src/webview is one the host translates for it", () => {
    const sent = fs.readFileSync(path.join(ROOT, 'src/ui/panels/webviewStrings.ts'), 'utf8');
    const translated = new Set(
      [...sent.matchAll(/(?:'((?:[^'\\]|\\.)*)'|(\w+)):\s*vscode\.l10n\.t\(\s*'((?:[^'\\]|\\.)*)'/g)].map((m) => {
        const key = m[1] ?? m[2]!;
        assert.strictEqual(key, m[3], 'a word is keyed by the English it translates');
        return key;
      }),
    );
    const used = fs
      .readdirSync(path.join(ROOT, 'src/webview'))
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => [
        ...fs.readFileSync(path.join(ROOT, 'src/webview', f), 'utf8').matchAll(/\bt\('((?:[^'\\]|\\.)*)'/g),
      ])
      .map((m) => m[1]!);
    assert.ok(used.length > 20, 'the webview speaks through t()');
    assert.deepStrictEqual(
      [...new Set(used)].filter((w) => !translated.has(w)),
      [],
      'add these to src/ui/panels/webviewStrings.ts',
    );
  });
});
