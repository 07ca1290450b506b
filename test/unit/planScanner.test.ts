import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';
import { NeedsFullParser, scanPlan, type PlanNode } from '../../src/chain/planScanner';

const MULTI = Symbol('multi-line');
import { CLARINET_FIXTURES } from './clarinetReaders';

/** What a node holds, as plain values: strings for every scalar, undefined for null and booleans. */
function plain(n: PlanNode | undefined): unknown {
  if (!n) return undefined;
  if (!n.isMap && !n.isSeq) {
    try {
      return n.text();
    } catch (e) {
      // A multi-line quoted scalar or a number: its value is the full parser's business.
      if (e instanceof NeedsFullParser) return MULTI;
      throw e;
    }
  }
  if (n.isSeq) return n.items().map(plain);
  if (n.isMap) {
    const out: Record<string, unknown> = {};
    // Keys in the order the scanner read them; `get` gives the first of duplicate keys.
    for (const key of n.keys()) if (!(key in out)) out[key] = plain(n.get(key));
    return out;
  }
  return n.text();
}

/** The full parser's reading, in the same terms. */
function expected(v: unknown): unknown {
  if (Array.isArray(v)) return v.length ? v.map(expected) : undefined; // `[]`, which the scanner reads as no value
  if (v && typeof v === 'object') {
    if (v instanceof Map || Object.keys(v).length === 0) return undefined;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, expected(x)]));
  }
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  return undefined;
}

function plansIn(dir: string): string[] {
  const d = path.join(dir, 'deployments');
  if (!fs.existsSync(d)) return [];
  return fs
    .readdirSync(d)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => path.join(d, f));
}

describe('the plan scanner reads what Clarinet writes as YAML does, and gives up on the rest', () => {
  const files = fs.readdirSync(CLARINET_FIXTURES).flatMap((d) => plansIn(path.join(CLARINET_FIXTURES, d)));

  it('reads the plans of the fixtures (real projects included) as the YAML parser does', () => {
    let read = 0;
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      let full: unknown;
      try {
        full = parse(text);
      } catch {
        assert.strictEqual(scanPlan(text), undefined, `${file}: broken YAML is left to the full parser`);
        continue;
      }
      const scanned = scanPlan(text);
      // Every fixture plan is inside the scanner's subset: one it gave up on would be read by the
      // full parser alike, so only this check sees a scanner that gives up on what it should read.
      assert.ok(scanned, `${file}: the scanner gave up on a plan Clarinet wrote`);
      assert.deepStrictEqual(plain(scanned), withMultiline(expected(full), plain(scanned)), file);
      read++;
    }
    assert.strictEqual(read, 18, `${read} of ${files.length} plans read by the scanner`);
  });

  it('reads a plan saved with Windows line ends as the same plan', () => {
    for (const file of files.filter((f) => !f.includes('bad-yaml'))) {
      const text = fs.readFileSync(file, 'utf8').replace(/\r?\n/g, '\n');
      const crlf = scanPlan(text.replace(/\n/g, '\r\n'));
      assert.ok(crlf, `${file} with CRLF`);
      assert.deepStrictEqual(plain(crlf), plain(scanPlan(text)!), file);
    }
  });

  it('gives up on what it does not read (the full parser takes those), and reads tags and the three forms', () => {
    const out = [
      'a: &x 1\nb: *x\n',
      'a: |\n  text\n',
      'a: [1, 2]\n',
      'a: {b: 1}\n',
      'a: b\n  c\n',
      '---\na: 1\n---\nb: 2\n',
      'a:\n\t- 1\n',
      'a: "unclosed\n',
      'a: "two\n  lines" b\n',
      'a: "escaped \\\n  \\"break"\n',
      '- - a\n',
      'a: b: c\n',
      '? a\n: b\n',
      '<<: *base\n',
      '- !tag {a: 1}\n',
    ];
    for (const t of out) assert.strictEqual(scanPlan(t), undefined, JSON.stringify(t));
    const tagged = scanPlan('x:\n  - !contract-publish\n    contract-name: a # note\n    path: "c/a.clar"\n')!;
    const item = tagged.get('x')!.items()[0]!;
    assert.strictEqual(item.tag, '!contract-publish');
    assert.strictEqual(item.get('contract-name')!.text(), 'a');
    assert.strictEqual(item.get('path')!.text(), 'c/a.clar');
    const compact = scanPlan(
      "plan:\n  batches:\n  - id: 0\n    transactions:\n    - transaction-type: contract-publish\n      contract-name: 'it''s'\n    epoch: '2.4'\n",
    )!;
    const batch = compact.get('plan')!.get('batches')!.items()[0]!;
    assert.strictEqual(batch.get('epoch')!.text(), '2.4');
    assert.strictEqual(batch.get('transactions')!.items()[0]!.get('contract-name')!.text(), "it's");
  });
});

