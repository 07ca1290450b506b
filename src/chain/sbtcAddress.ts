/**
 * The Bitcoin address of an sBTC withdrawal's recipient. The registry stores it as
 * `{ version: (buff 1), hashbytes: (buff 32) }`, the PoX form that `sbtc-withdrawal.clar` documents
 * (stacks-sbtc/sbtc `contracts/contracts/sbtc-withdrawal.clar`, `initiate-withdrawal-request`):
 *
 *   0x00, 20 bytes: P2PKH        base58check, prefix 0x00 (mainnet) / 0x6f (testnet)
 *   0x01, 0x02, 0x03, 20 bytes: P2SH, P2SH-P2WPKH, P2SH-P2WSH   base58check, 0x05 / 0xc4
 *   0x04, 20 bytes: P2WPKH       bech32, witness v0  (BIP-173)
 *   0x05, 32 bytes: P2WSH        bech32, witness v0  (BIP-173)
 *   0x06, 32 bytes: P2TR         bech32m, witness v1 (BIP-350)
 *
 * The network of the address is that of the Stacks network the request was made on. Pure: no
 * vscode, no api.
 */
import { sha256 } from '@noble/hashes/sha256';

export type BitcoinChain = 'mainnet' | 'testnet';

export interface RecipientAddress {
  /** The address, or undefined when the version and length are none of the documented forms. */
  address?: string;
  /** The output kind: `p2pkh`, `p2sh`, `p2sh-p2wpkh`, `p2sh-p2wsh`, `p2wpkh`, `p2wsh`, `p2tr`. */
  kind?: string;
  /** Why no address could be made. */
  problem?: string;
}

const KINDS = ['p2pkh', 'p2sh', 'p2sh-p2wpkh', 'p2sh-p2wsh', 'p2wpkh', 'p2wsh', 'p2tr'] as const;

/** `version` and `hashbytes` as hex (with or without 0x). */
export function recipientAddress(versionHex: string, hashHex: string, chain: BitcoinChain): RecipientAddress {
  const version = hexBytes(versionHex);
  const hash = hexBytes(hashHex);
  if (!version || version.length !== 1 || !hash) return { problem: 'not a {version, hashbytes} pair' };
  const v = version[0]!;
  const kind = KINDS[v];
  if (kind === undefined) return { problem: `unknown version 0x${hex(version)}` };
  const want = v <= 4 ? 20 : 32;
  if (hash.length !== want) return { kind, problem: `${kind} needs ${want} bytes of hashbytes, not ${hash.length}` };
  if (v === 0) return { kind, address: base58check(chain === 'mainnet' ? 0x00 : 0x6f, hash) };
  if (v <= 3) return { kind, address: base58check(chain === 'mainnet' ? 0x05 : 0xc4, hash) };
  return { kind, address: segwitAddress(chain === 'mainnet' ? 'bc' : 'tb', v === 6 ? 1 : 0, hash) };
}

/** The address a scriptPubKey (hex) pays to, for the standard forms; Emily gives a withdrawal's recipient so. */
export function scriptAddress(scriptHex: string, chain: BitcoinChain): RecipientAddress {
  const s = (scriptHex.replace(/^0x/i, '').match(/^[0-9a-fA-F]{0,200}$/)?.[0] ?? '').toLowerCase();
  let m: RegExpExecArray | null;
  if ((m = /^76a914([0-9a-f]{40})88ac$/.exec(s))) return recipientAddress('00', m[1]!, chain);
  if ((m = /^a914([0-9a-f]{40})87$/.exec(s))) return recipientAddress('01', m[1]!, chain);
  if ((m = /^0014([0-9a-f]{40})$/.exec(s))) return recipientAddress('04', m[1]!, chain);
  if ((m = /^0020([0-9a-f]{64})$/.exec(s))) return recipientAddress('05', m[1]!, chain);
  if ((m = /^5120([0-9a-f]{64})$/.exec(s))) return recipientAddress('06', m[1]!, chain);
  return { problem: 'not a standard output script' };
}

// ---- base58check --------------------------------------------------------------------------------

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function base58check(prefix: number, payload: Uint8Array): string {
  const body = new Uint8Array(payload.length + 1);
  body[0] = prefix;
  body.set(payload, 1);
  const check = sha256(sha256(body)).slice(0, 4);
  const all = new Uint8Array(body.length + 4);
  all.set(body);
  all.set(check, body.length);
  return base58(all);
}

function base58(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  while (n > 0n) {
    out = B58[Number(n % 58n)]! + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = '1' + out;
  }
  return out;
}

// ---- bech32 / bech32m (BIP-173, BIP-350) ------------------------------------------------------------

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
const BECH32 = 1;
const BECH32M = 0x2bc830a3;

function polymod(values: number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i]!;
  }
  return chk >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const out: number[] = [];
  for (const c of hrp) out.push(c.charCodeAt(0) >>> 5);
  out.push(0);
  for (const c of hrp) out.push(c.charCodeAt(0) & 31);
  return out;
}

/** 8-bit bytes to 5-bit groups, padded (BIP-173 `convertbits(data, 8, 5, true)`). */
function toWords(bytes: Uint8Array): number[] {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out.push((acc >>> bits) & 31);
    }
  }
  if (bits > 0) out.push((acc << (5 - bits)) & 31);
  return out;
}

/** A segwit address: witness version 0 in bech32, 1 and above in bech32m. */
export function segwitAddress(hrp: string, witnessVersion: number, program: Uint8Array): string {
  const data = [witnessVersion, ...toWords(program)];
  const constant = witnessVersion === 0 ? BECH32 : BECH32M;
  const mod = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ constant;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return hrp + '1' + [...data, ...checksum].map((d) => CHARSET[d]).join('');
}

// ---- hex ------------------------------------------------------------------------------------------

/** The bytes of a hex string (0x optional, at most 64 bytes), or undefined. */
export function hexBytes(s: string): Uint8Array | undefined {
  const h = s.replace(/^0x/i, '');
  if (h.length > 128 || h.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(h)) return undefined;
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export function hex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}
