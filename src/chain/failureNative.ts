/**
 * Native-code matching for `explainFailure` (failureReason.ts): a failed result's `(err …)` read as
 * the error code of a native function (`stx-transfer?`, `ft-transfer?`, …, the Clarity 4
 * allowance checks), and what that code means at the call.
 */
import type { Expr } from './claritySyntax';
import { clip } from './format';
import { meaningful, type Value } from './failureValues';
import { ALLOWANCE_FORMS, allowanceExceeded, NO_ALLOWANCE_CODE, nativeErrorMeaning, noAllowance } from './nativeErrors';

/** Characters of an allowance quoted in a sentence. */
const MAX_ALLOWANCE_QUOTE = 80;

/** The error code of a result's `(err …)` as a native returns it: `u1` (or `1`, an older `restrict-assets?`). */
export function nativeCode(v: Value): { text: string; n: number; signed: boolean } | undefined {
  if (v.form !== 'atom') return undefined;
  const m = /^(u?)(\d{1,3})$/.exec(v.text);
  return m ? { text: v.text, n: Number(m[2]), signed: m[1] === '' } : undefined;
}

/** What `native` returning `code` means at this call, or undefined when it cannot return it. */
export function nativeMeaning(
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
