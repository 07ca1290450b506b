import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import {
  ABI_LIMITS,
  AbiType,
  clarityExample,
  clarityVersionText,
  epochText,
  inputHint,
  isAbiType,
} from '../../src/chain/abi';
import { encodeArgument } from '../../src/chain/clarityArgs';

interface Iface {
  functions: Array<{ name: string; args: Array<{ name: string; type: AbiType }>; outputs: { type: AbiType } }>;
  variables: Array<{ name: string; type: AbiType }>;
  maps: Array<{ name: string; key: AbiType; value: AbiType }>;
  epoch: string;
  clarity_version: string;
}

const API = path.resolve(__dirname, '../../../test/fixtures/api');
const iface = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(API, `v2-contract-interface--${name}.json`), 'utf8')) as Iface;
const REAL = ['memo-payments', 'sbtc-deposit', 'sbtc-token', 'type-probe'];
const probe = iface('type-probe');
const describeFn = probe.functions.find((f) => f.name === 'describe')!;
const arg = (name: string) => describeFn.args.find((a) => a.name === name)!.type;

/** `wrap` applied `n` times around `inner`. */
function nest(n: number, inner: unknown, wrap: (t: unknown) => unknown): unknown {
  let t = inner;
  for (let i = 0; i < n; i++) t = wrap(t);
  return t;
}

describe('abi: which interface types are read', () => {
  it('every type of the real interfaces (arguments, outputs, variables, map keys and values) is a Clarity type', () => {
    for (const name of REAL) {
      const i = iface(name);
      const types: unknown[] = [
        ...i.functions.flatMap((f) => [...f.args.map((a) => a.type), f.outputs.type]),
        ...i.variables.map((v) => v.type),
        ...i.maps.flatMap((m) => [m.key, m.value]),
      ];
      for (const t of types) assert.ok(isAbiType(t), `${name}: ${JSON.stringify(t)}`);
    }
  });

  it('refuses what is not an object with one known key', () => {
    for (const bad of [null, undefined, 42, true, [], ['uint128'], {}, { unknown: 'bool' }, { tuple: 'bool' }])
      assert.strictEqual(isAbiType(bad), false, JSON.stringify(bad));
    // A known key with another one beside it is not a type.
    assert.strictEqual(isAbiType({ optional: 'bool', note: 'x' }), false);
    assert.strictEqual(isAbiType({ buffer: { length: 8 }, extra: true }), false);
  });

  it('a length is a whole number from 0 to 1 MB in an object', () => {
    assert.ok(isAbiType({ buffer: { length: 0 } }));
    assert.ok(isAbiType({ 'string-ascii': { length: 1_048_576 } }));
    for (const bad of [
      { buffer: null },
      { buffer: { length: -1 } },
      { buffer: { length: 1_048_577 } },
      { buffer: { length: 1.5 } },
      { buffer: { length: '8' } },
      // A string has a length, but it is not the { length } a type holds.
      { 'string-utf8': 'sixteen' },
      { list: null },
      { list: { type: 'bool' } },
      { list: { type: 'bool', length: 1_048_577 } },
    ])
      assert.strictEqual(isAbiType(bad), false, JSON.stringify(bad));
  });

  it('the parts of a response, a list and a tuple are checked too', () => {
    for (const bad of [
      { response: null },
      { response: { ok: 'bool' } },
      { response: { ok: 'bool', error: 'uint256' } },
      { list: { type: 'uint256', length: 3 } },
      // One good field does not make a tuple good.
      {
        tuple: [
          { name: 'a', type: 'bool' },
          { name: 'b', type: 'uint256' },
        ],
      },
      { tuple: [{ name: 'a', type: 'bool' }, null] },
      { tuple: [null] },
      { tuple: [{ name: ['amount'], type: 'bool' }] },
      { tuple: [{ name: 'a' }] },
    ])
      assert.strictEqual(isAbiType(bad), false, JSON.stringify(bad));
  });

  it('a tuple field name is a Clarity name of at most 128 characters', () => {
    assert.ok(isAbiType({ tuple: [{ name: 'a'.repeat(ABI_LIMITS.name), type: 'bool' }] }));
    assert.ok(!isAbiType({ tuple: [{ name: 'a'.repeat(ABI_LIMITS.name + 1), type: 'bool' }] }));
  });

  it('each of optional, response, list and tuple counts as one level of the 32 a type may nest', () => {
    const wraps: Record<string, (t: unknown) => unknown> = {
      optional: (t) => ({ optional: t }),
      response: (t) => ({ response: { ok: t, error: 'uint128' } }),
      'response error': (t) => ({ response: { ok: 'bool', error: t } }),
      list: (t) => ({ list: { type: t, length: 2 } }),
      tuple: (t) => ({ tuple: [{ name: 'a', type: t }] }),
    };
    for (const [what, wrap] of Object.entries(wraps)) {
      assert.ok(isAbiType(nest(ABI_LIMITS.depth, 'bool', wrap)), `${what}: 32 levels`);
      assert.ok(!isAbiType(nest(ABI_LIMITS.depth + 1, 'bool', wrap)), `${what}: 33 levels`);
    }
  });

  it('a type of at most 2,000 parts is read, one part more is refused', () => {
    // The tuple is one part and each field's type another.
    const tuple = (fields: number) => ({
      tuple: Array.from({ length: fields }, (_, i) => ({ name: `f${i}`, type: 'bool' })),
    });
    assert.ok(isAbiType(tuple(ABI_LIMITS.parts - 1)));
    assert.ok(!isAbiType(tuple(ABI_LIMITS.parts)));
  });
});

