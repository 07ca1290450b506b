// The rate budget and the headers of Hiro's guide "Response headers" (docs.hiro.so/resources/guides/
// response-headers: `x-ratelimit-{limit,remaining}-stacks-{second,minute,month}`, `ratelimit-*`,
// `retry-after`; see test/fixtures/SOURCES.md), in the cases rate-limit.test.ts leaves out: which
// count a header changes, how long a spent second or minute holds, and when a spent month is said
// with its date and when it is back. On a fixed clock.
import * as assert from 'assert';
import { StacksApiError } from '../../src/api/errors';
import { parseReset, quotaDate, RateLimiter } from '../../src/api/rateLimit';

describe('RateLimiter: which headers change which count', () => {
  const WINDOW = 60_000;
  const NOW = 1_764_000_000_000;
  const limiter = () => new RateLimiter(50, WINDOW, () => NOW);
  const headers = (h: Record<string, string>) => new Headers(h);
  /** How many requests go out at once before the budget says wait (up to `max`). */
  const goOut = async (l: RateLimiter, max: number): Promise<number> => {
    for (let i = 0; i < max; i++) {
      try {
        await l.acquire('fail-fast');
      } catch (e) {
        assert.ok(e instanceof StacksApiError && e.kind === 'rate-limited', String(e));
        return i;
      }
    }
    return max;
  };

  it('follows the per-minute limit the server names when the caller fixed none', () => {
    const l = limiter();
    l.observe(headers({ 'x-ratelimit-limit-stacks-minute': '900' }), 200);
    assert.strictEqual(l.limit, 900);
  });

  it('keeps the limit the server named when a later answer names none, or names 0', () => {
    const l = limiter();
    l.observe(headers({ 'x-ratelimit-limit-stacks-minute': '900' }), 200);
    l.observe(headers({}), 200);
    assert.strictEqual(l.limit, 900);
    l.observe(headers({ 'x-ratelimit-limit-stacks-minute': '0' }), 200);
    assert.strictEqual(l.limit, 900);
    l.observe(headers({ 'x-ratelimit-limit-stacks-minute': '1' }), 200);
    assert.strictEqual(l.limit, 1);
  });

  it("does not count the month's remaining requests as the minute's", async () => {
    const l = limiter();
    l.observe(
      headers({ 'x-ratelimit-remaining-stacks-minute': '100', 'x-ratelimit-remaining-stacks-month': '2' }),
      200,
    );
    assert.strictEqual(await goOut(l, 5), 5);
  });

  it("does not count a second's remaining requests as the minute's, while the second is not spent", async () => {
    const l = limiter();
    l.observe(
      headers({ 'x-ratelimit-remaining-stacks-minute': '100', 'x-ratelimit-remaining-stacks-second': '3' }),
      200,
    );
    assert.strictEqual(l.waitTime(), 0);
    assert.strictEqual(await goOut(l, 6), 6);
  });

  it('a spent second does not shorten a spent minute to a second', () => {
    const l = limiter();
    l.observe(
      headers({ 'ratelimit-remaining': '0', 'ratelimit-reset': '30', 'x-ratelimit-remaining-stacks-second': '0' }),
      200,
    );
    assert.strictEqual(l.waitTime(), 30_000);
  });

  it('a spent minute holds until its reset, never beyond the window', () => {
    const l = limiter();
    l.observe(headers({ 'x-ratelimit-remaining-stacks-minute': '0', 'ratelimit-reset': '30' }), 200);
    assert.strictEqual(l.waitTime(), 30_000);
  });

  it('reads a blank ratelimit-reset as none', () => {
    assert.strictEqual(parseReset('   ', NOW), undefined);
    assert.strictEqual(parseReset('', NOW), undefined);
    assert.strictEqual(parseReset(' 30 ', NOW), 30_000);
  });

  describe('a spent month', () => {
    const spend = (l: RateLimiter, h: Record<string, string>) =>
      l.observe(headers({ 'x-ratelimit-remaining-stacks-month': '0', ...h }), 429);

    it('is said with the date it comes back: the longest wait the answer names beyond the minute', async () => {
      const l = limiter();
      spend(l, { 'retry-after': String(2 * 86_400), 'ratelimit-reset': String(5 * 86_400) });
      assert.strictEqual(l.monthSpent?.resetsAt, NOW + 5 * 86_400_000);
      await assert.rejects(
        l.acquire('wait'),
        (e: StacksApiError) =>
          e.kind === 'rate-limited' &&
          e.quota === 'month' &&
          e.message === `The API's monthly request quota is used up until ${quotaDate(NOW + 5 * 86_400_000)}.`,
      );
    });

    it('is said without a date when the answer names no wait beyond the minute', async () => {
      for (const wait of ['30', '60']) {
        const l = limiter();
        spend(l, { 'retry-after': wait });
        assert.ok(l.monthSpent, 'spent');
        assert.strictEqual(l.monthSpent?.resetsAt, undefined, `retry-after ${wait}`);
        await assert.rejects(
          l.acquire('fail-fast'),
          (e: StacksApiError) => e.message === "The API's monthly request quota is used up.",
        );
      }
    });

    it('stays spent through answers that do not count the month, and is back when one counts some left', () => {
      const l = limiter();
      spend(l, {});
      l.observe(headers({ 'ratelimit-remaining': '10' }), 200);
      assert.ok(l.monthSpent, 'an answer without the month header says nothing of the month');
      l.observe(headers({ 'x-ratelimit-remaining-stacks-month': '1500' }), 200);
      assert.strictEqual(l.monthSpent, undefined);
    });
  });
});
