/**
 * Why a contract call failed, down to the line: the constants of the called contract whose value
 * is the call's `(err …)` result, and the expressions of the called function (then of the
 * functions of the same contract it calls) that return it; first, the native functions whose own
 * code it is (`nativeErrors.ts`) where the function returns their error (a `try!` of them, or their
 * value as the function's), named before the constants, and then no constant it cannot reach. Read with the project's own Clarity
 * reader (`claritySyntax.ts`), in one pass over the source and one over the reachable functions;
 * the source and the result are capped, and a constant's value is read from its own text only (a
 * constant named in it is a number, not a copy). Pure: the caller passes the source and the result text.
 */
import { readClarity, type Expr } from './claritySyntax';
import { clip } from './format';
import * as l10n from './l10n';
import {
  ALLOWANCE_FORMS,
  allowanceExceeded,
  hasNativeCodes,
  NO_ALLOWANCE_CODE,
  nativeErrorMeaning,
  noAllowance,
} from './nativeErrors';

/** No Stacks transaction is over 2 MiB (`MAX_TRANSACTION_LEN` of stacks-core), so no contract source is. */
export const MAX_FAILURE_SOURCE_CHARS = 2 * 1024 * 1024;
/** A result longer than this is not matched (an error code is a few characters; a tuple a few hundred). */
export const MAX_RESULT_CHARS = 10_000;
/** Levels of a constant's value that are read; a deeper one is not matched. */
const MAX_VALUE_DEPTH = 32;
/** Nodes of one value that are read (a constant named in it is one); a larger one is not matched. */
const MAX_VALUE_NODES = 2_000;
/**
 * Characters of a value's canonical text; a longer one is not matched (a result is read up to
 * `MAX_RESULT_CHARS`, and one whose canonical text is longer than this is too long to look for).
 */
export const MAX_VALUE_CHARS = MAX_RESULT_CHARS;

/** The expressions that return an error early: an `(err …)` or an error constant under them is returned by them. */
const RETURNING = new Set(['asserts!', 'unwrap!', 'unwrap-err!', 'try!', 'unwrap-panic', 'unwrap-err-panic']);
const DEFINES_FUNCTION = new Set(['define-public', 'define-private', 'define-read-only']);
/** Native sites kept for one result; the rest are not listed. */
const MAX_NATIVE_SITES = 100;
/** Characters of an allowance quoted in a sentence. */
const MAX_ALLOWANCE_QUOTE = 80;

type Branch = Extract<Expr, { kind: 'list' | 'tuple' }>;

/** Where an error is returned: 0-based line and column of the returning expression. */
export interface ErrorSite {
  /** The function whose body holds the expression. */
  fn: string;
  line: number;
  character: number;
  /** `asserts!`, `unwrap!`, `unwrap-err!`, `try!`, or `err` for an `(err …)` returned as a value. */
  how: string;
  /** The constant named there; absent for an `(err u101)` written inline. */
  name?: string;
  /** For a function the called one reaches: where the called function (or the one before) calls it. */
  via?: { fn: string; line: number };
}

/**
 * A native function whose own error code is the failed result, where the function returns it: a
 * `try!` of it, or its value returned as the function's (`stx-transfer?`, `ft-transfer?`, …, and
 * the Clarity 4 allowance checks `as-contract?` and `restrict-assets?`).
 */
export interface NativeSite extends ErrorSite {
  /** The native function. */
  name: string;
  /** The code as Clarity writes it, e.g. `u1`. */
  code: string;
  /** What the code means for that function, in words (an allowance is quoted from the source). */
  meaning: string;
}

/** A constant whose value is the failed result (or, used as `(err NAME)`, the error inside it). */
export interface ErrorName {
  name: string;
  /** Where it is defined (0-based). */
  line: number;
  character: number;
  /** Where the called function returns it, in the order a reader meets them; empty when it was not found there. */
  sites: ErrorSite[];
}

export type FailureNames =
  | {
      ok: true;
      /** The result as Clarity writes it, e.g. `(err u101)`. */
      result: string;
      /** The candidate constants, the first most likely (returned by the called function itself). */
      names: ErrorName[];
      /** The places that return the error written inline, without a name. */
      inline: ErrorSite[];
      /** The native functions the called function returns the error of, first in what a reader is told. */
      natives: NativeSite[];
    }
  | { ok: false; result: string; reason: string };

