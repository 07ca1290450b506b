import * as assert from 'assert';
import { Cl, ClarityValue, cvToHex } from '@stacks/transactions';
import { ContractInterface, StacksApiError, StacksClient } from '../../src/api';
import { AbiType, epochText, inputKind, isAbiType, typeText } from '../../src/chain/abi';
import { clarityText, decodeClarity, encodeArgument } from '../../src/chain/clarity';
import type { FormResult, Section, WorkbenchSection } from '../../src/protocol';
import { contractModel } from '../../src/ui/panels/models/contracts';
import {
  callResult,
  interfaceSections,
  parseAt,
  prepareCall,
  prepareRead,
  valueResult,
} from '../../src/ui/panels/models/workbench';
import { CONTRACT } from '../fixtures/ids';
import { loadFixture, MockApi } from '../mock-api/server';
import { MODEL_CONTEXT } from './modelContext';
import { withMockClient } from '../fakes/mockClient';
import { untyped } from '../fakes/fetch';

const codec = { encodeArgument, decodeClarity, clarityText };
const U: AbiType = 'uint128';
const I: AbiType = 'int128';
const ADDR = 'ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG';

function encodes(type: AbiType, input: string, expected: ClarityValue): void {
  const r = encodeArgument(type, input);
  assert.ok(r.ok, `${input}: ${r.ok ? '' : r.reason}`);
  assert.strictEqual(r.hex, cvToHex(expected), input);
}

function refuses(type: AbiType, input: string, reason: RegExp): void {
  const r = encodeArgument(type, input);
  assert.ok(!r.ok, `${JSON.stringify(input)} should be refused`);
  assert.match(r.reason, reason);
}

