import * as assert from 'assert';
import { hexBytes, recipientAddress, scriptAddress } from '../../src/chain/sbtcAddress';

// The vectors of BIP-173 (bech32), BIP-350 and BIP-86 (bech32m, taproot) and of Bitcoin Core's
// base58_keys_valid.json (P2PKH; the P2SH values are checked with an independent base58check in
// Python's hashlib): a withdrawal recipient {version, hashbytes} must read as the address
// its owner gave.
describe('sBTC withdrawal recipients as Bitcoin addresses', () => {
  /** BIP-173's 20-byte and 32-byte witness programs. */
  const H20 = '751e76e8199196d454941c45d1b3a323f1433bd6';
  const H32 = '1863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262';
  it('reads P2WPKH (version 0x04) as bech32, mainnet and testnet', () => {
    const h = '751e76e8199196d454941c45d1b3a323f1433bd6';
    assert.strictEqual(recipientAddress('0x04', h, 'mainnet').address, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    assert.strictEqual(recipientAddress('04', h, 'testnet').address, 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx');
  });
  it('reads P2WSH (0x05) as bech32 and P2TR (0x06) as bech32m', () => {
    assert.strictEqual(
      recipientAddress('05', '1863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262', 'testnet').address,
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
    );
    assert.strictEqual(
      recipientAddress('06', 'a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c', 'mainnet').address,
      'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr',
    );
  });
  it('reads P2PKH (0x00) and the P2SH forms (0x01 to 0x03) as base58check', () => {
    assert.strictEqual(
      recipientAddress('00', '65a16059864a2fdbc7c99a4723a8395bc6f188eb', 'mainnet').address,
      '1AGNa15ZQXAZUgFiqJ2i7Z2DPU2J6hW62i',
    );
    assert.strictEqual(recipientAddress('00', '00'.repeat(20), 'mainnet').address, '1111111111111111111114oLvT2');
    for (const v of ['01', '02', '03'])
      assert.strictEqual(
        recipientAddress(v, 'f815b036d9bbbce5e9f2a00abd1bf3dc91e95510', 'mainnet').address,
        '3QJmV3qfvL9SuYo34YihAf3sRCW3qSinyC',
      );
    assert.match(recipientAddress('00', '00'.repeat(20), 'testnet').address!, /^[mn]/);
    assert.match(recipientAddress('01', '00'.repeat(20), 'testnet').address!, /^2/);
  });
  it('refuses a version or length the contract does not allow, saying why', () => {
    assert.strictEqual(recipientAddress('07', '00'.repeat(32), 'mainnet').address, undefined);
    assert.match(recipientAddress('07', '00'.repeat(32), 'mainnet').problem!, /unknown version 0x07/);
    assert.match(recipientAddress('04', '00'.repeat(32), 'mainnet').problem!, /20 bytes/);
    assert.match(recipientAddress('06', '00'.repeat(20), 'mainnet').problem!, /32 bytes/);
    assert.strictEqual(recipientAddress('zz', '00', 'mainnet').address, undefined);
  });
  it('reads the scriptPubKey Emily gives for each standard form', () => {
    const h = '751e76e8199196d454941c45d1b3a323f1433bd6';
    assert.strictEqual(scriptAddress(`0014${h}`, 'mainnet').address, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    assert.strictEqual(
      scriptAddress('76a91465a16059864a2fdbc7c99a4723a8395bc6f188eb88ac', 'mainnet').address,
      '1AGNa15ZQXAZUgFiqJ2i7Z2DPU2J6hW62i',
    );
    assert.strictEqual(
      scriptAddress('a914f815b036d9bbbce5e9f2a00abd1bf3dc91e9551087', 'mainnet').address,
      '3QJmV3qfvL9SuYo34YihAf3sRCW3qSinyC',
    );
    assert.strictEqual(scriptAddress('6a0401020304', 'mainnet').address, undefined);
  });
  it('reads the 32-byte programs of BIP-350 whose last bit is set: P2WSH (0x05) and P2TR (0x06)', () => {
    // BIP-350's test vectors: the program's 256 bits leave one bit, set here, in the last 5-bit group.
    const program = '000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433';
    const p2wsh = 'tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy';
    const p2tr = 'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c';
    assert.deepStrictEqual(recipientAddress('05', program, 'testnet'), { kind: 'p2wsh', address: p2wsh });
    assert.deepStrictEqual(recipientAddress('06', program, 'testnet'), { kind: 'p2tr', address: p2tr });
    assert.deepStrictEqual(scriptAddress(`0020${program}`, 'testnet'), { kind: 'p2wsh', address: p2wsh });
    assert.deepStrictEqual(scriptAddress(`5120${program}`, 'testnet'), { kind: 'p2tr', address: p2tr });
  });
  it('refuses a version that is not one byte, or hashbytes that are not hex, saying what it expects', () => {
    const pairs: [string, string][] = [
      ['0400', H20],
      ['', H20],
      ['04', `${H20}z`],
    ];
    for (const [version, hash] of pairs)
      assert.deepStrictEqual(recipientAddress(version, hash, 'mainnet'), {
        problem: 'not a {version, hashbytes} pair',
      });
  });
  it('reads a script given with 0x or in upper case', () => {
    assert.strictEqual(
      scriptAddress(`0x0014${H20.toUpperCase()}`, 'mainnet').address,
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
  });
  it('refuses a script with anything before or after a standard form: a byte, a stray character, a second 0x', () => {
    const standard = [`76a914${H20}88ac`, `a914${H20}87`, `0014${H20}`, `0020${H32}`, `5120${H32}`];
    for (const s of standard) {
      assert.ok(scriptAddress(s, 'mainnet').address, s);
      for (const text of [`00${s}`, `${s}00`, `z${s}`, `${s}z`, `0x0x${s}`, `${s}0x`])
        assert.deepStrictEqual(scriptAddress(text, 'mainnet'), { problem: 'not a standard output script' }, text);
    }
  });
  it('reads hex bytes with or without 0x, up to 64 bytes, and nothing that is not whole hex bytes', () => {
    assert.deepStrictEqual(hexBytes('0xAbcD'), Uint8Array.from([0xab, 0xcd]));
    assert.deepStrictEqual(hexBytes('ff'.repeat(64)), new Uint8Array(64).fill(0xff));
    for (const text of ['ff'.repeat(65), 'abc', '0g', ' 1', '040x', '0x0x04'])
      assert.strictEqual(hexBytes(text), undefined, text);
  });
});