/**
 * The names of a failed call's result in the called contract's source. `result` is the result as
 * Clarity writes it (the decoded hex, or the API's `repr`); `fn` the called function.
 */
export function explainFailure(source: string, fn: string, result: string): FailureNames {
  const shown = result.length > 200 ? `${result.slice(0, 199)}…` : result;
  const no = (reason: string): FailureNames => ({ ok: false, result: shown, reason });
  const tooLong = () => no(l10n.t('The result is too long to look for in the source.'));
  if (result.length > MAX_RESULT_CHARS) return tooLong();
  const values = new Values();
  const value = readValue(result, values);
  if (value === undefined)
    return values.overCap ? tooLong() : no(l10n.t('The result could not be read as a Clarity value.'));
  const read = values.get(value);
  if (read.form !== 'err') return no(l10n.t('The result is not an (err …) response, so it has no error constant.'));
  if (source.length > MAX_FAILURE_SOURCE_CHARS)
    return no(l10n.t('The contract’s source is over 2 MB, more than any deployed contract, so it was not read.'));
  const parsed = readClarity(source);
  if (!parsed.ok) return no(l10n.t('The contract’s source could not be read ({0}).', parsed.reason));
  const starts = lineStarts(source);
  const at = (offset: number, line: number) => ({ line: line - 1, character: offset - starts[line - 1]! });

  // Each constant's value is read once, from its own text: a constant named in it is a number.
  const constants = new Map<string, number | undefined>();
  const definedAt = new Map<string, { line: number; character: number }>();
  const functions = new Map<string, Branch>();
  for (const e of parsed.exprs) {
    if (e.kind !== 'list') continue;
    const [head, second, third] = meaningful(e.children);
    if (head?.kind !== 'atom') continue;
    if (head.text === 'define-constant' && second?.kind === 'atom') {
      if (constants.has(second.text)) return no(l10n.t('The contract defines the constant {0} twice.', second.text));
      constants.set(second.text, third ? valueOf(third, constants, values) : undefined);
      definedAt.set(second.text, at(e.offset, e.line));
    } else if (DEFINES_FUNCTION.has(head.text) && second?.kind === 'list') {
      const name = meaningful(second.children)[0];
      if (name?.kind === 'atom') functions.set(name.text, e);
    }
  }
  if (!functions.has(fn)) return no(l10n.t('The deployed source has no function {0}.', fn));

  const inner = read.parts[0]!;
  const code = nativeCode(values.get(inner));
  const natives: NativeSite[] = [];
  const errorNames = new Set<string>();
  const codeNames = new Set<string>();
  for (const [name, v] of constants) {
    if (v === value) errorNames.add(name);
    else if (v === inner) codeNames.add(name);
  }

  // The called function, then the functions it reaches, each walked once.
  const sites: ErrorSite[] = [];
  const queue: Array<{ fn: string; via?: { fn: string; line: number } }> = [{ fn }];
  const seen = new Set([fn]);
  for (let q = 0; q < queue.length; q++) {
    const current = queue[q]!;
    const def = functions.get(current.fn)!;
    // The last expression of a body is what the function returns: a native's error there is its error.
    const body = meaningful(def.children).slice(2);
    // `tail`: the function returns this expression's error; `by`: the `try!` that does, if one does.
    const stack: Array<{ e: Expr; parent?: Branch; parentHead?: string | undefined; tail: boolean; by?: string }> =
      body.map((e, i) => ({ e, tail: i === body.length - 1 }));
    while (stack.length) {
      const { e, parent, parentHead, tail, by } = stack.pop()!;
      const returning = parent && parentHead && RETURNING.has(parentHead) ? { parent, how: parentHead } : undefined;
      const site = (name: string | undefined, self: { line: number; offset: number }, how: string): ErrorSite => {
        const where = returning ? at(returning.parent.offset, returning.parent.line) : at(self.offset, self.line);
        return {
          fn: current.fn,
          ...where,
          how: returning ? returning.how : how,
          ...(name !== undefined ? { name } : {}),
          ...(current.via ? { via: current.via } : {}),
        };
      };
      if (e.kind === 'atom') {
        if (errorNames.has(e.text)) sites.push(site(e.text, e, 'returns'));
        else if (functions.has(e.text) && !seen.has(e.text)) {
          // A call, or a function passed to map, fold or filter.
          seen.add(e.text);
          queue.push({ fn: e.text, via: { fn: current.fn, line: e.line - 1 } });
        }
        continue;
      }
      if (e.kind !== 'list' && e.kind !== 'tuple') continue;
      const kids = meaningful(e.children);
      const head = e.kind === 'list' && kids[0]?.kind === 'atom' ? kids[0].text : undefined;
      if (head === 'err' && kids.length === 2 && valueOf(e, constants, values) === value) {
        const arg = kids[1]!;
        const name = arg.kind === 'atom' && codeNames.has(arg.text) ? arg.text : undefined;
        sites.push(site(name, e, 'err'));
        continue;
      }
      if (code && tail && head !== undefined && natives.length < MAX_NATIVE_SITES && hasNativeCodes(head)) {
        const meaning = nativeMeaning(head, kids, code, source);
        if (meaning !== undefined) {
          const how = by ?? 'returns';
          natives.push({ ...site(head, e, how), ...at(e.offset, e.line), how, name: head, code: code.text, meaning });
        }
      }
      for (let i = kids.length - 1; i >= 0; i--) {
        const returned = returnsChild(head, i, kids.length, tail);
        const how = head === 'try!' ? 'try!' : returned ? by : undefined;
        stack.push({ e: kids[i]!, parent: e, parentHead: head, tail: returned, ...(how ? { by: how } : {}) });
      }
    }
  }
  // Each walk pops from the end: put every function's sites back in source order.
  const order = new Map(queue.map((f, i) => [f.fn, i]));
  const bySource = (a: ErrorSite, b: ErrorSite) =>
    order.get(a.fn)! - order.get(b.fn)! || a.line - b.line || a.character - b.character;
  sites.sort(bySource);
  natives.sort(bySource);

  const names: ErrorName[] = [];
  const byName = new Map<string, ErrorName>();
  const inline: ErrorSite[] = [];
  for (const s of sites) {
    if (s.name === undefined) {
      inline.push(s);
      continue;
    }
    let n = byName.get(s.name);
    if (!n) {
      n = { name: s.name, ...definedAt.get(s.name)!, sites: [] };
      byName.set(s.name, n);
      names.push(n);
    }
    n.sites.push(s);
  }
  // Constants of that value the called function does not reach are still candidates when nothing else is.
  if (!names.length && !inline.length && !natives.length)
    for (const name of errorNames) names.push({ name, ...definedAt.get(name)!, sites: [] });
  return { ok: true, result: shown, names, inline, natives };
}

