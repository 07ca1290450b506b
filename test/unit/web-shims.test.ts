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

describe('c32check decoder shim (both builds)', () => {
  it('decodes and refuses exactly as the package does', async () => {
    const real = await import('c32check');
    const shim = await import('../../src/api/shims/c32check');
    assert.deepStrictEqual(shim.versions, real.versions);
    const valid = [
      real.c32address(22, 'a46ff88886c2ef9762d970b4d2c63678835bd39d'),
      real.c32address(26, '0000000000000000000000000000000000000000'),
      real.c32address(20, 'ffffffffffffffffffffffffffffffffffffffff'),
      real.c32address(21, '00000000000000000000000000000000000000ff'),
    ];
    const invalid = [valid[0]!.slice(0, -1) + (valid[0]!.endsWith('A') ? 'B' : 'A'), 'SP1', 'XP000', 'S!!!!!!!!', ''];
    for (const a of [...valid, valid[0]!.toLowerCase(), ...invalid]) {
      const outcome = (f: () => unknown) => {
        try {
          return { ok: f() };
        } catch (e) {
          return { error: (e as Error).message };
        }
      };
      assert.deepStrictEqual(
        outcome(() => shim.c32addressDecode(a)),
        outcome(() => real.c32addressDecode(a)),
        a,
      );
    }
  });

  // The web build's Clarity module (@stacks/transactions) writes principals with it.
  it('writes an address exactly as the package does, and refuses what is not a hash160', async () => {
    const real = await import('c32check');
    const shim = await import('../../src/api/shims/c32check');
    const cases: Array<[number, string]> = [
      [22, 'a46ff88886c2ef9762d970b4d2c63678835bd39d'],
      [26, '0000000000000000000000000000000000000000'],
      [20, 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF'],
      [21, '00000000000000000000000000000000000000ff'],
    ];
    for (const [version, hash] of cases)
      assert.strictEqual(shim.c32address(version, hash), real.c32address(version, hash), `${version} ${hash}`);
    for (const bad of ['', 'a46ff888', 'zz6ff88886c2ef9762d970b4d2c63678835bd39d'])
      assert.throws(() => shim.c32address(22, bad), /not a hash160/);
  });
});
