import * as assert from 'assert';
import { createHash } from 'crypto';
import * as web from '../../src/api/shims/nobleHashes.web';

// The web build hashes c32check's checksums with its own SHA-256 (esbuild.js aliases
// @noble/hashes to the shim): a wrong hash would reject every valid address in vscode.dev.
describe('web build: SHA-256 shim for c32check', () => {
  it('agrees with Node crypto on every length across the padding boundaries', () => {
    for (let n = 0; n <= 200; n++) {
      const data = new Uint8Array(n).map((_, i) => (i * 31 + n) & 0xff);
      const want = createHash('sha256').update(data).digest('hex');
      assert.strictEqual(web.bytesToHex(web.sha256(data)), want, `length ${n}`);
    }
  });

  it('converts hex both ways and rejects what is not hex', () => {
    assert.deepStrictEqual([...web.hexToBytes('00ff7a')], [0, 255, 122]);
    assert.strictEqual(web.bytesToHex(new Uint8Array([0, 255, 122])), '00ff7a');
    assert.throws(() => web.hexToBytes('abc'));
    assert.throws(() => web.hexToBytes('zz'));
  });
});
