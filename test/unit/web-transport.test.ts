// The client as the web build runs it: requests through a browser's `fetch`, which hides redirects,
// refuses some requests with a bare TypeError and hides headers the server does not expose.
import * as assert from 'assert';
import { createStacksClient } from '../../src/api';
import { describeError } from '../../src/ui/shared/errorText';
import { loadFixture } from '../mock-api/server';
import { rejectsWith } from './rejectsWith';

const ctx = { networkLabel: 'Custom', baseUrl: 'https://api.example.test' };

describe('web build: the client on a browser fetch', () => {
  it('a request the browser refuses reads as one sentence naming CORS, not a bare TypeError', async () => {
    const c = createStacksClient({
      baseUrl: 'https://api.example.test',
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const e = await rejectsWith(
      c.getServerStatus(),
      'blocked',
      /refused the request to https:\/\/api\.example\.test.*\(CORS\)/,
    );
    const text = describeError(e, ctx);
    assert.doesNotMatch(text.message, /TypeError|Failed to fetch/);
    assert.deepStrictEqual(text.actions, ['Retry', 'Select Network']);
    assert.match(text.short, /CORS or mixed content/);
  });

  it('names mixed content when the page is https and the API plain http', async () => {
    const g = globalThis as { location?: unknown };
    const before = g.location;
    g.location = { protocol: 'https:' };
    try {
      const c = createStacksClient({
        baseUrl: 'http://localhost:3999',
        fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      });
      await rejectsWith(c.getServerStatus(), 'blocked', /mixed content.*https URL/);
    } finally {
      g.location = before;
    }
  });

  it('a redirect the browser hides (opaque) fails with a clear message and is not followed', async () => {
    let calls = 0;
    // What a browser's fetch hands back for a redirect it did not follow: type and status as it sets them.
    const opaque = Object.defineProperties(new Response(null), {
      type: { value: 'opaqueredirect' },
      status: { value: 0 },
    });
    const c = createStacksClient({
      baseUrl: 'https://api.example.test',
      apiKey: 'k',
      fetch: async (_url, init) => {
        calls++;
        assert.strictEqual(init?.redirect, 'manual');
        return opaque;
      },
    });
    const e = await rejectsWith(
      c.getServerStatus(),
      'insecure-url',
      /redirect.*not followed.*key stays with https:\/\/api\.example\.test/,
    );
    assert.strictEqual(calls, 1);
    assert.match(describeError(e, ctx).short, /redirected/);
  });

  it('keeps its own rate budget when the server hides its ratelimit headers', async () => {
    let calls = 0;
    const c = createStacksClient({
      baseUrl: 'https://api.example.test',
      rateLimit: { limit: 2, windowMs: 60_000 },
      cache: false,
      fetch: async () => {
        calls++;
        return new Response(JSON.stringify(loadFixture('server-status.json')), { status: 200 });
      },
    });
    await c.getServerStatus({ budget: 'fail-fast' });
    await c.getServerStatus({ budget: 'fail-fast' });
    await rejectsWith(c.getServerStatus({ budget: 'fail-fast' }), 'rate-limited');
    assert.strictEqual(calls, 2);
  });

  it('times out through AbortController', async () => {
    const c = createStacksClient({
      baseUrl: 'https://api.example.test',
      timeoutMs: 50,
      fetch: (_url, init) =>
        new Promise((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    });
    await rejectsWith(c.getServerStatus(), 'timeout', /did not answer within/);
  });
});
