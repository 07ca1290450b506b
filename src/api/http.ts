import {
  type ErrorExtra,
  isStacksApiError,
  kindForStatus,
  ROUTE_NOT_FOUND,
  serverWords,
  StacksApiError,
} from './errors';
import { BodyTooLarge, Exchange, fetchGet } from './exchange';
import { platformGet } from './platformExchange';
import { BudgetMode, RateLimiter, sleep } from './rateLimit';
import { type ApiKeyMode, checkBaseUrl, KEY_REDACTED } from './url';

export type { ApiKeyMode };
import * as l10n from '../chain/l10n';

const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** A 429 whose Retry-After is at most this long is retried once; a longer one fails. */
const SHORT_RETRY_MS = 3_000;
const MAX_REDIRECTS = 5;

export type LogFn = (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;

export interface RequestOptions {
  signal?: AbortSignal;
  /** `wait` (explicit lookups) queues for the rate-limit budget; `fail-fast` (hovers, background) does not. */
  budget?: BudgetMode;
  /** Called while a request waits for the rate-limit budget, with the expected wait. */
  onWait?: (ms: number) => void;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: unknown;
  /** A redirect a browser hid (see `Exchange.opaqueRedirect`). */
  opaqueRedirect?: boolean;
}

export interface HttpOptions {
  baseUrl: string;
  apiKey?: string;
  /** How the key is sent; `x-api-key` by default. */
  apiKeyMode?: ApiKeyMode;
  timeoutMs: number;
  /** A fetch function instead of the build's own exchange (Node's http module, or the web build's fetch). */
  fetch?: typeof fetch;
  limiter: RateLimiter;
  log?: LogFn;
  /** Called once per route template the server marks as deprecated (`Warning: 299`). */
  onDeprecation?: (route: string, warning: string) => void;
  maxBodyBytes?: number;
}

/** The one place that talks HTTP: base URL, key header, timeouts, cancellation, rate limit, retries and errors. */
export class HttpTransport {
  readonly origin: string | undefined;
  private readonly base: URL | undefined;
  private readonly baseProblem: string | undefined;
  private readonly deprecatedSeen = new Set<string>();
  requestsSent = 0;

  constructor(private readonly opts: HttpOptions) {
    const checked = checkBaseUrl(opts.baseUrl);
    if (checked.ok) {
      this.base = checked.url;
      this.origin = checked.url.origin;
    } else {
      this.baseProblem = checked.reason;
    }
  }

  get hasKey(): boolean {
    return !!this.opts.apiKey;
  }

  get limiter(): RateLimiter {
    return this.opts.limiter;
  }

  /** The segment a path-mode key adds after the base URL, or '' for the other modes. */
  private get keySegment(): string {
    return this.opts.apiKey && this.opts.apiKeyMode === 'path' ? '/' + encodeURIComponent(this.opts.apiKey) : '';
  }

  /** `text` with the key taken out wherever it stands, as sent or as a URL carries it. */
  redact(text: string): string {
    const key = this.opts.apiKey;
    if (!key || this.opts.apiKeyMode !== 'path') return text;
    let out = text;
    for (const form of new Set([key, encodeURIComponent(key)])) if (form) out = out.split(form).join(KEY_REDACTED);
    return out;
  }

  urlFor(path: string, query: ReadonlyArray<readonly [string, string]> = []): URL {
    if (!this.base) throw new StacksApiError('insecure-url', this.baseProblem ?? l10n.t('The API URL is not valid.'));
    const url = new URL(this.base.href.replace(/\/+$/, '') + this.keySegment + path);
    for (const [k, v] of query) url.searchParams.append(k, v);
    return url;
  }

  /**
   * GET a JSON resource, or POST `body` (a JSON value) to it. `route` is the path template used for
   * logs and deprecation notices. A POST goes through the same budget, redirects and errors.
   */
  async getJson(
    route: string,
    path: string,
    query: ReadonlyArray<readonly [string, string]>,
    ro: RequestOptions,
    body?: unknown,
  ): Promise<HttpResponse> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    let url = this.urlFor(path, query);
    const origin = url.origin;
    let retried429 = false;
    let redirects = 0;
    for (;;) {
      if (ro.signal?.aborted) throw new StacksApiError('cancelled', l10n.t('The request was cancelled.'), { path });
      await this.opts.limiter.acquire(ro.budget ?? 'wait', ro.signal, ro.onWait);
      const res = await this.fetchOnce(url, path, ro.signal, payload);
      const retryAfter = this.opts.limiter.observe(res.headers, res.status);
      this.noteDeprecation(route, res.headers);

      if (res.opaqueRedirect) {
        throw new StacksApiError(
          'insecure-url',
          l10n.t(
            'The API at {0} answered with a redirect, which is not followed here because the browser hides where it leads; your API key stays with {1}.',
            origin,
            origin,
          ),
          { status: res.status, path },
        );
      }
      if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
        const next = new URL(res.headers.get('location')!, url);
        if (next.origin !== origin) {
          throw new StacksApiError(
            'insecure-url',
            l10n.t(
              'The API at {0} redirected to another site ({1}); the request was not followed, so your API key stays with {2}.',
              origin,
              next.origin,
              origin,
            ),
            { status: res.status, path },
          );
        }
        if (++redirects > MAX_REDIRECTS)
          throw new StacksApiError('invalid-response', l10n.t('The API at {0} redirected too many times.', origin), {
            path,
          });
        url = next;
        continue;
      }
      const month = res.status === 429 ? this.opts.limiter.monthSpent : undefined;
      if (month) {
        this.opts.log?.('warn', `${route}: the monthly request quota is spent; no request is sent until it resets`);
        // The limiter's own sentence and the reset date: the next request would be refused the same way.
        await this.opts.limiter.acquire('fail-fast').catch((e: unknown) => {
          if (isStacksApiError(e)) throw Object.assign(e, { status: res.status, path });
          throw e;
        });
      }
      if (res.status === 429 && !retried429 && retryAfter !== undefined && retryAfter <= SHORT_RETRY_MS) {
        retried429 = true;
        this.opts.log?.('info', `GET ${path}: rate limited, retrying in ${retryAfter} ms`);
        await sleep(retryAfter, ro.signal);
        continue;
      }
      if (res.status < 200 || res.status >= 300) {
        const said = serverWords(res.body);
        const words = said === undefined ? undefined : this.redact(said);
        const kind = kindForStatus(res.status);
        const extra: ErrorExtra = { status: res.status, path, ...(words ? { words } : {}) };
        if (kind === 'rate-limited') extra.retryAfterMs = retryAfter ?? this.opts.limiter.waitTime();
        extra.routeMissing = kind === 'not-found' && ROUTE_NOT_FOUND.test(words ?? '');
        throw new StacksApiError(kind, statusSentence(res.status, words), extra);
      }
      return res;
    }
  }

  private async fetchOnce(
    url: URL,
    path: string,
    signal: AbortSignal | undefined,
    payload?: string,
  ): Promise<HttpResponse> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    const method = payload === undefined ? 'GET' : 'POST';
    if (this.opts.apiKey && this.opts.apiKeyMode === 'x-token') headers['x-token'] = this.opts.apiKey;
    else if (this.opts.apiKey && this.opts.apiKeyMode !== 'path') headers['X-API-Key'] = this.opts.apiKey;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.opts.timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const started = Date.now();
    const shown = this.redact(url.pathname + url.search);
    this.requestsSent++;
    const abortedError = () =>
      timedOut
        ? new StacksApiError(
            'timeout',
            l10n.t('{0} did not answer within {1} s.', url.origin, Math.round(this.opts.timeoutMs / 1000)),
            { path },
          )
        : new StacksApiError('cancelled', l10n.t('The request was cancelled.'), { path });
    const max = this.opts.maxBodyBytes ?? MAX_BODY_BYTES;
    try {
      let res: Exchange;
      try {
        res = this.opts.fetch
          ? await fetchGet(this.opts.fetch, url, headers, controller.signal, max, payload)
          : await platformGet(url, headers, controller.signal, max, payload);
      } catch (e) {
        if (controller.signal.aborted) throw abortedError();
        throw networkError(e, url.origin, path);
      }
      let text: string;
      try {
        text = await res.read();
      } catch (e) {
        if (e instanceof BodyTooLarge) {
          throw new StacksApiError(
            'invalid-response',
            l10n.t(
              'The API at {0} sent a response larger than {1} MB; it was not read.',
              url.origin,
              Math.round(max / 1024 / 1024),
            ),
            { status: res.status, path },
          );
        }
        if (controller.signal.aborted) throw abortedError();
        throw new StacksApiError(
          'network',
          l10n.t('The connection to {0} closed before the whole response arrived.', url.origin),
          { path },
        );
      }
      this.opts.log?.(
        'debug',
        `${method} ${shown} -> ${res.status} (${Date.now() - started} ms, ${text.length} bytes)`,
      );
      let body: unknown = undefined;
      if (text.length) {
        try {
          body = JSON.parse(text);
        } catch {
          // The node refuses some requests in plain text ("Execution budget exceeded"): its words.
          if (/^text\/plain/i.test(res.headers.get('content-type') ?? '') && !/^\s*</.test(text))
            body = text.slice(0, 1_000);
          if (res.status >= 200 && res.status < 300) {
            throw new StacksApiError(
              'invalid-response',
              l10n.t('The API at {0} sent a response that is not JSON.', url.origin),
              {
                status: res.status,
                path,
              },
            );
          }
        }
      }
      return res.opaqueRedirect
        ? { status: res.status, headers: res.headers, body, opaqueRedirect: true }
        : { status: res.status, headers: res.headers, body };
    } catch (e) {
      if (isStacksApiError(e) && e.kind !== 'cancelled')
        this.opts.log?.('warn', `${method} ${shown} failed: ${e.message}`);
      throw e;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private noteDeprecation(route: string, headers: Headers): void {
    const warning = headers.get('warning');
    if (!warning || !/deprecat/i.test(warning) || this.deprecatedSeen.has(route)) return;
    this.deprecatedSeen.add(route);
    this.opts.log?.('warn', `The API marks ${route} as deprecated: ${warning.slice(0, 300)}`);
    this.opts.onDeprecation?.(route, warning);
  }
}

