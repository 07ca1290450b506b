import * as assert from 'assert';
import { AdjustableClock, ClockTimer } from '../../src/api/clock';
import { createStacksClient, type StacksClient, type StacksClientOptions } from '../../src/api/client';
import { SwitchedOffRoutes } from '../../src/api/fallback';
import { parseReset, parseRetryAfter, RateLimiter } from '../../src/api/rateLimit';
import { loadFixture } from '../mock-api/server';

// Issue 11, item 6: `ratelimit-reset` is seconds to wait in the IETF draft and a Unix time in the
// API's documentation; either way no wait is longer than the window.
describe('RateLimiter and the server’s rate-limit headers', () => {
  const WINDOW = 60_000;
  const NOW = 1_764_000_000_000; // a fixed clock, in ms
  const limiter = () => new RateLimiter(50, WINDOW, () => NOW);
  const headers = (h: Record<string, string>) => new Headers(h);

  it('reads ratelimit-reset as seconds to wait', () => {
    const l = limiter();
    l.observe(headers({ 'ratelimit-remaining': '0', 'ratelimit-reset': '30' }), 200);
    assert.strictEqual(l.waitTime(), 30_000);
  });

  it('reads a ratelimit-reset larger than 10^9 as the Unix time of the reset', () => {
    const l = limiter();
    l.observe(headers({ 'ratelimit-remaining': '0', 'ratelimit-reset': String(NOW / 1000 + 30) }), 200);
    assert.strictEqual(l.waitTime(), 30_000);
  });

  it('caps a wait at the window length', () => {
    const l = limiter();
    // The value behind "Try again in 1795444086 s": a Unix time a year ahead.
    l.observe(headers({ 'ratelimit-remaining': '0', 'ratelimit-reset': '1795444086' }), 200);
    assert.strictEqual(l.waitTime(), WINDOW);
    const m = limiter();
    m.observe(headers({ 'ratelimit-remaining': '0', 'ratelimit-reset': '86400' }), 200);
    assert.strictEqual(m.waitTime(), WINDOW);
  });

  it('waits nothing for a reset time already past', () => {
    const l = limiter();
    l.observe(headers({ 'ratelimit-remaining': '0', 'ratelimit-reset': String(NOW / 1000 - 5) }), 200);
    assert.strictEqual(l.waitTime(), 0);
  });

  it('caps a Retry-After of a 429 at the window length, and says so', () => {
    const l = limiter();
    const said = l.observe(headers({ 'retry-after': '1795444086' }), 429);
    assert.strictEqual(said, WINDOW);
    assert.strictEqual(l.waitTime(), WINDOW);
  });

  it('fails fast with a wait of at most the window', async () => {
    const l = limiter();
    l.observe(headers({ 'ratelimit-remaining': '0', 'ratelimit-reset': '1795444086' }), 200);
    await assert.rejects(l.acquire('fail-fast'), (e: { retryAfterMs?: number; message: string }) => {
      assert.ok(e.retryAfterMs! <= WINDOW, String(e.retryAfterMs));
      assert.match(e.message, /Try again in 60 s/);
      return true;
    });
  });
});

describe('AdjustableClock, the clock the in-host tests move forward', () => {
  it('ends a wait as soon as it is moved past its end, and not before', async () => {
    const clock = new AdjustableClock();
    let done = false;
    const wait = clock.sleep(60_000).then(() => (done = true));
    clock.advance(59_000);
    await new Promise((r) => setImmediate(r));
    assert.strictEqual(done, false, 'a second is left');
    assert.strictEqual(clock.waits.length, 1);
    assert.ok(clock.waits[0]! > 0 && clock.waits[0]! <= 1_000, String(clock.waits[0]));
    clock.advance(1_000);
    await wait;
    assert.deepStrictEqual(clock.waits, []);
  });

  it('a 429 without Retry-After blocks a rate budget on it for a sixth of the window', async () => {
    const clock = new AdjustableClock();
    const l = new RateLimiter(50, 60_000, clock.now, clock.sleep);
    l.observe(new Headers(), 429);
    assert.strictEqual(Math.ceil(l.waitTime() / 1000), 10);
    clock.advance(9_000);
    await assert.rejects(l.acquire('fail-fast'), /Try again in 1 s/);
    clock.advance(1_000);
    await l.acquire('fail-fast');
  });

  it('a cancelled wait rejects and is no longer counted', async () => {
    const clock = new AdjustableClock();
    const c = new AbortController();
    const wait = clock.sleep(10_000, c.signal);
    c.abort();
    await assert.rejects(wait, /cancelled/);
    assert.deepStrictEqual(clock.waits, []);
  });
});

