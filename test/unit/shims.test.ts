import * as assert from 'assert';
import { sha256 as nobleSha256 } from '@noble/hashes/sha256';
import { bytesToHex as nobleBytesToHex, hexToBytes as nobleHexToBytes } from '@noble/hashes/utils';
import { bytesToHex, hexToBytes, sha256 } from '../../src/api/shims/nobleHashes';

// The extension bundle swaps @noble/hashes for Node's crypto; c32check must see the same results.
describe('hash shim used by the bundled c32check', () => {
  it('computes the same SHA-256 as @noble/hashes', () => {
    for (const input of ['', 'abc', 'x'.repeat(1000)]) {
      const bytes = new TextEncoder().encode(input);
      assert.deepStrictEqual(sha256(bytes), nobleSha256(bytes));
    }
  });

  it('converts hex the same way, and rejects what it rejects', () => {
    assert.deepStrictEqual(hexToBytes('00ff10'), nobleHexToBytes('00ff10'));
    assert.strictEqual(bytesToHex(new Uint8Array([0, 255, 16])), nobleBytesToHex(new Uint8Array([0, 255, 16])));
    for (const bad of ['0', 'zz']) {
      assert.throws(() => nobleHexToBytes(bad));
      assert.throws(() => hexToBytes(bad));
    }
  });
});
