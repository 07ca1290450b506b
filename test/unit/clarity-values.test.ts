import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import {
  bufferCV,
  cvToHex,
  listCV,
  noneCV,
  someCV,
  stringAsciiCV,
  stringUtf8CV,
  tupleCV,
  uintCV,
  type ClarityValue,
} from '@stacks/transactions';
import { CLARITY_LIMITS, clarityText, decodeClarity, utf8Text } from '../../src/chain/clarity';
import type { ClarityNode } from '../../src/chain/clarityNode';
import { untyped } from '../fakes/fetch';

const API = path.resolve(__dirname, '../../../test/fixtures/api');

/** Every `{ hex, repr }` pair of the real API responses (results, arguments, events), with where it is. */
function realValues(): Array<{ where: string; hex: string; repr: string }> {
  const out: Array<{ where: string; hex: string; repr: string }> = [];
  const walk = (o: unknown, where: string): void => {
    if (!o || typeof o !== 'object') return;
    const r = o as Record<string, unknown>;
    // A token transfer's memo has hex and repr too, but it is raw bytes, not a Clarity value.
    if (typeof r.hex === 'string' && typeof r.repr === 'string' && !where.endsWith('.memo'))
      out.push({ where, hex: r.hex, repr: r.repr });
    for (const [k, v] of Object.entries(r)) walk(v, `${where}.${k}`);
  };
  for (const f of fs.readdirSync(API).filter((f) => f.endsWith('.json')))
    walk(JSON.parse(fs.readFileSync(path.join(API, f), 'utf8')), f);
  return out;
}

/** The value a tree stands for, written as Clarity writes it (the API's `repr`), from its nodes only. */
function reprOf(n: ClarityNode): string {
  const kids = n.children ?? [];
  switch (n.type) {
    case 'tuple':
      return `(tuple${kids.map((c) => ` (${c.key} ${reprOf(c)})`).join('')})`;
    case 'list':
      return `(list${kids.map((c) => ` ${reprOf(c)}`).join('')})`;
    case 'ok':
    case 'err':
    case 'some':
      return `(${n.type} ${reprOf(kids[0]!)})`;
    case 'buffer':
      // A text buffer shows its text; its hex is in the hint.
      return n.hint ? n.hint.replace(/^UTF-8 of /, '') : n.text!;
    case 'string-ascii':
      return JSON.stringify(n.text);
    case 'string-utf8':
      return `u${JSON.stringify(n.text)}`;
    default:
      return n.text!;
  }
}

const count = (x: ClarityNode): number => 1 + (x.children ?? []).reduce((a, c) => a + count(c), 0);

describe('Clarity values of real transactions: the decoded hex reads as the API’s repr', () => {
  // One NFT event of the address-events fixture carries `0x00` for its value: a type byte and no
  // body, not a value. It is not decoded, and its repr stays.
  const values = realValues().filter((v) => v.hex !== '0x00');

  it('the abridged 0x00 of a fixture is not a value: nothing is decoded', () => {
    assert.ok(realValues().some((v) => v.hex === '0x00'));
    assert.strictEqual(decodeClarity('0x00'), undefined);
    assert.strictEqual(clarityText('0x00'), undefined);
  });

  it('the fixtures hold results, arguments and events of every kind the panel decodes', () => {
    const types = new Set<string>();
    const add = (n: ClarityNode | undefined): void => {
      if (n) types.add(n.type);
      n?.children?.forEach(add);
    };
    values.forEach((v) => add(decodeClarity(v.hex)));
    for (const t of ['ok', 'err', 'some', 'none', 'tuple', 'list', 'uint', 'int', 'buffer', 'principal', 'bool'])
      assert.ok(types.has(t), `no real value of type ${t}`);
  });

  for (const { where, hex, repr } of values)
    it(`${where}: ${repr.slice(0, 60)}`, () => {
      assert.strictEqual(clarityText(hex), repr);
      const tree = decodeClarity(hex);
      assert.ok(tree, 'decoded');
      assert.strictEqual(reprOf(tree), repr);
    });
});

describe('Clarity values: each type named as Clarity names it', () => {
  it('a string-ascii and a string-utf8 keep their own type', () => {
    const tree = decodeClarity(cvToHex(tupleCV({ a: stringAsciiCV('plain'), u: stringUtf8CV('ünï') })))!;
    assert.deepStrictEqual(
      tree.children!.map((c) => [c.key, c.type, c.text]),
      [
        ['a', 'string-ascii', 'plain'],
        ['u', 'string-utf8', 'ünï'],
      ],
    );
  });

  it('a none is a leaf reading none', () => {
    assert.deepStrictEqual(decodeClarity(cvToHex(noneCV())), { type: 'none', text: 'none' });
  });
});