/** The error code of a result's `(err …)` as a native returns it: `u1` (or `1`, an older `restrict-assets?`). */
function nativeCode(v: Value): { text: string; n: number; signed: boolean } | undefined {
  if (v.form !== 'atom') return undefined;
  const m = /^(u?)(\d{1,3})$/.exec(v.text);
  return m ? { text: v.text, n: Number(m[2]), signed: m[1] === '' } : undefined;
}

/** What `native` returning `code` means at this call, or undefined when it cannot return it. */
function nativeMeaning(
  native: string,
  kids: readonly Expr[],
  code: { n: number; signed: boolean },
  source: string,
): string | undefined {
  const listAt = ALLOWANCE_FORMS.get(native);
  if (listAt === undefined) return code.signed ? undefined : nativeErrorMeaning(native, code.n);
  if (code.signed && native !== 'restrict-assets?') return undefined;
  const list = kids[listAt];
  if (list?.kind !== 'list') return undefined;
  if (code.n === NO_ALLOWANCE_CODE) return noAllowance();
  const allowance = meaningful(list.children)[code.n];
  if (allowance?.kind !== 'list') return undefined;
  const quoted = source.slice(allowance.offset, Math.min(allowance.end, allowance.offset + 4 * MAX_ALLOWANCE_QUOTE));
  return allowanceExceeded(code.n, clip(quoted.replace(/\s+/g, ' '), MAX_ALLOWANCE_QUOTE));
}