/** The full reading with what the scanner leaves to the full parser (multi-line scalars, numbers) marked as it marks them. */
function withMultiline(full: unknown, scanned: unknown): unknown {
  if (scanned === MULTI) return full !== undefined ? MULTI : full;
  if (Array.isArray(full) && Array.isArray(scanned)) return full.map((x, i) => withMultiline(x, scanned[i]));
  if (full && typeof full === 'object' && scanned && typeof scanned === 'object')
    return Object.fromEntries(
      Object.entries(full).map(([k, x]) => [k, withMultiline(x, (scanned as Record<string, unknown>)[k])]),
    );
  return full;
}

describe('the plan scanner on the edges of its subset: what it reads, YAML reads alike; the rest it leaves', () => {
  /** Read by the scanner itself, as the YAML parser reads it. */
  const reads: Array<[string, string]> = [
    ['a comment after a value', 'a: b # note\nc: d\n'],
    ['a number with a comment after it', 'a: 1 # note\n'],
    ['a "#" inside a word is text', 'a: b#c\n'],
    ['a "#" inside quotes is text', 'a: \'x # y\'\nb: "p # q"\n'],
    ['a comment after a tab', 'a: b\t# note\n'],
    ['comments and blank lines anywhere', '# head\n\na: 1\n  # indented comment\n\nb: 2\n# tail'],
    ['a start marker, with a comment after it', '--- # plan\na: b\n'],
    ['a start marker after a comment', '# head\n---\na: b\n'],
    ['trailing blanks', 'a:   b   \nc:\n'],
    ['a sequence at the indent of its key', 'a:\n- x\n- y\nb: z\n'],
    ['a sequence under its key', 'a:\n  - x\n  - y\n'],
    ['a dash alone and one with blanks after it', 'a:\n  -\n  - \n  - x\n'],
    ['a dash alone before a map', 'a:\n  -\n    b: 1\n    c: 2\n'],
    ['a dash followed by several blanks', '-    a: 1\n     b: 2\n-  c\n'],
    ['maps as items', '- a: 1\n  b: 2\n- c: 3\n'],
    ['plain text starting with "-", ":" or "?"', 'a: -x\nb: :x\nc: ?x\nd: x-\n'],
    ['numbers left to the full parser', 'a: -1\nb: 0x10\nc: 1.5e3\nd: .5\ne: .inf\nf: 12abc\n'],
    ['null, booleans, {} and []', 'a: ~\nb: null\nc: true\nd: FALSE\ne: {}\nf: []\ng:\n'],
    ['quoted keys', '"a b": 1\n\'it\'\'s\': 2\n"q\\"k": 3\n'],
    ['escapes JSON knows', 'a: "tab\\tnew\\nquote\\"u\\u00e9"\n'],
    ['keys with dots, slashes and dashes', 'a.b/c-d_e: 1\n'],
    ['a key with blanks before its colon', 'a   : b\n'],
    ['a multi-line quoted value', 'a: "two\n  lines"\nb: c\n'],
    ['a top-level sequence', '- a\n- b\n'],
    ['a map indented as a whole', '  a: 1\n  b: 2\n'],
    // YAML's blanks are the space and the tab: a no-break space is text, also before "#" and at the end.
    ['a no-break space before "#"', 'a: b\u00a0#c\n'],
    ['a no-break space at the end', 'a: b \u00a0\n'],
    ['a no-break space inside a value after ":"', 'a: x:\u00a0y\n'],
    ['blanks and tabs on an empty line', '  \t\na: 1\n'],
    ['a tab before the colon of an indented key', 'x:\n  y\t: 1\n'],
    ['"---" and "..." inside a value', 'a: ---\nb: x...\n'],
    ['a value ending in "%"', 'a: 50%\n'],
    ['an item starting with "-" and one with " - " inside', '- -x\n- a - b-\n'],
    ['items ending in "!", "&" or "*", and one with "!" inside', '- wow!\n- a&\n- a*\n- x!tag\n'],
    ['a value ending in "\'"', "a: x'\n"],
    ['an apostrophe inside a word', "a: it's\nb: c\n"],
    ['a "#" with no blank after it ends the line', 'a: b #note\n'],
    ['a "#" with a blank after it, not before, is text', 'a: b# c\n'],
    ['a backslash ending a single-quoted value', "a: 'C:\\'\n"],
    ['a single-quoted value going on after a backslash', "a: 'x\\\n  y'\n"],
    ['a multi-line single-quoted value', "a: 'two\n  lines'\nb: c\n"],
    ['a multi-line double-quoted value with an escape on its first line', 'a: "tab\\there\n  more"\n'],
    ['an empty value before a sibling key', 'a:\nb: 1\n'],
    ['an empty value in an item before the next item', '- a:\n- b\n'],
    ['a quoted key with blanks before its colon', '"a" : 1\n'],
    ['a quoted key with its value under it, and one with nothing', '"a":\n  b: 1\n"c":\n'],
    ['a quoted key with several blanks before a long value', '"a b":   value\n'],
    ['text that only starts or ends like null or a boolean', 'a: nullable\nb: is true\n'],
  ];
  /** Outside the subset: the scanner gives up, and the full parser reads it (or refuses it). */
  const leaves: Array<[string, string]> = [
    ['nothing', ''],
    ['comments only', '# a\n\n  # b\n'],
    ['an end marker', 'a: 1\n...\n'],
    ['a document on the start line', '--- a\n'],
    ['a second start marker', '---\na: 1\n---\n'],
    ['a directive', '%YAML 1.2\n---\na: 1\n'],
    ['a tab before the content', '\ta: 1\n'],
    ['a tab inside the indentation', 'a:\n \t b: 1\n'],
    ['a tag with nothing under it', '- !contract-publish\n- x\n'],
    ['a tag on a sequence', '- !contract-publish\n  - x\n'],
    ['a tag on a scalar', 'a: !str x\n'],
    ['an anchor or an alias as an item', '- &a x\n- *a\n'],
    ['a plain value that goes on', 'a: b\n  c\n'],
    ['an item that goes on', '- b\n  c\n'],
    ['a value after a nested key', 'a: b: c\n'],
    ['a line indented past its siblings', 'a:\n    b: 1\n  c: 2\n'],
    ['a line indented past its map', 'a: 1\n  b: 2\n'],
    ['an item indented past its siblings', '- a\n  - b\n'],
    ['a sequence after a map at its indent', 'a: 1\n- b\n'],
    ['indicators', 'a: [\n'],
    ['a literal block', 'a: >\n  x\n'],
    ['an at sign', 'a: @x\n'],
    ['a backquote', 'a: `x`\n'],
    ['a percent in a value', 'a: %x\n'],
    ['text after a closing quote', 'a: "x" y\n'],
    ['an escape JSON does not know', 'a: "\\x41"\n'],
    ['a key JSON cannot read', '"\\x41": 1\n'],
    ['a quote not closed by the end', "a: 'x\n"],
    ['a line not a key', 'a: 1\nb\n'],
    ['a map outdented below the first line', '  a: 1\nb: 2\n'],
    ['a no-break space before a key', '\u00a0a: 1\n'],
    ['a no-break space before a colon', 'a\u00a0: b\n'],
    ['a no-break space after a colon (a plain text, not a key)', 'a:\u00a0b\n'],
    ['a tab after a dash, before a map or a text', '-\ta: 1\n  b: 2\n-\tx\n'],
    ['a no-break space after a dash', '-\u00a0x\n'],
    ['a no-break space after a start marker', '---\u00a0x\n'],
    ['an indented "---", which is no start marker', '  ---\n  a: 1\n'],
    ['an end marker with a start marker after it', '... ---\na: 1\n'],
    ['a document on the start line, then a map', '--- a\nb: 1\n'],
    ['two start markers before the map', '---\n---\na: 1\n'],
    ['a line that is only a backslash inside a double-quoted value', 'a: "x\n\\\n  y"\n'],
    ['an apostrophe right after a closing double quote, then a line closing a quote', 'a: "x"\'\n  y"\n'],
    ['a map item, then an item indented past its dash', '-\n    a: 1\n  - b\n'],
    ['an item under a map that is an item', '- a: 1\n  - b\n'],
    ['a tag with text on its line, and a map under it', '- !tag x\n  a: 1\n'],
    ['a map item at the indent of a map', 'a: 1\n- b: 2\n'],
    ['a quoted key after text', 'x "a": 1\n'],
    ['text, then a quote going on over lines', 'a: x "y\n  z"\n'],
    ['text after a single-quoted value', "a: 'x' y\n"],
    ['a flow sequence with "-" inside', 'a: [a-b]\n'],
    ['a flow sequence with "?" inside', 'a: [x?y]\n'],
    ['a value ending in ":"', 'a: b:\n'],
  ];

  for (const [what, text] of reads)
    it(`reads ${what}`, () => {
      const scanned = scanPlan(text);
      assert.ok(scanned, `the scanner gave up on ${JSON.stringify(text)}`);
      assert.deepStrictEqual(
        plain(scanned),
        withMultiline(expected(parse(text)), plain(scanned)),
        JSON.stringify(text),
      );
    });

  it('leaves to the full parser: ' + leaves.map(([what]) => what).join('; '), () => {
    const read = leaves.filter(([, text]) => scanPlan(text) !== undefined).map(([what]) => what);
    assert.deepStrictEqual(read, []);
  });
});

