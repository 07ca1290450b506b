import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '../../..');
const read = (f: string): unknown => JSON.parse(fs.readFileSync(path.join(ROOT, f), 'utf8'));

type Json = Record<string, unknown>;
const pkg = read('package.json') as Json;
const english = read('package.nls.json') as Record<string, string>;
const LANGUAGES = fs.readdirSync(ROOT).flatMap((f) => /^package\.nls\.([a-z-]+)\.json$/.exec(f)?.[1] ?? []);

/** Every string of the manifest a user reads, with where it is. */
function userFacing(): Array<[where: string, value: unknown]> {
  const c = pkg.contributes as Json;
  const out: Array<[string, unknown]> = [
    ['displayName', pkg.displayName],
    ['description', pkg.description],
  ];
  const each = <T extends Json>(list: unknown, f: (x: T, i: number) => void) =>
    ((list as T[] | undefined) ?? []).forEach(f);
  each(c.commands, (x) =>
    out.push([`command ${String(x.command)}`, x.title], [`category ${String(x.command)}`, x.category]),
  );
  for (const list of Object.values((c.viewsContainers as Json) ?? {}))
    each(list, (x) => out.push([`container ${String(x.id)}`, x.title]));
  for (const list of Object.values((c.views as Json) ?? {}))
    each(list, (x) =>
      out.push([`view ${String(x.id)}`, x.name], [`view ${String(x.id)} contextualTitle`, x.contextualTitle]),
    );
  each(c.viewsWelcome, (x, i) => out.push([`viewsWelcome ${i}`, x.contents]));
  each(c.configuration, (s) => {
    out.push([`configuration ${String(s.title)}`, s.title]);
    for (const [k, v] of Object.entries(s.properties as Record<string, Json>)) {
      for (const f of ['description', 'markdownDescription', 'deprecationMessage', 'markdownDeprecationMessage'])
        if (f in v) out.push([`${k} ${f}`, v[f]]);
      for (const f of ['enumDescriptions', 'markdownEnumDescriptions'])
        ((v[f] as unknown[] | undefined) ?? []).forEach((e, j) => out.push([`${k} ${f}[${j}]`, e]));
    }
  });
  each(c.walkthroughs, (w) => {
    out.push([`walkthrough ${String(w.id)}`, w.title], [`walkthrough ${String(w.id)} description`, w.description]);
    each(w.steps, (st) => {
      out.push([`step ${String(st.id)}`, st.title], [`step ${String(st.id)} description`, st.description]);
      const m = st.media as Json | undefined;
      if (m && 'altText' in m) out.push([`step ${String(st.id)} altText`, m.altText]);
    });
  });
  each(c.languageModelTools, (t) =>
    out.push([`tool ${String(t.name)}`, t.displayName], [`tool ${String(t.name)} userDescription`, t.userDescription]),
  );
  return out.filter(([, v]) => v !== undefined);
}

/** What a translation must keep as it is: command links, setting links, codicons, placeholders. */
const tokens = (s: string): string[] =>
  (s.match(/\(command:[^)]+\)|#[\w.]+#|\$\([\w-]+\)|\{\d+\}|`[^`]*`/g) ?? [])
    .filter(
      // Code spans may be translated when they hold words (`Stacks: Get Started`); ids and URLs may not.
      (t) => !t.startsWith('`') || !/\s/.test(t) || /^`(https?:|#|\/)/.test(t),
    )
    .sort();

describe('The manifest speaks through package.nls.json, and every language says all of it', () => {
  it('every user-facing string of package.json is a %key% that package.nls.json defines', () => {
    const literal = userFacing().filter(([, v]) => typeof v !== 'string' || !/^%[\w.-]+%$/.test(v));
    assert.deepStrictEqual(
      literal.map(([w, v]) => `${w}: ${JSON.stringify(v)}`),
      [],
      'strings not in package.nls.json',
    );
    const missing = userFacing().filter(([, v]) => !((v as string).slice(1, -1) in english));
    assert.deepStrictEqual(
      missing.map(([w]) => w),
      [],
      'keys package.nls.json does not define',
    );
  });

  it('package.nls.json holds no key the manifest does not use', () => {
    const used = new Set(userFacing().map(([, v]) => (v as string).slice(1, -1)));
    assert.deepStrictEqual(
      Object.keys(english).filter((k) => !used.has(k)),
      [],
    );
  });

  it('there is at least one translation, and each has every key, keeps every link and placeholder, and is translated', () => {
    assert.ok(LANGUAGES.length >= 1, 'no package.nls.<language>.json');
    for (const lang of LANGUAGES) {
      const t = read(`package.nls.${lang}.json`) as Record<string, string>;
      assert.deepStrictEqual(Object.keys(t).sort(), Object.keys(english).sort(), `${lang}: keys`);
      for (const [k, en] of Object.entries(english))
        assert.deepStrictEqual(tokens(t[k]!), tokens(en), `${lang}: ${k} must keep its links and placeholders`);
      const same = Object.keys(english).filter((k) => t[k] === english[k] && /\s/.test(english[k]!));
      // Names stay names (Stacks Lookup); sentences are translated.
      assert.deepStrictEqual(
        same.filter((k) => english[k]!.split(/\s+/).length > 2),
        [],
        `${lang}: untranslated`,
      );
    }
  });
});
