// What a user types into a contract form field, read against the argument's Clarity type
// (src/chain/clarityArgs.ts): the exact sentence each mistake gets, and the values that must encode.
// The types are those of real contract interfaces (test/fixtures/api/v2-contract-interface--*.json).
import * as assert from 'assert';
import { Cl, ClarityValue, cvToHex } from '@stacks/transactions';
import type { ContractInterface } from '../../src/api';
import type { AbiType } from '../../src/chain/abi';
import { encodeArgument, MAX_INPUT_CHARS } from '../../src/chain/clarityArgs';
import { loadFixture } from '../mock-api/fixtures';
import { untyped } from '../fakes/fetch';

const ADDR = 'ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG';
const CONTRACT = `${ADDR}.type-probe`;
/** A real 32-byte txid, from test/fixtures/api/tx-token_transfer.json. */
const TXID = (loadFixture('tx-token_transfer.json') as { tx_id: string }).tx_id;

/** The type of argument `arg` of `fn` in a real contract interface fixture. */
function argType(contract: string, fn: string, arg: string): AbiType {
  const iface = loadFixture(`v2-contract-interface--${contract}.json`) as ContractInterface;
  const f = iface.functions.find((x) => x.name === fn);
  const a = f?.args.find((x) => x.name === arg);
  assert.ok(a, `${contract}.${fn}(${arg})`);
  return a.type as AbiType;
}

const U = argType('type-probe', 'describe', 'amount');
const I = argType('type-probe', 'describe', 'delta');
const WHO = argType('type-probe', 'describe', 'who');
const TRAIT = argType('type-probe', 'trait-name', 't');
const MEMO8 = argType('type-probe', 'describe', 'memo');
const TAG = argType('type-probe', 'describe', 'tag');
const NOTE = argType('type-probe', 'describe', 'note');
const MAYBE = argType('type-probe', 'describe', 'maybe');
const OUTCOME = argType('type-probe', 'describe', 'outcome');
const ITEMS = argType('type-probe', 'describe', 'items');
const PAIR = argType('type-probe', 'describe', 'pair');
const TRANSFER_MEMO = argType('sbtc-token', 'transfer', 'memo');
const TOKEN_URI = argType('sbtc-token', 'protocol-set-token-uri', 'new-uri');
const TRANSFER_MANY = argType('sbtc-token', 'transfer-many', 'recipients');
const DEPOSIT_TXID = argType('sbtc-deposit', 'complete-deposit-wrapper', 'txid');

function encodes(type: AbiType, input: string, expected: ClarityValue): void {
  const r = encodeArgument(type, input);
  assert.ok(r.ok, `${JSON.stringify(input).slice(0, 80)}: ${r.ok ? '' : r.reason}`);
  assert.strictEqual(r.hex, cvToHex(expected), input.slice(0, 80));
}

/** The sentence a refused value gets (fails if the value is accepted). */
function reason(type: AbiType, input: string): string {
  const r = encodeArgument(type, input);
  assert.ok(!r.ok, `${JSON.stringify(input).slice(0, 80)} should be refused, encoded ${r.ok ? r.text : ''}`);
  return r.reason;
}

