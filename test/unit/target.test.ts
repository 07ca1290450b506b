import * as assert from 'assert';
import {
  recognizeInput,
  RecognizedInput,
  shortenMiddle,
  TARGET_KINDS,
  targetTitle,
  targetWhat,
} from '../../src/chain/target';

const TX = '0x03807fdb726b3cb843e0330c564a4974037be8f9ea58ec7f8ebe03c34b890009';
const SP = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const ST = 'ST2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKQYAC0RQ';

function ok(raw: string): RecognizedInput {
  const r = recognizeInput(raw);
  if (!r.ok) assert.fail(`"${raw}" was not recognised: ${r.reason}`);
  return r.value;
}
function reason(raw: string): string {
  const r = recognizeInput(raw);
  if (r.ok) assert.fail(`"${raw}" was recognised as ${JSON.stringify(r.value)}`);
  return r.reason;
}

describe('recognizeInput', () => {
  it('takes a tx id in any case, with or without 0x, and flags it as maybe a block hash', () => {
    for (const raw of [TX, TX.slice(2), TX.toUpperCase().replace('0X', '0x'), `  ${TX}\n`]) {
      assert.deepStrictEqual(ok(raw), { target: { kind: 'tx', id: TX }, ambiguousHash: true }, raw);
    }
  });
  it('takes addresses with the chain their version names', () => {
    assert.deepStrictEqual(ok(SP), { target: { kind: 'address', id: SP }, chain: 'mainnet' });
    assert.deepStrictEqual(ok(` ${ST} `), { target: { kind: 'address', id: ST }, chain: 'testnet' });
  });
  it('takes contract ids, also quoted Clarity style and as trait references', () => {
    const expected = { target: { kind: 'contract', id: `${SP}.sip-010-trait-ft-standard` }, chain: 'mainnet' };
    assert.deepStrictEqual(ok(`${SP}.sip-010-trait-ft-standard`), expected);
    assert.deepStrictEqual(ok(`'${SP}.sip-010-trait-ft-standard`), expected);
    assert.deepStrictEqual(ok(`'${SP}.sip-010-trait-ft-standard.sip-010-trait`), expected);
    assert.deepStrictEqual(ok(`\t'${SP}.sip-010-trait-ft-standard\n`), expected);
  });
  it('takes block heights and latest', () => {
    assert.deepStrictEqual(ok('123456'), { target: { kind: 'block', id: '123456' } });
    assert.deepStrictEqual(ok('0042'), { target: { kind: 'block', id: '42' } });
    assert.deepStrictEqual(ok('LATEST'), { target: { kind: 'block', id: 'latest' } });
  });
  it('explains near misses', () => {
    assert.match(reason(''), /Paste a transaction id, address, contract id/);
    assert.match(reason('   '), /Paste a transaction id/);
    assert.match(reason(TX.slice(0, -1)), /has 63/);
    assert.match(reason(TX + '0'), /has 65/);
    assert.match(reason(SP.slice(0, -1) + (SP.endsWith('7') ? '8' : '7')), /checksum does not match/);
    assert.match(reason(SP.toLowerCase()), /upper case/);
    assert.match(reason(`${SP}.1token`), /must start with a letter/);
    assert.match(reason(`${SP}.`), /empty/);
    assert.match(reason('99999999999999999999'), /whole number/);
    assert.match(reason('-5'), /not something to look up/);
    assert.match(reason('hello world'), /"hello world" is not something to look up: paste a transaction id/);
    assert.match(reason('.my-contract'), /not something to look up/);
  });
  it('drops only a leading Clarity quote: a quote inside the text is quoted back as typed', () => {
    assert.match(reason("don't"), /^"don't" is not something to look up/);
  });
  it('treats only text that starts with S as an address, and only 0x at the start as a tx id', () => {
    // An S or a 0x inside other text is not a near miss of an address or a transaction id.
    assert.match(reason('rest'), /^"rest" is not something to look up/);
    assert.match(reason(`x${SP}`), /is not something to look up/);
    assert.match(reason('a0x12'), /^"a0x12" is not something to look up/);
    assert.match(reason('0x12'), /has 2/);
    assert.match(reason('stx'), /not a Stacks address/);
  });
});

describe('targetWhat', () => {
  it('names each kind of target the way a sentence says it', () => {
    assert.deepStrictEqual(
      TARGET_KINDS.map((k) => targetWhat(k)),
      [
        'transaction',
        'address',
        'contract',
        'block',
        'burn block',
        'contract status',
        'mempool statistics',
        'API status',
        'sBTC deposit',
      ],
    );
  });
});

describe('targetTitle and shortenMiddle', () => {
  it('titles each kind the way panels and history show it', () => {
    assert.strictEqual(targetTitle({ kind: 'tx', id: TX }), 'Transaction 0x03807f…890009');
    assert.strictEqual(targetTitle({ kind: 'address', id: SP }), 'Address SP2J6Z…RV9EJ7');
    assert.strictEqual(targetTitle({ kind: 'contract', id: `${SP}.pool-v2` }), 'Contract pool-v2');
    assert.strictEqual(targetTitle({ kind: 'block', id: '123' }), 'Block #123');
    assert.strictEqual(targetTitle({ kind: 'block', id: 'latest' }), 'Block (latest)');
    assert.strictEqual(targetTitle({ kind: 'block', id: TX }), 'Block 0x03807f…890009');
    assert.strictEqual(targetTitle({ kind: 'burnBlock', id: '880000' }), 'Bitcoin block #880000');
    assert.strictEqual(targetTitle({ kind: 'burnBlock', id: 'latest' }), 'Bitcoin block (latest)');
    assert.strictEqual(targetTitle({ kind: 'burnBlock', id: TX }), 'Bitcoin block 0x03807f…890009');
    assert.strictEqual(targetTitle({ kind: 'contracts', id: `${SP}.a,${SP}.b` }), 'Contract Deployment Status');
    assert.strictEqual(targetTitle({ kind: 'mempool', id: '' }), 'Mempool Statistics');
    assert.strictEqual(targetTitle({ kind: 'status', id: '' }), 'API Status');
  });
  it('shortens only what is long enough to gain from it', () => {
    assert.strictEqual(shortenMiddle(TX), '0x03807f…890009');
    assert.strictEqual(shortenMiddle(SP, 4), 'SP2J…9EJ7');
    assert.strictEqual(shortenMiddle('0x1234567890abc'), '0x1234567890abc');
    assert.strictEqual(shortenMiddle('0x1234567890abcd'), '0x123456…90abcd');
    assert.strictEqual(shortenMiddle('short'), 'short');
  });
});