describe('Contract workbench: arguments typed into a form', () => {
  it('uint: 0 to 2^128 − 1, with or without the u; nothing else', () => {
    encodes(U, '0', Cl.uint(0));
    encodes(U, ' u42 ', Cl.uint(42));
    encodes(U, '340282366920938463463374607431768211455', Cl.uint((1n << 128n) - 1n));
    refuses(U, '340282366920938463463374607431768211456', /Too large for a uint/);
    refuses(U, '-1', /not a whole number of 0 or more/);
    refuses(U, '1.5', /not a whole number/);
    refuses(U, '', /not a whole number/);
  });

  it('int: −2^127 to 2^127 − 1', () => {
    encodes(I, '-170141183460469231731687303715884105728', Cl.int(-(1n << 127n)));
    encodes(I, '170141183460469231731687303715884105727', Cl.int((1n << 127n) - 1n));
    refuses(I, '170141183460469231731687303715884105728', /Out of range for an int/);
    refuses(I, '-170141183460469231731687303715884105729', /Out of range for an int/);
    refuses(I, 'u5', /not a whole number/);
  });

  it('bool', () => {
    encodes('bool', 'true', Cl.bool(true));
    encodes('bool', 'false', Cl.bool(false));
    refuses('bool', 'yes', /true or false/);
  });

  it('principal: an address or a contract, checksum checked; a trait takes a contract only', () => {
    encodes('principal', ADDR, Cl.principal(ADDR));
    encodes('principal', `'${ADDR}.type-probe`, Cl.principal(`${ADDR}.type-probe`));
    // the last character changed: the c32 checksum fails
    refuses('principal', ADDR.slice(0, -1) + (ADDR.endsWith('G') ? 'H' : 'G'), /checksum/i);
    refuses('principal', 'hello', /./);
    encodes('trait_reference', `${ADDR}.type-probe`, Cl.principal(`${ADDR}.type-probe`));
    refuses('trait_reference', ADDR, /contract/);
  });

  it('buff: 0x and hex, or text as UTF-8; at most its length', () => {
    const b = { buffer: { length: 4 } } as AbiType;
    encodes(b, '0xdeadbeef', Cl.bufferFromHex('deadbeef'));
    encodes(b, 'hi', Cl.bufferFromUtf8('hi'));
    refuses(b, '0xdeadbeef00', /5 bytes: this buffer holds at most 4/);
    refuses(b, '0xabc', /even number of hex digits/);
    refuses(b, 'héllo', /6 bytes/);
  });

  it('string-ascii: printable ASCII only, at most its length', () => {
    const t = { 'string-ascii': { length: 5 } } as AbiType;
    encodes(t, 'hello', Cl.stringAscii('hello'));
    refuses(t, 'hello!', /6 characters: this string holds at most 5/);
    refuses(t, 'héllo', /Character 2 \("é"\) is not ASCII/);
    refuses(t, 'a\u0000b', /not ASCII/);
  });

  it('string-utf8: counted in characters, not bytes', () => {
    const t = { 'string-utf8': { length: 3 } } as AbiType;
    encodes(t, '🙂é!', Cl.stringUtf8('🙂é!'));
    refuses(t, '🙂🙂🙂🙂', /4 characters: this string holds at most 3/);
    refuses(t, 'a\ud800', /lone surrogate/);
  });

  it('optional, response, list and tuple in Clarity notation, checked against their types', () => {
    const opt = { optional: U } as AbiType;
    encodes(opt, 'none', Cl.none());
    encodes(opt, '(some u5)', Cl.some(Cl.uint(5)));
    refuses(opt, '(some 5)', /Expected a uint, written u123 \(at some\)/);
    const res = { response: { ok: U, error: I } } as AbiType;
    encodes(res, '(ok u1)', Cl.ok(Cl.uint(1)));
    encodes(res, '(err -3)', Cl.error(Cl.int(-3)));
    refuses(res, '(ok u1 u2)', /takes 1 value/);
    const list = { list: { type: U, length: 2 } } as AbiType;
    encodes(list, '(list u1 u2)', Cl.list([Cl.uint(1), Cl.uint(2)]));
    encodes(list, '(list)', Cl.list([]));
    refuses(list, '(list u1 u2 u3)', /3 items: this list holds at most 2/);
    refuses(list, '(list u1 true)', /\[1\]/);
    const tup = {
      tuple: [
        { name: 'a', type: U },
        { name: 'who', type: 'principal' },
      ],
    } as AbiType;
    const want = Cl.tuple({ a: Cl.uint(7), who: Cl.principal(ADDR) });
    encodes(tup, `{ a: u7, who: '${ADDR} }`, want);
    encodes(tup, `(tuple (a u7) (who '${ADDR}))`, want);
    refuses(tup, '{ a: u7 }', /The field who is missing/);
    refuses(tup, `{ a: u7, who: '${ADDR}, c: u1 }`, /no field c/);
    refuses(tup, `{ a: 7, who: '${ADDR} }`, /\(at a\)/);
    refuses(tup, '{ a: u7', /never closed/);
    const nested = { list: { type: { 'string-ascii': { length: 3 } }, length: 2 } } as AbiType;
    refuses(nested, '(list "abcd")', /4 characters.*\(at \[0\]\)/);
  });

  it('an empty or doubled field says what to give, with an example of its type', () => {
    const reason = (type: AbiType, input: string) => {
      const r = encodeArgument(type, input);
      return r.ok ? `encoded ${r.text}` : r.reason;
    };
    const tup = {
      tuple: [
        { name: 'a', type: U },
        { name: 'b', type: 'bool' },
      ],
    } as AbiType;
    assert.strictEqual(reason({ optional: U } as AbiType, '  '), 'Give a value: none or (some …).');
    assert.strictEqual(reason({ response: { ok: U, error: I } } as AbiType, ''), 'Give a value: (ok …) or (err …).');
    assert.strictEqual(reason({ list: { type: U, length: 2 } } as AbiType, ''), 'Give a value: (list … …).');
    assert.strictEqual(reason(tup, ''), 'Give a value: { a: …, b: … }.');
    assert.strictEqual(reason({ optional: U } as AbiType, 'none none'), 'Give one value, like none or (some …).');
    assert.strictEqual(reason('principal', ''), 'Give an address (SP…) or a contract id (SP….name).');
    assert.strictEqual(reason(U, 'u1'.repeat(1_100_001)), 'The value is too long for a Clarity value (1 MB).');
    assert.strictEqual(reason(U, untyped(undefined)), 'No value given.');
  });

  it('a value nested deeper than the reader allows is refused, not a stack overflow', () => {
    let t: AbiType = U;
    for (let i = 0; i < 40; i++) t = { optional: t };
    refuses(t, '(some '.repeat(40) + 'u1' + ')'.repeat(40), /deeper than/);
  });
});

