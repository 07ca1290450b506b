import * as assert from 'assert';
import { composePlan, MAX_PLAN_NESTING } from '../../src/chain/planYaml';
import type { PlanNode } from '../../src/chain/planScanner';

/** What a node holds, as plain values: strings for scalars (numbers as written), undefined for null and booleans. */
function plain(n: PlanNode | undefined): unknown {
  if (!n) return undefined;
  if (n.isSeq) return n.items().map(plain);
  if (n.isMap) return Object.fromEntries(n.keys().map((k) => [k, plain(n.get(k))]));
  return n.text();
}

function read(text: string): PlanNode | undefined {
  const r = composePlan(text, 'deployments/default.testnet-plan.yaml');
  assert.ok(r.ok, r.ok ? '' : r.problem.message);
  return r.root;
}

function problem(text: string): [number | undefined, number | undefined, string] {
  const r = composePlan(text, 'deployments/default.testnet-plan.yaml');
  assert.ok(!r.ok, `${JSON.stringify(text)} was read`);
  assert.strictEqual(r.problem.file, 'deployments/default.testnet-plan.yaml');
  return [r.problem.line, r.problem.column, r.problem.message];
}

const REFUSED =
  'Lists or maps are nested more than 64 deep here, where Clarinet writes a few levels at most, so the plan was not read. Remove the nesting, or write the plan again with "clarinet deployments generate".';