describe('Contract form arguments: simple types typed as they are', () => {
  it('the longest value a field takes (MAX_INPUT_CHARS) is read, one character more is refused', () => {
    encodes(U, '0'.repeat(MAX_INPUT_CHARS), Cl.uint(0));
    assert.strictEqual(reason(U, '0'.repeat(MAX_INPUT_CHARS + 1)), 'The value is too long for a Clarity value (1 MB).');
  });

  it('a uint takes its u only in front, an int refuses trailing letters', () => {
    assert.strictEqual(reason(U, '5u'), '"5u" is not a whole number of 0 or more.');
    assert.strictEqual(reason(I, '5x'), '"5x" is not a whole number.');
    assert.strictEqual(reason(I, '-5 7'), '"-5 7" is not a whole number.');
  });

  it('a long wrong value is quoted cut to 39 characters and an ellipsis; 40 characters are quoted whole', () => {
    const forty = 'x'.repeat(40);
    assert.strictEqual(reason(U, forty), `"${forty}" is not a whole number of 0 or more.`);
    assert.strictEqual(reason(U, 'y'.repeat(41)), `"${'y'.repeat(39)}…" is not a whole number of 0 or more.`);
    assert.strictEqual(reason(I, 'z'), '"z" is not a whole number.');
  });

  it("a principal or a trait takes one leading ' and no other", () => {
    encodes(TRAIT, `'${CONTRACT}`, Cl.principal(CONTRACT));
    encodes(TRAIT, ` ${CONTRACT} `, Cl.principal(CONTRACT));
    encodes(WHO, `'${ADDR}`, Cl.principal(ADDR));
    assert.ok(!encodeArgument(WHO, `${ADDR}'`).ok);
    assert.ok(!encodeArgument(TRAIT, `${CONTRACT}'`).ok);
    assert.ok(!encodeArgument(TRAIT, `''${CONTRACT}`).ok);
  });

  it('a buffer reads 0x… hex (around spaces ignored, any case) and every byte of a 32-byte txid', () => {
    encodes(DEPOSIT_TXID, TXID, Cl.bufferFromHex(TXID.slice(2)));
    encodes(DEPOSIT_TXID, `  ${TXID.toUpperCase()}\n`, Cl.bufferFromHex(TXID.slice(2)));
    encodes(MEMO8, ' 0x0102 ', Cl.bufferFromHex('0102'));
    encodes(MEMO8, '0x0102030405060708', Cl.bufferFromHex('0102030405060708'));
  });

  it('a buffer typed as text with 0x inside it is that text as UTF-8, spaces kept', () => {
    encodes(MEMO8, 'ab0x12', Cl.bufferFromUtf8('ab0x12'));
    encodes(MEMO8, ' hi ', Cl.bufferFromUtf8(' hi '));
  });

  it('an ASCII string refuses a non-ASCII first character, naming it', () => {
    assert.strictEqual(reason(TAG, 'éa'), 'Character 1 ("é") is not ASCII: use a string-utf8 for other characters.');
  });

  it('a UTF-8 string keeps characters outside the basic plane', () => {
    encodes(NOTE, 'a🙂b', Cl.stringUtf8('a🙂b'));
  });
});