describe('Clarity values: what is cut, said in words', () => {
  it('a tuple of more fields than shown says how many fields were left out', () => {
    const fields: Record<string, ClarityValue> = {};
    for (let i = 0; i < 60; i++) fields[`f${String(i).padStart(2, '0')}`] = uintCV(i);
    const tree = decodeClarity(cvToHex(tupleCV(fields)))!;
    assert.strictEqual(tree.children!.length, CLARITY_LIMITS.items);
    assert.strictEqual(tree.cut, '10 more fields not shown (60 in all)');
  });

  it('a value deeper than shown says what is below, in its own noun', () => {
    let deep: ClarityValue = uintCV(1);
    for (let i = 0; i < CLARITY_LIMITS.depth + 1; i++) deep = someCV(deep);
    let n = decodeClarity(cvToHex(deep))!;
    while (n.children?.length) n = n.children[0]!;
    assert.deepStrictEqual(n, { type: 'some', children: [], cut: '1 items deeper than 8 levels not shown' });
    let tuples: ClarityValue = uintCV(1);
    for (let i = 0; i < CLARITY_LIMITS.depth + 1; i++) tuples = tupleCV({ a: tuples, b: uintCV(2) });
    n = decodeClarity(cvToHex(tuples))!;
    while (n.children?.length) n = n.children[0]!;
    assert.deepStrictEqual(n, {
      type: 'tuple',
      key: 'a',
      children: [],
      cut: '2 fields deeper than 8 levels not shown',
    });
  });

  it('a text of exactly the longest shown is shown whole; a longer one says how much is cut', () => {
    const exact = decodeClarity(cvToHex(stringAsciiCV('x'.repeat(CLARITY_LIMITS.text))))!;
    assert.deepStrictEqual(exact, { type: 'string-ascii', text: 'x'.repeat(CLARITY_LIMITS.text) });
    const long = decodeClarity(cvToHex(stringAsciiCV('x'.repeat(5_000))))!;
    // 1,999 characters and an ellipsis are shown: 3,001 of the 5,000 are not.
    assert.strictEqual(long.text, `${'x'.repeat(CLARITY_LIMITS.text - 1)}…`);
    assert.strictEqual(long.cut, '3,001 more characters not shown');
  });

  it('a wide value stops at exactly the node budget, and says what it left out', () => {
    const wide = listCV(Array.from({ length: 50 }, () => listCV(Array.from({ length: 50 }, () => uintCV(1)))));
    const tree = decodeClarity(cvToHex(wide))!;
    assert.strictEqual(count(tree), CLARITY_LIMITS.nodes);
    const last = tree.children!.at(-1)!;
    assert.strictEqual(tree.children!.length, 10);
    assert.strictEqual(tree.cut, '40 more items not shown (50 in all)');
    assert.strictEqual(last.cut, '11 more items not shown (50 in all)');
  });
});

describe('Clarity values: hex that is not decoded', () => {
  it('a missing hex (null in an API answer) gives nothing, without throwing', () => {
    assert.strictEqual(decodeClarity(untyped(null)), undefined);
    assert.strictEqual(clarityText(untyped(null)), undefined);
  });

  it('a value of exactly the longest hex decoded is decoded; one byte more is shown as its repr only', () => {
    // A buffer's hex: 0x, its type byte, four bytes of length, then its bytes.
    const ofLength = (digits: number) => {
      const bytes = (digits - 2 - 10) / 2;
      return `0x02${bytes.toString(16).padStart(8, '0')}${'00'.repeat(bytes)}`;
    };
    assert.strictEqual(ofLength(20), cvToHex(bufferCV(new Uint8Array(4))));
    const longest = ofLength(CLARITY_LIMITS.hex);
    assert.strictEqual(longest.length, CLARITY_LIMITS.hex);
    assert.strictEqual(decodeClarity(longest)?.type, 'buffer');
    assert.match(clarityText(longest) ?? '', /^0x0000/);
    const over = ofLength(CLARITY_LIMITS.hex + 2);
    assert.strictEqual(decodeClarity(over), undefined);
    assert.strictEqual(clarityText(over), undefined);
  });
});

describe('Buffers as text: only whole, valid, printable UTF-8', () => {
  it('a buffer that starts or ends with a control character is not text', () => {
    assert.strictEqual(utf8Text('4142'), 'AB');
    assert.strictEqual(utf8Text('014142'), undefined);
    assert.strictEqual(utf8Text('414201'), undefined);
    // Tab, line feed and carriage return are text.
    assert.strictEqual(utf8Text('41090a0d42'), 'A\t\n\rB');
  });

  it('hex with a stray character or an odd length is not read as text', () => {
    // "9z" would read as a tab if the stray character were skipped.
    assert.strictEqual(utf8Text('9z41'), undefined);
    assert.strictEqual(utf8Text('419z'), undefined);
    assert.strictEqual(utf8Text('414'), undefined);
    assert.strictEqual(utf8Text(''), undefined);
  });

  it('a byte-order mark stays in the text: the bytes are shown as they are', () => {
    assert.strictEqual(utf8Text('efbbbf4142'), '\ufeffAB');
  });
});