describe('the plan scanner: numbers, positions and the parts of a node', () => {
  it('a value YAML reads as a number is left to the full parser; one it reads as text, the scanner reads itself', () => {
    const values = ['12', '012', '+12', '-01', '0o17', '0x1F', '1.', '1.25', '.25', '1e10', '1e-5', '-.inf'];
    const texts = ['12abc', 'x1', 'x.inf', '0o8', '1e', '1.5.2'];
    for (const v of [...values, ...texts]) {
      const text = `a: ${v}\n`;
      const full: unknown = (parse(text) as Record<string, unknown>).a;
      const value = scanPlan(text)!.get('a')!;
      if (typeof full === 'number') assert.throws(() => value.text(), NeedsFullParser, v);
      else assert.strictEqual(value.text(), full, v);
    }
    // Every value above is in the list YAML reads it as, so the check covers both ways.
    assert.ok(values.every((v) => typeof (parse(`a: ${v}`) as Record<string, unknown>).a === 'number'));
    assert.ok(texts.every((v) => typeof (parse(`a: ${v}`) as Record<string, unknown>).a === 'string'));
  });

  it('where a node starts: after a value over several lines, and on an indented line that opens one', () => {
    const text = 'x:\n  a: "two\n  lines"\n  b: c\n';
    const x = scanPlan(text)!.get('x')!;
    assert.strictEqual(x.get('a')!.offset, text.indexOf('a: "two'));
    assert.strictEqual(x.get('b')!.offset, text.indexOf('b: c'));
  });

  it('single() is the entry of a one-entry map only; keys() of a sequence is empty', () => {
    assert.strictEqual(scanPlan('a: 1\nb: 2\n')!.single(), undefined);
    const [key, value] = scanPlan('a: x\n')!.single()!;
    assert.strictEqual(key, 'a');
    assert.strictEqual(value!.text(), 'x');
    assert.deepStrictEqual(scanPlan('- a\n- b\n')!.keys(), []);
  });

  it('a fault of the scanner itself is thrown, not taken for a plan outside its subset', () => {
    assert.throws(() => scanPlan(undefined as unknown as string), TypeError);
  });
});