describe('Contract workbench: interface types', () => {
  it('reads every type of the real interfaces, and writes them as Clarity does', () => {
    const sbtc = loadFixture('v2-contract-interface--sbtc-token.json') as ContractInterface;
    for (const f of sbtc.functions) for (const a of f.args) assert.ok(isAbiType(a.type), `${f.name}.${a.name}`);
    const transfer = sbtc.functions.find((f) => f.name === 'transfer')!;
    assert.strictEqual(typeText(transfer.args[3]!.type), '(optional (buff 34))');
    const many = sbtc.functions.find((f) => f.name === 'protocol-mint-many')!;
    assert.strictEqual(typeText(many.args[0]!.type), '(list 200 { amount: uint, recipient: principal })');
    assert.strictEqual(inputKind(many.args[0]!.type), 'clarity');
  });

  it('refuses what is not a Clarity type (unknown names, nesting too deep, bad lengths)', () => {
    assert.ok(!isAbiType('uint256'));
    assert.ok(!isAbiType({ buffer: { length: -1 } }));
    assert.ok(!isAbiType({ buffer: {}, list: {} }));
    assert.ok(!isAbiType({ tuple: [{ name: '<script>', type: 'bool' }] }));
    let deep: unknown = 'bool';
    for (let i = 0; i < 40; i++) deep = { optional: deep };
    assert.ok(!isAbiType(deep));
  });

  it('epochs read as versions', () => {
    assert.strictEqual(epochText('Epoch30'), '3.0');
    assert.strictEqual(epochText('Epoch2_05'), '2.05');
    assert.strictEqual(epochText('Epoch25'), '2.5');
    assert.strictEqual(epochText('EpochNext'), 'EpochNext');
  });
});

