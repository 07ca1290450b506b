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
  if (Array.isArray(v)) return v.map(expected);
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
