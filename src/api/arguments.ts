/**
 * Checks of the client methods' arguments. They run before any request: a wrong argument throws
 * an `invalid-input` error and sends nothing.
 */
import type { BlockRef, Checked } from '../chain/identifiers';
import { StacksApiError } from './errors';
import * as l10n from '../chain/l10n';

/** The largest `limit` of one list page. */
export const MAX_PAGE_LIMIT = 50;
/** The largest `eventLimit` of one transaction. */
export const MAX_EVENT_LIMIT = 200;

export function blockSegment(ref: BlockRef): string {
  return ref.kind === 'latest' ? 'latest' : ref.kind === 'height' ? String(ref.height) : ref.hash;
}

/** `limit` and `offset` of a list page, checked. */
export function pageQuery(o: { limit?: number; offset?: number }): Array<[string, string]> {
  const q: Array<[string, string]> = [];
  if (o.limit !== undefined) q.push(['limit', String(must(intIn(o.limit, 'limit', 1, MAX_PAGE_LIMIT)))]);
  if (o.offset !== undefined) q.push(['offset', String(must(intIn(o.offset, 'offset', 0)))]);
  return q;
}

export function intIn(v: unknown, name: string, min: number, max?: number): Checked<number> {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < min || (max !== undefined && n > max)) {
    const range =
      max === undefined
        ? l10n.t('a whole number of {0} or more', min)
        : l10n.t('a whole number from {0} to {1}', min, max);
    return { ok: false, reason: l10n.t('"{0}" must be {1} (got {2}).', name, range, JSON.stringify(v)) };
  }
  return { ok: true, value: n };
}

export function invalid(reason: string): StacksApiError {
  return new StacksApiError('invalid-input', reason);
}

/** The checked value, or the reason it is wrong thrown as `invalid-input`. */
export function must<T>(c: Checked<T>): T {
  if (!c.ok) throw invalid(c.reason);
  return c.value;
}
