import * as assert from 'assert';
import { ADDRESS_ROUND_MS } from '../../src/chain/addressWatch';
import { FIRST_DELAY_MS, nextDelay } from '../../src/chain/txWatch';
import { Rotation, SharedBudget, turnMs, watchShare } from '../../src/chain/watchBudget';

const ids = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const KEYLESS = 50;

describe('Watchers: their share of the rate budget', () => {
  it('half the budget, and a turn over every watched item at that pace', () => {
    assert.strictEqual(watchShare(50), 25);
    assert.strictEqual(watchShare(500), 250);
    assert.strictEqual(turnMs(100, KEYLESS), 240_000);
    assert.strictEqual(turnMs(120, KEYLESS), 288_000);
    assert.strictEqual(turnMs(120, 500), 28_800);
  });

  it('one watch alone is asked every round, from the first', () => {
    const r = new Rotation<string>((s) => s, new SharedBudget());
    let now = 0;
    for (let round = 0; round < 10; round++) {
      now += nextDelay(round);
      const turn = r.take(['a'], { now, perMinute: KEYLESS, minIntervalMs: 0, firstRoundMs: FIRST_DELAY_MS });
      assert.deepStrictEqual(turn, ['a'], `round ${round}`);
      r.asked('a', now);
    }
  });

  it('100 watches without a key: at most half the budget a round, and each asked in turn', () => {
    const r = new Rotation<string>((s) => s, new SharedBudget());
    const list = ids(100, 'tx');
    const first = new Map<string, number>();
    let now = FIRST_DELAY_MS;
    for (let round = 1; round <= 25; round++) {
      const turn = r.take(list, { now, perMinute: KEYLESS, minIntervalMs: 0, firstRoundMs: FIRST_DELAY_MS });
      assert.ok(turn.length <= 25, `round ${round} asks ${turn.length}`);
      for (const t of turn) {
        r.asked(t, now);
        if (!first.has(t)) first.set(t, now);
      }
      now += nextDelay(round, 0, turn.length < list.length);
    }
    assert.strictEqual(first.size, 100, 'every watch asked');
    const latest = Math.max(...first.values());
    assert.ok(latest <= 5 * 60_000, `the last one first asked at ${latest} ms`);
  });

  it('a pause (rate limit, failed rounds) never ends in a burst: a minute of share at most', () => {
    const r = new Rotation<string>((s) => s, new SharedBudget());
    const list = ids(100, 'tx');
    const o = { perMinute: KEYLESS, minIntervalMs: 0, firstRoundMs: FIRST_DELAY_MS };
    r.take(list, { ...o, now: 0 });
    assert.strictEqual(r.take(list, { ...o, now: 3_600_000 }).length, 25);
  });

  it('100 transactions and 20 addresses share half the budget: <= 25 a minute, each asked within 5 minutes', () => {
    const txs = ids(100, 'tx');
    const addresses = ids(20, 'SP');
    const shared = new SharedBudget();
    shared.join(() => txs.length);
    shared.join(() => addresses.length);
    const tx = new Rotation<string>((s) => s, shared);
    const addr = new Rotation<string>((s) => s, shared);
    const asks: Array<{ at: number; id: string }> = [];
    let txAt = FIRST_DELAY_MS;
    let txRounds = 0;
    let addrAt = 2_000;
    const end = 20 * 60_000;
    while (Math.min(txAt, addrAt) < end) {
      if (txAt <= addrAt) {
        const now = txAt;
        const turn = tx.take(txs, {
          now,
          perMinute: KEYLESS,
          minIntervalMs: 0,
          firstRoundMs: FIRST_DELAY_MS,
        });
        for (const id of turn) {
          tx.asked(id, now);
          asks.push({ at: now, id });
        }
        txAt += nextDelay(++txRounds, 0, turn.length < txs.length);
      } else {
        const now = addrAt;
        const turn = addr.take(addresses, {
          now,
          perMinute: KEYLESS,
          minIntervalMs: ADDRESS_ROUND_MS,
          firstRoundMs: ADDRESS_ROUND_MS,
        });
        for (const id of turn) {
          addr.asked(id, now);
          asks.push({ at: now, id });
        }
        addrAt += ADDRESS_ROUND_MS;
      }
    }
    // Any 60 s of the run, wherever it starts.
    let busiest = 0;
    for (const a of asks) busiest = Math.max(busiest, asks.filter((b) => b.at >= a.at && b.at < a.at + 60_000).length);
    assert.ok(busiest <= 25, `busiest minute: ${busiest} requests`);
    assert.ok(asks.length / 20 <= 25, `${asks.length / 20} requests a minute`);
    // Every item, from the start and between two asks, waits at most 5 minutes.
    for (const id of [...txs, ...addresses]) {
      const times = [0, ...asks.filter((a) => a.id === id).map((a) => a.at)];
      const gaps = times.slice(1).map((t, i) => t - times[i]!);
      assert.ok(times.length > 1 && Math.max(...gaps) <= 5 * 60_000, `${id}: asked at ${times.join(', ')}`);
    }
  });
});
