/** Every way a request can fail, as a value the UI can turn into one clear sentence. */
export type ErrorKind =
  | 'invalid-input'
  | 'insecure-url'
  | 'bad-request'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'gone'
  | 'rate-limited'
  | 'server'
  | 'timeout'
  | 'cancelled'
  | 'network'
  /** A browser refused the request (CORS, mixed content): the web build only. */
  | 'blocked'
  | 'invalid-response';

/** What an error may carry besides its kind and sentence. */
export interface ErrorExtra {
  status?: number;
  retryAfterMs?: number;
  path?: string;
  routeMissing?: boolean;
  quota?: 'month';
  resetsAt?: number;
  words?: string;
}

export class StacksApiError extends Error {
  override readonly name = 'StacksApiError';
  readonly kind: ErrorKind;
  // Set from `extra` by the constructor, and only when given.
  declare readonly status?: number;
  declare readonly retryAfterMs?: number;
  /** The API path (never the full URL with query or key) the error belongs to, when there was a request. */
  declare readonly path?: string;
  /** A 404 for the route itself, not for a resource: the API has no such route (`ROUTE_NOT_FOUND`). */
  declare readonly routeMissing?: boolean;
  /** A rate limit that is a quota: the API's requests for the month are used up (no wait of minutes helps). */
  declare readonly quota?: 'month';
  /** When a spent quota comes back (epoch ms), when the API said. */
  declare readonly resetsAt?: number;
  /** The server's own words about the failure, as sent (with any key the URL carries taken out). */
  declare readonly words?: string;

  constructor(kind: ErrorKind, message: string, extra: ErrorExtra = {}) {
    super(message);
    this.kind = kind;
    Object.assign(this, extra);
  }
}

/**
 * True for errors of this client. Checked by shape, not only by class, so code in a separately
 * loaded bundle (the detail panels) recognises errors thrown by the main bundle's client.
 */
export function isStacksApiError(e: unknown): e is StacksApiError {
  return (
    e instanceof StacksApiError ||
    (e instanceof Error && e.name === 'StacksApiError' && typeof (e as { kind?: unknown }).kind === 'string')
  );
}

/**
 * Status code to kind, as the API's error responses use them: 400 for a request it rejects, 401
 * without an API key and 403 with a wrong one, 404 for what it does not know, 410 for a route it
 * has switched off, 429 when the rate limit is spent, 5xx when it fails. Any other status is not
 * an answer the client expects.
 */
export function kindForStatus(status: number): ErrorKind {
  switch (status) {
    case 400:
      return 'bad-request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not-found';
    case 410:
      return 'gone';
    case 429:
      return 'rate-limited';
    default:
      return status >= 500 ? 'server' : 'invalid-response';
  }
}

/** True for an error of a request whose route the API does not have (an older or custom API). */
export function isRouteMissing(e: unknown): boolean {
  return isStacksApiError(e) && !!e.routeMissing;
}

/**
 * The server's words in a 404 for a route it does not have at all: Fastify's answer to an unknown
 * path, `{"statusCode":404,"error":"Not Found","message":"Route GET:/extended/… not found"}`, as an
 * older or custom API gives for a route added since. A 404 for a resource the API does not know
 * has the same `error` and other words ("Block not found", "cannot find block by height").
 */
export const ROUTE_NOT_FOUND = /^Route [A-Z]+:\//;

/** Pulls the server's own words out of an error body: `message` (Fastify) or `error` (older bodies). */
export function serverWords(body: unknown): string | undefined {
  const pick = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 300) : undefined);
  // The node answers some refusals with a bare JSON string ("Fee estimation not supported on this node").
  if (typeof body === 'string') return pick(body);
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  // The node's `{error, reason}` (the fee estimate's `NoEstimateAvailable`): the reason is the useful part.
  const reason = pick(b.reason);
  const error = pick(b.error);
  return pick(b.message) ?? (error && reason ? `${error} (${reason})` : error);
}
