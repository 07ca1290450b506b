import * as l10n from './l10n';
/**
 * Clarity types as a node's contract interface writes them (`GET /v2/contracts/interface/…`):
 * `"uint128"`, `{ "buffer": { "length": 34 } }`, `{ "tuple": [{ "name", "type" }] }`, … The
 * interface comes from the chain, so every shape is checked (`isAbiType`, bounded in depth and size)
 * before anything reads it. Pure: no `vscode`, no `@stacks/transactions`.
 */

export type AbiType =
  | 'uint128'
  | 'int128'
  | 'bool'
  | 'principal'
  | 'trait_reference'
  | 'none'
  | { buffer: { length: number } }
  | { 'string-ascii': { length: number } }
  | { 'string-utf8': { length: number } }
  | { optional: AbiType }
  | { response: { ok: AbiType; error: AbiType } }
  | { list: { type: AbiType; length: number } }
  | { tuple: Array<{ name: string; type: AbiType }> };

/** How deep a type may nest, and how many parts it may have, before it is refused as not a Clarity type. */
export const ABI_LIMITS = { depth: 32, parts: 2_000, name: 128 };
/** Clarity's largest value is 1 MB: no length in a type is larger. */
const MAX_LENGTH = 1_048_576;

const ATOMS = new Set(['uint128', 'int128', 'bool', 'principal', 'trait_reference', 'none']);
/** A Clarity name (function, variable, map, tuple field), as the node's routes match it. */
export const CLARITY_NAME = /^([a-zA-Z]([a-zA-Z0-9]|[-_!?+<>=/*])*|[-+=/*]|[<>]=?)$/;
const NAME = { test: (s: string) => s.length <= ABI_LIMITS.name && CLARITY_NAME.test(s) };

/** Whether a value from the wire is a Clarity type the interface may hold. */
export function isAbiType(v: unknown): v is AbiType {
  const budget = { parts: ABI_LIMITS.parts };
  return check(v, 0, budget);
}

function check(v: unknown, depth: number, budget: { parts: number }): boolean {
  if (--budget.parts < 0 || depth > ABI_LIMITS.depth) return false;
  if (typeof v === 'string') return ATOMS.has(v);
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const keys = Object.keys(v);
  if (keys.length !== 1) return false;
  const o = v as Record<string, unknown>;
  const len = (x: unknown) =>
    !!x &&
    typeof x === 'object' &&
    Number.isSafeInteger((x as { length?: unknown }).length) &&
    (x as { length: number }).length >= 0 &&
    (x as { length: number }).length <= MAX_LENGTH;
  switch (keys[0]) {
    case 'buffer':
    case 'string-ascii':
    case 'string-utf8':
      return len(o[keys[0]]);
    case 'optional':
      return check(o.optional, depth + 1, budget);
    case 'response': {
      const r = o.response as { ok?: unknown; error?: unknown } | null;
      return !!r && typeof r === 'object' && check(r.ok, depth + 1, budget) && check(r.error, depth + 1, budget);
    }
    case 'list': {
      const l = o.list as { type?: unknown } | null;
      return len(l) && check(l!.type, depth + 1, budget);
    }
    case 'tuple':
      return (
        Array.isArray(o.tuple) &&
        o.tuple.every(
          (f: unknown) =>
            !!f &&
            typeof f === 'object' &&
            typeof (f as { name?: unknown }).name === 'string' &&
            NAME.test((f as { name: string }).name) &&
            check((f as { type?: unknown }).type, depth + 1, budget),
        )
      );
    default:
      return false;
  }
}

/** A type as Clarity writes it: `uint`, `(buff 34)`, `(optional (string-utf8 256))`, `{ amount: uint, to: principal }`. */
export function typeText(t: AbiType): string {
  if (typeof t === 'string') {
    switch (t) {
      case 'uint128':
        return 'uint';
      case 'int128':
        return 'int';
      case 'trait_reference':
        return '<trait>';
      default:
        return t;
    }
  }
  if ('buffer' in t) return `(buff ${t.buffer.length})`;
  if ('string-ascii' in t) return `(string-ascii ${t['string-ascii'].length})`;
  if ('string-utf8' in t) return `(string-utf8 ${t['string-utf8'].length})`;
  if ('optional' in t) return `(optional ${typeText(t.optional)})`;
  if ('response' in t) return `(response ${typeText(t.response.ok)} ${typeText(t.response.error)})`;
  if ('list' in t) return `(list ${t.list.length} ${typeText(t.list.type)})`;
  return `{ ${t.tuple.map((f) => `${f.name}: ${typeText(f.type)}`).join(', ')} }`;
}

/** What input a form gives an argument of this type. */
export type InputKind = 'uint' | 'int' | 'bool' | 'principal' | 'trait' | 'buff' | 'ascii' | 'utf8' | 'clarity';

export function inputKind(t: AbiType): InputKind {
  if (typeof t === 'string') {
    switch (t) {
      case 'uint128':
        return 'uint';
      case 'int128':
        return 'int';
      case 'bool':
        return 'bool';
      case 'principal':
        return 'principal';
      case 'trait_reference':
        return 'trait';
      default:
        return 'clarity';
    }
  }
  if ('buffer' in t) return 'buff';
  if ('string-ascii' in t) return 'ascii';
  if ('string-utf8' in t) return 'utf8';
  return 'clarity';
}

/** What to type into an input of this kind: the placeholder of the form's field. */
export function inputHint(t: AbiType): string {
  switch (inputKind(t)) {
    case 'uint':
      return l10n.t('A whole number from 0 to 2^128 − 1');
    case 'int':
      return l10n.t('A whole number from −2^127 to 2^127 − 1');
    case 'bool':
      return l10n.t('true or false');
    case 'principal':
      return l10n.t('An address (SP…) or a contract (SP….name)');
    case 'trait':
      return l10n.t('A contract (SP….name) that implements the trait');
    case 'buff':
      return l10n.t(
        '0x and hex digits, or text (UTF-8), up to {0} bytes',
        (t as { buffer: { length: number } }).buffer.length,
      );
    case 'ascii':
      return l10n.t(
        'ASCII text, up to {0} characters',
        (t as { 'string-ascii': { length: number } })['string-ascii'].length,
      );
    case 'utf8':
      return l10n.t('Text, up to {0} characters', (t as { 'string-utf8': { length: number } })['string-utf8'].length);
    case 'clarity':
      return l10n.t('A Clarity value: {0}', clarityExample(t));
  }
}

/** An example of a value of a compound type, as it is typed into a field. */
export function clarityExample(t: AbiType, depth = 0): string {
  if (depth > 3) return '…';
  if (typeof t === 'string') {
    switch (t) {
      case 'uint128':
        return 'u1';
      case 'int128':
        return '-1';
      case 'bool':
        return 'true';
      case 'principal':
        return "'SP…";
      case 'trait_reference':
        return "'SP….name";
      default:
        return 'none';
    }
  }
  if ('buffer' in t) return '0x00';
  if ('string-ascii' in t) return '"text"';
  if ('string-utf8' in t) return 'u"text"';
  if ('optional' in t) {
    // "none or …" only where the whole value is meant: inside another value it would not parse.
    const some = `(some ${clarityExample(t.optional, depth + 1)})`;
    return depth === 0 ? l10n.t('none or {0}', some) : some;
  }
  if ('response' in t) return `(ok ${clarityExample(t.response.ok, depth + 1)})`;
  if ('list' in t) return `(list ${clarityExample(t.list.type, depth + 1)})`;
  return `{ ${t.tuple.map((f) => `${f.name}: ${clarityExample(f.type, depth + 1)}`).join(', ')} }`;
}

/** "Epoch30" → "3.0", "Epoch2_05" → "2.05", "Epoch21" → "2.1"; anything else as it came. */
export function epochText(epoch: string): string {
  const m = /^Epoch(\d)(?:_?(\d+))?$/.exec(epoch);
  if (!m) return epoch;
  return `${m[1]}.${m[2] ?? '0'}`;
}

/** "Clarity3" → "Clarity 3". */
export function clarityVersionText(v: string): string {
  const m = /^Clarity(\d+)$/.exec(v);
  return m ? `Clarity ${m[1]}` : v;
}