/** Whether child `i` of a form whose value the function returns (`tail`) is returned too; a `try!`'s always is. */
function returnsChild(head: string | undefined, i: number, n: number, tail: boolean): boolean {
  if (head === 'try!') return i === 1;
  if (!tail) return false;
  switch (head) {
    case 'begin':
      return i >= 1 && i === n - 1;
    case 'let':
      return i >= 2 && i === n - 1;
    case 'if':
      return i === 2 || i === 3;
    case 'as-contract':
      return i === 1;
    case 'match':
      return n === 6 ? i === 3 || i === 5 : n === 5 && (i === 3 || i === 4);
    default:
      return false;
  }
}

/**
 * One sentence: "Failed with ERR-NOT-AUTHORIZED (err u101)", several names listed, or the result
 * without a name and why. Never says what a failed call would have done.
 */
export function failureHeadline(f: FailureNames): string {
  if (!f.ok) return l10n.t('Failed with {0}. No name was found: {1}', f.result, lowerFirst(f.reason));
  const names = f.names.map((n) => n.name);
  if (f.natives.length) {
    // The natives first: their codes are the node's own; the contract's constants of that value beside them.
    const shown = f.natives.slice(0, MAX_HEADLINE_NATIVES).map(nativeClause);
    let said = shown.length > 1 ? l10n.t('{0}; or {1}', shown.slice(0, -1).join('; '), shown.at(-1)!) : shown[0]!;
    if (f.natives.length > shown.length) said = l10n.t('{0}; and {1} more', said, f.natives.length - shown.length);
    if (names.length) said = l10n.t('{0}; or the contract’s {1}', said, names.join(', '));
    else if (f.inline.length) said = l10n.t('{0}; or the contract returns it without a name', said);
    return l10n.t('Failed with {0}: {1}', f.result, said);
  }
  if (names.length === 1) return l10n.t('Failed with {0} {1}', names[0]!, f.result);
  if (names.length > 1)
    return l10n.t('Failed with {0} or {1} {2}', names.slice(0, -1).join(', '), names.at(-1)!, f.result);
  if (f.inline.length) return l10n.t('Failed with {0}: the contract returns {1} without a name', f.result, f.result);
  return l10n.t(
    'Failed with {0}: no constant or expression of the contract has this value written out; it may be computed, or come from a contract it calls',
    f.result,
  );
}

/**
 * The site of `other` (the same contract read from another copy, such as the workspace file) that
 * stands where `site` of `f` stood: the same function, form and name, at the same rank.
 */
export function sameSite(f: FailureNames, site: ErrorSite, other: FailureNames): ErrorSite | undefined {
  const like = (s: ErrorSite) => s.fn === site.fn && s.how === site.how && s.name === site.name;
  const rank = allSites(f)
    .filter(like)
    .findIndex((s) => s.line === site.line && s.character === site.character);
  return rank < 0 ? undefined : allSites(other).filter(like)[rank];
}

/** Every site of a result, natives first, then names, in the order `explainFailure` gives them. */
export function allSites(f: FailureNames): ErrorSite[] {
  return f.ok ? [...f.natives, ...f.names.flatMap((n) => n.sites), ...f.inline] : [];
}

/** Native sites named in the headline; the rest are counted (every one is a link). */
const MAX_HEADLINE_NATIVES = 3;

/** "stx-transfer? at line 72: the sender’s balance is too low (u1)" (lines 1-based). */
export function nativeClause(s: NativeSite): string {
  return l10n.t('{0} at line {1}: {2} ({3})', s.name, s.line + 1, s.meaning, s.code);
}

function lowerFirst(s: string): string {
  return s.replace(/^The /, 'the ');
}

/** The children that are not comments. */
function meaningful(children: readonly Expr[]): Expr[] {
  return children.filter((c) => c.kind !== 'comment');
}

/** A Clarity value written as text (`(err u101)`, `(err (tuple (code u1)))`), in the canonical form of `Values`. */
export function valueOfText(text: string): string | undefined {
  const values = new Values();
  const id = readValue(text, values);
  return id === undefined ? undefined : values.text(id);
}

/** The value of a result's text, as a number of `values`; undefined when it is not one literal. */
function readValue(text: string, values: Values): number | undefined {
  const read = readClarity(text);
  if (!read.ok) return undefined;
  const exprs = meaningful(read.exprs);
  return exprs.length === 1 ? valueOf(exprs[0]!, new Map(), values) : undefined;
}

