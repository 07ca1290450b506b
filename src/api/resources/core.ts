/**
 * The shared core every resource of the client works on (as GitLens's sub-providers share their
 * provider's): the way to an answer (`Requests`: the response cache, requests in flight, the
 * transport and its rate budget, the replacements of switched-off routes), the cursors of the v3
 * lists, how long mutable data lives, the clock and the log. `createStacksClient` (client.ts)
 * builds it once per client and hands it to each resource module beside this file.
 */
import { checkContractId } from '../../chain/identifiers';
import { must } from '../arguments';
import type { LogFn, RequestOptions } from '../http';
import type { CursorMemo } from '../replacements';
import type { Requests } from '../requests';
import type * as S from '../schemas';

export interface ClientCore {
  readonly requests: Requests;
  /** The next-page cursors of the v3 lists seen so far (see cursorPages.ts). */
  readonly cursors: CursorMemo;
  /** How long mutable data (balances, pending transactions, `latest`, the chain tip) may be reused. */
  readonly freshMs: number;
  /** The client's clock (the injected one, or real time): what "how long ago" is counted from. */
  readonly now: () => number;
  /** Routes this client's API does not have (404 on their first page): the fallback is used from then on (holdings.ts). */
  readonly absent: Set<string>;
  readonly log: LogFn | undefined;
}

export type CallOptions = RequestOptions;

export interface PageOptions extends CallOptions {
  limit?: number;
  offset?: number;
}

/** The page size the API uses when none is asked for. */
export const DEFAULT_PAGE_LIMIT = 20;

/**
 * A page with no more items than were asked for (`limit`, or the most the API gives), whatever
 * the server sent: a list of 100,000 must not become 100,000 rows. Its `limit` is no larger either,
 * since the panel pages by it.
 */
export function pageUpTo<T>(p: S.Page<T>, limit: number): S.Page<T> {
  const n = Number.isSafeInteger(p.limit) && p.limit > 0 && p.limit <= limit ? p.limit : limit;
  return p.results.length <= n && p.limit === n ? p : { ...p, limit: n, results: p.results.slice(0, n) };
}

/** A contract id's address and name, checked. */
export function contractParts(contractId: string): [string, string] {
  const id = must(checkContractId(String(contractId))).contractId;
  const dot = id.indexOf('.');
  return [id.slice(0, dot), id.slice(dot + 1)];
}

/** The size of a cached value: the length of its JSON, which is close to what the wire carried. */
export function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return Infinity;
  }
}
