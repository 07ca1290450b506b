import * as assert from 'assert';
import { AdjustableClock, ClockTimer } from '../../src/api/clock';
import { RateLimiter } from '../../src/api/rateLimit';

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
