// The stand-ins the bundles use for @noble/hashes and c32check (src/api/shims/), beyond what
// test/unit/shims.test.ts and test/unit/web-shims.test.ts compare: a whole hash's worth of hex
// read back byte for byte, bytes handed where hex is expected refused as the package refuses them,
// and an address never written from a hash that is not exactly 20 bytes.
import * as assert from 'assert';
import * as real from 'c32check';
import { createHash } from 'crypto';
import { hexToBytes as nobleHexToBytes } from '@noble/hashes/utils';
import * as c32 from '../../src/api/shims/c32check';
import * as node from '../../src/api/shims/nobleHashes';
import * as web from '../../src/api/shims/nobleHashes.web';
import { untyped } from '../fakes/fetch';

// The hash160 of a real mainnet address (SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7), and a SHA-256.
const HASH160 = 'a46ff88886c2ef9762d970b4d2c63678835bd39d';
const SHA = createHash('sha256').update('stacks').digest('hex');

describe('hash shims: hex of a whole hash, and what is not hex', () => {
  for (const [name, shim] of [
    ['Node build', node],
    ['web build', web],
  ] as const) {
    it(`${name}: a hash160 and a SHA-256 in hex read back byte for byte`, () => {
      for (const hex of [HASH160, SHA, SHA.toUpperCase()])
        assert.deepStrictEqual([...shim.hexToBytes(hex)], [...Buffer.from(hex, 'hex')], hex);
    });

    it(`${name}: bytes handed where hex is expected are refused, as the package refuses them`, () => {
      for (const bytes of [new Uint8Array(0), []]) {
        assert.throws(() => nobleHexToBytes(untyped(bytes)), /hex string expected/);
        assert.throws(() => shim.hexToBytes(untyped(bytes)), { message: 'hex string expected' });
      }
      assert.throws(() => shim.hexToBytes('abc'), { message: 'hex string expected' });
    });
  }
});

describe('c32address shim: only a 20-byte hash becomes an address', () => {
  it('writes the real address of a real hash160', () => {
    assert.strictEqual(c32.c32address(22, HASH160), real.c32address(22, HASH160));
    assert.strictEqual(c32.c32address(22, HASH160), 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7');
  });

  it("has the package's address versions, which identifiers.ts reads to name a network", () => {
    assert.deepStrictEqual(c32.versions, {
      mainnet: { p2pkh: real.versions.mainnet.p2pkh, p2sh: real.versions.mainnet.p2sh },
      testnet: { p2pkh: real.versions.testnet.p2pkh, p2sh: real.versions.testnet.p2sh },
    });
    assert.strictEqual(c32.versions.mainnet.p2pkh, 22);
  });

  it('refuses a hash160 with anything before or after it', () => {
    for (const bad of [`${HASH160}00`, `00${HASH160}`, `${HASH160}z`, `z${HASH160}`, SHA, ` ${HASH160}`])
      assert.throws(() => c32.c32address(22, bad), { message: 'Invalid argument: not a hash160 hex string' }, bad);
  });
});