/** A value read: an atom by its canonical text, a compound one by its form and the numbers of its parts. */
type Value =
  | { form: 'atom'; text: string; length: number }
  | { form: 'err' | 'ok' | 'some' | 'list'; parts: number[]; length: number }
  | { form: 'tuple'; keys: string[]; parts: number[]; length: number };

/**
 * The literal values of one reading, each kept once under a number, so a constant's definition
 * and a decoded result compare equal by their numbers: numbers without leading zeros, tuples as
 * `(tuple (k v) …)` with their keys sorted, principals without the quote. A compound value is kept
 * as its parts' numbers, so a constant named inside another costs one number, never a copy of its
 * text; each value knows the length of its canonical text, and one over `MAX_VALUE_CHARS` is not read.
 */
class Values {
  private readonly byKey = new Map<string, number>();
  private readonly all: Value[] = [];
  /** Whether a value was left unread for its canonical text being over `MAX_VALUE_CHARS`. */
  overCap = false;

  /** The number of the value `key` names (atoms: their text; compound values: their form and parts). */
  add(key: string, v: Value): number | undefined {
    if (v.length > MAX_VALUE_CHARS) {
      this.overCap = true;
      return undefined;
    }
    let id = this.byKey.get(key);
    if (id === undefined) {
      id = this.all.length;
      this.all.push(v);
      this.byKey.set(key, id);
    }
    return id;
  }

  get(id: number): Value {
    return this.all[id]!;
  }

  /** The canonical text: at most `MAX_VALUE_CHARS` characters, as every value kept is. */
  text(id: number): string {
    const v = this.all[id]!;
    if (v.form === 'atom') return v.text;
    if (v.form === 'tuple') return `(tuple${v.keys.map((k, i) => ` (${k} ${this.text(v.parts[i]!)})`).join('')})`;
    return `(${v.form}${v.parts.map((p) => ` ${this.text(p)}`).join('')})`;
  }

  lengthOf(id: number): number {
    return this.all[id]!.length;
  }
}

/**
 * The number of a literal value in `values`; undefined for what is not a literal (a computation,
 * an unknown name) or is too deep, too large or too long. A constant named in it is its number in
 * `constants` (undefined: not a literal), one part.
 */
function valueOf(e: Expr, constants: ReadonlyMap<string, number | undefined>, values: Values): number | undefined {
  return canon(e, constants, values, 0, { nodes: MAX_VALUE_NODES });
}

function canon(
  e: Expr,
  constants: ReadonlyMap<string, number | undefined>,
  values: Values,
  depth: number,
  budget: { nodes: number },
): number | undefined {
  if (--budget.nodes < 0 || depth > MAX_VALUE_DEPTH) return undefined;
  if (e.kind === 'comment') return undefined;
  if (e.kind === 'atom') return atom(e.text, constants, values);
  const kids = meaningful(e.children);
  if (e.kind === 'tuple') {
    if (kids.length % 2) return undefined;
    const entries: Array<[string, number]> = [];
    for (let i = 0; i < kids.length; i += 2) {
      const k = kids[i]!;
      const v = canon(kids[i + 1]!, constants, values, depth + 1, budget);
      if (k.kind !== 'atom' || v === undefined) return undefined;
      entries.push([k.text, v]);
    }
    return tuple(entries, values);
  }
  const head = kids[0]?.kind === 'atom' ? kids[0].text : undefined;
  const args = kids.slice(1);
  if ((head === 'err' || head === 'ok' || head === 'some') && args.length === 1) {
    const v = canon(args[0]!, constants, values, depth + 1, budget);
    // `(err ` and `)`.
    if (v === undefined) return undefined;
    return values.add(`(${head} ${v})`, { form: head, parts: [v], length: head.length + 3 + values.lengthOf(v) });
  }
  if (head === 'list') {
    const parts: number[] = [];
    // `(list`, a space before each part, and `)`.
    let length = 6;
    for (const a of args) {
      const v = canon(a, constants, values, depth + 1, budget);
      if (v === undefined) return undefined;
      parts.push(v);
      length += 1 + values.lengthOf(v);
    }
    return values.add(`(list ${parts.join(' ')})`, { form: 'list', parts, length });
  }
  if (head === 'tuple') {
    const entries: Array<[string, number]> = [];
    for (const a of args) {
      if (a.kind !== 'list') return undefined;
      const [k, v, ...rest] = meaningful(a.children);
      if (k?.kind !== 'atom' || !v || rest.length) return undefined;
      const cv = canon(v, constants, values, depth + 1, budget);
      if (cv === undefined) return undefined;
      entries.push([k.text, cv]);
    }
    return tuple(entries, values);
  }
  return undefined;
}

