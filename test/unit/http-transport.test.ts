// The transport itself, through an injected `fetch`: what it sends (method, headers, body), how it
// follows or refuses a redirect, retries a short 429, times out and cancels, reads or refuses a body,
// and the one sentence each failure becomes. The bodies of the API's errors are the real ones the
// mock serves (test/mock-api/fixtures.ts); the responses around them are built here because what is
// tested is the transport's handling of status, headers and bytes, not the chain's data.
import * as assert from 'assert';
import { ErrorKind } from '../../src/api/errors';
import { HttpOptions, HttpTransport, LogFn } from '../../src/api/http';
import { RateLimiter } from '../../src/api/rateLimit';
import { ERROR_BODIES } from '../mock-api/fixtures';
import { rejectsWith as rejects } from './rejectsWith';

const BASE = 'https://api.example.test';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | undefined;
  signal: AbortSignal;
}

type Answer = Response | { type: 'opaqueredirect'; status: 0; headers: Headers } | Promise<never>;

/** A fetch that answers each call with the next entry of `answers` and records what was asked. */
function scripted(answers: Array<(call: Call) => Answer>): { fetch: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const f = (async (input: URL | string, init: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body === undefined ? undefined : String(init.body),
      signal: init.signal!,
    };
    calls.push(call);
    const next = answers[calls.length - 1];
    if (!next) throw new Error(`unexpected request ${calls.length} to ${call.url}`);
    return next(call);
  }) as unknown as typeof fetch;
  return { fetch: f, calls };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const text =
  (status: number, body: string, headers: Record<string, string> = {}) =>
  () =>
    new Response(body, { status, headers });
const redirect = (status: number, location: string) => () => new Response(null, { status, headers: { location } });
/** Never answers; rejects the way fetch does when its signal aborts. */
const hang = () => (call: Call) =>
  new Promise<never>((_, reject) => {
    call.signal.addEventListener('abort', () => reject(new DOMException('This operation was aborted', 'AbortError')));
  });

function transport(o: Partial<HttpOptions> & { fetch: typeof fetch }): HttpTransport {
  return new HttpTransport({ baseUrl: BASE, timeoutMs: 5_000, limiter: new RateLimiter(1_000), ...o });
}

