/**
 * What `explainFailure` (failureReason.ts) finds, and how it is said: the sites that return a
 * failed call's error, the constants and native functions named there, the headline sentence and
 * the links a reader may open, and the same site or link found again in another copy of the source.
 */
import * as l10n from './l10n';

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
  /** An `stx-transfer?` or `stx-burn?` outside `as-contract`: its amount and sender as written. */
  stx?: { amount: string; sender: string };
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
