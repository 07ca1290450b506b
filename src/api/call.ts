import type { Replacement } from './replacements';
import type * as S from './schemas';

/** One call of a client method: the request, how to check its answer and how long to keep it. */
export interface Call<T> {
  route: string;
  path: string;
  query?: Array<[string, string]>;
  /** A JSON body: the request is a POST, and the body is part of its cache and in-flight key. */
  body?: unknown;
  schema: S.Schema<T>;
  what: string;
  /** How long the parsed value may be served again without asking the server. */
  ttl: (value: T) => number;
  /** Where to go once the server has switched this route off (410 Gone); absent: the 410 is the answer. */
  replacement?: Replacement<T>;
  /** Cuts the answer down to what was asked for (a list's limit) before it is cached or returned. */
  bound?: (value: T) => T;
}

export interface ClientStats {
  /** Requests that went out on the wire (retries and redirects included). */
  sent: number;
  cacheHits: number;
  /** Calls that joined a request already in flight. */
  shared: number;
}
