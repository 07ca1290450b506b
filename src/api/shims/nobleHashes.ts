/**
 * The two @noble/hashes entry points c32check uses, backed by Node's crypto. The extension runs
 * in Node, which has SHA-256 built in; the pure-JS copy would be the largest part of the bundle.
 * esbuild.js maps `@noble/hashes/sha256` and `@noble/hashes/utils` here for the extension bundle;
 * tests run c32check with the real package, so both must agree (test/unit/identifiers.test.ts).
 */
import { createHash } from 'crypto';

export function sha256(data: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha256').update(data).digest());
}

export function hexToBytes(hex: string): Uint8Array {
  if (typeof hex !== 'string' || hex.length % 2 !== 0 || /[^0-9a-fA-F]/.test(hex))
    throw new Error('hex string expected');
  return new Uint8Array(Buffer.from(hex, 'hex'));
}

export function bytesToHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}