describe('HTTP transport', () => {
  describe('what it sends', () => {
    it('a GET carries Accept and no body, no Content-Type and no key header without a key', async () => {
      const s = scripted([json(200, { ok: 1 })]);
      const t = transport({ fetch: s.fetch });
      const res = await t.getJson('/v2/info', '/v2/info', [['a', 'b c']], {});
      assert.deepStrictEqual(res.body, { ok: 1 });
      assert.strictEqual(s.calls.length, 1);
      const c = s.calls[0]!;
      assert.strictEqual(c.method, 'GET');
      assert.strictEqual(c.url, `${BASE}/v2/info?a=b+c`);
      assert.deepStrictEqual(c.headers, { Accept: 'application/json' });
      assert.strictEqual(c.body, undefined);
      assert.strictEqual(t.hasKey, false);
      assert.strictEqual(t.requestsSent, 1);
    });

    it('a POST sends its body as JSON with a Content-Type, and the key in X-API-Key only', async () => {
      const s = scripted([json(200, { okay: true })]);
      const t = transport({ fetch: s.fetch, apiKey: 'k-123' });
      await t.getJson(
        '/v2/contracts/call-read',
        '/v2/contracts/call-read/x/y/z',
        [],
        {},
        { sender: 'S', arguments: [] },
      );
      const c = s.calls[0]!;
      assert.strictEqual(c.method, 'POST');
      assert.strictEqual(c.body, '{"sender":"S","arguments":[]}');
      assert.deepStrictEqual(c.headers, {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-API-Key': 'k-123',
      });
      assert.strictEqual(t.hasKey, true);
    });

    it('trailing slashes of the base URL do not double the path separator', () => {
      const t = new HttpTransport({ baseUrl: `${BASE}/api//`, timeoutMs: 1, limiter: new RateLimiter(1) });
      assert.strictEqual(t.urlFor('/v2/info').href, `${BASE}/api/v2/info`);
      assert.strictEqual(t.origin, BASE);
    });

    it('a refused base URL fails each request with its reason, before anything is sent', async () => {
      const s = scripted([]);
      const t = transport({ fetch: s.fetch, baseUrl: 'http://api.example.test' });
      assert.strictEqual(t.origin, undefined);
      await rejects(
        t.getJson('/v2/info', '/v2/info', [], {}),
        'insecure-url',
        /Plain http is only allowed.*api\.example\.test/,
      );
      assert.strictEqual(s.calls.length, 0);
    });

    it('an already cancelled request is not sent', async () => {
      const s = scripted([json(200, {})]);
      const ac = new AbortController();
      ac.abort();
      const e = await rejects(
        transport({ fetch: s.fetch }).getJson('/r', '/r', [], { signal: ac.signal }),
        'cancelled',
        /^The request was cancelled\.$/,
      );
      assert.strictEqual(e.path, '/r');
      assert.strictEqual(s.calls.length, 0);
    });
  });

  describe('redirects', () => {
    it('follows a redirect on the same origin, keeping the method and the key', async () => {
      const s = scripted([redirect(307, '/v2/info/'), json(200, { moved: true })]);
      const res = await transport({ fetch: s.fetch, apiKey: 'k' }).getJson('/p', '/p', [], {}, { a: 1 });
      assert.deepStrictEqual(res.body, { moved: true });
      assert.deepStrictEqual(
        s.calls.map((c) => [c.method, c.url, c.headers['X-API-Key'], c.body]),
        [
          ['POST', `${BASE}/p`, 'k', '{"a":1}'],
          ['POST', `${BASE}/v2/info/`, 'k', '{"a":1}'],
        ],
      );
    });

    it('refuses a redirect to another site, so the key is never sent there', async () => {
      const s = scripted([redirect(302, 'https://elsewhere.test/v2/info')]);
      const e = await rejects(
        transport({ fetch: s.fetch, apiKey: 'k' }).getJson('/p', '/p', [], {}),
        'insecure-url',
        /redirected to another site \(https:\/\/elsewhere\.test\).*stays with https:\/\/api\.example\.test/,
      );
      assert.strictEqual(e.status, 302);
      assert.strictEqual(e.path, '/p');
      assert.strictEqual(s.calls.length, 1);
    });

    it('follows five redirects and stops at the sixth', async () => {
      const five = scripted([...[1, 2, 3, 4, 5].map((i) => redirect(301, `/r${i}`)), json(200, { n: 5 })]);
      assert.deepStrictEqual((await transport({ fetch: five.fetch }).getJson('/r', '/r', [], {})).body, { n: 5 });
      const six = scripted([1, 2, 3, 4, 5, 6].map((i) => redirect(301, `/r${i}`)));
      const e = await rejects(
        transport({ fetch: six.fetch }).getJson('/r', '/r', [], {}),
        'invalid-response',
        /^The API at https:\/\/api\.example\.test redirected too many times\.$/,
      );
      assert.strictEqual(e.path, '/r');
      assert.strictEqual(six.calls.length, 6);
    });

    it('a Location header is followed only on a 3xx answer', async () => {
      const ok = scripted([() => new Response('{"here":1}', { status: 200, headers: { location: '/other' } })]);
      assert.deepStrictEqual((await transport({ fetch: ok.fetch }).getJson('/r', '/r', [], {})).body, { here: 1 });
      assert.strictEqual(ok.calls.length, 1);
      const notFound = scripted([() => new Response('{}', { status: 404, headers: { location: '/other' } })]);
      await rejects(transport({ fetch: notFound.fetch }).getJson('/r', '/r', [], {}), 'not-found');
      assert.strictEqual(notFound.calls.length, 1);
    });

    it('every status from 300 to 399 with a Location is followed; a 400 with one is not', async () => {
      const first = scripted([redirect(300, '/a'), redirect(399, '/b'), json(200, { at: 'b' })]);
      assert.deepStrictEqual((await transport({ fetch: first.fetch }).getJson('/r', '/r', [], {})).body, { at: 'b' });
      assert.deepStrictEqual(
        first.calls.map((c) => c.url),
        [`${BASE}/r`, `${BASE}/a`, `${BASE}/b`],
      );
      const bad = scripted([
        () => new Response(JSON.stringify(ERROR_BODIES.txIdPattern()), { status: 400, headers: { location: '/a' } }),
      ]);
      await rejects(transport({ fetch: bad.fetch }).getJson('/r', '/r', [], {}), 'bad-request');
      assert.strictEqual(bad.calls.length, 1);
    });

    it('a 3xx without a Location is an unexpected answer, not a loop', async () => {
      for (const status of [300, 304]) {
        const s = scripted([() => new Response(null, { status })]);
        const e = await rejects(
          transport({ fetch: s.fetch }).getJson('/r', '/r', [], {}),
          'invalid-response',
          new RegExp(`^Unexpected status ${status}\\.$`),
        );
        assert.strictEqual(e.status, status);
      }
    });

    it('a 300 with a body that is not JSON is named by its status, not as a broken body', async () => {
      const s = scripted([text(300, '<html>choices</html>')]);
      await rejects(
        transport({ fetch: s.fetch }).getJson('/r', '/r', [], {}),
        'invalid-response',
        /^Unexpected status 300\.$/,
      );
    });

    it('a redirect the browser hides is refused with status 0', async () => {
      const s = scripted([() => ({ type: 'opaqueredirect', status: 0, headers: new Headers() })]);
      const e = await rejects(
        transport({ fetch: s.fetch }).getJson('/r', '/r', [], {}),
        'insecure-url',
        /answered with a redirect.*browser hides where it leads/,
      );
      assert.strictEqual(e.status, 0);
    });
  });

  describe('429', () => {
    it('a short Retry-After is waited out once and the request retried', async () => {
      const s = scripted([json(429, ERROR_BODIES.tooManyRequests(), { 'retry-after': '0' }), json(200, { ok: true })]);
      const log: string[] = [];
      const res = await transport({ fetch: s.fetch, log: (l, m) => log.push(`${l} ${m}`) }).getJson('/r', '/x', [], {});
      assert.deepStrictEqual(res.body, { ok: true });
      assert.strictEqual(s.calls.length, 2);
      assert.ok(log.includes('info GET /x: rate limited, retrying in 0 ms'), log.join('\n'));
    });

    it('is retried once only: a second 429 fails with the wait the server asked for', async () => {
      const s = scripted([
        json(429, ERROR_BODIES.tooManyRequests(), { 'retry-after': '0' }),
        json(429, ERROR_BODIES.tooManyRequests(), { 'retry-after': '0' }),
        json(200, { ok: true }),
      ]);
      const e = await rejects(
        transport({ fetch: s.fetch }).getJson('/r', '/r', [], {}),
        'rate-limited',
        /^Rate limit exceeded: API rate limit exceeded$/,
      );
      assert.strictEqual(e.retryAfterMs, 0);
      assert.strictEqual(s.calls.length, 2);
    });

    it('a wait of exactly 3 s is still waited for (cancel ends it)', async () => {
      const s = scripted([json(429, ERROR_BODIES.tooManyRequests(), { 'retry-after': '3' })]);
      const ac = new AbortController();
      const p = transport({ fetch: s.fetch }).getJson('/r', '/r', [], { signal: ac.signal });
      setTimeout(() => ac.abort(), 20);
      await rejects(p, 'cancelled');
    });

    it('only a 429 is retried: a 503 with a short Retry-After fails at once', async () => {
      const s = scripted([json(503, ERROR_BODIES.dbUnavailable(), { 'retry-after': '0' }), json(200, {})]);
      await rejects(transport({ fetch: s.fetch }).getJson('/r', '/r', [], {}), 'server');
      assert.strictEqual(s.calls.length, 1);
    });

    it('a longer Retry-After fails at once, saying how long to wait', async () => {
      const s = scripted([json(429, ERROR_BODIES.tooManyRequests(), { 'retry-after': '4' })]);
      const e = await rejects(transport({ fetch: s.fetch }).getJson('/r', '/r', [], {}), 'rate-limited');
      assert.strictEqual(e.retryAfterMs, 4_000);
      assert.strictEqual(s.calls.length, 1);
    });

    it('without a Retry-After, the wait is the budget’s own', async () => {
      const s = scripted([json(429, ERROR_BODIES.tooManyRequests())]);
      const limiter = new RateLimiter(1_000, 60_000);
      const e = await rejects(transport({ fetch: s.fetch, limiter }).getJson('/r', '/r', [], {}), 'rate-limited');
      // The limiter blocks for a sixth of its window after a bare 429.
      assert.ok(e.retryAfterMs! > 9_000 && e.retryAfterMs! <= 10_000, String(e.retryAfterMs));
    });
  });

  describe('status answers', () => {
    const cases: Array<[number, unknown, ErrorKind, string]> = [
      [400, ERROR_BODIES.txIdPattern(), 'bad-request', 'The API rejected the request: '],
      [401, ERROR_BODIES.missingKey(), 'unauthorized', 'The API requires an API key: No API key found in request'],
      [403, ERROR_BODIES.invalidKey(), 'forbidden', 'The API key was refused: Invalid authentication credentials'],
      [404, ERROR_BODIES.txNotFound(), 'not-found', 'Not found: '],
      [410, ERROR_BODIES.gone(), 'gone', 'This API route has been switched off: '],
      [500, ERROR_BODIES.internal(), 'server', 'The API had a server error (500): An internal server error occurred'],
      [503, ERROR_BODIES.dbUnavailable(), 'server', 'The API had a server error (503): '],
      [418, {}, 'invalid-response', 'Unexpected status 418.'],
      [499, {}, 'invalid-response', 'Unexpected status 499.'],
    ];
    for (const [status, body, kind, start] of cases) {
      it(`${status} reads "${start.trim()}" with the status and path`, async () => {
        const s = scripted([json(status, body)]);
        const e = await rejects(transport({ fetch: s.fetch }).getJson('/r/{id}', '/r/1', [], {}), kind);
        assert.ok(e.message.startsWith(start), e.message);
        assert.strictEqual(e.status, status);
        assert.strictEqual(e.path, '/r/1');
        assert.strictEqual(e.retryAfterMs, undefined);
        assert.strictEqual(e.routeMissing, false);
      });
    }

    it('a status without words from the server ends the sentence with a full stop', async () => {
      const s = scripted([text(502, '<html>Bad gateway</html>')]);
      await rejects(
        transport({ fetch: s.fetch }).getJson('/r', '/r', [], {}),
        'server',
        /^The API had a server error \(502\)\.$/,
      );
    });

    it('a 404 for the route itself is marked; a 404 for a resource and a 400 with the same words are not', async () => {
      const route = ERROR_BODIES.unknownRoute('GET', '/extended/v2/new');
      const missing = scripted([json(404, route)]);
      const e = await rejects(transport({ fetch: missing.fetch }).getJson('/r', '/r', [], {}), 'not-found');
      assert.strictEqual(e.routeMissing, true);
      const bad = scripted([json(400, route)]);
      assert.strictEqual(
        (await rejects(transport({ fetch: bad.fetch }).getJson('/r', '/r', [], {}), 'bad-request')).routeMissing,
        false,
      );
    });

    it('2xx answers other than 200 are answers', async () => {
      const s = scripted([json(202, { queued: 1 }), text(299, '[1]')]);
      const t = transport({ fetch: s.fetch });
      assert.deepStrictEqual((await t.getJson('/r', '/r', [], {})).body, { queued: 1 });
      assert.deepStrictEqual((await t.getJson('/r', '/r', [], {})).body, [1]);
    });
  });

  describe('bodies', () => {
    it('an empty 200 is an answer without a body', async () => {
      const s = scripted([text(200, '')]);
      const res = await transport({ fetch: s.fetch }).getJson('/r', '/r', [], {});
      assert.strictEqual(res.status, 200);
      assert.strictEqual(res.body, undefined);
      assert.strictEqual(res.opaqueRedirect, undefined);
    });

    it('a 200 that is not JSON is refused with the status', async () => {
      const s = scripted([text(200, '<html>maintenance</html>')]);
      const e = await rejects(
        transport({ fetch: s.fetch }).getJson('/r', '/r', [], {}),
        'invalid-response',
        /^The API at https:\/\/api\.example\.test sent a response that is not JSON\.$/,
      );
      assert.strictEqual(e.status, 200);
      assert.strictEqual(e.path, '/r');
    });

    it('a body declared larger than the limit is not read', async () => {
      const s = scripted([
        () => new Response('{}', { status: 200, headers: { 'content-length': String(3 * 1024 * 1024) } }),
      ]);
      const e = await rejects(
        transport({ fetch: s.fetch, maxBodyBytes: 2 * 1024 * 1024 }).getJson('/r', '/r', [], {}),
        'invalid-response',
        /^The API at https:\/\/api\.example\.test sent a response larger than 2 MB; it was not read\.$/,
      );
      assert.strictEqual(e.status, 200);
      assert.strictEqual(e.path, '/r');
    });

    it('a body cut off mid-way is a network error, and the next request works', async () => {
      const broken = () =>
        new Response(
          new ReadableStream({
            start(c) {
              c.enqueue(new TextEncoder().encode('{"a":'));
              c.error(new Error('socket hang up'));
            },
          }),
          { status: 200 },
        );
      const s = scripted([broken, json(200, { a: 1 })]);
      const t = transport({ fetch: s.fetch });
      const e = await rejects(
        t.getJson('/r', '/r', [], {}),
        'network',
        /^The connection to https:\/\/api\.example\.test closed before the whole response arrived\.$/,
      );
      assert.strictEqual(e.path, '/r');
      assert.deepStrictEqual((await t.getJson('/r', '/r', [], {})).body, { a: 1 });
    });

    it('cancelling while the body streams is a cancel, not a network error', async () => {
      const ac = new AbortController();
      const slow = (call: Call) =>
        new Response(
          new ReadableStream({
            start(c) {
              c.enqueue(new TextEncoder().encode('{'));
              call.signal.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
            },
          }),
          { status: 200 },
        );
      const s = scripted([slow]);
      const p = transport({ fetch: s.fetch }).getJson('/r', '/r', [], { signal: ac.signal });
      setTimeout(() => ac.abort(), 20);
      await rejects(p, 'cancelled');
    });

    it('logs each exchange with its method, path, status, time and size', async () => {
      const s = scripted([json(200, [1, 2])]);
      const log: Array<Parameters<LogFn>> = [];
      await transport({ fetch: s.fetch, log: (l, m) => log.push([l, m]) }).getJson('/r', '/r', [['q', '1']], {});
      assert.strictEqual(log.length, 1);
      assert.strictEqual(log[0]![0], 'debug');
      assert.match(log[0]![1], /^GET \/r\?q=1 -> 200 \(\d{1,4} ms, 5 bytes\)$/);
    });

    it('logs a POST as a POST', async () => {
      const s = scripted([json(200, { okay: true })]);
      const log: string[] = [];
      await transport({ fetch: s.fetch, log: (_, m) => log.push(m) }).getJson('/c', '/c', [], {}, { a: 1 });
      assert.match(log[0]!, /^POST \/c -> 200 /);
    });
  });

  describe('time-outs and cancelling', () => {
    it('a request that does not answer in time fails naming the wait, and is logged as a warning', async () => {
      const s = scripted([hang()]);
      const log: string[] = [];
      const e = await rejects(
        transport({ fetch: s.fetch, timeoutMs: 600, log: (l, m) => log.push(`${l} ${m}`) }).getJson('/r', '/r', [], {}),
        'timeout',
        /^https:\/\/api\.example\.test did not answer within 1 s\.$/,
      );
      assert.strictEqual(e.path, '/r');
      assert.deepStrictEqual(log, ['warn GET /r failed: https://api.example.test did not answer within 1 s.']);
    });

    it('the caller’s cancel aborts the request at once, and is not logged as a failure', async () => {
      const s = scripted([hang()]);
      const ac = new AbortController();
      const log: string[] = [];
      const started = Date.now();
      const p = transport({ fetch: s.fetch, timeoutMs: 5_000, log: (l, m) => log.push(`${l} ${m}`) }).getJson(
        '/r',
        '/r',
        [],
        { signal: ac.signal },
      );
      setTimeout(() => ac.abort(), 20);
      const e = await rejects(p, 'cancelled', /^The request was cancelled\.$/);
      assert.strictEqual(e.path, '/r');
      assert.ok(Date.now() - started < 2_000, 'the cancel did not wait for the time-out');
      assert.ok(s.calls[0]!.signal.aborted, 'the request itself was aborted');
      assert.deepStrictEqual(log, []);
    });
  });

  describe('network failures', () => {
    const coded = (code: string, depth = 1): Error => {
      let cause: unknown = { code };
      for (let i = 1; i < depth; i++) cause = { cause };
      return new TypeError('fetch failed', { cause });
    };
    const cases: Array<[string, Error, string]> = [
      [
        'ECONNREFUSED',
        coded('ECONNREFUSED'),
        'Could not connect to https://api.example.test: the connection was refused (is the server running?).',
      ],
      ['ECONNRESET', coded('ECONNRESET'), 'The connection to https://api.example.test was reset.'],
      ['UND_ERR_SOCKET', coded('UND_ERR_SOCKET'), 'The connection to https://api.example.test was reset.'],
      ['ENOTFOUND', coded('ENOTFOUND'), 'Could not find the host of https://api.example.test.'],
      ['EAI_AGAIN', coded('EAI_AGAIN'), 'Could not find the host of https://api.example.test.'],
      [
        'UND_ERR_CONNECT_TIMEOUT',
        coded('UND_ERR_CONNECT_TIMEOUT'),
        'Could not connect to https://api.example.test: the connection timed out.',
      ],
      ['another code', coded('EPIPE'), 'Could not reach https://api.example.test (EPIPE).'],
      [
        'a code four causes down',
        coded('ECONNREFUSED', 4),
        'Could not connect to https://api.example.test: the connection was refused (is the server running?).',
      ],
      ['no code', new Error('boom'), 'Could not reach https://api.example.test.'],
      ['a null cause', new Error('boom', { cause: null }), 'Could not reach https://api.example.test.'],
    ];
    for (const [name, error, sentence] of cases) {
      it(`${name}: "${sentence}"`, async () => {
        const s = scripted([() => Promise.reject(error) as Promise<never>]);
        const e = await rejects(transport({ fetch: s.fetch }).getJson('/r', '/r', [], {}), 'network');
        assert.strictEqual(e.message, sentence);
        assert.strictEqual(e.path, '/r');
      });
    }

    it('a code five causes down or deeper is not looked for', async () => {
      const s = scripted([() => Promise.reject(coded('ECONNREFUSED', 5)) as Promise<never>]);
      // A TypeError without a code is what a browser says when it refuses a request.
      await rejects(transport({ fetch: s.fetch }).getJson('/r', '/r', [], {}), 'blocked');
    });

    describe('in a browser', () => {
      const g = globalThis as { location?: unknown };
      const had = Object.prototype.hasOwnProperty.call(g, 'location');
      const before = g.location;
      afterEach(() => {
        if (had) g.location = before;
        else delete g.location;
      });
      const refused = () => Promise.reject(new TypeError('Failed to fetch')) as Promise<never>;

      for (const [page, base, word] of [
        ['https:', 'http://127.0.0.1:3999', 'mixed content'],
        ['https:', BASE, 'CORS'],
        ['http:', 'http://127.0.0.1:3999', 'CORS'],
      ] as const) {
        it(`a ${page} page and ${base}: ${word}`, async () => {
          g.location = { protocol: page };
          const s = scripted([refused]);
          const e = await rejects(transport({ fetch: s.fetch, baseUrl: base }).getJson('/r', '/r', [], {}), 'blocked');
          assert.ok(e.message.includes(word), e.message);
          assert.ok(!e.message.includes(word === 'CORS' ? 'mixed content' : 'CORS'), e.message);
          assert.strictEqual(e.path, '/r');
        });
      }
    });
  });

  describe('deprecation notices', () => {
    it('are reported once per route, and only for a deprecation warning', async () => {
      const warning = '299 - "Deprecated: see https://docs.hiro.so"';
      const s = scripted([
        json(200, {}, { warning }),
        json(200, {}, { warning }),
        json(200, {}, { warning: '199 - "Miscellaneous warning"' }),
      ]);
      const seen: string[] = [];
      const t = transport({ fetch: s.fetch, onDeprecation: (route, w) => seen.push(`${route} ${w}`) });
      await t.getJson('/old', '/old', [], {});
      await t.getJson('/old', '/old', [], {});
      await t.getJson('/other', '/other', [], {});
      assert.deepStrictEqual(seen, [`/old ${warning}`]);
    });
  });
});
