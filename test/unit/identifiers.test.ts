import * as assert from 'assert';
import {
  checkAddress,
  checkBlockRef,
  checkContractId,
  checkContractName,
  checkPrincipal,
  checkTxId,
  Checked,
  short,
} from '../../src/chain/identifiers';

// One hash160 (a46ff888…5bd39d) under the four versions: c32address(22, 20, 26, 21, hash).
const SP = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const SM = 'SM2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKQVX8X0G';
const ST = 'ST2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKQYAC0RQ';
const SN = 'SN2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKP6D2ZK9';
const BURN = 'SP000000000000000000002Q6VF78';
const TX = '0x03807fdb726b3cb843e0330c564a4974037be8f9ea58ec7f8ebe03c34b890009';

function ok<T>(r: Checked<T>): T {
  if (!r.ok) assert.fail(`expected ok, got: ${r.reason}`);
  return r.value;
}
function reason<T>(r: Checked<T>): string {
  if (r.ok) assert.fail(`expected a failure, got ${JSON.stringify(r.value)}`);
  return r.reason;
}

describe('identifiers', () => {
  describe('checkTxId', () => {
    it('accepts 0x + 64 hex digits and returns it in lower case', () => {
      assert.strictEqual(ok(checkTxId(TX)), TX);
      assert.strictEqual(ok(checkTxId(TX.toUpperCase().replace('0X', '0x'))), TX);
      assert.strictEqual(ok(checkTxId(`  ${TX}\n`)), TX);
    });
    it('accepts a 0X prefix as pasted from some tools', () => {
      assert.strictEqual(ok(checkTxId('0X' + TX.slice(2).toUpperCase())), TX);
    });
    it('adds 0x to a bare 64-digit hex value', () => {
      assert.strictEqual(ok(checkTxId(TX.slice(2))), TX);
    });
    it('says how many digits a near miss has (63 and 65)', () => {
      assert.match(reason(checkTxId(TX.slice(0, -1))), /64 hex digits after 0x; .* has 63/);
      assert.match(reason(checkTxId(TX + 'a')), /has 65/);
      assert.match(reason(checkTxId(TX.slice(3))), /expected 0x followed by 64 hex digits/);
    });
    it('rejects non-hex characters and empty input', () => {
      assert.match(reason(checkTxId(TX.slice(0, -1) + 'g')), /is not a transaction id/);
      assert.match(reason(checkTxId('')), /not a transaction id/);
    });
    it('turns only a leading 0X into 0x, so a near miss says how many digits it has', () => {
      assert.match(reason(checkTxId('0X12')), /has 2\./);
      // A 0X later in the text is quoted back as it was pasted.
      assert.match(reason(checkTxId('0x0X12')), /^"0x0X12" is not a transaction id/);
    });
    it('takes a bare hex value of exactly 64 digits, and counts digits only after a leading 0x', () => {
      assert.match(reason(checkTxId(TX.slice(2) + 'a')), /is not a transaction id: expected 0x followed by 64/);
      assert.match(reason(checkTxId('a0x12')), /^"a0x12" is not a transaction id/);
    });
    it('names what it checked in the reason', () => {
      assert.match(reason(checkTxId('0x12', 'block hash')), /A block hash has 64 hex digits/);
    });
  });

  describe('checkAddress', () => {
    it('accepts the four versions with their network and type', () => {
      assert.deepStrictEqual(ok(checkAddress(SP)), { address: SP, network: 'mainnet', type: 'standard' });
      assert.deepStrictEqual(ok(checkAddress(SM)), { address: SM, network: 'mainnet', type: 'multisig' });
      assert.deepStrictEqual(ok(checkAddress(ST)), { address: ST, network: 'testnet', type: 'standard' });
      assert.deepStrictEqual(ok(checkAddress(SN)), { address: SN, network: 'testnet', type: 'multisig' });
    });
    it('accepts a short address made of leading zeros (the burn address) and trims spaces', () => {
      assert.strictEqual(ok(checkAddress(BURN)).address, BURN);
      assert.strictEqual(ok(checkAddress(` ${SP} `)).address, SP);
    });
    it('rejects a mistyped character: the checksum does not match', () => {
      const typo = SP.slice(0, 10) + (SP[10] === 'A' ? 'B' : 'A') + SP.slice(11);
      assert.match(reason(checkAddress(typo)), /checksum does not match/);
      // The same hash with another version character fails the checksum too.
      assert.match(reason(checkAddress('ST' + SP.slice(2))), /checksum/);
    });
    it('rejects an unknown version such as SZ', () => {
      // c32check-valid for version 31, but no Stacks network uses it.
      assert.match(
        reason(checkAddress('SZ2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKQ9H6DPR')),
        /SP, SM \(mainnet\), ST or SN \(testnet\)/,
      );
    });
    it('rejects lower case with a reason that says so', () => {
      assert.match(reason(checkAddress(SP.toLowerCase())), /upper case/);
    });
    it('rejects addresses that are too short or too long', () => {
      assert.match(reason(checkAddress(SP.slice(0, 20))), /not a Stacks address/);
      assert.match(reason(checkAddress(SP + 'A')), /not a/);
      assert.match(reason(checkAddress(SP + 'AAAA')), /not a Stacks address/);
    });
    it('rejects a checksum-valid payload that is not a 20-byte hash', () => {
      // c32checkEncode(22, 19 bytes): the checksum matches, but no account has such an address.
      assert.match(reason(checkAddress('SPA8VZRH23C5VWQCBCQ1D6JRRV7H0TVTFENS7H4')), /not a valid Stacks address/);
      assert.match(reason(checkAddress('SPA8VZRH23C5VWQCBCQ1D6JRRV7H0TVTFENS7H4')), /it is too short\.$/);
      // c32checkEncode(22, 00 00 + 19 bytes): 21 bytes, written in 39 characters thanks to the zeros.
      assert.match(reason(checkAddress('SP00AQAXBNENTQAXBNENTQAXBNENTQAXBND1M0HF6')), /it is too long\.$/);
    });
    it('rejects characters outside the c32 alphabet (I, L, O, U)', () => {
      assert.match(reason(checkAddress(SP.slice(0, -1) + 'O')), /not a Stacks address/);
    });
  });

  describe('checkContractName and checkContractId', () => {
    it('accepts names of 1 to 40 characters that start with a letter', () => {
      assert.strictEqual(ok(checkContractName('a')), 'a');
      assert.strictEqual(ok(checkContractName('A' + 'b'.repeat(39))), 'A' + 'b'.repeat(39));
      assert.strictEqual(ok(checkContractName('sip-010_trait-v2')), 'sip-010_trait-v2');
    });
    it('rejects 41 characters, an empty name, a leading digit or dash, and other characters', () => {
      assert.match(reason(checkContractName('a'.repeat(41))), /longer than 40 characters/);
      assert.match(reason(checkContractName('1' + 'a'.repeat(39))), /must start with a letter/);
      assert.match(reason(checkContractName('')), /empty/);
      assert.match(reason(checkContractName('1token')), /must start with a letter/);
      assert.match(reason(checkContractName('-token')), /must start with a letter/);
      assert.match(reason(checkContractName('tok.en')), /letters, digits, - and _/);
      assert.match(reason(checkContractName('tok en')), /letters, digits, - and _/);
    });
    it('splits a contract id into address, name and network', () => {
      assert.deepStrictEqual(ok(checkContractId(`${ST}.my-token`)), {
        contractId: `${ST}.my-token`,
        address: ST,
        name: 'my-token',
        network: 'testnet',
      });
      assert.strictEqual(ok(checkContractId(`${SM}.pool`)).network, 'mainnet');
    });
    it('trims blanks around a pasted contract id', () => {
      assert.deepStrictEqual(ok(checkContractId(` ${SP}.pool-v2 \n`)), {
        contractId: `${SP}.pool-v2`,
        address: SP,
        name: 'pool-v2',
        network: 'mainnet',
      });
    });
    it('reports the part that is wrong', () => {
      assert.match(reason(checkContractId(SP)), /expected <address>.<contract-name>/);
      assert.match(reason(checkContractId('.token')), /"" is not a Stacks address/);
      assert.match(reason(checkContractId(`${SP.slice(0, -1)}8.token`)), /checksum/);
      assert.match(reason(checkContractId(`${SP}.`)), /empty/);
      assert.match(reason(checkContractId(`${SP}.${'n'.repeat(41)}`)), /longer than 40/);
      assert.match(reason(checkContractId(`${SP}.token.trait`)), /not a valid contract name/);
    });
  });

  describe('checkPrincipal', () => {
    it('tells an address from a contract id', () => {
      assert.deepStrictEqual(ok(checkPrincipal(SP)), { principal: SP, kind: 'address', network: 'mainnet' });
      assert.deepStrictEqual(ok(checkPrincipal(`${SN}.vault`)), {
        principal: `${SN}.vault`,
        kind: 'contract',
        network: 'testnet',
      });
    });
    it('passes on the reason of the failing part', () => {
      assert.match(reason(checkPrincipal(`${SP}.9lives`)), /must start with a letter/);
      assert.match(reason(checkPrincipal('hello')), /not a Stacks address/);
    });
  });

  describe('short', () => {
    it('shows control and direction characters of untrusted text as ?', () => {
      assert.strictEqual(short('a\nb\u202ec\u0000'), 'a?b?c?');
    });
  });

  describe('checkBlockRef', () => {
    it('reads heights, hashes and latest', () => {
      assert.deepStrictEqual(ok(checkBlockRef('123')), { kind: 'height', height: 123 });
      assert.deepStrictEqual(ok(checkBlockRef(0)), { kind: 'height', height: 0 });
      assert.deepStrictEqual(ok(checkBlockRef(' 007 ')), { kind: 'height', height: 7 });
      assert.deepStrictEqual(ok(checkBlockRef('Latest')), { kind: 'latest' });
      assert.deepStrictEqual(ok(checkBlockRef(TX.toUpperCase().replace('0X', '0x'))), { kind: 'hash', hash: TX });
      assert.deepStrictEqual(ok(checkBlockRef(TX.slice(2))), { kind: 'hash', hash: TX });
    });
    it('rejects negative, decimal and unsafe heights as not a whole number', () => {
      assert.match(reason(checkBlockRef(-1)), /whole number of 0 or more/);
      assert.match(reason(checkBlockRef(1.5)), /whole number/);
      assert.match(reason(checkBlockRef('-1')), /a height \(a whole number\)/);
      assert.match(reason(checkBlockRef('1.5')), /a height \(a whole number\)/);
      assert.match(reason(checkBlockRef('99999999999999999999')), /whole number/);
    });
    it('rejects a short hash and other text with what a block reference can be', () => {
      assert.match(reason(checkBlockRef(TX.slice(0, -1))), /block hash \(0x \+ 64 hex digits\) or "latest"/);
      assert.match(reason(checkBlockRef('tip')), /"tip" is not a block/);
    });
  });
});
