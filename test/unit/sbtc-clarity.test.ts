// The small Clarity reader of sBTC's hovers, against the SIP-005 serializer of @stacks/transactions:
// each value stacks.js serializes reads back as that value, within the bounds the reader's doc
// comment sets (64 KiB serialized, 8 levels of nesting, 256 items a list or tuple), and anything
// else reads as nothing.
import * as assert from 'assert';
import { c32address } from 'c32check';
import { Cl, ClarityValue, cvToHex } from '@stacks/transactions';
import { field, readCv, uintOf, unwrap, type Cv } from '../../src/chain/sbtcClarity';

/** `v` serialized by stacks.js (or hex as given), read back. */
const read = (v: ClarityValue | string): Cv | undefined => readCv(typeof v === 'string' ? v : cvToHex(v), c32address);

const SENDER = 'SPVCH23N0QWQQZ3NJFB2YCBGPKTW7GBFXBEF4G19';

/** The value one container down: an optional's, a response's, a one-item list's, a tuple's `in`. */
function inside(v: Cv | undefined): Cv | undefined {
  if (v?.type === 'list') return v.value[0];
  if (v?.type === 'tuple') return v.value['in'];
  if (v?.type === 'some' || v?.type === 'ok' || v?.type === 'err') return v.value;
  return undefined;
}

describe('sBTC: reading serialized Clarity values', () => {
  it("reads a signed int across its whole 128-bit two's-complement range", () => {
    const min = -(2n ** 127n);
    const max = 2n ** 127n - 1n;
    for (const n of [0n, 1n, -1n, -5n, max, min, min + 1n]) {
      assert.deepStrictEqual(read(Cl.int(n)), { type: 'int', value: n }, String(n));
    }
    assert.deepStrictEqual(read(Cl.uint(2n ** 128n - 1n)), { type: 'uint', value: 2n ** 128n - 1n });
    assert.strictEqual(uintOf(read(Cl.int(-5))), '-5');
  });

  it('reads a contract principal as its address and name', () => {
    assert.deepStrictEqual(read(Cl.contractPrincipal(SENDER, 'sbtc-token')), {
      type: 'principal',
      value: `${SENDER}.sbtc-token`,
    });
    assert.deepStrictEqual(read(Cl.standardPrincipal(SENDER)), { type: 'principal', value: SENDER });
  });

  it('tells an ok response from an err one', () => {
    assert.deepStrictEqual(read(Cl.ok(Cl.uint(1))), { type: 'ok', value: { type: 'uint', value: 1n } });
    assert.deepStrictEqual(read(Cl.error(Cl.uint(2))), { type: 'err', value: { type: 'uint', value: 2n } });
  });

  it('reads a list of up to 256 items, and refuses one of 257', () => {
    assert.deepStrictEqual(read(Cl.list([])), { type: 'list', value: [] });
    assert.deepStrictEqual(read(Cl.list([Cl.bool(true), Cl.none()])), {
      type: 'list',
      value: [{ type: 'bool', value: true }, { type: 'none' }],
    });
    const uints = (n: number) => Cl.list(Array.from({ length: n }, (_, i) => Cl.uint(i)));
    const full = read(uints(256));
    assert.ok(full?.type === 'list');
    assert.strictEqual(full.value.length, 256);
    assert.deepStrictEqual(full.value[255], { type: 'uint', value: 255n });
    assert.strictEqual(read(uints(257)), undefined);
  });

  it('reads a tuple of up to 256 fields, and refuses one of 257', () => {
    const tuple = (n: number) =>
      Cl.tuple(Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, Cl.uint(i)])));
    const full = read(tuple(256));
    assert.ok(full?.type === 'tuple');
    assert.strictEqual(Object.keys(full.value).length, 256);
    assert.deepStrictEqual(field(full, 'f255'), { type: 'uint', value: 255n });
    assert.strictEqual(read(tuple(257)), undefined);
  });

  const WRAPPERS: [Cv['type'], (v: ClarityValue) => ClarityValue][] = [
    ['some', (v) => Cl.some(v)],
    ['ok', (v) => Cl.ok(v)],
    ['err', (v) => Cl.error(v)],
    ['list', (v) => Cl.list([v])],
    ['tuple', (v) => Cl.tuple({ in: v })],
  ];
  for (const [type, wrap] of WRAPPERS) {
    it(`reads a value nested 8 deep in ${type} and refuses one nested 9 deep`, () => {
      const nested = (depth: number) => {
        let v: ClarityValue = Cl.uint(7);
        for (let i = 0; i < depth; i++) v = wrap(v);
        return v;
      };
      let v = read(nested(8));
      for (let i = 0; i < 8; i++) {
        assert.strictEqual(v?.type, type, `level ${i}`);
        v = inside(v);
      }
      assert.deepStrictEqual(v, { type: 'uint', value: 7n });
      assert.strictEqual(read(nested(9)), undefined);
    });
  }

  it('reads a value of 64 KiB serialized, and refuses one a byte longer', () => {
    // A buffer's serialization is its tag, 4 bytes of length, then its bytes: 65,531 bytes make 64 KiB.
    const fits = read(Cl.bufferFromHex('ab'.repeat(65_531)));
    assert.ok(fits?.type === 'buff');
    assert.strictEqual(fits.value, 'ab'.repeat(65_531));
    assert.strictEqual(read(Cl.bufferFromHex('ab'.repeat(65_532))), undefined);
  });

  it('reads hex with or without 0x, and refuses what is not whole hex bytes or leaves bytes over', () => {
    assert.deepStrictEqual(read('09'), { type: 'none' });
    assert.deepStrictEqual(read('0X03'), { type: 'bool', value: true });
    for (const text of ['030', '3g', ' 3', '090x', '0x0x09', '0300', '']) {
      assert.strictEqual(read(text), undefined, JSON.stringify(text));
    }
  });

  it('unwraps some and ok to their value and none to nothing, and leaves an err or a plain value as it is', () => {
    const one = { type: 'uint', value: 1n } as const;
    assert.deepStrictEqual(unwrap(read(Cl.some(Cl.uint(1)))), one);
    assert.deepStrictEqual(unwrap(read(Cl.ok(Cl.uint(1)))), one);
    assert.strictEqual(unwrap(read(Cl.none())), undefined);
    assert.deepStrictEqual(unwrap(read(Cl.error(Cl.uint(1)))), { type: 'err', value: one });
    assert.deepStrictEqual(unwrap(read(Cl.uint(1))), one);
    assert.strictEqual(unwrap(undefined), undefined);
  });
});
