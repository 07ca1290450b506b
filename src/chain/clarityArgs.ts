/**
 * What a user typed into a form field, checked against the Clarity type the contract's interface
 * gives, and encoded with `@stacks/transactions` (`Cl`, `cvToHex`). Every check the node would
 * make is made here first, with a sentence that says what is wrong: 128-bit ranges, principal
 * checksums (c32check, through `identifiers.ts`), buffer and string lengths and charsets, list
 * sizes, tuple fields.
 *
 * A field of a simple type takes the value as it is (`42`, `SP…`, text, `0x…`); a field of a
 * compound type (optional, response, list, tuple) takes it in Clarity's own notation:
 * `(some u5)`, `(ok true)`, `(list u1 u2)`, `{ amount: u5, memo: 0x00 }`.
 *
 * Part of the Clarity module (chain/lazyClarity.ts), loaded only when a call needs it.
 */
import { Cl, cvToHex, cvToString } from '@stacks/transactions';
import type { ClarityValue } from '@stacks/transactions';
import type { AbiType } from './abi';
import { checkPrincipal } from './identifiers';
import * as l10n from './l10n';

export type Encoded = { ok: true; hex: string; text: string } | { ok: false; reason: string };

const UINT_MAX = (1n << 128n) - 1n;
const INT_MIN = -(1n << 127n);
const INT_MAX = (1n << 127n) - 1n;
/** The most text one field takes (a Clarity value is at most 1 MB; hex doubles it). */
export const MAX_INPUT_CHARS = 2_200_000;
const MAX_DEPTH = 32;

class Bad extends Error {}
const bad = (reason: string): never => {
  throw new Bad(reason);
};

/** The value typed for an argument of `type`, encoded; or why it cannot be. */
export function encodeArgument(type: AbiType, input: string): Encoded {
  if (typeof input !== 'string') return { ok: false, reason: l10n.t('No value given.') };
  if (input.length > MAX_INPUT_CHARS)
    return { ok: false, reason: l10n.t('The value is too long for a Clarity value (1 MB).') };
  try {
    const cv = simple(type, input) ?? fromNotation(type, input);
    return { ok: true, hex: cvToHex(cv), text: cvToString(cv) };
  } catch (e) {
    if (e instanceof Bad) return { ok: false, reason: e.message };
    return { ok: false, reason: l10n.t('Not a valid value: {0}', e instanceof Error ? e.message : String(e)) };
  }
}