describe('ClockTimer, how the watchers wait for their next round', () => {
  const settle = () => new Promise((r) => setImmediate(r));

  it('runs once when its wait is over; setting it again replaces the wait before', async () => {
    const clock = new AdjustableClock();
    let runs = 0;
    const t = new ClockTimer(
      () => clock,
      () => runs++,
    );
    t.set(60_000);
    t.set(120_000);
    assert.strictEqual(t.isSet, true);
    clock.advance(60_000);
    await settle();
    assert.strictEqual(runs, 0, 'the first wait was replaced');
    clock.advance(60_000);
    await settle();
    assert.strictEqual(runs, 1);
    assert.strictEqual(t.isSet, false);
  });

  it('a cleared timer never runs', async () => {
    const clock = new AdjustableClock();
    let runs = 0;
    const t = new ClockTimer(
      () => clock,
      () => runs++,
    );
    t.set(1_000);
    t.clear();
    clock.advance(5_000);
    await settle();
    assert.strictEqual(runs, 0);
    assert.strictEqual(t.isSet, false);
    assert.deepStrictEqual(clock.waits, []);
  });
});

// What the mutation run of src/api/rateLimit.ts found unchecked: the window's own arithmetic and
// edges, the server's remaining count as requests go out, the per-resource headers, and the
// header values that must not be read as zero.
describe('RateLimiter: the budget it keeps', () => {
  const WINDOW = 10_000;
  let now = 0;
  const budget = (limit: number) => new RateLimiter(limit, WINDOW, () => now);
  beforeEach(() => (now = 1_000_000));

  it('waits until the oldest request leaves the window, and not a millisecond longer', async () => {
    const l = budget(3);
    for (const dt of [0, 1_000, 1_000]) {
      now += dt;
      await l.acquire('fail-fast');
    }
    // The oldest went out 2 s ago: it leaves the window in 8 s.
    assert.strictEqual(l.waitTime(), 8_000);
    now += 7_999;
    assert.strictEqual(l.waitTime(), 1);
    now += 1;
    assert.strictEqual(l.waitTime(), 0, 'a request exactly one window old no longer counts');
    // One more goes out; the window now holds the two after the first and this one.
    await l.acquire('fail-fast');
    assert.strictEqual(l.waitTime(), 1_000, 'the next waits for the second to leave, not the first');
  });

  it('a waiting lookup checks again at least every second, and goes out when the window allows', async () => {
    const waits: number[] = [];
    const l = new RateLimiter(
      1,
      WINDOW,
      () => now,
      async (ms) => {
        waits.push(ms);
        now += ms;
      },
    );
    await l.acquire('wait');
    await l.acquire('wait');
    assert.deepStrictEqual(waits, Array(10).fill(1_000));
  });

  it("counts down the server's remaining requests as they go out", async () => {
    const l = budget(50);
    l.observe(new Headers({ 'ratelimit-remaining': '2', 'ratelimit-reset': '30' }), 200);
    await l.acquire('fail-fast');
    await l.acquire('fail-fast');
    assert.strictEqual(l.waitTime(), WINDOW, 'none left: wait for the reset, capped at the window');
    await assert.rejects(l.acquire('fail-fast'), /Rate limit reached/);
  });

  it("with requests left on the server's count, waits nothing", () => {
    const l = budget(50);
    l.observe(new Headers({ 'ratelimit-remaining': '5', 'ratelimit-reset': '30' }), 200);
    assert.strictEqual(l.waitTime(), 0);
  });

  it('reads the per-resource x-ratelimit-remaining-* headers, the lowest of them', () => {
    const l = budget(50);
    l.observe(
      new Headers({
        'ratelimit-remaining': '7',
        'x-ratelimit-remaining-stacks-second': '3',
        'x-ratelimit-remaining-stacks-minute': '0',
      }),
      200,
    );
    assert.strictEqual(l.waitTime(), WINDOW);
    const m = budget(50);
    m.observe(new Headers({ 'x-ratelimit-remaining-stacks-minute': '4', 'x-ratelimit-other': '0' }), 200);
    assert.strictEqual(m.waitTime(), 0, 'only the remaining-* headers count');
  });

  it('an empty, negative or non-numeric remaining count is not read as zero', () => {
    for (const value of ['', '-1', 'none', 'Infinity']) {
      const l = budget(50);
      l.observe(new Headers({ 'ratelimit-remaining': value, 'x-ratelimit-remaining-stacks-minute': value }), 200);
      assert.strictEqual(l.waitTime(), 0, JSON.stringify(value));
    }
  });
});