function networkError(e: unknown, origin: string, path: string): StacksApiError {
  const code = errorCode(e);
  // A browser's fetch says only `TypeError: Failed to fetch` for whatever it refused: a CORS
  // answer that does not allow this page, mixed content, or a host it cannot reach. Node's fetch
  // always names a cause with a code.
  if (!code && e instanceof TypeError) return browserRefusal(origin, path);
  const what =
    code === 'ECONNREFUSED'
      ? l10n.t('Could not connect to {0}: the connection was refused (is the server running?).', origin)
      : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET'
        ? l10n.t('The connection to {0} was reset.', origin)
        : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? l10n.t('Could not find the host of {0}.', origin)
          : code === 'UND_ERR_CONNECT_TIMEOUT'
            ? l10n.t('Could not connect to {0}: the connection timed out.', origin)
            : `Could not reach ${origin}${code ? ` (${code})` : ''}.`;
  return new StacksApiError('network', what, { path });
}

function browserRefusal(origin: string, path: string): StacksApiError {
  const page = (globalThis as { location?: { protocol?: string } }).location?.protocol;
  const mixed = page === 'https:' && origin.startsWith('http:');
  return new StacksApiError(
    'blocked',
    mixed
      ? l10n.t(
          'The browser blocked the request to {0}: this page is https and the API is plain http (mixed content), so use an https URL for it.',
          origin,
        )
      : l10n.t(
          'The browser refused the request to {0}: the API does not allow requests from this page (CORS), or it cannot be reached.',
          origin,
        ),
    { path },
  );
}

function errorCode(e: unknown): string | undefined {
  for (
    let cur: unknown = e, depth = 0;
    cur && typeof cur === 'object' && depth < 5;
    cur = (cur as { cause?: unknown }).cause, depth++
  ) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function statusSentence(status: number, words: string | undefined): string {
  const base =
    status === 400
      ? l10n.t('The API rejected the request')
      : status === 401
        ? l10n.t('The API requires an API key')
        : status === 403
          ? l10n.t('The API key was refused')
          : status === 404
            ? l10n.t('Not found')
            : status === 410
              ? l10n.t('This API route has been switched off')
              : status === 429
                ? l10n.t('Rate limit exceeded')
                : status >= 500
                  ? l10n.t('The API had a server error ({0})', status)
                  : l10n.t('Unexpected status {0}', status);
  return words ? `${base}: ${words}` : `${base}.`;
}
