/**
 * The few Clarity values the sBTC registry answers and prints (SIP-005 serialization): uint, int,
 * bool, buffer, principal, string, tuple, optional, response, list. A small reader, so that a hover
 * reads a registry answer without loading the Clarity bundle. Bounded: at most 64 KB of hex, 8
 * levels, 256 items a list or tuple. Pure: no vscode, no api.
 */
import { hex, hexBytes } from './sbtcAddress';

export type Cv =
  | { type: 'uint' | 'int'; value: bigint }
  | { type: 'bool'; value: boolean }
  | { type: 'buff'; value: string }
  | { type: 'principal'; value: string }
  | { type: 'string'; value: string }
  | { type: 'tuple'; value: Record<string, Cv> }
  | { type: 'none' }
  | { type: 'some' | 'ok' | 'err'; value: Cv }
  | { type: 'list'; value: Cv[] };

const MAX_HEX = 131_072;
const MAX_DEPTH = 8;
const MAX_ITEMS = 256;

/** The value of `0x…` serialized Clarity, or undefined if it is not one this reader knows. */
export function readCv(hexText: string, toAddress: (version: number, hash160: string) => string): Cv | undefined {
  const h = hexText.replace(/^0x/i, '');
  if (h.length > MAX_HEX || h.length % 2 || !/^[0-9a-fA-F]*$/.test(h)) return undefined;
  const b = new Uint8Array(h.length / 2);
  for (let i = 0; i < b.length; i++) b[i] = parseInt(h.slice(2 * i, 2 * i + 2), 16);
  let at = 0;
  const need = (n: number) => {
    if (at + n > b.length) throw new Error('short');
    const s = b.subarray(at, at + n);
    at += n;
    return s;
  };
  const u32 = () => {
    const s = need(4);
    return ((s[0]! << 24) | (s[1]! << 16) | (s[2]! << 8) | s[3]!) >>> 0;
  };
  const big = (s: Uint8Array) => BigInt('0x' + (hex(s) || '0'));
  const principal = (): string => {
    const version = need(1)[0]!;
    return toAddress(version, hex(need(20)));
  };
  const read = (depth: number): Cv => {
    if (depth > MAX_DEPTH) throw new Error('deep');
    const tag = need(1)[0]!;
    switch (tag) {
      case 0x00: {
        const v = big(need(16));
        return { type: 'int', value: v >= 1n << 127n ? v - (1n << 128n) : v };
      }
      case 0x01:
        return { type: 'uint', value: big(need(16)) };
      case 0x02:
        return { type: 'buff', value: hex(need(u32())) };
      case 0x03:
      case 0x04:
        return { type: 'bool', value: tag === 0x03 };
      case 0x05:
        return { type: 'principal', value: principal() };
      case 0x06: {
        const p = principal();
        const name = new TextDecoder().decode(need(need(1)[0]!));
        return { type: 'principal', value: `${p}.${name}` };
      }
      case 0x07:
      case 0x08:
        return { type: tag === 0x07 ? 'ok' : 'err', value: read(depth + 1) };
      case 0x09:
        return { type: 'none' };
      case 0x0a:
        return { type: 'some', value: read(depth + 1) };
      case 0x0b: {
        const n = u32();
        if (n > MAX_ITEMS) throw new Error('long');
        return { type: 'list', value: Array.from({ length: n }, () => read(depth + 1)) };
      }
      case 0x0c: {
        const n = u32();
        if (n > MAX_ITEMS) throw new Error('long');
        const value: Record<string, Cv> = Object.create(null) as Record<string, Cv>;
        for (let i = 0; i < n; i++) {
          const key = new TextDecoder().decode(need(need(1)[0]!));
          value[key] = read(depth + 1);
        }
        return { type: 'tuple', value };
      }
      case 0x0d:
      case 0x0e:
        return { type: 'string', value: new TextDecoder().decode(need(u32())) };
      default:
        throw new Error('tag');
    }
  };
  try {
    const v = read(0);
    return at === b.length ? v : undefined;
  } catch {
    return undefined;
  }
}

/** `(buff 32)` of 32 bytes of hex, serialized. */
export function buffArg(hexText: string): string | undefined {
  const bytes = hexBytes(hexText);
  if (!bytes || bytes.length !== 32) return undefined;
  return '0x0200000020' + hex(bytes);
}

/** A `uint`, serialized. */
export function uintArg(n: bigint | number): string {
  return '0x01' + BigInt(n).toString(16).padStart(32, '0');
}

/** The field `key` of a tuple, or undefined. */
export function field(v: Cv | undefined, key: string): Cv | undefined {
  return v?.type === 'tuple' ? v.value[key] : undefined;
}

/** An optional's or response's inner value; the value itself otherwise. */
export function unwrap(v: Cv | undefined): Cv | undefined {
  if (!v) return undefined;
  if (v.type === 'some' || v.type === 'ok') return v.value;
  if (v.type === 'none') return undefined;
  return v;
}

export function uintOf(v: Cv | undefined): string | undefined {
  return v && (v.type === 'uint' || v.type === 'int') ? v.value.toString() : undefined;
}

export function buffOf(v: Cv | undefined): string | undefined {
  return v?.type === 'buff' ? v.value : undefined;
}

export function textOf(v: Cv | undefined): string | undefined {
  return v && (v.type === 'string' || v.type === 'principal') ? v.value : undefined;
}
