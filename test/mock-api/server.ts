/**
 * Local mock of the Stacks chain data API: every route the extension reads, and the routes the API
 * names as their replacements when it switches one off.
 *
 * Node `http` only, no framework, no vscode. Serves the fixtures in test/fixtures/api plus
 * deterministic generated data for paging tests (see test/fixtures/ids.ts), and can inject faults.
 * This file is the HTTP server; the rest sits beside it:
 *   routes.ts             the route table (add routes there) and the routes the extension reads
 *   replacementRoutes.ts  the replacement routes, with v3.ts turning the v1 data into their shapes
 *   routing.ts            what every route shares: request, reply, id and paging checks
 *   data.ts               the data set: the fixtures plus the generated data
 *   fixtures.ts           the fixture files and the API's error bodies
 *   faults.ts             fault rules and how each fault is played
 *   apiRoutes.ts          every route of the real API and which are deprecated (sunset mode)
 */
import { resetAccounts } from './accounts';
import * as http from 'http';
import type { AddressInfo } from 'net';
import { data } from './data';
import { Fault, FaultRule, FaultRules, playFault } from './faults';
import { clone, ERROR_BODIES, type Json } from './fixtures';
import { isSwitchedOffInSunset } from './apiRoutes';
import { ROUTES } from './routes';
import { err, Reply } from './routing';

import { listWithNewTransaction } from './holdings';
export { FIXTURE_DIR, loadFixture } from './fixtures';
export { deprecated, switchedOff } from './faults';
export type { Fault, FaultRule } from './faults';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  time: number;
  /** A POST's body as text. */
  body?: string;
}

export interface MockApi {
  readonly url: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  requestsTo(pathPrefixOrRegex: string | RegExp): RecordedRequest[];
  fault(rule: FaultRule | Fault): void;
  clearFaults(): void;
  reset(): void;
  override(path: string, body: unknown, status?: number): void;
  /**
   * The chain moving on: `path` answers as usual `after` more times, then with `body` (a pending
   * transaction that is mined, fails or is dropped after a number of requests).
   */
  later(path: string, after: number, body: unknown, status?: number): void;
  /**
   * New transactions reach `address` (a watched address): its transaction list answers as usual
   * `after` more times, then with `count` (1 by default) new confirmed transfers to it first, above
   * the ones it got before. Returns the newest id.
   */
  newTransactionLater(address: string, after: number, count?: number): string;
  /**
   * Sunset mode on or off: the API with `ENABLE_DEPRECATED_ENDPOINTS=false`, every deprecated
   * route answering 410 Gone with the real body (see apiRoutes.ts). `reset()` keeps the mode.
   */
  sunset(on: boolean): void;
  readonly inSunset: boolean;
  /** Requests held by a `hang` fault that the client has not closed yet: a cancelled one leaves. */
  readonly hanging: number;
  close(): Promise<void>;
}

export interface MockApiOptions {
  port?: number;
  host?: string | undefined;
  rateLimit?: { limit: number; windowMs: number } | undefined;
  requireKey?: string | undefined;
  /** Start in sunset mode (see `MockApi.sunset`). */
  sunset?: boolean;
  /**
   * A path the API is served under (`/v1/<key>`, as a hosted API that takes its key in the URL's
   * path): the routes answer below it, and requests are recorded without it.
   */
  basePath?: string;
}

/**
 * What a browser needs before it lets the web extension (vscode.dev's web worker, another origin)
 * read an answer: every answer allows any origin and exposes the headers the client reads, and a
 * preflight (sent for the `X-API-Key` header) is answered without touching the routes.
 */
const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'ratelimit-limit, ratelimit-remaining, ratelimit-reset, retry-after, warning, location, x-ratelimit-limit-stacks-minute, x-ratelimit-remaining-stacks-minute, x-ratelimit-remaining-stacks-second, x-ratelimit-limit-stacks-month, x-ratelimit-remaining-stacks-month',
};
const PREFLIGHT_HEADERS: Record<string, string> = {
  'access-control-allow-methods': 'GET, HEAD, POST, OPTIONS',
  'access-control-allow-headers': 'x-api-key, x-token, content-type, accept',
  'access-control-max-age': '600',
};

/** Every `host:port` a mock of this process has served on. */
const served = new Set<string>();

