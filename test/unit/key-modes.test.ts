// How a custom API takes its key: the `X-API-Key` header (the hosted APIs), an `x-token` header,
// or a token in the URL's path (`<API URL>/<token>/extended/…`, as hosted node services take it).
// A token in the path is never logged and never in an error, even when the server echoes the path
// back (Fastify's `Route GET:/… not found`).
import * as assert from 'assert';
import { createStacksClient } from '../../src/api';
import { HttpTransport, type LogFn } from '../../src/api/http';
import { RateLimiter } from '../../src/api/rateLimit';
import { apiKeyModeOf } from '../../src/api/url';
import { describeError } from '../../src/ui/shared/errorText';
import { ERROR_BODIES } from '../mock-api/fixtures';
import { MockApi, startMockApi } from '../mock-api/server';
import { rejectsWith } from './rejectsWith';
import { fakeFetch } from '../fakes/fetch';

const BASE = 'https://stacks.node.example.test/v1';
const TOKEN = 'b6e1c0ffee5ecret77';

interface Seen {
  url: string;
  headers: Record<string, string>;
}

function scripted(answers: Array<(s: Seen) => Response>): { fetch: typeof fetch; seen: Seen[] } {
  const seen: Seen[] = [];
  const f = fakeFetch(async (input, init) => {
    const s = { url: String(input), headers: { ...(init.headers as Record<string, string>) } };
    seen.push(s);
    return answers[seen.length - 1]!(s);
  });
  return { fetch: f, seen };
}

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function transport(mode: 'x-api-key' | 'x-token' | 'path', f: typeof fetch, log?: LogFn): HttpTransport {
  return new HttpTransport({
    baseUrl: BASE,
    apiKey: TOKEN,
    apiKeyMode: mode,
    timeoutMs: 5_000,
    limiter: new RateLimiter(1_000),
    fetch: f,
    ...(log ? { log } : {}),
  });
}

describe('API key modes of a custom API', () => {
  it('x-api-key (the default) sends the key in X-API-Key only', async () => {
    const s = scripted([json(200, {})]);
    await transport('x-api-key', s.fetch).getJson('/extended', '/extended', [], {});
    assert.strictEqual(s.seen[0]!.headers['X-API-Key'], TOKEN);
    assert.strictEqual(s.seen[0]!.headers['x-token'], undefined);
    assert.strictEqual(s.seen[0]!.url, `${BASE}/extended`);
  });

  it('x-token sends the key in an x-token header and nowhere else', async () => {
    const s = scripted([json(200, {})]);
    await transport('x-token', s.fetch).getJson('/extended', '/extended', [], {});
    assert.strictEqual(s.seen[0]!.headers['x-token'], TOKEN);
    assert.strictEqual(s.seen[0]!.headers['X-API-Key'], undefined);
    assert.strictEqual(s.seen[0]!.url, `${BASE}/extended`);
  });

  it('path puts the token after the API URL, sends no key header, and logs the path without it', async () => {
    const lines: string[] = [];
    const s = scripted([json(200, {}), json(500, { error: 'boom' })]);
    const t = transport('path', s.fetch, (_, m) => lines.push(m));
    await t.getJson('/extended/v1/tx/{id}', '/extended/v1/tx/0x01', [['event_limit', '5']], {});
    assert.strictEqual(s.seen[0]!.url, `${BASE}/${TOKEN}/extended/v1/tx/0x01?event_limit=5`);
    assert.strictEqual(s.seen[0]!.headers['X-API-Key'], undefined);
    assert.strictEqual(s.seen[0]!.headers['x-token'], undefined);
    await rejectsWith(t.getJson('/extended', '/extended', [], {}), 'server');
    assert.ok(lines.length >= 2, lines.join('\n'));
    assert.ok(
      lines.some((l) => l.includes('/v1/(key)/extended/v1/tx/0x01')),
      lines.join('\n'),
    );
    for (const l of lines) assert.ok(!l.includes(TOKEN), l);
  });

  it('a server that echoes the path with the token in its error: the words keep the route, never the token', async () => {
    const echoed = ERROR_BODIES.unknownRoute('GET', `/v1/${TOKEN}/extended/v2/new`);
    const s = scripted([json(404, echoed)]);
    const e = await rejectsWith(transport('path', s.fetch).getJson('/r', '/extended/v2/new', [], {}), 'not-found');
    assert.strictEqual(e.routeMissing, true);
    assert.ok(!e.message.includes(TOKEN), e.message);
    assert.ok(!(e.words ?? '').includes(TOKEN), e.words);
    const said = describeError(e, { networkLabel: 'Custom', baseUrl: BASE, hasApiKey: true });
    assert.ok(!JSON.stringify(said).includes(TOKEN));
  });

  it('a setting of no known mode is the default', () => {
    assert.strictEqual(apiKeyModeOf('path'), 'path');
    assert.strictEqual(apiKeyModeOf('x-token'), 'x-token');
    assert.strictEqual(apiKeyModeOf('X-Token'), 'x-api-key');
    assert.strictEqual(apiKeyModeOf(undefined), 'x-api-key');
  });

  describe('against the mock serving under a path with the key in it', () => {
    let mock: MockApi;
    before(async () => {
      mock = await startMockApi({ basePath: `/v1/${TOKEN}` });
    });
    after(() => mock.close());

    it('the client reaches the API through the token in the path', async () => {
      const c = createStacksClient({ baseUrl: `${mock.url}/v1`, apiKey: TOKEN, apiKeyMode: 'path', cache: false });
      const status = await c.getServerStatus();
      assert.ok(status.chain_tip, 'the mock answered below the path');
      const r = mock.requests.at(-1)!;
      assert.strictEqual(r.url, `/v1/${TOKEN}/extended`);
      assert.strictEqual(r.headers['x-api-key'], undefined);
    });
  });
});