/** A simple type typed as it is; undefined for a compound type. */
function simple(type: AbiType, raw: string): ClarityValue | undefined {
  if (typeof type === 'string') {
    const s = raw.trim();
    switch (type) {
      case 'uint128':
        return uint(s.replace(/^u/, ''));
      case 'int128':
        return int(s);
      case 'bool':
        return bool(s);
      case 'principal':
        return principal(s.replace(/^'/, ''), false);
      case 'trait_reference':
        return principal(s.replace(/^'/, ''), true);
      default:
        return undefined;
    }
  }
  if ('buffer' in type) {
    const s = raw.trim();
    return /^0x/i.test(s)
      ? buffer(hexBytes(s.slice(2)), type.buffer.length)
      : buffer(utf8Bytes(raw), type.buffer.length);
  }
  if ('string-ascii' in type) return ascii(raw, type['string-ascii'].length);
  if ('string-utf8' in type) return utf8(raw, type['string-utf8'].length);
  return undefined;
}

// ---- the simple values ---------------------------------------------------------------------

function uint(s: string): ClarityValue {
  if (!/^\d+$/.test(s)) bad(l10n.t('"{0}" is not a whole number of 0 or more.', shortText(s)));
  const n = BigInt(s);
  if (n > UINT_MAX)
    bad(l10n.t('Too large for a uint: the largest is 2^128 − 1 (340282366920938463463374607431768211455).'));
  return Cl.uint(n);
}

function int(s: string): ClarityValue {
  if (!/^-?\d+$/.test(s)) bad(l10n.t('"{0}" is not a whole number.', shortText(s)));
  const n = BigInt(s);
  if (n < INT_MIN || n > INT_MAX)
    bad(l10n.t('Out of range for an int: from −2^127 to 2^127 − 1 (170141183460469231731687303715884105727).'));
  return Cl.int(n);
}

function bool(s: string): ClarityValue {
  if (s !== 'true' && s !== 'false') bad(l10n.t('Give true or false.'));
  return Cl.bool(s === 'true');
}

function principal(s: string, contractOnly: boolean): ClarityValue {
  if (!s) bad(l10n.t('Give an address (SP…) or a contract id (SP….name).'));
  const c = checkPrincipal(s);
  if (!c.ok) return bad(c.reason);
  if (contractOnly && !c.value.principal.includes('.'))
    bad(l10n.t('A trait takes a contract (SP….name) that implements it, not an address.'));
  return Cl.principal(c.value.principal);
}

function buffer(bytes: Uint8Array, max: number): ClarityValue {
  if (bytes.length > max) bad(l10n.t('{0} bytes: this buffer holds at most {1}.', bytes.length, max));
  return Cl.buffer(bytes);
}

function hexBytes(h: string): Uint8Array {
  if (!/^([0-9a-fA-F]{2})*$/.test(h)) bad(l10n.t('After 0x, give an even number of hex digits (0-9, a-f).'));
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function utf8Bytes(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}

function ascii(s: string, max: number): ClarityValue {
  // Clarity's ASCII strings hold printable ASCII, tab, line feed and carriage return.
  const i = s.search(/[^\x20-\x7e\t\n\r]/);
  if (i >= 0)
    bad(
      l10n.t(
        'Character {0} ({1}) is not ASCII: use a string-utf8 for other characters.',
        i + 1,
        JSON.stringify(Array.from(s.slice(i))[0]),
      ),
    );
  if (s.length > max) bad(l10n.t('{0} characters: this string holds at most {1}.', s.length, max));
  return Cl.stringAscii(s);
}

function utf8(s: string, max: number): ClarityValue {
  if (/[\ud800-\udfff]/.test(s.replace(/[\ud800-\udbff][\udc00-\udfff]/g, '')))
    bad(l10n.t('The text holds a lone surrogate, which is not valid UTF-8.'));
  const chars = Array.from(s).length;
  if (chars > max) bad(l10n.t('{0} characters: this string holds at most {1}.', chars, max));
  return Cl.stringUtf8(s);
}

function shortText(s: string): string {
  return s.length > 40 ? `${s.slice(0, 39)}…` : s;
}

// ---- Clarity notation, for compound types ----------------------------------------------------

type Node =
  | { k: 'group'; open: '(' | '{'; items: Node[]; at: number }
  | { k: 'atom'; text: string; at: number }
  | { k: 'str'; utf8: boolean; value: string; at: number };

/** A value in Clarity notation, read against its type. */
function fromNotation(type: AbiType, raw: string): ClarityValue {
  const s = raw.trim();
  if (!s) bad(l10n.t('Give a value: {0}.', exampleOf(type)));
  const nodes = read(s);
  if (nodes.length !== 1) bad(l10n.t('Give one value, like {0}.', exampleOf(type)));
  return convert(type, nodes[0]!, 0, '');
}

function exampleOf(type: AbiType): string {
  if (typeof type === 'string') return type === 'none' ? 'none' : l10n.t('a value');
  if ('optional' in type) return l10n.t('none or (some …)');
  if ('response' in type) return '(ok …) or (err …)';
  if ('list' in type) return '(list … …)';
  if ('tuple' in type) return `{ ${type.tuple.map((f) => `${f.name}: …`).join(', ')} }`;
  return l10n.t('a value');
}

/** Tokens of Clarity notation into groups: `(…)` and `{…}`, atoms and string literals. */
function read(s: string): Node[] {
  const root: Node[] = [];
  const stack: Array<{ open: '(' | '{'; items: Node[]; at: number }> = [];
  const top = () => (stack.length ? stack[stack.length - 1]!.items : root);
  const re = /\s+|[,:]|(\()|(\))|(\{)|(\})|(u?"(?:[^"\\]|\\.)*")|([^\s(){}",:]+)|(.)/gsy;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    const at = m.index;
    if (m[1] || m[3]) {
      if (stack.length >= MAX_DEPTH) bad(l10n.t('The value nests deeper than {0} levels.', MAX_DEPTH));
      stack.push({ open: m[1] ? '(' : '{', items: [], at });
    } else if (m[2] || m[4]) {
      const g = stack.pop();
      if (!g || (g.open === '(') !== !!m[2])
        bad(l10n.t('Unbalanced "{0}" at character {1}.', String(m[2] ?? m[4]), at + 1));
      top().push({ k: 'group', open: g!.open, items: g!.items, at: g!.at });
    } else if (m[5]) {
      const utf8 = m[5].startsWith('u');
      let value: string;
      try {
        value = JSON.parse(utf8 ? m[5].slice(1) : m[5]) as string;
      } catch {
        return bad(l10n.t('The string at character {0} has an escape that is not valid.', at + 1));
      }
      top().push({ k: 'str', utf8, value, at });
    } else if (m[6]) {
      top().push({ k: 'atom', text: m[6], at });
    } else if (m[7]) {
      bad(l10n.t('Unexpected "{0}" at character {1} (a string must end with ").', m[7], at + 1));
    }
  }
  if (stack.length)
    bad(
      l10n.t('"{0}" at character {1} is never closed.', stack[stack.length - 1]!.open, stack[stack.length - 1]!.at + 1),
    );
  return root;
}

function where(path: string): string {
  return path ? l10n.t(' (at {0})', path) : '';
}

function convert(type: AbiType, n: Node, depth: number, path: string): ClarityValue {
  if (depth > MAX_DEPTH) bad(l10n.t('The value nests deeper than {0} levels.', MAX_DEPTH));
  const wrong = (expected: string) => bad(l10n.t('Expected {0}{1}.', expected, where(path)));
  const atom = () => (n.k === 'atom' ? n.text : wrong(typeText(type)));
  try {
    if (typeof type === 'string') {
      switch (type) {
        case 'uint128': {
          const t = atom();
          if (!t.startsWith('u')) wrong(l10n.t('a uint, written u123'));
          return uint(t.slice(1));
        }
        case 'int128':
          return int(atom());
        case 'bool':
          return bool(atom());
        case 'principal':
        case 'trait_reference': {
          const t = atom();
          if (!t.startsWith("'")) wrong(l10n.t("a principal, written 'SP…"));
          return principal(t.slice(1), type === 'trait_reference');
        }
        case 'none':
          return atom() === 'none' ? Cl.none() : wrong('none');
      }
    }
    if ('buffer' in type) {
      const t = atom();
      if (!/^0x/i.test(t)) wrong(l10n.t('a buffer, written 0x and hex digits'));
      return buffer(hexBytes(t.slice(2)), type.buffer.length);
    }
    if ('string-ascii' in type) {
      if (n.k !== 'str' || n.utf8) return wrong(l10n.t('an ASCII string, written "text"'));
      return ascii(n.value, type['string-ascii'].length);
    }
    if ('string-utf8' in type) {
      if (n.k !== 'str') return wrong(l10n.t('a UTF-8 string, written u"text"'));
      return utf8(n.value, type['string-utf8'].length);
    }
    if ('optional' in type) {
      if (n.k === 'atom' && n.text === 'none') return Cl.none();
      const [inner] = call(n, 'some', 1, l10n.t('none or (some …)'));
      return Cl.some(convert(type.optional, inner!, depth + 1, `${path}some`));
    }
    if ('response' in type) {
      if (n.k === 'group' && n.open === '(' && n.items[0]?.k === 'atom' && n.items[0].text === 'err') {
        const [inner] = call(n, 'err', 1, '(ok …) or (err …)');
        return Cl.error(convert(type.response.error, inner!, depth + 1, `${path}err`));
      }
      const [inner] = call(n, 'ok', 1, '(ok …) or (err …)');
      return Cl.ok(convert(type.response.ok, inner!, depth + 1, `${path}ok`));
    }
    if ('list' in type) {
      const items = call(n, 'list', -1, '(list …)');
      if (items.length > type.list.length)
        bad(l10n.t('{0} items: this list holds at most {1}{2}.', items.length, type.list.length, where(path)));
      return Cl.list(items.map((it, i) => convert(type.list.type, it, depth + 1, `${path}[${i}]`)));
    }
    return tuple(type.tuple, n, depth, path);
  } catch (e) {
    if (e instanceof Bad && path && !e.message.includes('(at '))
      throw new Bad(`${e.message.replace(/\.$/, '')}${where(path)}.`);
    throw e;
  }
}

/** `(head a b …)`: its arguments, exactly `count` of them (any number for -1). */
function call(n: Node, head: string, count: number, expected: string): Node[] {
  if (n.k !== 'group' || n.open !== '(' || n.items[0]?.k !== 'atom' || n.items[0].text !== head)
    return bad(l10n.t('Expected {0}.', expected));
  const args = n.items.slice(1);
  if (count >= 0 && args.length !== count)
    bad(
      count === 1
        ? l10n.t('({0} …) takes 1 value, not {1}.', head, args.length)
        : l10n.t('({0} …) takes {1} values, not {2}.', head, count, args.length),
    );
  return args;
}

function tuple(fields: Array<{ name: string; type: AbiType }>, n: Node, depth: number, path: string): ClarityValue {
  const given = new Map<string, Node>();
  if (n.k === 'group' && n.open === '{') {
    // `{ a: 1, b: 2 }`: the reader dropped the colons and commas, so names and values alternate.
    if (n.items.length % 2 !== 0) bad(l10n.t('Write each field of the tuple as name: value.'));
    for (let i = 0; i < n.items.length; i += 2) {
      const k = n.items[i]!;
      if (k.k !== 'atom') return bad(l10n.t('Write each field of the tuple as name: value.'));
      if (given.has(k.text)) bad(l10n.t('The field {0} is given twice.', k.text));
      given.set(k.text, n.items[i + 1]!);
    }
  } else if (n.k === 'group' && n.open === '(' && n.items[0]?.k === 'atom' && n.items[0].text === 'tuple') {
    for (const f of n.items.slice(1)) {
      if (f.k !== 'group' || f.open !== '(' || f.items.length !== 2 || f.items[0]!.k !== 'atom')
        return bad(l10n.t('Write each field of the tuple as (name value).'));
      const name = (f.items[0] as { text: string }).text;
      if (given.has(name)) bad(l10n.t('The field {0} is given twice.', name));
      given.set(name, f.items[1]!);
    }
  } else {
    return bad(`Expected a tuple, written { ${fields.map((f) => `${f.name}: …`).join(', ')} }.`);
  }
  for (const k of given.keys())
    if (!fields.some((f) => f.name === k))
      bad(l10n.t('The tuple has no field {0}: its fields are {1}.', k, fields.map((f) => f.name).join(', ')));
  const out: Record<string, ClarityValue> = {};
  for (const f of fields) {
    const v = given.get(f.name);
    if (!v) return bad(l10n.t('The field {0} is missing.', f.name));
    out[f.name] = convert(f.type, v, depth + 1, path ? `${path}.${f.name}` : f.name);
  }
  return Cl.tuple(out);
}

function typeText(t: AbiType): string {
  return typeof t === 'string' ? t.replace('128', '') : Object.keys(t)[0]!;
}
