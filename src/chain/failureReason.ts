/**
 * Why a contract call failed, down to the line: the constants of the called contract whose value
 * is the call's `(err …)` result, and the expressions of the called function (then of the
 * functions of the same contract it calls) that return it; first, the native functions whose own
 * code it is (`nativeErrors.ts`) where the function returns their error (a `try!` of them, their
 * value as the function's, or a `match` that hands their error back), named before the constants,
 * and then no constant it cannot reach. Read with the project's own Clarity reader
 * (`claritySyntax.ts`), in one pass over the source and one over the reachable functions; the
 * source and the result are capped, and a constant's value is read from its own text only (a
 * constant named in it is a number, not a copy). Pure: the caller passes the source and the result
 * text.
 * The values are read in failureValues.ts, a native's code in failureNative.ts; what is found, and
 * how it is said, is in failureSites.ts (re-exported here).
 */
import { readClarity, type Expr } from './claritySyntax';
import { nativeCode, nativeMeaning } from './failureNative';
import type { ErrorName, ErrorSite, FailureNames, NativeSite } from './failureSites';
import { MAX_RESULT_CHARS, meaningful, readValue, valueOf, Values } from './failureValues';
import * as l10n from './l10n';
import { hasNativeCodes } from './nativeErrors';

export {
  allSites,
  failureHeadline,
  failureLinks,
  linkText,
  nativeClause,
  sameLink,
  sameSite,
  type ErrorName,
  type ErrorSite,
  type FailureLink,
  type FailureNames,
  type NativeSite,
} from './failureSites';
export { MAX_RESULT_CHARS, MAX_VALUE_CHARS, valueOfText } from './failureValues';

/** No Stacks transaction is over 2 MiB (`MAX_TRANSACTION_LEN` of stacks-core), so no contract source is. */
export const MAX_FAILURE_SOURCE_CHARS = 2 * 1024 * 1024;

/** The expressions that return an error early: an `(err …)` or an error constant under them is returned by them. */
const RETURNING = new Set(['asserts!', 'unwrap!', 'unwrap-err!', 'try!', 'unwrap-panic', 'unwrap-err-panic']);
const DEFINES_FUNCTION = new Set(['define-public', 'define-private', 'define-read-only']);
/** Native sites kept for one result; the rest are not listed. */
const MAX_NATIVE_SITES = 100;

type Branch = Extract<Expr, { kind: 'list' | 'tuple' }>;

/**
 * The names of a failed call's result in the called contract's source. `result` is the result as
 * Clarity writes it (the decoded hex, or the API's `repr`); `fn` the called function.
 */
/**
 * The amount and sender of an `stx-transfer?` or `stx-burn?`, as written (an atom each: a literal,
 * a parameter or `tx-sender`), where a reader can check the sender's balance: not inside
 * `as-contract`, where `tx-sender` is the contract.
 */
function stxMoved(head: string, kids: readonly Expr[], asContract: boolean): NativeSite['stx'] {
  if ((head !== 'stx-transfer?' && head !== 'stx-burn?') || asContract) return undefined;
  const [amount, sender] = [kids[1], kids[2]];
  return amount?.kind === 'atom' && sender?.kind === 'atom' ? { amount: amount.text, sender: sender.text } : undefined;
}

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
    // `asContract`: inside `as-contract` (or `as-contract?`), where `tx-sender` is the contract.
    const stack: Array<{
      e: Expr;
      parent?: Branch;
      parentHead?: string | undefined;
      tail: boolean;
      by?: string;
      asContract?: boolean;
    }> = body.map((e, i) => ({ e, tail: i === body.length - 1 }));
    while (stack.length) {
      const { e, parent, parentHead, tail, by, asContract } = stack.pop()!;
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
          const moved = stxMoved(head, kids, asContract === true);
          natives.push({
            ...site(head, e, how),
            ...at(e.offset, e.line),
            how,
            name: head,
            code: code.text,
            meaning,
            ...(moved ? { stx: moved } : {}),
          });
        }
      }
      for (let i = kids.length - 1; i >= 0; i--) {
        const returned = returnsChild(head, i, kids, tail);
        const how = head === 'try!' ? 'try!' : returned ? by : undefined;
        const inside = asContract === true || head === 'as-contract' || head === 'as-contract?';
        stack.push({
          e: kids[i]!,
          parent: e,
          parentHead: head,
          tail: returned,
          ...(how ? { by: how } : {}),
          ...(inside ? { asContract: true } : {}),
        });
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

/**
 * Whether child `i` of a form whose value the function returns (`tail`) is returned too; a `try!`'s
 * always is. So is a response `match`'s input when its err branch hands the error back as it came
 * (`(match (ft-transfer? …) r (ok r) e (err e))`, as many SIP-010 tokens write `transfer`).
 */
function returnsChild(head: string | undefined, i: number, kids: readonly Expr[], tail: boolean): boolean {
  if (head === 'try!') return i === 1;
  if (!tail) return false;
  const n = kids.length;
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
      if (n === 6 && i === 1) return passesErrorOn(kids[4]!, kids[5]!);
      return n === 6 ? i === 3 || i === 5 : n === 5 && (i === 3 || i === 4);
    default:
      return false;
  }
}

/** Whether a match's err branch is `(err <the name it binds>)`: the matched error, returned unchanged. */
function passesErrorOn(name: Expr, branch: Expr): boolean {
  if (name.kind !== 'atom' || branch.kind !== 'list') return false;
  const [head, value, ...rest] = meaningful(branch.children);
  return (
    head?.kind === 'atom' && head.text === 'err' && value?.kind === 'atom' && value.text === name.text && !rest.length
  );
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}
