/** What every replacement shares: how it reads a resource, and how it maps one shape onto another. */
import type { Schema } from '../schemas';

/** Reads one JSON resource through the client's transport (rate limit, errors, schema check). */
export type Fetch = <B>(
  route: string,
  path: string,
  query: Array<[string, string]>,
  schema: Schema<B>,
  what: string,
) => Promise<B>;

export interface Replacement<T> {
  /** Route template of the replacement, for the log and the one-time notice. */
  route: string;
  load(fetch: Fetch): Promise<T>;
}

/** Page size used when walking the replacements' pages (the smallest maximum among them). */
export const STEP = 50;
/** At most this many requests to reach one page of a cursor-paged list. */
export const MAX_WALK = 20;

/** Seconds since the epoch as an ISO date, as the documented routes give it beside the number. */
export const iso = (seconds: number | undefined): string | undefined =>
  seconds === undefined ? undefined : new Date(seconds * 1000).toISOString();

/** Drops keys whose value is `undefined`, so a mapped model has the same keys as a parsed one. */
export function defined<T extends object>(o: T): T {
  for (const k of Object.keys(o) as Array<keyof T>) if (o[k] === undefined) delete o[k];
  return o;
}