describe('parseReset and parseRetryAfter at their edges', () => {
  const NOW = 1_764_000_000_000;

  it('a ratelimit-reset of exactly 10^9 is still seconds to wait; one more is a Unix time', () => {
    assert.strictEqual(parseReset('1000000000', NOW), 1e12);
    assert.strictEqual(parseReset('1000000001', NOW), 0, 'a Unix time long past: no wait');
  });

  it('a Retry-After may be an HTTP date: the time until it, nothing for one past, undefined for neither', () => {
    const date = new Date(NOW + 5_000).toUTCString();
    assert.strictEqual(parseRetryAfter(date, NOW), 5_000);
    assert.strictEqual(parseRetryAfter(new Date(NOW - 60_000).toUTCString(), NOW), 0);
    assert.strictEqual(parseRetryAfter('soon', NOW), undefined);
    assert.strictEqual(parseRetryAfter('2.5', NOW), 2_500);
  });
});

// Issue 47, item 2: the budget a client keeps to, read by the background work that plans its own pace.
describe('StacksClient.rateBudget: the rate budget a client keeps to now', () => {
  const status = loadFixture('server-status.json');
  /** A client whose every answer is the server status with these headers. */
  const clientWith = (headers: Record<string, string>, o: Partial<StacksClientOptions> = {}): StacksClient =>
    createStacksClient({
      baseUrl: 'https://api.example.test',
      switchedOff: new SwitchedOffRoutes(),
      fetch: async () =>
        new Response(JSON.stringify(status), {
          status: 200,
          headers: { 'content-type': 'application/json', ...headers },
        }),
      ...o,
    });

  it('before any answer: 500 a minute with a key, 50 without', () => {
    assert.deepStrictEqual(clientWith({}, { apiKey: 'k' }).rateBudget(), { perMinute: 500, monthSpent: false });
    assert.deepStrictEqual(clientWith({}).rateBudget(), { perMinute: 50, monthSpent: false });
  });

  it('follows the per-minute limit the API names, up or down', async () => {
    const keyed = clientWith({ 'x-ratelimit-limit-stacks-minute': '900' }, { apiKey: 'k' });
    await keyed.getServerStatus();
    assert.strictEqual(keyed.rateBudget().perMinute, 900);
    const keyless = clientWith({ 'x-ratelimit-limit-stacks-minute': '25' });
    await keyless.getServerStatus();
    assert.strictEqual(keyless.rateBudget().perMinute, 25);
    const generic = clientWith({ 'ratelimit-limit': '120' });
    await generic.getServerStatus();
    assert.strictEqual(generic.rateBudget().perMinute, 120, 'the generic header when the Stacks one is absent');
  });

  it('a limit the caller fixed stays, scaled to a minute from its window', async () => {
    const fixed = clientWith(
      { 'x-ratelimit-limit-stacks-minute': '25' },
      { rateLimit: { limit: 10, windowMs: 2_000 } },
    );
    await fixed.getServerStatus();
    assert.strictEqual(fixed.rateBudget().perMinute, 300);
  });

  it('says when the month is spent, and when it is back', async () => {
    let t = Date.UTC(2026, 11, 5);
    const clock = { now: () => t, sleep: () => Promise.resolve() };
    const c = clientWith(
      { 'x-ratelimit-remaining-stacks-month': '0', 'ratelimit-reset': String((t + 3 * 86_400_000) / 1000) },
      { apiKey: 'k', clock },
    );
    await c.getServerStatus();
    assert.deepStrictEqual(c.rateBudget(), { perMinute: 500, monthSpent: true });
    t += 3 * 86_400_000 + 1;
    assert.strictEqual(c.rateBudget().monthSpent, false);
  });
});