describe('Contract workbench: the panel model', () => {
  const ctx = MODEL_CONTEXT;
  const sbtc = loadFixture('v2-contract-interface--sbtc-token.json') as ContractInterface;
  const probe = loadFixture('v2-contract-interface--type-probe.json') as ContractInterface;

  it('shows the interface: counts, version, epoch, each function with its types, tokens, and a form per read-only function', () => {
    const sections = interfaceSections(sbtc, 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4');
    const fields = sections.find((s) => s.type === 'fields' && s.title === 'Interface') as Extract<
      Section,
      { type: 'fields' }
    >;
    const get = (l: string) => fields.rows.find((r) => r.label === l)!.values[0]!.text;
    assert.strictEqual(get('Clarity version'), 'Clarity 3');
    assert.strictEqual(get('Epoch'), '3.0');
    assert.strictEqual(get('Functions'), '11 public, 8 read-only, 2 private');
    assert.strictEqual(get('State'), '3 data variables, 3 constants, 0 maps');
    const forms = sections.filter((s): s is WorkbenchSection => s.type === 'workbench');
    assert.strictEqual(forms[0]!.sender, 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4');
    assert.deepStrictEqual(
      forms[0]!.forms.map((f) => f.name),
      [
        'get-balance',
        'get-balance-available',
        'get-balance-locked',
        'get-decimals',
        'get-name',
        'get-symbol',
        'get-token-uri',
        'get-total-supply',
      ],
    );
    assert.deepStrictEqual(forms[0]!.forms[0]!.args, [
      { name: 'who', type: 'principal', input: 'principal', hint: 'An address (SP…) or a contract (SP….name)' },
    ]);
    assert.deepStrictEqual(
      forms[1]!.forms.map((f) => f.id),
      [
        'var:token-name',
        'var:token-symbol',
        'var:token-uri',
        'constant:ERR_NOT_OWNER',
        'constant:ERR_TRANSFER_INDEX_PREFIX',
        'constant:token-decimals',
      ],
    );
    const tokens = sections.find((s) => s.type === 'table' && s.title?.startsWith('Tokens')) as Extract<
      Section,
      { type: 'table' }
    >;
    assert.deepStrictEqual(
      tokens.rows.map((r) => r.cells[0]![0]!.text),
      ['sbtc-token', 'sbtc-token-locked'],
    );
    const fns = sections.find((s) => s.type === 'table' && s.title?.startsWith('Functions')) as Extract<
      Section,
      { type: 'table' }
    >;
    assert.strictEqual(fns.rows.length, 21);
    const transfer = fns.rows.find((r) => r.cells[0]![0]!.text === 'transfer')!;
    assert.strictEqual(
      transfer.cells[2]![0]!.text,
      '(amount uint) (sender principal) (recipient principal) (memo (optional (buff 34)))',
    );
    assert.strictEqual(transfer.cells[3]![0]!.text, '(response bool uint)');
  });

  it('at most 500 forms of each kind; past that the read-only section says how many it shows', () => {
    const fn = (access: string) => (_: unknown, i: number) => ({
      name: `f${i}`,
      access,
      args: [{ name: 'n', type: 'uint128' }],
      outputs: { type: 'bool' },
    });
    const big = (readOnly: number, pub: number, vars: number, maps: number) =>
      untyped<ContractInterface>({
        ...probe,
        functions: [...Array.from({ length: readOnly }, fn('read_only')), ...Array.from({ length: pub }, fn('public'))],
        variables: Array.from({ length: vars }, (_, i) => ({ name: `v${i}`, type: 'bool', access: 'variable' })),
        maps: Array.from({ length: maps }, (_, i) => ({ name: `m${i}`, key: 'uint128', value: 'bool' })),
      });
    const sections = interfaceSections(big(1_001, 700, 300, 300), ADDR);
    const forms = sections.filter((s): s is WorkbenchSection => s.type === 'workbench');
    assert.deepStrictEqual(
      forms.map((f) => [f.title, f.forms.length, f.forms.at(-1)!.id]),
      [
        ['Call read-only functions (1,001)', 500, 'fn:f499'],
        ['Read state', 500, 'map:m199'],
        ['Simulate public functions (700)', 500, 'public:f499'],
      ],
    );
    assert.deepStrictEqual(
      sections.filter((s) => s.type === 'notice'),
      [
        {
          type: 'notice',
          tone: 'warning',
          icon: 'warning',
          text: 'Showing forms for the first 500 of 1,001 read-only functions.',
        },
      ],
    );
    assert.strictEqual(
      sections.indexOf(forms[0]!) + 1,
      sections.findIndex((s) => s.type === 'notice'),
    );
    const exact = interfaceSections(big(500, 0, 0, 0), ADDR);
    assert.ok(!exact.some((s) => s.type === 'notice'), 'exactly 500: every form shown, nothing said');
  });

  it('a contract with nothing to call or read: each section says so; state forms run with no sender', () => {
    const empty = { ...probe, functions: [], variables: [], maps: [] } as ContractInterface;
    const forms = interfaceSections(empty, ADDR).filter((s): s is WorkbenchSection => s.type === 'workbench');
    assert.deepStrictEqual(
      forms.map((f) => [f.title, f.sender, f.forms, f.empty]),
      [
        ['Call read-only functions (0)', ADDR, [], 'This contract has no read-only function.'],
        ['Read state', '', [], 'This contract has no data variable, constant or map.'],
        ['Simulate public functions (0)', ADDR, [], 'This contract has no public function.'],
      ],
    );
    const full = interfaceSections(probe, ADDR).filter((s): s is WorkbenchSection => s.type === 'workbench');
    assert.deepStrictEqual(full[2]!.forms, [
      {
        id: 'public:set-score',
        kind: 'public',
        name: 'set-score',
        args: [
          { name: 'round', type: 'uint', input: 'uint', hint: full[2]!.forms[0]!.args[0]!.hint },
          { name: 'points', type: 'int', input: 'int', hint: full[2]!.forms[0]!.args[1]!.hint },
        ],
        returns: '(response bool none)',
      },
    ]);
  });

  it('a map gets a form with a typed key; a contract whose deploy is pending says its interface comes later', () => {
    const forms = interfaceSections(probe, ADDR).filter((s): s is WorkbenchSection => s.type === 'workbench');
    const map = forms[1]!.forms.find((f) => f.kind === 'map')!;
    assert.deepStrictEqual(
      map.args.map((a) => a.type),
      ['{ player: principal, round: uint }'],
    );
    assert.strictEqual(map.returns, '(optional { note: (string-ascii 20), points: int })');
    const pending = contractModel(
      CONTRACT.statusPending,
      {
        [CONTRACT.statusPending]: {
          found: true,
          result: { status: 'pending', tx_id: '0x' + '1'.repeat(64), contract_id: CONTRACT.statusPending },
        },
      },
      undefined,
      ctx,
    );
    assert.ok(pending.sections.some((s) => s.type === 'notice' && /still pending: its interface/.test(s.text)));
    assert.ok(!pending.sections.some((s) => s.type === 'workbench'));
  });

  it('a call: each wrong field gets its message and nothing is encoded; a right one is encoded with the sender', () => {
    const args = ['-1', '1', 'true', ADDR, '0x00', 'tag', 'note', 'none', '(ok u1)', '(list u1)', '{ a: u1, b: true }'];
    const bad = prepareCall(probe, 'describe', args, 'nobody', codec);
    assert.ok(!bad.ok);
    assert.strictEqual(bad.result.state, 'invalid');
    assert.match(bad.result.fields![0]!, /not a whole number of 0 or more/);
    assert.deepStrictEqual(bad.result.fields!.slice(1), Array(10).fill(null));
    assert.match(bad.result.message!, /One argument is not valid: nothing was sent\. Sender: /);
    const good = prepareCall(probe, 'describe', ['5', ...args.slice(1)], ` '${ADDR} `, codec);
    assert.ok(good.ok);
    assert.strictEqual(good.sender, ADDR);
    assert.strictEqual(good.args[0], cvToHex(Cl.uint(5)));
    assert.strictEqual(good.args.length, 11);
    const wrongCount = prepareCall(probe, 'describe', ['1'], ADDR, codec);
    assert.ok(!wrongCount.ok && /takes 11 arguments, not 1/.test(wrongCount.result.message!));
    assert.ok(!prepareCall(probe, 'set-score', ['1', '1'], ADDR, codec).ok, 'a public function has no form');
  });

  it('a call refused: which function, how many arguments are wrong, and the sender, each in its own words', () => {
    const refusal = (fn: string, args: string[], sender: string, access?: 'read_only' | 'public') => {
      const r = prepareCall(probe, fn, args, sender, codec, access);
      assert.ok(!r.ok, `${fn} ${JSON.stringify(args)} was prepared`);
      return r.result;
    };
    assert.deepStrictEqual(refusal('nope', [], ADDR), {
      form: 'fn:nope',
      state: 'invalid',
      message: 'The contract has no read-only function nope.',
    });
    assert.deepStrictEqual(refusal('nope', [], ADDR, 'public'), {
      form: 'public:nope',
      state: 'invalid',
      message: 'The contract has no public function nope.',
    });
    assert.deepStrictEqual(refusal('safe-div', ['1'], ADDR), {
      form: 'fn:safe-div',
      state: 'invalid',
      message: 'safe-div takes 2 arguments, not 1.',
    });
    const two = refusal('safe-div', ['x', 'u1'], ADDR);
    assert.strictEqual(two.message, '2 arguments are not valid: nothing was sent.');
    assert.strictEqual(two.fields!.length, 2);
    assert.ok(two.fields!.every((f) => typeof f === 'string' && f.length > 0));
    const one = refusal('safe-div', ['x', '2'], ADDR);
    assert.strictEqual(one.message, 'One argument is not valid: nothing was sent.');
    const x = encodeArgument(I, 'x');
    assert.ok(!x.ok);
    assert.deepStrictEqual(one.fields, [x.reason, null]);
    // One quote before the address is Clarity's; one anywhere else is a typo.
    assert.match(refusal('safe-div', ['1', '2'], `${ADDR}'`).message!, /^Sender: /);
    const sender = refusal('safe-div', ['1', '2'], 'nobody');
    assert.match(sender.message!, /^Sender: \S/);
    assert.deepStrictEqual(sender.fields, [null, null]);
    // A simulation runs as a standard address; a read-only call may run as a contract.
    const contract = `${ADDR}.type-probe`;
    assert.deepStrictEqual(refusal('set-score', ['u1', '2'], contract, 'public'), {
      form: 'public:set-score',
      state: 'invalid',
      message: 'Sender: a simulation runs as a standard address (SP…, ST…), not as a contract.',
      fields: [null, null],
    });
    const simulated = prepareCall(probe, 'set-score', ['u1', '2'], ADDR, codec, 'public');
    assert.deepStrictEqual(simulated, {
      ok: true,
      fn: 'set-score',
      args: [cvToHex(Cl.uint(1)), cvToHex(Cl.int(2))],
      sender: ADDR,
    });
    const asContract = prepareCall(probe, 'safe-div', ['1', '2'], contract, codec);
    assert.ok(asContract.ok && asContract.sender === contract);
  });

  it('a state read refused: the map, variable or constant it names, or the key', () => {
    const refusal = (what: 'var' | 'constant' | 'map', name: string, key?: string) => {
      const r = prepareRead(probe, what, name, key, codec);
      assert.ok(!r.ok, `${what} ${name} was prepared`);
      return r.result;
    };
    assert.deepStrictEqual(refusal('map', 'nope', 'u1'), {
      form: 'map:nope',
      state: 'invalid',
      message: 'The contract has no map nope.',
    });
    assert.deepStrictEqual(refusal('var', 'nope'), {
      form: 'var:nope',
      state: 'invalid',
      message: 'The contract has no data variable nope.',
    });
    assert.deepStrictEqual(refusal('constant', 'counter'), {
      form: 'constant:counter',
      state: 'invalid',
      message: 'The contract has no constant counter.',
    });
    const noKey = refusal('map', 'scores');
    assert.strictEqual(noKey.message, 'The key is not valid: nothing was sent.');
    const empty = encodeArgument(probe.maps.find((m) => m.name === 'scores')!.key, '');
    assert.deepStrictEqual(noKey.fields, [empty.ok ? null : empty.reason]);
    assert.deepStrictEqual(prepareRead(probe, 'constant', 'OWNER', 'ignored', codec), {
      ok: true,
      what: 'constant',
      name: 'OWNER',
    });
  });

  it('state: variables and constants by kind, a map key typed and encoded', () => {
    assert.ok(prepareRead(probe, 'var', 'counter', undefined, codec).ok);
    assert.ok(!prepareRead(probe, 'var', 'OWNER', undefined, codec).ok, 'a constant is not a data variable');
    assert.ok(prepareRead(probe, 'constant', 'OWNER', undefined, codec).ok);
    const key = prepareRead(probe, 'map', 'scores', `{ player: '${ADDR}, round: u1 }`, codec);
    assert.ok(key.ok);
    assert.strictEqual(key.key, cvToHex(Cl.tuple({ player: Cl.principal(ADDR), round: Cl.uint(1) })));
    const badKey = prepareRead(probe, 'map', 'scores', '{ player: u1, round: u1 }', codec);
    assert.ok(!badKey.ok && /principal/.test(badKey.result.fields![0]!));
  });

  it('the block to call at: latest, a height or a hash; anything else is refused', () => {
    assert.deepStrictEqual(parseAt(''), { ok: true, at: { kind: 'latest' } });
    assert.deepStrictEqual(parseAt(' 123 '), { ok: true, at: { kind: 'height', height: 123 } });
    assert.deepStrictEqual(parseAt('AB'.repeat(32)), { ok: true, at: { kind: 'hash', hash: '0x' + 'ab'.repeat(32) } });
    assert.deepStrictEqual(parseAt(' LATEST '), { ok: true, at: { kind: 'latest' } });
    assert.deepStrictEqual(parseAt('   '), { ok: true, at: { kind: 'latest' } });
    assert.deepStrictEqual(parseAt(`0X${'AB'.repeat(32)}`), {
      ok: true,
      at: { kind: 'hash', hash: '0x' + 'ab'.repeat(32) },
    });
    assert.deepStrictEqual(parseAt(String(Number.MAX_SAFE_INTEGER)), {
      ok: true,
      at: { kind: 'height', height: Number.MAX_SAFE_INTEGER },
    });
    assert.deepStrictEqual(parseAt('9007199254740993'), { ok: false, reason: 'That block height is too large.' });
    const refused = (raw: string) => {
      const r = parseAt(raw);
      assert.ok(!r.ok, `${JSON.stringify(raw)} was read`);
      return r.reason;
    };
    assert.strictEqual(
      refused(' yesterday '),
      '"yesterday" is not a block: give a height, a block hash (0x and 64 hex digits) or leave it empty for the latest block.',
    );
    assert.ok(refused(`${'y'.repeat(80)}zzz`).startsWith(`"${'y'.repeat(80)}" is not a block`));
    for (const raw of ['0x1234', 'ab'.repeat(33), `x${'ab'.repeat(32)}`, `${'ab'.repeat(32)}x`, '12a', '-1', 'u5'])
      refused(raw);
  });

  it("the node's answer: a value as Clarity text and a tree; a refusal with its cause; an invalid value said so", () => {
    const hex = cvToHex(Cl.ok(Cl.tuple({ a: Cl.uint(1), b: Cl.list([Cl.bool(true)]) })));
    const ok = callResult('fn:x', { okay: true, result: hex }, 'latest block', codec);
    assert.strictEqual(ok.state, 'ok');
    assert.strictEqual(ok.text, '(ok (tuple (a u1) (b (list true))))');
    assert.strictEqual(ok.tree?.type, 'ok');
    assert.strictEqual(ok.tree?.children?.[0]?.type, 'tuple');
    const failed: FormResult = callResult('fn:x', loadFixture('v2-call-read--failure.json'), 'latest block', codec);
    assert.deepStrictEqual([failed.state, failed.message], ['failed', 'The node could not run the call: NotReadOnly']);
    // the node's example constant is not a whole Clarity value (a uint needs 16 bytes)
    const broken = valueResult('constant:x', loadFixture('v2-constant-val.json').data, 'latest block', codec);
    assert.strictEqual(broken.state, 'error');
    const some = valueResult('map:m', loadFixture('v2-map-entry--proof.json').data, 'latest block', codec);
    assert.strictEqual(some.text, '(some (tuple (monster-id u1)))');
  });

  it("the node's refusal without a cause, or with a long one; a value without a tree; the block it ran at", () => {
    const at = 'block 7';
    for (const r of [{ okay: false }, { okay: false, cause: '  \n ' }])
      assert.deepStrictEqual(callResult('fn:x', r, at, codec), {
        form: 'fn:x',
        state: 'failed',
        message: 'The node could not run the call.',
        at,
      });
    const long = callResult('fn:x', { okay: false, cause: ` ${'c'.repeat(3_000)} ` }, at, codec);
    assert.strictEqual(long.message, `The node could not run the call: ${'c'.repeat(2_000)}`);
    const hex = cvToHex(Cl.uint(1));
    assert.deepStrictEqual(valueResult('var:x', hex, at, { ...codec, decodeClarity: () => undefined }), {
      form: 'var:x',
      state: 'ok',
      text: 'u1',
      at,
    });
    assert.deepStrictEqual(valueResult('var:x', hex, at, codec), {
      form: 'var:x',
      state: 'ok',
      text: 'u1',
      tree: decodeClarity(hex),
      at,
    });
    assert.deepStrictEqual(callResult('fn:x', { okay: true }, at, codec), {
      form: 'fn:x',
      state: 'error',
      message: 'The node sent a value that is not valid Clarity: it is not shown.',
      at,
    });
  });
});

describe('Contract workbench: the client and the mock node routes', () => {
  let mock: MockApi;
  let c: StacksClient;
  withMockClient((m, k) => ((mock = m), (c = k)));

  const calls = () => mock.requests.filter((r) => r.path.startsWith('/v2/contracts/call-read/'));

  it('reads an interface once: it never changes', async () => {
    const a = await c.getContractInterface(CONTRACT.typeProbe);
    const b = await c.getContractInterface(CONTRACT.typeProbe);
    assert.strictEqual(a, b);
    assert.strictEqual(mock.requestsTo('/v2/contracts/interface/').length, 1);
    await assert.rejects(c.getContractInterface(`${ADDR}.nothing-here`), (e: StacksApiError) => e.kind === 'not-found');
  });

  it('POSTs a call as JSON; the body is part of the key: the same call is shared and kept seconds, another one is sent', async () => {
    const args = [cvToHex(Cl.int(7)), cvToHex(Cl.int(2))];
    const [r1, r2] = await Promise.all([
      c.callReadOnly(CONTRACT.typeProbe, 'safe-div', { sender: ADDR, arguments: args }),
      c.callReadOnly(CONTRACT.typeProbe, 'safe-div', { sender: ADDR, arguments: args }),
    ]);
    assert.deepStrictEqual(r1, { okay: true, result: cvToHex(Cl.int(3)) });
    assert.strictEqual(r1, r2);
    assert.strictEqual(calls().length, 1);
    assert.strictEqual(calls()[0]!.method, 'POST');
    assert.deepStrictEqual(JSON.parse(calls()[0]!.body!), { sender: ADDR, arguments: args });
    assert.strictEqual(calls()[0]!.headers['content-type'], 'application/json');
    await c.callReadOnly(CONTRACT.typeProbe, 'safe-div', { sender: ADDR, arguments: args });
    assert.strictEqual(calls().length, 1, 'kept a few seconds');
    const other = await c.callReadOnly(CONTRACT.typeProbe, 'safe-div', {
      sender: ADDR,
      arguments: [args[0]!, cvToHex(Cl.int(0))],
    });
    assert.deepStrictEqual(other, { okay: false, cause: 'DivisionByZero' });
    assert.strictEqual(calls().length, 2);
  });

  it('sends only an index block hash as the tip, without 0x; anything else is refused before sending', async () => {
    const tip = '0x' + 'Ab'.repeat(32);
    await c.callReadOnly(CONTRACT.memoPayments, 'get-total-sent', { sender: ADDR, arguments: [], tip });
    assert.strictEqual(calls()[0]!.query.get('tip'), 'ab'.repeat(32));
    await assert.rejects(
      c.callReadOnly(CONTRACT.memoPayments, 'get-total-sent', { sender: ADDR, arguments: [], tip: '123' }),
      (e: StacksApiError) => e.kind === 'invalid-input',
    );
    await assert.rejects(
      c.callReadOnly(CONTRACT.memoPayments, 'get-total-sent', { sender: 'nobody', arguments: [] }),
      (e: StacksApiError) => e.kind === 'invalid-input',
    );
    await assert.rejects(
      c.callReadOnly(CONTRACT.memoPayments, 'get-total-sent', { sender: ADDR, arguments: ['not hex'] }),
      (e: StacksApiError) => e.kind === 'invalid-input',
    );
    assert.strictEqual(calls().length, 1);
  });

  it('reads a data variable, a constant and a map entry (the key POSTed as a JSON string, proof=0)', async () => {
    assert.strictEqual(clarityText((await c.getDataVar(CONTRACT.typeProbe, 'counter')).data), '-7');
    assert.strictEqual(mock.requestsTo('/v2/data_var/')[0]!.query.get('proof'), '0');
    assert.strictEqual(clarityText((await c.getConstant(CONTRACT.typeProbe, 'MAX-ITEMS')).data), 'u3');
    const key = cvToHex(Cl.tuple({ player: Cl.principal(ADDR), round: Cl.uint(1) }));
    const hit = await c.getMapEntry(CONTRACT.typeProbe, 'scores', key);
    assert.strictEqual(clarityText(hit.data), '(some (tuple (note "first round") (points 42)))');
    const sent = mock.requestsTo('/v2/map_entry/')[0]!;
    assert.strictEqual(sent.method, 'POST');
    assert.strictEqual(sent.body, JSON.stringify(key));
    assert.strictEqual(sent.query.get('proof'), '0');
    const miss = await c.getMapEntry(
      CONTRACT.typeProbe,
      'scores',
      cvToHex(Cl.tuple({ player: Cl.principal(ADDR), round: Cl.uint(2) })),
    );
    assert.strictEqual(clarityText(miss.data), 'none');
  });

  it('a malformed answer is an invalid-response error, and a cancelled call sends nothing more', async () => {
    mock.override('/v2/contracts/call-read/ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG/type-probe/safe-div', {
      okay: 'yes',
    });
    await assert.rejects(
      c.callReadOnly(CONTRACT.typeProbe, 'safe-div', { sender: ADDR, arguments: [] }),
      (e: StacksApiError) => e.kind === 'invalid-response',
    );
    const ac = new AbortController();
    ac.abort();
    await assert.rejects(
      c.callReadOnly(CONTRACT.typeProbe, 'safe-div', { sender: ADDR, arguments: [] }, { signal: ac.signal }),
      (e: StacksApiError) => e.kind === 'cancelled',
    );
  });
});
