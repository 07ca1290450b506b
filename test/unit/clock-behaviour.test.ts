// The waits of src/api/clock.ts as a caller sees them: a cancelled wait says so in the transport's
// own sentence, at once, whether the signal was aborted before or during the wait; a wait that
// ends leaves nothing on the caller's signal (the watchers pass one signal to wait after wait); and
// a ClockTimer cleared or set again in the tick its wait ends does not run the round it dropped.
import * as assert from 'assert';
import { getEventListeners } from 'events';
import { AdjustableClock, ClockTimer, sleep } from '../../src/api/clock';
import { StacksApiError } from '../../src/api/errors';

const settle = () => new Promise((r) => setImmediate(r));

async function cancelled(p: Promise<unknown>): Promise<void> {
  await assert.rejects(p, (e: unknown) => {
    assert.ok(e instanceof StacksApiError, `expected StacksApiError, got ${String(e)}`);
    assert.strictEqual(e.kind, 'cancelled');
    assert.strictEqual(e.message, 'The request was cancelled.');
    return true;
  });
}

const aborted = (): AbortSignal => {
  const c = new AbortController();
  c.abort();
  return c.signal;
};

describe('sleep (real time)', () => {
  it('an already cancelled signal rejects at once instead of waiting', async () => {
    await cancelled(sleep(1, aborted()));
  });

  it('a cancel during the wait rejects without waiting for the end', async () => {
    const c = new AbortController();
    const p = sleep(50, c.signal);
    c.abort();
    await cancelled(p);
  });

  it('waits on one signal leave no listener on it once they end', async () => {
    const c = new AbortController();
    for (let i = 0; i < 3; i++) await sleep(0, c.signal);
    assert.strictEqual(getEventListeners(c.signal, 'abort').length, 0);
  });
});

describe('AdjustableClock.sleep', () => {
  it('an already cancelled signal rejects at once, and the wait is not counted', async () => {
    const clock = new AdjustableClock();
    const p = clock.sleep(1, aborted());
    assert.deepStrictEqual(clock.waits, []);
    await cancelled(p);
  });

  it('waits on one signal leave no listener on it once they end, by time or by the clock moving', async () => {
    const clock = new AdjustableClock();
    const c = new AbortController();
    await clock.sleep(0, c.signal);
    const moved = clock.sleep(60_000, c.signal);
    clock.advance(60_000);
    await moved;
    assert.strictEqual(getEventListeners(c.signal, 'abort').length, 0);
  });
});

describe('ClockTimer, when its wait ends in the same tick it is changed', () => {
  const timer = () => {
    const clock = new AdjustableClock();
    let runs = 0;
    const t = new ClockTimer(
      () => clock,
      () => runs++,
    );
    return { clock, t, runs: () => runs };
  };

  it('cleared just as its wait ends, it does not run', async () => {
    const { clock, t, runs } = timer();
    t.set(1_000);
    clock.advance(1_000);
    t.clear();
    await settle();
    assert.strictEqual(runs(), 0);
    assert.strictEqual(t.isSet, false);
  });

  it('set again just as its wait ends, it runs once, at the end of the new wait', async () => {
    const { clock, t, runs } = timer();
    t.set(1_000);
    clock.advance(1_000);
    t.set(5_000);
    await settle();
    assert.strictEqual(runs(), 0, 'the replaced wait does not run');
    assert.strictEqual(t.isSet, true, 'the new wait is still pending');
    clock.advance(5_000);
    await settle();
    assert.strictEqual(runs(), 1);
    assert.strictEqual(t.isSet, false);
  });
});
