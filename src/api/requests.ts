import type { LruCache } from './cache';
import type { Call, ClientStats } from './call';
import { StacksApiError } from './errors';
import type { Fallback } from './fallback';
import type { HttpTransport, RequestOptions } from './http';
import type { Fetch } from './replacements';
import * as S from './schemas';
import * as l10n from '../chain/l10n';

interface InFlight {
  promise: Promise<unknown>;
  controller: AbortController;
  callers: number;
}

/**
 * The way from a client method to an answer: the response cache, then a request already in
 * flight, then the wire through the transport (or the replacement of a switched-off route).
 * Every body passes its schema here.
 */
export class Requests {
  private readonly inflight = new Map<string, InFlight>();
  private hits = 0;
  private joined = 0;

  constructor(
    private readonly http: HttpTransport,
    private readonly cache: LruCache<unknown> | undefined,
    private readonly fallback: Fallback,
  ) {}

  get stats(): ClientStats {
    return { sent: this.http.requestsSent, cacheHits: this.hits, shared: this.joined };
  }

  clearCache(): void {
    this.cache?.clear();
  }

  async call<T>(c: Call<T>, options: RequestOptions): Promise<T> {
    const key =
      c.path +
      (c.query?.length ? '?' + new URLSearchParams(c.query).toString() : '') +
      (c.body === undefined ? '' : ' ' + JSON.stringify(c.body));
    if (options.signal?.aborted)
      throw new StacksApiError('cancelled', l10n.t('The request was cancelled.'), { path: c.path });
    const cached = this.cache?.get(key);
    if (cached !== undefined) {
      this.hits++;
      return cached as T;
    }
    return this.shared(key, options, async (signal) => {
      const loaded = await this.fallback.load(c, this.fetcher({ ...options, signal }, c.body));
      const value = c.bound ? c.bound(loaded) : loaded;
      this.cache?.set(key, value, c.ttl(value));
      return value;
    });
  }

  /** One request through the transport; the body passes its schema here. */
  private fetcher(ro: RequestOptions, body?: unknown): Fetch {
    return async (route, path, query, schema, what) => {
      const res = await this.http.getJson(route, path, query, ro, body);
      const parsed = S.parseWith(schema, res.body);
      if (!parsed.ok) {
        throw new StacksApiError(
          'invalid-response',
          l10n.t('The API sent an unexpected {0}: {1}.', what, parsed.problem),
          {
            status: res.status,
            path,
          },
        );
      }
      return parsed.value;
    };
  }

  /**
   * Identical requests in flight are one request. A caller that cancels leaves; the request is
   * aborted only when every caller has gone.
   */
  private shared<T>(key: string, options: RequestOptions, start: (signal: AbortSignal) => Promise<T>): Promise<T> {
    let entry = this.inflight.get(key);
    if (entry) {
      this.joined++;
    } else {
      const controller = new AbortController();
      const created: InFlight = { controller, callers: 0, promise: Promise.resolve() };
      created.promise = start(controller.signal).finally(() => {
        if (this.inflight.get(key) === created) this.inflight.delete(key);
      });
      created.promise.catch(() => undefined);
      this.inflight.set(key, created);
      entry = created;
    }
    const e = entry;
    e.callers++;
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const leave = () => {
        if (settled) return false;
        settled = true;
        options.signal?.removeEventListener('abort', onAbort);
        e.callers--;
        return true;
      };
      const onAbort = () => {
        if (!leave()) return;
        if (e.callers === 0) {
          e.controller.abort();
          if (this.inflight.get(key) === e) this.inflight.delete(key);
        }
        reject(new StacksApiError('cancelled', l10n.t('The request was cancelled.')));
      };
      if (options.signal?.aborted) return onAbort();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      e.promise.then(
        (v) => leave() && resolve(v as T),
        (err) => leave() && reject(err),
      );
    });
  }
}