function tuple(entries: Array<[string, number]>, values: Values): number | undefined {
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // `(tuple`, ` (k v)` for each entry, and `)`.
  let length = 7;
  for (const [k, v] of entries) length += k.length + 4 + values.lengthOf(v);
  // Each key with its length before it: no key can be read as part of the next.
  const key = `(tuple ${entries.map(([k, v]) => `${k.length}:${k} ${v}`).join(' ')})`;
  return values.add(key, { form: 'tuple', keys: entries.map(([k]) => k), parts: entries.map(([, v]) => v), length });
}

/** An atom's canonical text, the value of the constant it names, or undefined. */
function atom(text: string, constants: ReadonlyMap<string, number | undefined>, values: Values): number | undefined {
  const canonical = atomText(text);
  if (canonical !== undefined)
    return values.add(canonical, { form: 'atom', text: canonical, length: canonical.length });
  if (constants.has(text)) return constants.get(text);
  return undefined;
}

function atomText(text: string): string | undefined {
  // `0*` takes every leading zero but the last digit's: the digits keep none, unless they are "0".
  let m = /^u0*(\d+)$/.exec(text);
  if (m) return `u${m[1]!}`;
  m = /^(-?)0*(\d+)$/.exec(text);
  if (m) return m[2] === '0' ? '0' : `${m[1]!}${m[2]!}`;
  if (text === 'true' || text === 'false' || text === 'none') return text;
  if (/^0x[0-9a-fA-F]*$/.test(text)) return text.toLowerCase();
  if (text.startsWith('"') || text.startsWith('u"')) return text;
  if (/^'S[0-9A-Z]{20,60}(\.[a-zA-Z][a-zA-Z0-9_-]*)?$/.test(text)) return text.slice(1);
  return undefined;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** A place a failure's name links to: where a function returns it, or (none found) where it is defined. */
export interface FailureLink {
  /** The constant's name, or the native function's; absent for an inline `(err …)`. */
  name?: string;
  /** 0-based. */
  line: number;
  character: number;
  /** The returning expression; absent for a definition. */
  site?: ErrorSite;
}

/** Every place a reader may open, in the order the names and sites are listed; at most `max`. */
export function failureLinks(f: FailureNames, max = 20): FailureLink[] {
  if (!f.ok) return [];
  const out: FailureLink[] = f.natives
    .slice(0, max)
    .map((s) => ({ name: s.name, line: s.line, character: s.character, site: s }));
  for (const n of f.names) {
    if (!n.sites.length) out.push({ name: n.name, line: n.line, character: n.character });
    for (const s of n.sites) out.push({ name: n.name, line: s.line, character: s.character, site: s });
  }
  for (const s of f.inline) out.push({ line: s.line, character: s.character, site: s });
  return out.slice(0, max);
}

/** Words for one link: "asserts! in complete-deposit-wrapper, line 47" (lines 1-based, as an editor shows them). */
export function linkText(l: FailureLink): string {
  if (!l.site) return l10n.t('defined on line {0}', l.line + 1);
  const how = l.site.how === 'err' ? 'returned' : l.site.how;
  const via = l.site.via ? l10n.t(' (called from {0}, line {1})', l.site.via.fn, l.site.via.line + 1) : '';
  return l10n.t('{0} in {1}, line {2}{3}', how, l.site.fn, l.line + 1, via);
}

/** The link of `other` (another copy of the source) that stands where `link` of `f` stood. */
export function sameLink(f: FailureNames, link: FailureLink, other: FailureNames): FailureLink | undefined {
  if (!other.ok) return undefined;
  if (link.site) {
    const s = sameSite(f, link.site, other);
    return s
      ? { ...(s.name !== undefined ? { name: s.name } : {}), line: s.line, character: s.character, site: s }
      : undefined;
  }
  const n = other.names.find((x) => x.name === link.name);
  return n ? { name: n.name, line: n.line, character: n.character } : undefined;
}
