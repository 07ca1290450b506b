/**
 * What identifiers.ts uses of c32check (`c32addressDecode` and `versions`), and the web build's
 * Clarity module (`c32address`, to write a principal), taken from the package's own checksum and
 * encoding modules. Its index also loads the base58 conversions and
 * base-x (~5 KB minified) for Bitcoin addresses, which the extension never converts. esbuild.js
 * aliases `c32check` to this file; the unit tests run identifiers.ts with the whole package.
 */
import { c32checkDecode, c32checkEncode } from 'c32check/lib/checksum';

export const versions = {
  mainnet: { p2pkh: 22, p2sh: 20 },
  testnet: { p2pkh: 26, p2sh: 21 },
};

/** The package's `c32addressDecode`, the same checks in the same order (`!==` where it has `!=`: both are strings). */
export function c32addressDecode(c32addr: string): [number, string] {
  if (c32addr.length <= 5) throw new Error('Invalid c32 address: invalid length');
  if (c32addr[0] !== 'S') throw new Error('Invalid c32 address: must start with "S"');
  return c32checkDecode(c32addr.slice(1));
}

/** The package's `c32address`: a version and a hash160 written as a Stacks address. */
export function c32address(version: number, hash160hex: string): string {
  if (!/^[0-9a-fA-F]{40}$/.test(hash160hex)) throw new Error('Invalid argument: not a hash160 hex string');
  return `S${c32checkEncode(version, hash160hex)}`;
}
