// The hosted API's rate limits as it states them: per second, per minute and per month, in the
// headers its guide names (docs.hiro.so, "Response headers": x-ratelimit-{limit,remaining}-stacks-
// {second,minute,month}, x-ratelimit-cost-stacks, ratelimit-reset as a Unix time, retry-after).
// A spent month is said once, with its reset date, and nothing more is sent until then; the
// per-minute budget is the one the API names.
import * as assert from 'assert';
import { StacksApiError } from '../../src/api/errors';
import { HttpTransport } from '../../src/api/http';
import { RateLimiter } from '../../src/api/rateLimit';
import { describeError } from '../../src/ui/shared/errorText';
import { rejectsWith } from './rejectsWith';
import { fakeFetch } from '../fakes/fetch';

const BASE = 'https://api.hiro.so';
const NOW = Date.UTC(2026, 11, 5, 23, 0); // 2026-12-05 23:00 UTC
const MONTH_RESET = Date.UTC(2027, 0, 1); // 2027-01-01 00:00 UTC

/** The headers of a Stacks request on a starter key whose month is used up. */
function monthSpent(withReset: boolean): Record<string, string> {
  return {
    'x-ratelimit-cost-stacks': '1',
    'x-ratelimit-limit-stacks-minute': '900',
    'x-ratelimit-remaining-stacks-minute': '899',
    'x-ratelimit-limit-stacks-month': '150000',
    'x-ratelimit-remaining-stacks-month': '0',
    ...(withReset ? { 'ratelimit-reset': String(MONTH_RESET / 1000) } : {}),
  };
}

function scripted(answers: Array<() => Response>): { fetch: typeof fetch; calls: string[] } {
  const calls: string[] = [];
  const f = fakeFetch(async (input) => {
    calls.push(String(input));
    const next = answers[calls.length - 1];
    if (!next) throw new Error(`unexpected request ${calls.length}`);
    return next();
  });
  return { fetch: f, calls };
}

