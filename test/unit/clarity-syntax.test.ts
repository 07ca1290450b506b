import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { Expr, readClarity, readOnlyFunctions, ReadResult } from '../../src/chain/claritySyntax';

const REAL = path.resolve(__dirname, '../../../test/fixtures/clarity/real');
const real = (f: string) => fs.readFileSync(path.join(REAL, f), 'utf8');

function exprs(r: ReadResult): Expr[] {
  if (!r.ok) assert.fail(`expected a read, got: ${r.reason}`);
  return r.exprs;
}
function reason(r: ReadResult): string {
  if (r.ok) assert.fail(`expected a failure, got ${JSON.stringify(r.exprs)}`);
  return r.reason;
}
/** The texts of the atoms of a source, at any depth, in order. */
function atoms(list: readonly Expr[]): string[] {
  return list.flatMap((e) => (e.kind === 'atom' ? [e.text] : e.kind === 'comment' ? [] : atoms(e.children)));
}
/** Where a list or tuple ends (the offset after its closer). */
function endOf(e: Expr | undefined): number | undefined {
  return e && e.kind !== 'atom' && e.kind !== 'comment' ? e.end : undefined;
}
const strict = (s: string) => readClarity(s);
const tolerant = (s: string) => readClarity(s, { tolerant: true });

describe('claritySyntax: strings', () => {
  it('reads the u"…" string of a real contract as one atom', () => {
    const src = real('token-wxusd-tokensoft.clar');
    const all = atoms(exprs(strict(src)));
    assert.ok(all.includes('u"https://cdn.alexlab.co/metadata/token-wxusd.json"'));
    assert.ok(!all.includes('u'));
  });

  it('a quote right after other text starts a string; only u" starts a UTF-8 string', () => {
    assert.deepStrictEqual(atoms(exprs(strict('(f x"y" "a"u1)'))), ['f', 'x', '"y"', '"a"', 'u1']);
    assert.deepStrictEqual(atoms(exprs(strict('(f "" u"" x)'))), ['f', '""', 'u""', 'x']);
  });

  it('an escaped quote does not end a string', () => {
    assert.deepStrictEqual(atoms(exprs(strict('(f "say \\"hi\\"" x)'))), ['f', '"say \\"hi\\""', 'x']);
    assert.deepStrictEqual(atoms(exprs(strict('(f "a\\\\" x)'))), ['f', '"a\\\\"', 'x']);
  });

  it('a string ends on its line: a quote left open is refused, or read to the end of the line when tolerant', () => {
    assert.strictEqual(reason(strict('(f\n "open\n x")')), 'a string left open on line 2');
    assert.strictEqual(reason(strict('(f "open')), 'a string left open on line 1');
    const read = exprs(tolerant('(f "open\n x)'));
    assert.deepStrictEqual(atoms(read), ['f', '"open', 'x']);
    assert.strictEqual(read[0]!.endLine, 2);
  });
});

describe('claritySyntax: comments and blanks', () => {
  it('a single ";" is refused, with its line; a tolerant read takes it as a comment', () => {
    assert.strictEqual(reason(strict('(a)\n; note\n')), "a single ';' on line 2");
    const read = exprs(tolerant('(a)\n; note\n(b)'));
    assert.deepStrictEqual(
      read.map((e) => e.kind),
      ['list', 'comment', 'list'],
    );
    assert.deepStrictEqual(read[1], { kind: 'comment', text: 'note', line: 2, endLine: 2 });
  });

  it('a comment at the very end of a source without a newline is read to its last character', () => {
    const read = exprs(strict('(a)\n;; the end'));
    assert.deepStrictEqual(read[1], { kind: 'comment', text: 'the end', line: 2, endLine: 2 });
  });

  it('a comment of a CRLF file has no \\r in its text', () => {
    const read = exprs(tolerant(';; first\r\n;; sec\rond\r\n(a)\r\n'));
    assert.deepStrictEqual(
      read.filter((e) => e.kind === 'comment').map((e) => (e as { text: string }).text),
      ['first', 'second'],
    );
  });

  it('form feeds and vertical tabs separate atoms like spaces', () => {
    assert.deepStrictEqual(atoms(exprs(strict('(a\fb\vc)'))), ['a', 'b', 'c']);
  });
});

describe('claritySyntax: lists and tuples', () => {
  it('a list ends one past its closer, and a list left open one past the end of the source', () => {
    const [list] = exprs(strict('(a (b) c)'));
    assert.strictEqual(endOf(list), 9);
    assert.strictEqual(endOf(list?.kind === 'list' ? list.children[1] : undefined), 6);
    assert.strictEqual(endOf(exprs(tolerant('(a (b)'))[0]), 7);
  });

  it('a closer of the wrong kind is refused, or skipped when tolerant', () => {
    assert.strictEqual(reason(strict('(a\n  }')), "unexpected '}' on line 2");
    assert.strictEqual(reason(strict(')')), "unexpected ')' on line 1");
    const [list, next] = exprs(tolerant('(a }) (b)'));
    assert.strictEqual(endOf(list), 5, 'the ) closes the list, not the }');
    assert.deepStrictEqual(atoms([list!]), ['a']);
    assert.deepStrictEqual(atoms([next!]), ['b']);
    assert.deepStrictEqual(atoms(exprs(tolerant('(a)) (b)'))), ['a', 'b'], 'a stray ) is skipped');
  });

  it('says which opener is never closed, and on which line', () => {
    assert.strictEqual(reason(strict('(define-constant A\n  (list u1')), "'(' on line 2 is never closed");
    assert.strictEqual(reason(strict('(define-constant A\n  { a: u1')), "'{' on line 2 is never closed");
    assert.strictEqual(reason(strict('{ a: (f u1)')), "'{' on line 1 is never closed");
  });
});

describe('claritySyntax: characters outside ASCII', () => {
  it('are refused by a strict read, even in a comment', () => {
    assert.strictEqual(reason(strict(';; café\n(a)')), 'a character outside ASCII');
  });

  it('are part of an atom in a tolerant read (an editor reads them without stopping)', () => {
    assert.deepStrictEqual(atoms(exprs(tolerant('(café \u0080x y)'))), ['café', '\u0080x', 'y']);
  });
});

describe('claritySyntax: define-read-only positions', () => {
  it('a comment before the name in the signature is not the name', () => {
    assert.deepStrictEqual(readOnlyFunctions('(define-read-only (;; the name\n  get-a) u1)'), [
      { name: 'get-a', line: 0, character: 0 },
    ]);
  });

  it('a source that starts with a blank line counts its lines from there', () => {
    assert.deepStrictEqual(readOnlyFunctions('\n  (define-read-only (get-a) u1)'), [
      { name: 'get-a', line: 1, character: 2 },
    ]);
  });

  it('the read-only functions of a real contract', () => {
    const src = real('token-wxusd-tokensoft.clar');
    const found = readOnlyFunctions(src);
    const lines = src.split('\n');
    assert.ok(found.length > 0);
    for (const f of found) assert.ok(lines[f.line]!.slice(f.character).startsWith(`(define-read-only (${f.name}`));
  });
});