describe('abi: examples and hints of a form field', () => {
  it('each type of the real type-probe interface has an example value', () => {
    assert.deepStrictEqual(
      describeFn.args.map((a) => [a.name, clarityExample(a.type)]),
      [
        ['amount', 'u1'],
        ['delta', '-1'],
        ['flag', 'true'],
        ['who', "'SP…"],
        ['memo', '0x00'],
        ['tag', '"text"'],
        ['note', 'u"text"'],
        ['maybe', 'none or (some u1)'],
        ['outcome', '(ok u1)'],
        ['items', '(list u1)'],
        ['pair', '{ a: u1, b: true }'],
      ],
    );
    const traitArg = probe.functions.find((f) => f.name === 'trait-name')!.args[0]!.type;
    assert.strictEqual(clarityExample(traitArg), "'SP….name");
    assert.strictEqual(clarityExample('none'), 'none');
  });

  it('a compound value shows the examples of its parts, inside a tuple too', () => {
    assert.strictEqual(
      clarityExample(describeFn.outputs.type),
      '(ok { a: u1, amount: u1, delta: -1, flag: true, items: u1, maybe: (some u1), memo: 0x00, note: u"text", tag: "text", who: \'SP… })',
    );
    assert.strictEqual(inputHint(arg('pair')), 'A Clarity value: { a: u1, b: true }');
    assert.strictEqual(inputHint({ tuple: [{ name: 'd', type: 'int128' }] }), 'A Clarity value: { d: -1 }');
  });

  it('an optional inside another value is shown as (some …), which the form reads as that value', () => {
    const optional = (t: AbiType): AbiType => ({ optional: t });
    const types: AbiType[] = [
      { list: { type: optional('uint128'), length: 2 } },
      { tuple: [{ name: 'a', type: optional('bool') }] },
      { response: { ok: optional('int128'), error: 'uint128' } },
      optional(optional('uint128')),
    ];
    assert.deepStrictEqual(
      types.map((t) => clarityExample(t)),
      ['(list (some u1))', '{ a: (some true) }', '(ok (some -1))', 'none or (some (some u1))'],
    );
    for (const t of types) {
      const typed = clarityExample(t).replace(/^none or /, '');
      const r = encodeArgument(t, typed);
      assert.ok(r.ok, `${typed}: ${r.ok ? '' : r.reason}`);
    }
  });

  it('an example stops after four levels with …', () => {
    const u = 'uint128';
    assert.strictEqual(
      clarityExample(nest(5, u, (t) => ({ optional: t })) as AbiType),
      'none or (some (some (some (some …))))',
    );
    assert.strictEqual(
      clarityExample(nest(5, u, (t) => ({ response: { ok: t, error: u } })) as AbiType),
      '(ok (ok (ok (ok …))))',
    );
    assert.strictEqual(
      clarityExample(nest(5, u, (t) => ({ list: { type: t, length: 2 } })) as AbiType),
      '(list (list (list (list …))))',
    );
    assert.strictEqual(
      clarityExample(nest(5, u, (t) => ({ tuple: [{ name: 'a', type: t }] })) as AbiType),
      '{ a: { a: { a: { a: … } } } }',
    );
    assert.strictEqual(
      clarityExample(nest(3, u, (t) => ({ optional: t })) as AbiType),
      'none or (some (some (some u1)))',
    );
  });
});

describe('abi: versions as the interface names them', () => {
  it('epochs of the real interfaces, and an epoch with no minor number', () => {
    assert.deepStrictEqual(
      REAL.map((n) => epochText(iface(n).epoch)),
      ['2.5', '3.0', '3.0', '3.0'],
    );
    assert.strictEqual(epochText('Epoch3'), '3.0');
    assert.strictEqual(epochText('Epoch2_05'), '2.05');
  });

  it('anything around an epoch name is shown as it came', () => {
    for (const odd of ['NextEpoch30', 'Epoch30-rc1', 'Epoch'] as const) assert.strictEqual(epochText(odd), odd);
  });

  it('Clarity versions of the real interfaces, a two-digit one, and others as they came', () => {
    assert.deepStrictEqual(
      REAL.map((n) => clarityVersionText(iface(n).clarity_version)),
      ['Clarity 2', 'Clarity 3', 'Clarity 3', 'Clarity 3'],
    );
    assert.strictEqual(clarityVersionText('Clarity10'), 'Clarity 10');
    for (const odd of ['MyClarity3', 'Clarity3-beta', 'Clarity']) assert.strictEqual(clarityVersionText(odd), odd);
  });
});