const answer =
  (status: number, headers: Record<string, string>, body: unknown = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A fixed clock moved by hand; no test here waits on it. */
function setup(limit = 900, fixed = false) {
  let t = NOW;
  const clock = { now: () => t, advance: (ms: number) => void (t += ms) };
  const sleep = () => Promise.reject(new Error('nothing here waits for the budget'));
  const limiter = new RateLimiter(limit, 60_000, clock.now, sleep, fixed);
  return { clock, limiter };
}

describe('Rate limits as the API states them', () => {
  describe('a spent month', () => {
    it('a 429 with the month spent is said with its reset date, not retried, and nothing more is sent', async () => {
      const { limiter } = setup();
      const s = scripted([answer(429, { ...monthSpent(true), 'retry-after': '1' }, { error: 'Too Many Requests' })]);
      const t = new HttpTransport({ baseUrl: BASE, timeoutMs: 5_000, limiter, fetch: s.fetch });
      const e = await rejectsWith(t.getJson('/extended', '/extended', [], { budget: 'wait' }), 'rate-limited');
      assert.strictEqual(s.calls.length, 1, 'a spent month is not retried after a short Retry-After');
      assert.strictEqual(e.quota, 'month');
      assert.strictEqual(e.resetsAt, MONTH_RESET);
      assert.strictEqual(e.retryAfterMs, undefined, 'no "try again in 60 s"');
      const said = describeError(e, { networkLabel: 'Mainnet', baseUrl: BASE, hasApiKey: true });
      assert.match(
        said.message,
        /monthly request quota of https:\/\/api\.hiro\.so is used up; it resets on 2027-01-01 00:00 UTC/,
      );
      assert.doesNotMatch(said.message + said.short, /Try again in/);
      assert.ok(!said.actions.includes('Retry'), 'retrying cannot help');

      // An explicit lookup (it waits for the budget) and background work (fail-fast) alike are told at once.
      for (const budget of ['wait', 'fail-fast'] as const) {
        const again = await rejectsWith(t.getJson('/extended', '/extended', [], { budget }), 'rate-limited');
        assert.strictEqual(again.resetsAt, MONTH_RESET);
      }
      assert.strictEqual(s.calls.length, 1, 'nothing is sent while the month is spent');
    });

    it('holds until the reset date, then requests go out again', async () => {
      const { clock, limiter } = setup();
      limiter.observe(new Headers(monthSpent(true)), 429);
      await assert.rejects(limiter.acquire('wait'), (e: StacksApiError) => e.quota === 'month');
      clock.advance(MONTH_RESET - NOW - 1);
      await assert.rejects(limiter.acquire('fail-fast'), (e: StacksApiError) => e.quota === 'month');
      clock.advance(1);
      await limiter.acquire('fail-fast');
    });

    it('a reset named years away holds at most a month and a day', async () => {
      const { clock, limiter } = setup();
      const years = String(Math.floor((NOW + 10 * 365 * 24 * 3600_000) / 1000));
      limiter.observe(new Headers({ ...monthSpent(false), 'ratelimit-reset': years }), 429);
      const e = await rejectsWith(limiter.acquire('wait'), 'rate-limited');
      assert.strictEqual(e.resetsAt, NOW + 32 * 24 * 3600_000);
      clock.advance(32 * 24 * 3600_000);
      await limiter.acquire('fail-fast');
    });

    it('without a reset date it says so, and asks once more an hour later', async () => {
      const { clock, limiter } = setup();
      limiter.observe(new Headers(monthSpent(false)), 429);
      const e = await rejectsWith(limiter.acquire('wait'), 'rate-limited');
      assert.strictEqual(e.resetsAt, undefined);
      const said = describeError(e, { networkLabel: 'Mainnet', baseUrl: BASE, hasApiKey: false });
      assert.match(said.message, /did not say when it resets/);
      assert.ok(said.actions.includes('Set API Key'));
      clock.advance(60 * 60_000);
      await limiter.acquire('fail-fast');
    });

    it('a month with requests left does not hold the minute, whatever its count', async () => {
      const { limiter } = setup();
      limiter.observe(
        new Headers({ ...monthSpent(true), 'x-ratelimit-remaining-stacks-month': '12', 'ratelimit-remaining': '899' }),
        200,
      );
      assert.strictEqual(limiter.waitTime(), 0);
      assert.strictEqual(limiter.monthSpent, undefined);
      await limiter.acquire('fail-fast');
    });
  });

  describe('the per-minute budget', () => {
    it('follows the limit the API names, not the one assumed before its first answer', async () => {
      const { limiter } = setup(25);
      limiter.observe(
        new Headers({ 'x-ratelimit-limit-stacks-minute': '900', 'x-ratelimit-remaining-stacks-minute': '899' }),
        200,
      );
      assert.strictEqual(limiter.limit, 900);
      for (let i = 0; i < 100; i++) await limiter.acquire('fail-fast');

      const lower = setup(500).limiter;
      lower.observe(new Headers({ 'x-ratelimit-limit-stacks-minute': '25' }), 200);
      for (let i = 0; i < 25; i++) await lower.acquire('fail-fast');
      await rejectsWith(lower.acquire('fail-fast'), 'rate-limited', /^Rate limit reached: 25 requests per 60 s/);
    });

    it('the generic ratelimit-limit counts when the Stacks one is absent; a limit set on purpose stays', () => {
      const { limiter } = setup(25);
      limiter.observe(new Headers({ 'ratelimit-limit': '50' }), 200);
      assert.strictEqual(limiter.limit, 50);
      const fixed = setup(100_000, true).limiter;
      fixed.observe(new Headers({ 'x-ratelimit-limit-stacks-minute': '900' }), 200);
      assert.strictEqual(fixed.limit, 100_000);
    });

    it('a spent second holds for a second, not for the minute', () => {
      const { limiter } = setup();
      limiter.observe(
        new Headers({ 'x-ratelimit-remaining-stacks-second': '0', 'x-ratelimit-remaining-stacks-minute': '400' }),
        200,
      );
      assert.strictEqual(limiter.waitTime(), 1_000);
    });
  });
});