describe('Contract form arguments: Clarity notation for compound types', () => {
  it('an optional is none or (some …), nothing else', () => {
    encodes(MAYBE, '(some u5)', Cl.some(Cl.uint(5)));
    assert.strictEqual(reason(MAYBE, 'u5'), 'Expected none or (some …).');
    assert.strictEqual(reason(MAYBE, '{some u5}'), 'Expected none or (some …).');
    assert.strictEqual(reason(MAYBE, '(sum u5)'), 'Expected none or (some …).');
    assert.strictEqual(reason(MAYBE, '(some u5 u6)'), '(some …) takes 1 value, not 2.');
    assert.strictEqual(reason(MAYBE, '(some (u5))'), 'Expected uint (at some).');
  });

  it('a response is (ok …) or (err …), each checked against its own type, the place named', () => {
    encodes(OUTCOME, '(err u4)', Cl.error(Cl.uint(4)));
    assert.strictEqual(reason(OUTCOME, '(okay u1)'), 'Expected (ok …) or (err …).');
    assert.strictEqual(reason(OUTCOME, 'u1'), 'Expected (ok …) or (err …).');
    assert.strictEqual(reason(OUTCOME, '(ok 1)'), 'Expected a uint, written u123 (at ok).');
    assert.strictEqual(reason(OUTCOME, '(err 1)'), 'Expected a uint, written u123 (at err).');
    assert.strictEqual(reason(OUTCOME, '(ok u1 u2)'), '(ok …) takes 1 value, not 2.');
    assert.strictEqual(reason(OUTCOME, '(err)'), '(err …) takes 1 value, not 0.');
    const err = { response: { ok: U, error: I } } as AbiType;
    assert.strictEqual(reason(err, '(err u1)'), '"u1" is not a whole number (at err).');
  });

  it('a list is (list …), at most its length', () => {
    assert.strictEqual(reason(ITEMS, 'u1'), 'Expected (list …).');
    assert.strictEqual(reason(ITEMS, '(list u1 u2 u3 u4)'), '4 items: this list holds at most 3.');
  });

  it('a tuple field names the place of a mistake: [item].field, the sentence ending once', () => {
    const item = (sender: string, amount = 'u1') =>
      `{ amount: ${amount}, memo: none, sender: ${sender}, to: '${ADDR} }`;
    encodes(
      TRANSFER_MANY,
      `(list ${item(`'${ADDR}`)})`,
      Cl.list([Cl.tuple({ amount: Cl.uint(1), memo: Cl.none(), sender: Cl.principal(ADDR), to: Cl.principal(ADDR) })]),
    );
    assert.strictEqual(
      reason(TRANSFER_MANY, `(list ${item(`'${ADDR}`)} ${item("'")})`),
      'Give an address (SP…) or a contract id (SP….name) (at [1].sender).',
    );
    assert.strictEqual(
      reason(TRANSFER_MANY, `(list ${item(`'${ADDR}`, '7')})`),
      'Expected a uint, written u123 (at [0].amount).',
    );
    assert.strictEqual(
      reason({ optional: TRAIT } as AbiType, `(some '${ADDR})`),
      'A trait takes a contract (SP….name) that implements it, not an address (at some).',
    );
    assert.strictEqual(
      reason({ list: { type: TAG, length: 2 } } as AbiType, '(list "ok" "abcdefghijklmnopq")'),
      '17 characters: this string holds at most 16 (at [1]).',
    );
  });

  it('a trait inside a compound value takes a contract only', () => {
    encodes({ optional: TRAIT } as AbiType, `(some '${CONTRACT})`, Cl.some(Cl.principal(CONTRACT)));
    encodes({ optional: WHO } as AbiType, `(some '${ADDR})`, Cl.some(Cl.principal(ADDR)));
  });

  it('a buffer inside a compound value is written 0x and hex digits', () => {
    encodes(TRANSFER_MEMO, '(some 0xdeadbeef)', Cl.some(Cl.bufferFromHex('deadbeef')));
    encodes(TRANSFER_MEMO, '(some 0XAB)', Cl.some(Cl.bufferFromHex('ab')));
    const expected = 'Expected a buffer, written 0x and hex digits (at some).';
    assert.strictEqual(reason(TRANSFER_MEMO, '(some deadbeef)'), expected);
    assert.strictEqual(reason(TRANSFER_MEMO, '(some ab0x12)'), expected);
    assert.strictEqual(reason(TRANSFER_MEMO, '(some "hi")'), 'Expected buffer (at some).');
  });

  it('strings inside a compound value are "text" (ASCII) or u"text" (UTF-8)', () => {
    encodes(TOKEN_URI, '(some u"héllo")', Cl.some(Cl.stringUtf8('héllo')));
    encodes(TOKEN_URI, '(some "plain")', Cl.some(Cl.stringUtf8('plain')));
    encodes(TOKEN_URI, '(some u"say \\"u\\"")', Cl.some(Cl.stringUtf8('say "u"')));
    assert.strictEqual(reason(TOKEN_URI, '(some hello)'), 'Expected a UTF-8 string, written u"text" (at some).');
    const tags = { list: { type: TAG, length: 2 } } as AbiType;
    encodes(tags, '(list "a" "bu")', Cl.list([Cl.stringAscii('a'), Cl.stringAscii('bu')]));
    assert.strictEqual(reason(tags, '(list abc)'), 'Expected an ASCII string, written "text" (at [0]).');
    assert.strictEqual(reason(tags, '(list u"abc")'), 'Expected an ASCII string, written "text" (at [0]).');
  });

  it('the none type takes none only', () => {
    const nones = { list: { type: 'none', length: 2 } } as AbiType;
    encodes(nones, '(list none none)', Cl.list([Cl.none(), Cl.none()]));
    assert.strictEqual(reason(nones, '(list none u1)'), 'Expected none (at [1]).');
    encodes('none', 'none', Cl.none());
    assert.strictEqual(reason('none', ' '), 'Give a value: none.');
    assert.strictEqual(reason('none', 'none none'), 'Give one value, like none.');
  });

  it('a tuple is { name: value, … } or (tuple (name value) …), each field once', () => {
    const want = Cl.tuple({ a: Cl.uint(1), b: Cl.bool(true) });
    encodes(PAIR, '{ a: u1, b: true }', want);
    encodes(PAIR, '(tuple (a u1) (b true))', want);
    assert.strictEqual(reason(PAIR, '{ a: u1, b }'), 'Write each field of the tuple as name: value.');
    assert.strictEqual(reason(PAIR, '{ "a": u1, b: true }'), 'Write each field of the tuple as name: value.');
    assert.strictEqual(reason(PAIR, '{ a: u1, a: u2, b: true }'), 'The field a is given twice.');
    assert.strictEqual(reason(PAIR, '(tuple (a u1) (a u2) (b true))'), 'The field a is given twice.');
    assert.strictEqual(reason(PAIR, '(record (a u1) (b true))'), 'Expected a tuple, written { a: …, b: … }.');
    assert.strictEqual(reason(PAIR, 'u1'), 'Expected a tuple, written { a: …, b: … }.');
    const fieldForm = 'Write each field of the tuple as (name value).';
    assert.strictEqual(reason(PAIR, '(tuple {a u1} (b true))'), fieldForm);
    assert.strictEqual(reason(PAIR, '(tuple (a u1 u2) (b true))'), fieldForm);
    assert.strictEqual(reason(PAIR, '(tuple ("a" u1) (b true))'), fieldForm);
    assert.strictEqual(reason(PAIR, '{ a: u1, b: true, c: u3 }'), 'The tuple has no field c: its fields are a, b.');
  });
});

describe('Contract form arguments: reading Clarity notation', () => {
  it('a bracket closed by the other kind, or never opened, is named with its position', () => {
    assert.strictEqual(reason(MAYBE, '(some u1}'), 'Unbalanced "}" at character 9.');
    assert.strictEqual(reason(MAYBE, '(some u1))'), 'Unbalanced ")" at character 10.');
    assert.strictEqual(reason(PAIR, '{ a: u1, b: true )'), 'Unbalanced ")" at character 18.');
  });

  it('a bracket never closed is named with its position', () => {
    assert.strictEqual(reason(ITEMS, '(list u1'), '"(" at character 1 is never closed.');
    assert.strictEqual(reason(ITEMS, '(list u1 (list'), '"(" at character 10 is never closed.');
  });

  it('a string with a bad escape, or without its closing quote, is named with its position', () => {
    const tags = { list: { type: TAG, length: 2 } } as AbiType;
    assert.strictEqual(reason(tags, '(list "a\\q")'), 'The string at character 7 has an escape that is not valid.');
    assert.strictEqual(reason(tags, '(list "abc)'), 'Unexpected """ at character 7 (a string must end with ").');
  });

  it('32 levels of nesting are read, 33 are refused before the value is checked', () => {
    let t: AbiType = U;
    let v: ClarityValue = Cl.uint(1);
    for (let i = 0; i < 32; i++) {
      t = { optional: t };
      v = Cl.some(v);
    }
    encodes(t, '(some '.repeat(32) + 'u1' + ')'.repeat(32), v);
    assert.strictEqual(reason(MAYBE, '('.repeat(33) + ')'.repeat(33)), 'The value nests deeper than 32 levels.');
    assert.strictEqual(reason(MAYBE, '('.repeat(32) + ')'.repeat(32)), 'Expected none or (some …).');
  });
});

describe('Contract form arguments: a type this version does not know', () => {
  it('is refused with a sentence, never thrown', () => {
    const unknownObject = untyped<AbiType>({ map: { length: 1 } });
    const unknownName = untyped<AbiType>('uint256');
    assert.strictEqual(reason(unknownObject, ''), 'Give a value: a value.');
    assert.strictEqual(reason(unknownName, ''), 'Give a value: a value.');
    assert.match(reason(unknownObject, 'u1'), /^Not a valid value: \S/);
    assert.match(reason(unknownName, 'u1'), /^Not a valid value: \S/);
  });
});
