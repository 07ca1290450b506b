/**
 * Clarity values decoded from the `hex` the API sends, with `@stacks/transactions` (`hexToCV`,
 * `cvToString`): never by hand. The result is a plain tree (`ClarityNode`) the panel draws as
 * text, bounded in depth, items and length, with a note of what was cut.
 *
 * This module is a part of its own (bundled from the library's ES modules so it tree-shakes), loaded by `lazyClarity.ts` only when a panel has a value to decode.
 */
import { ClarityType, cvToHex, cvToString, hexToCV } from '@stacks/transactions';
import type { ClarityValue } from '@stacks/transactions';
import type { ClarityNode } from './clarityNode';
import { clip, formatCount } from './format';

/** How much of one value a panel shows. */
export const CLARITY_LIMITS = {
  /** Levels below the top value. */
  depth: 8,
  /** Fields of one tuple or items of one list. */
  items: 50,
  /** Nodes in the whole tree. */
  nodes: 500,
  /** Characters of one leaf. */
  text: 2_000,
  /** Hex digits of a value decoded at all (a larger one is shown as its `repr` only). */
  hex: 2_000_000,
} as const;

export { encodeArgument } from './clarityArgs';
export { buildSimulationCall, readSimulationCall } from './simulationTx';
export { contractHash } from './contractHash';

/**
 * A serialized Clarity value as Clarity writes it (`(ok u1)`), cut to `max` characters; undefined
 * when the hex is not a value.
 */
export function clarityText(hex: string, max = 20_000): string | undefined {
  if (typeof hex !== 'string' || hex.length > CLARITY_LIMITS.hex || !/^0x([0-9a-fA-F]{2})+$/.test(hex))
    return undefined;
  try {
    const cv = hexToCV(hex);
    if (cvToHex(cv).toLowerCase() !== hex.toLowerCase()) return undefined;
    return clip(cvToString(cv), max);
  } catch {
    return undefined;
  }
}

/** The tree of a serialized Clarity value, or undefined when the hex is not one. */
export function decodeClarity(hex: string): ClarityNode | undefined {
  if (typeof hex !== 'string' || hex.length > CLARITY_LIMITS.hex || !/^0x([0-9a-fA-F]{2})+$/.test(hex))
    return undefined;
  let cv: ClarityValue;
  try {
    cv = hexToCV(hex);
    // The decoder is lenient (a short string, trailing bytes): only a value that serializes back to
    // exactly the hex it came from is shown decoded.
    if (cvToHex(cv).toLowerCase() !== hex.toLowerCase()) return undefined;
  } catch {
    // Not a Clarity value, or nested deeper than the decoder's stack: the `repr` stays.
    return undefined;
  }
  return toNode(cv, 0, { nodes: CLARITY_LIMITS.nodes });
}

const n = (x: number) => formatCount(x);

function toNode(cv: ClarityValue, depth: number, budget: { nodes: number }, key?: string): ClarityNode {
  budget.nodes--;
  const at = key === undefined ? {} : { key };
  switch (cv.type) {
    case ClarityType.Tuple:
      return branch('tuple', at, Object.entries(cv.value), depth, budget, ([k, v]) => [v, k], 'fields');
    case ClarityType.List:
      return branch('list', at, cv.value, depth, budget, (v, i) => [v, String(i)], 'items');
    case ClarityType.ResponseOk:
    case ClarityType.ResponseErr:
    case ClarityType.OptionalSome:
      return branch(cv.type, at, [cv.value], depth, budget, (v) => [v, undefined], 'items');
    case ClarityType.Buffer:
      return buffer(cv.value, at);
    case ClarityType.StringASCII:
      return leaf('string-ascii', at, cv.value);
    case ClarityType.StringUTF8:
      return leaf('string-utf8', at, cv.value);
    case ClarityType.PrincipalStandard:
    case ClarityType.PrincipalContract:
      return leaf('principal', at, cv.value);
    case ClarityType.BoolTrue:
    case ClarityType.BoolFalse:
      return leaf('bool', at, cvToString(cv));
    case ClarityType.OptionalNone:
      return leaf('none', at, 'none');
    default:
      // int and uint: cvToString writes them as Clarity does (`u100`, `-5`).
      return leaf(cv.type, at, cvToString(cv));
  }
}

function branch<T>(
  type: string,
  at: { key?: string },
  items: T[],
  depth: number,
  budget: { nodes: number },
  each: (item: T, i: number) => [ClarityValue, string | undefined],
  noun: string,
): ClarityNode {
  if (depth >= CLARITY_LIMITS.depth) {
    return {
      type,
      ...at,
      children: [],
      cut: `${n(items.length)} ${noun} deeper than ${CLARITY_LIMITS.depth} levels not shown`,
    };
  }
  const children: ClarityNode[] = [];
  for (let i = 0; i < items.length && i < CLARITY_LIMITS.items && budget.nodes > 0; i++) {
    const [v, k] = each(items[i]!, i);
    children.push(toNode(v, depth + 1, budget, k));
  }
  const left = items.length - children.length;
  return {
    type,
    ...at,
    children,
    ...(left > 0 ? { cut: `${n(left)} more ${noun} not shown (${n(items.length)} in all)` } : {}),
  };
}

function leaf(type: string, at: { key?: string }, text: string): ClarityNode {
  const chars = Array.from(text).length;
  if (chars <= CLARITY_LIMITS.text) return { type, ...at, text };
  return {
    type,
    ...at,
    text: clip(text, CLARITY_LIMITS.text),
    cut: `${n(chars - CLARITY_LIMITS.text + 1)} more characters not shown`,
  };
}

/** A buffer: its text when its bytes are printable UTF-8 (a memo, a name), else its hex. */
function buffer(hex: string, at: { key?: string }): ClarityNode {
  const text = utf8Text(hex);
  if (text === undefined) return leaf('buffer', at, `0x${hex}`);
  const node = leaf('buffer', at, text);
  return { ...node, hint: clip(`UTF-8 of 0x${hex}`, 80) };
}

/** The UTF-8 text a buffer holds, when it is valid UTF-8 without control characters; else undefined. */
export function utf8Text(hex: string): string | undefined {
  if (hex.length === 0 || hex.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(hex)) return undefined;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
  return /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]+$/.test(text) ? text : undefined;
}
