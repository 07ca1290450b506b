/**
 * The loopback proxy between the replay process and the configured API. The Clarinet SDK reads
 * chain state with synchronous GETs and panics on any HTTP error it does not expect, so the
 * SDK never talks to the API itself: it talks to this proxy on 127.0.0.1, which
 *
 * - forwards only the routes a replay reads (`SDK_ROUTES`), GET only, to the API's origin, adding
 *   the API key header there (the key never reaches the replay process, its arguments or its
 *   environment, and is never logged);
 * - counts the requests and stops at a cap (`maxRequests`): the replay is then ended with a
 *   sentence that says so, instead of spending the user's rate budget;
 * - turns an error into a sentence that names the route (`failure`): a 404 of a state read is an
 *   answer (no such value: the SDK reads it as `none`), any other error of a state read would be
 *   read as `none` too and give a wrong replay, so it ends the replay; an error of a route the SDK
 *   unwraps (the node info, a block, a sortition) would panic it, so it is said first.
 *
 * Node's http only; runs on the extension host, where forwarding a few dozen small answers is
 * cheap (the heavy part, the SDK, runs in the child).
 */
import * as http from 'http';
import * as https from 'https';
import type { AddressInfo } from 'net';
import { isLoopbackHost } from '../chain/loopback';
import * as l10n from '../chain/l10n';

/** The routes the SDK reads (clarinet's components/clarity-repl/src/repl/remote_data and datastore.rs). */
export const SDK_ROUTES: ReadonlyArray<{ pattern: RegExp; unwrapped: boolean }> = [
  { pattern: /^\/v2\/info$/, unwrapped: true },
  { pattern: /^\/extended\/v2\/blocks\/(\d{1,12}|(0x)?[0-9a-fA-F]{64})$/, unwrapped: true },
  { pattern: /^\/v3\/sortitions\/burn_height\/\d{1,12}$/, unwrapped: true },
  {
    pattern: /^\/v2\/clarity\/metadata\/[0-9A-Z]{28,41}\/[a-zA-Z][a-zA-Z0-9_-]{0,127}\/[^/]{1,300}$/,
    unwrapped: false,
  },
  { pattern: /^\/v2\/clarity\/marf\/[0-9a-fA-F]{64}$/, unwrapped: false },
  { pattern: /^\/v2\/contracts\/source\/[0-9A-Z]{28,41}\/[a-zA-Z][a-zA-Z0-9_-]{0,127}$/, unwrapped: true },
];

/** One answer is at most this large (a contract's analysis of the largest contracts is a few MB). */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
const TIMEOUT_MS = 30_000;

export interface ProxyOptions {
  /** The API's origin, e.g. `https://api.hiro.so`. */
  apiUrl: string;
  /** Sent as `x-api-key`, to the API's origin only (https, or a loopback host). */
  apiKey?: string | undefined;
  maxRequests: number;
  /** Each forwarded request, after it is counted (for the progress). */
  onRequest?: ((count: number) => void) | undefined;
  /** The replay must stop (the cap, or an error that would make it wrong): the sentence says why. */
  onStop?: ((sentence: string) => void) | undefined;
}

export class ReplayProxy {
  private server: http.Server | undefined;
  private readonly api: URL;
  /** The reads forwarded and not answered yet: a cancel or a stop drops them at once. */
  private readonly pending = new Set<http.ClientRequest>();
  private closed = false;
  /** Requests forwarded so far. */
  count = 0;
  /** The sentence of the first failure that ended the replay. */
  failure: string | undefined;

  constructor(private readonly options: ProxyOptions) {
    this.api = new URL(options.apiUrl);
  }

  /** Listens on 127.0.0.1 (a free port); resolves with the origin the SDK is given. */
  async start(): Promise<string> {
    const server = http.createServer((req, res) => this.handle(req, res));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  close(): void {
    this.closed = true;
    for (const r of this.pending) r.destroy();
    this.pending.clear();
    this.server?.close();
    this.server?.closeAllConnections?.();
    this.server = undefined;
  }

  private stop(sentence: string): void {
    if (this.failure) return;
    this.failure = sentence;
    this.options.onStop?.(sentence);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = SDK_ROUTES.find((r) => r.pattern.test(url.pathname));
    const answer = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    };
    if (req.method !== 'GET' || !route) return answer(404, '{"error":"not a route a replay reads"}');
    if (this.failure) return answer(503, '{"error":"the replay was stopped"}');
    if (this.count >= this.options.maxRequests) {
      this.stop(
        l10n.t(
          'The replay stopped after {0} requests to the API, the most one replay may make. Set an API key for a larger rate budget, or try a call that reads less state.',
          this.count,
        ),
      );
      return answer(503, '{"error":"request cap"}');
    }
    this.count++;
    this.options.onRequest?.(this.count);
    this.forward(url, route.unwrapped, (status, body) => answer(status, body));
  }

  private forward(url: URL, unwrapped: boolean, done: (status: number, body: string) => void): void {
    const target = new URL(url.pathname + url.search, this.api);
    const headers: Record<string, string> = { accept: 'application/json', 'x-hiro-product': 'stacks-lookup-replay' };
    const keyAllowed = target.protocol === 'https:' || isLoopbackHost(target.hostname);
    if (this.options.apiKey && keyAllowed) headers['x-api-key'] = this.options.apiKey;
    const lib = target.protocol === 'https:' ? https : http;
    const req = lib.request(target, { method: 'GET', headers, timeout: TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_ANSWER_BYTES) {
          req.destroy();
          this.stop(
            l10n.t(
              'The API answered more than {0} MB for {1}: the replay stopped.',
              MAX_ANSWER_BYTES / 1048576,
              url.pathname,
            ),
          );
          return done(503, '{}');
        }
        chunks.push(c);
      });
      res.on('end', () => {
        if (size > MAX_ANSWER_BYTES) return;
        const status = res.statusCode ?? 502;
        const body = Buffer.concat(chunks).toString('utf8');
        if (status >= 200 && status < 300) return done(status, body);
        // A state read the API does not have is an answer: no such value.
        if (status === 404 && !unwrapped) return done(404, body);
        this.stop(this.errorSentence(url.pathname, status));
        done(status === 404 ? 404 : 503, '{}');
      });
    });
    this.pending.add(req);
    req.on('close', () => this.pending.delete(req));
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => {
      if (this.closed) return; // dropped by close(): the replay is over
      this.stop(l10n.t('The replay stopped: {0} did not answer ({1}).', routeName(url.pathname), e.message));
      done(503, '{}');
    });
    req.end();
  }

  private errorSentence(pathname: string, status: number): string {
    if (status === 429)
      return l10n.t(
        'The replay stopped: the API limited the rate of requests at {0}. Try again in a minute, or set an API key.',
        routeName(pathname),
      );
    if (status === 401 || status === 403)
      return l10n.t('The replay stopped: the API refused {0} ({1}). Check the API key.', routeName(pathname), status);
    return l10n.t(
      'The replay stopped: the API answered {0} to {1}, a route a replay needs.',
      status,
      routeName(pathname),
    );
  }
}

/** The route without the long hashes, for a sentence. */
export function routeName(pathname: string): string {
  return pathname.replace(/[0-9a-fA-F]{64}/g, '…').slice(0, 200);
}