describe('Deployment plans the scanner leaves: the full YAML parser', () => {
  it('reads flow collections, anchors and aliases, numbers as written, and a tag on a flow map', () => {
    assert.deepStrictEqual(plain(read('a: [1, {b: c}]\nx: &q v\ny: *q\nn: 42\nf: 1.5\nt: true\nz: null\n')), {
      a: ['1', { b: 'c' }],
      x: 'v',
      y: 'v',
      n: '42',
      f: '1.5',
      t: undefined,
      z: undefined,
    });
    const tagged = read('- !contract-publish {contract-name: a, path: "c/a.clar"}\n- plain: map\n')!;
    const [publish, other] = tagged.items();
    assert.strictEqual(publish!.tag, '!contract-publish');
    assert.strictEqual(publish!.get('contract-name')!.text(), 'a');
    assert.strictEqual(other!.tag, undefined);
    assert.ok(!('tag' in other!), 'an untagged node has no tag at all');
  });

  it('a duplicate key is read (the first), not refused; keys that are not text are left out', () => {
    const root = read('a: 1\na: 2\n1: one\n[k]: list\nb: two\n')!;
    assert.strictEqual(root.get('a')!.text(), '1');
    assert.deepStrictEqual(root.keys(), ['a', 'a', 'b']);
  });

  it('single(): the key and value of a one-entry map only', () => {
    const [one, two, seq] = read('- contract-publish: {contract-name: a}\n- a: 1\n  b: 2\n- [x]\n')!.items();
    const [key, value] = one!.single()!;
    assert.strictEqual(key, 'contract-publish');
    assert.strictEqual(value!.get('contract-name')!.text(), 'a');
    assert.strictEqual(two!.single(), undefined);
    assert.strictEqual(seq!.single(), undefined);
    assert.deepStrictEqual(read('? [a]\n: b\n')!.single()![0], undefined);
  });

  it('where each node starts, and its line', () => {
    const r = composePlan('plan:\n  batches:\n    - id: 0\n', 'p.yaml');
    assert.ok(r.ok);
    const batch = r.root!.get('plan')!.get('batches')!.items()[0]!;
    assert.strictEqual(r.lineOf(batch.offset), 3);
    assert.strictEqual(r.lineOf(r.root!.offset), 1);
  });

  it('an empty plan has no root; a null root has no text; a scalar root is text, with no keys, items or entry', () => {
    assert.strictEqual(read(''), undefined);
    assert.strictEqual(read('~\n')!.text(), undefined);
    const s = read('just text\n')!;
    assert.deepStrictEqual(
      [s.isMap, s.isSeq, s.text(), s.keys(), s.items(), s.get('a'), s.single()],
      [false, false, 'just text', [], [], undefined, undefined],
    );
    const m = read('a: b\n')!;
    assert.deepStrictEqual([m.text(), m.items()], [undefined, []]);
  });

  it('a syntax error: its line and column, the message without the parser’s own position', () => {
    assert.deepStrictEqual(problem('a: b\n c: d: e\n'), [1, 4, 'Nested mappings are not allowed in compact mappings']);
    assert.deepStrictEqual(problem('ok: 1\na: "x\n'), [3, 1, 'Missing closing "quote']);
    // Positions of two digits and more.
    assert.deepStrictEqual(problem(`a: 1${'\n'.repeat(11)}b:              c: d\n`), [
      12,
      17,
      'Nested mappings are not allowed in compact mappings',
    ]);
    // The position the parser appends goes; the same words in the plan's own text stay.
    assert.deepStrictEqual(problem('a: |  at line 1, column 1\n  b\n'), [
      1,
      7,
      'Not a YAML token: at line 1, column 1',
    ]);
    // An error on a first line of blanks gets no excerpt from the parser, so no colon after the position.
    assert.deepStrictEqual(problem('    \r\r\n...}:'), [1, 5, 'Implicit keys need to be on a single line']);
  });

  it(`nesting deeper than ${MAX_PLAN_NESTING}: refused at its line, counted the way the parser reads the plan`, () => {
    const flow = (open: string, close: string, n: number) => `${open.repeat(n)}${close.repeat(n)}`;
    // Flow sequences and maps, mixed, at the limit and one past it, on the line they open.
    assert.deepStrictEqual(plain(read(`a: 1\nb: ${flow('[', ']', MAX_PLAN_NESTING)}\n`))!, {
      a: '1',
      b: JSON.parse(flow('[', ']', MAX_PLAN_NESTING)) as unknown,
    });
    assert.deepStrictEqual(problem(`a: 1\n\nb: ${flow('[', ']', MAX_PLAN_NESTING + 1)}\n`), [3, undefined, REFUSED]);
    assert.deepStrictEqual(problem(`a: 1\nb: ${flow('{', '}', MAX_PLAN_NESTING + 1)}\n`), [2, undefined, REFUSED]);
    // What closes is not counted again: many collections side by side are no nesting.
    assert.ok(read(`b: [${Array.from({ length: 200 }, () => '[{}]').join(', ')}]\n`));
    // Block indicators of one line: "- - -", "? ", ": ".
    assert.deepStrictEqual(problem(`${'- '.repeat(MAX_PLAN_NESTING + 1)}x\n`), [1, undefined, REFUSED]);
    assert.ok(read(`${'- '.repeat(MAX_PLAN_NESTING)}x\n`));
    assert.deepStrictEqual(problem(`x: 1\n${'? '.repeat(MAX_PLAN_NESTING + 1)}x\n`), [2, undefined, REFUSED]);
    assert.deepStrictEqual(problem(`x: 1\n${': '.repeat(MAX_PLAN_NESTING + 1)}x\n`), [2, undefined, REFUSED]);
    // A "}" closes one level, not every level open around it.
    assert.deepStrictEqual(
      problem(`b: ${'['.repeat(MAX_PLAN_NESTING - 4)}{}${flow('[', ']', 5)}${']'.repeat(MAX_PLAN_NESTING - 4)}\n`),
      [1, undefined, REFUSED],
    );
    // The lines of a quoted scalar over several lines count toward the line reported.
    assert.deepStrictEqual(problem(`a: "x\n  y"\nb: ${flow('[', ']', MAX_PLAN_NESTING + 1)}\n`), [
      3,
      undefined,
      REFUSED,
    ]);
    // A stray "]" closes nothing: it does not buy room for a deeper nesting after it.
    assert.deepStrictEqual(problem(`c: ]]\nb: ${flow('[', ']', MAX_PLAN_NESTING + 1)}\n`), [2, undefined, REFUSED]);
    // A "[" the lexer gives up on at the end of its line nests nothing after that line.
    const unclosed = Array.from({ length: 40 }, (_, i) => `k${i}: [x\n`).join('');
    assert.notStrictEqual(problem(`${unclosed}b: ${flow('[', ']', 30)}\n`)[2], REFUSED);
    // The ":" of a flow map's entries are no block indicators: 100 entries on one line are read.
    const entries = Array.from({ length: 100 }, (_, i) => `k${i}: v`).join(', ');
    assert.strictEqual(read(`m: {${entries}}\n`)!.get('m')!.keys().length, 100);
    // Indicators count per line: a line more starts again at zero.
    const line = `${'- '.repeat(MAX_PLAN_NESTING - 1)}x\n`;
    assert.strictEqual(plain(read(`${line}${line}`))!.constructor, Array);
  });
});