/**
 * Listens on `port`, or on a port no earlier mock of this process had. The system may hand a port
 * again once its mock is closed, and the extension keeps what it learnt of an origin for the
 * session (the routes it switched off, its clients): a new mock on an old port would be answered
 * from an earlier test's server.
 */
async function listenOnce(server: http.Server, host: string, port: number | undefined): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const got = (server.address() as AddressInfo).port;
    const key = `${host}:${got}`;
    if (port !== undefined || !served.has(key) || attempt >= 50) {
      served.add(key);
      return got;
    }
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export async function startMockApi(options: MockApiOptions = {}): Promise<MockApi> {
  data(); // load fixtures eagerly so a broken fixture fails at start
  const host = options.host ?? '127.0.0.1';
  const requests: RecordedRequest[] = [];
  const faults = new FaultRules();
  const overrides = new Map<string, Reply>();
  /** `paged`: the body is a whole list, answered a page at a time by `limit` and `offset`, as the API does. */
  const laters = new Map<string, { remaining: number; reply: Reply; paged?: boolean }>();
  /** The list entries of the new transactions each address got (`newTransactionLater`), newest first. */
  const newTransactions = new Map<string, Json[]>();
  const hanging = new Set<http.ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  let sunset = options.sunset === true;
  let window = { start: Date.now(), count: 0 };

  const wait = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  function rateHeaders(): Record<string, string> {
    if (!options.rateLimit) return {};
    const { limit, windowMs } = options.rateLimit;
    const now = Date.now();
    if (now - window.start >= windowMs) window = { start: now, count: 0 };
    return {
      'ratelimit-limit': String(limit),
      'ratelimit-remaining': String(Math.max(0, limit - window.count)),
      'ratelimit-reset': String(Math.max(1, Math.ceil((window.start + windowMs - now) / 1000))),
    };
  }

  function send(res: http.ServerResponse, reply: Reply, method: string, extra: Record<string, string> = {}): void {
    if (res.destroyed || res.writableEnded) return;
    const raw = reply.raw && typeof reply.body === 'string';
    const body = reply.body === undefined ? '' : raw ? String(reply.body) : JSON.stringify(reply.body);
    res.writeHead(reply.status, {
      'content-type': raw ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      ...rateHeaders(),
      ...extra,
      ...(reply.headers ?? {}),
    });
    res.end(method === 'HEAD' ? undefined : body);
  }

  function route(method: string, pathname: string, query: URLSearchParams, url: string, body?: string): Reply {
    // The API's deprecation plugin answers before any handler (an override stands in for one).
    if (sunset && isSwitchedOffInSunset(method, pathname)) return err(410, ERROR_BODIES.gone());
    // The chain moving on wins over what a route was told to answer until then.
    const l = laters.get(pathname);
    if (l && l.remaining-- <= 0) {
      const body = clone(l.reply.body) as { results: unknown[] };
      if (!l.paged) return { ...l.reply, body };
      const limit = Number(query.get('limit') ?? 20) || 20;
      const offset = Number(query.get('offset') ?? 0) || 0;
      return { ...l.reply, body: { ...body, limit, offset, results: body.results.slice(offset, offset + limit) } };
    }
    const o = overrides.get(pathname);
    if (o) return { ...o, body: clone(o.body) };
    const post = method === 'POST';
    if (method !== 'GET' && method !== 'HEAD' && !post) return err(404, ERROR_BODIES.unknownRoute(method, url));
    for (const r of ROUTES) {
      if (!!r.post !== post) continue;
      const m = r.pattern.exec(pathname);
      if (m) return r.handler({ params: m.slice(1), query, method, url, ...(body === undefined ? {} : { body }) });
    }
    return err(404, ERROR_BODIES.unknownRoute(method, url));
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const parsed = new URL(url, 'http://mock.invalid');
    const base = options.basePath;
    const pathname =
      base && parsed.pathname.startsWith(`${base}/`) ? parsed.pathname.slice(base.length) : parsed.pathname;
    const method = req.method ?? 'GET';
    for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
    if (method === 'OPTIONS' && req.headers['access-control-request-method']) {
      // A browser's preflight, not a request of the extension: not recorded.
      res.writeHead(204, PREFLIGHT_HEADERS);
      res.end();
      return;
    }
    const body = method === 'POST' ? await readBody(req) : undefined;
    requests.push({
      method,
      path: pathname,
      query: parsed.searchParams,
      url,
      headers: { ...req.headers },
      time: Date.now(),
      ...(body === undefined ? {} : { body }),
    });
    const extra: Record<string, string> = {};
    let slowBodyMs = 0;
    const fault = faults.take(pathname + parsed.search);
    if (fault) {
      const played = await playFault(fault, {
        req,
        res,
        send: (reply) => send(res, reply, method),
        wait,
        hang: () => {
          hanging.add(res);
          res.on('close', () => hanging.delete(res));
        },
        normalBody: () => route(method, pathname, parsed.searchParams, url, body).body,
      });
      if (played === 'answered') return;
      Object.assign(extra, played.headers);
      slowBodyMs = played.slowBodyMs;
    }

    if (options.rateLimit) {
      rateHeaders(); // roll the window
      window.count++;
      if (window.count > options.rateLimit.limit) {
        const h = rateHeaders();
        send(res, { status: 429, body: ERROR_BODIES.tooManyRequests() }, method, {
          // rateHeaders sets the reset whenever a rate limit is configured, as it is here.
          'retry-after': h['ratelimit-reset'] ?? '1',
          ...extra,
        });
        return;
      }
    }
    if (options.requireKey !== undefined) {
      const key = req.headers['x-api-key'];
      if (key === undefined || key === '') {
        send(res, { status: 401, body: ERROR_BODIES.missingKey() }, method, extra);
        return;
      }
      if (key !== options.requireKey) {
        send(res, { status: 403, body: ERROR_BODIES.invalidKey() }, method, extra);
        return;
      }
    }

    let reply: Reply;
    try {
      reply = route(method, pathname, parsed.searchParams, url, body);
    } catch (e) {
      reply = err(500, { ...ERROR_BODIES.internal(), message: String(e) });
    }
    if (slowBodyMs > 0) {
      // headers now, body after the delay
      const body = JSON.stringify(reply.body ?? '');
      res.writeHead(reply.status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        ...rateHeaders(),
        ...extra,
        ...(reply.headers ?? {}),
      });
      res.flushHeaders();
      await wait(slowBodyMs);
      if (!res.destroyed) res.end(method === 'HEAD' ? undefined : body);
      return;
    }
    send(res, reply, method, extra);
  }

  /** A POST body, up to 4 MB (the node's limit for a call is about 2 MB of hex). */
  function readBody(req: http.IncomingMessage): Promise<string> {
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= 4 * 1024 * 1024) chunks.push(c);
      });
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', () => resolve(''));
    });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent && !res.destroyed)
        send(res, err(500, { ...ERROR_BODIES.internal(), message: String(e) }), 'GET');
    });
  });

  const port = await listenOnce(server, host, options.port);
  const urlHost = host.includes(':') ? `[${host}]` : host;

  const api: MockApi = {
    url: `http://${urlHost}:${port}`,
    port,
    requests,
    get hanging(): number {
      return hanging.size;
    },
    requestsTo(p: string | RegExp): RecordedRequest[] {
      return requests.filter((r) => {
        if (typeof p === 'string') return r.path.startsWith(p);
        p.lastIndex = 0;
        return p.test(r.url);
      });
    },
    fault(rule: FaultRule | Fault): void {
      faults.add(rule);
    },
    clearFaults(): void {
      faults.clear();
    },
    reset(): void {
      faults.clear();
      requests.length = 0;
      overrides.clear();
      laters.clear();
      newTransactions.clear();
      resetAccounts();
      window = { start: Date.now(), count: 0 };
    },
    override(p: string, body: unknown, status = 200): void {
      overrides.set(p, { status, body });
    },
    later(p: string, after: number, body: unknown, status = 200): void {
      laters.set(p, { remaining: after, reply: { status, body } });
    },
    newTransactionLater(address: string, after: number, count = 1): string {
      const made = newTransactions.get(address) ?? [];
      const body = listWithNewTransaction(address, count, made);
      newTransactions.set(address, body.results.slice(0, count + made.length));
      laters.set(`/extended/v2/addresses/${address}/transactions`, {
        remaining: after,
        reply: { status: 200, body },
        paged: true,
      });
      return body.results[0].tx.tx_id;
    },
    sunset(on: boolean): void {
      sunset = on;
    },
    get inSunset(): boolean {
      return sunset;
    },
    close(): Promise<void> {
      if (closed) return Promise.resolve();
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const res of hanging) res.destroy();
      hanging.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return api;
}
