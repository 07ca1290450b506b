import * as assert from 'assert';
import { ADDRESS_ROUND_MS } from '../../src/chain/addressWatch';
import { FIRST_DELAY_MS, nextDelay } from '../../src/chain/txWatch';
import { leastPerMinute, Rotation, SharedBudget, turnMs, watchShare } from '../../src/chain/watchBudget';
import { createStacksClient, type StacksClient } from '../../src/api/client';
import { SwitchedOffRoutes } from '../../src/api/fallback';
import type { NetworkId } from '../../src/chain/networks';
import type { Endpoint } from '../../src/ui/network/network';
import { budgetPerMinute } from '../../src/ui/watch/watchBudget';
import { loadFixture } from '../mock-api/server';

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
  describe('the order of a round', () => {
    const o = { perMinute: 500, minIntervalMs: 0, firstRoundMs: 60_000 };

    it('never-asked items come first, in the order of the list', () => {
      const r = new Rotation<string>((s) => s, new SharedBudget());
      assert.deepStrictEqual(r.take(['e', 'd', 'c', 'b', 'a'], { ...o, now: 0 }), ['e', 'd', 'c', 'b', 'a']);
    });

    it('then the one asked longest ago, whatever its place in the list', () => {
      const r = new Rotation<string>((s) => s, new SharedBudget());
      const list = ['a', 'b', 'c', 'd', 'e'];
      r.take(list, { ...o, now: 0 });
      for (const [id, at] of [
        ['c', 100],
        ['a', 300],
        ['e', 200],
        ['b', 400],
      ] as const)
        r.asked(id, at);
      assert.deepStrictEqual(r.take(list, { ...o, now: 60_000 }), ['d', 'c', 'e', 'a', 'b']);
    });

    it('an item unwatched and watched again counts as never asked', () => {
      const r = new Rotation<string>((s) => s, new SharedBudget());
      r.take(['a', 'b'], { ...o, now: 0 });
      r.asked('b', 10);
      r.asked('a', 50_000);
      r.take(['b'], { ...o, now: 60_000 });
      // 'a' was asked after 'b', then left the list; back now, it comes first as a new watch would
      assert.deepStrictEqual(r.take(['b', 'a'], { ...o, now: 120_000 }), ['a', 'b']);
    });

    it('a watch added after the list was empty is asked at the next round', () => {
      const r = new Rotation<string>((s) => s, new SharedBudget());
      assert.deepStrictEqual(r.take(['a'], { ...o, now: 0 }), ['a']);
      r.asked('a', 0);
      assert.deepStrictEqual(r.take([], { ...o, now: 60_000 }), []);
      assert.deepStrictEqual(r.take(['b'], { ...o, now: 60_001 }), ['b']);
    });

    it('a short list that grows after a pause keeps its own pace: no burst of the whole share', () => {
      const r = new Rotation<string>((s) => s, new SharedBudget());
      const keyless = { perMinute: KEYLESS, minIntervalMs: 0, firstRoundMs: FIRST_DELAY_MS };
      r.take(['a', 'b'], { ...keyless, now: 0 });
      // an hour of rounds that ask nothing (the API was down): two items earn two requests at most
      assert.strictEqual(r.take(['a', 'b'], { ...keyless, now: 3_600_000 }).length, 2);
      const grown = r.take(ids(100, 'tx'), { ...keyless, now: 3_600_001 });
      assert.strictEqual(grown.length, 2, `asked ${grown.length} at once`);
    });

    it('each request sent spends the credit: asked again at once, nothing is taken', () => {
      const r = new Rotation<string>((s) => s, new SharedBudget());
      const list = ids(10, 'tx');
      const turn = r.take(list, { ...o, now: 0 });
      assert.strictEqual(turn.length, 10);
      for (const t of turn) r.asked(t, 0);
      assert.deepStrictEqual(r.take(list, { ...o, now: 0 }), []);
    });
  });
});

// Issue 47, item 2: the watchers and drift plan with the budget the client keeps to
// (`StacksClient.rateBudget`), as the API's headers set it, not with a figure of their own.
describe("The background's share follows the client's rate budget", () => {
  const status = loadFixture('server-status.json');
  /** A client of `network` whose answers name `perMinute` as the API's per-minute limit. */
  const clientOf = (network: NetworkId, o: { apiKey?: string; perMinute?: number } = {}): StacksClient =>
    createStacksClient({
      baseUrl: `https://${network}.example.test`,
      switchedOff: new SwitchedOffRoutes(),
      ...(o.apiKey ? { apiKey: o.apiKey } : {}),
      fetch: async () =>
        new Response(JSON.stringify(status), {
          status: 200,
          headers: o.perMinute === undefined ? {} : { 'x-ratelimit-limit-stacks-minute': String(o.perMinute) },
        }),
    });
  /** The part of the network service the watchers read the budget through. */
  const networksOf = (clients: Partial<Record<NetworkId, StacksClient>>) => {
    const asked: Array<{ network: NetworkId | undefined; background: boolean | undefined }> = [];
    return {
      asked,
      endpoint: async (network?: NetworkId, options?: { background?: boolean }): Promise<Endpoint> => {
        asked.push({ network, background: options?.background });
        const client = clients[network ?? 'mainnet']!;
        return { network: network ?? 'mainnet', baseUrl: client.baseUrl, client };
      },
    };
  };

  it('a keyed client told 500 a minute gives the background half of 500; a keyless one half of 50', async () => {
    const keyed = clientOf('mainnet', { apiKey: 'k', perMinute: 500 });
    await keyed.getServerStatus();
    const keyless = clientOf('testnet', { perMinute: 50 });
    await keyless.getServerStatus();
    const networks = networksOf({ mainnet: keyed, testnet: keyless });
    assert.strictEqual(watchShare(await budgetPerMinute(networks, ['mainnet'])), 250);
    assert.strictEqual(watchShare(await budgetPerMinute(networks, ['testnet', 'testnet'])), 25);
    assert.strictEqual(
      await budgetPerMinute(networks, ['mainnet', 'testnet']),
      50,
      'the smallest, so no API is overdrawn',
    );
    assert.ok(
      networks.asked.every((a) => a.background === true),
      'reading the budget is background work: not the user asking',
    );
    assert.strictEqual(new SharedBudget().room(0, await budgetPerMinute(networks, ['mainnet'])), 250);
  });

  it('follows what the API says, not whether a key is set', async () => {
    // A keyed tier that allows 100 a minute, and a keyless one that allows 25.
    const keyed = clientOf('mainnet', { apiKey: 'k', perMinute: 100 });
    const keyless = clientOf('testnet', { perMinute: 25 });
    const networks = networksOf({ mainnet: keyed, testnet: keyless });
    assert.strictEqual(await budgetPerMinute(networks, ['mainnet']), 500, 'before an answer: the keyed default');
    assert.strictEqual(await budgetPerMinute(networks, ['testnet']), 50, 'before an answer: the keyless default');
    await keyed.getServerStatus();
    await keyless.getServerStatus();
    assert.strictEqual(await budgetPerMinute(networks, ['mainnet']), 100);
    assert.strictEqual(await budgetPerMinute(networks, ['testnet']), 25);
    assert.strictEqual(watchShare(await budgetPerMinute(networks, ['testnet'])), 12);
  });

  it('with no API to ask, the keyless budget', async () => {
    assert.strictEqual(await budgetPerMinute(networksOf({}), []), 50);
    assert.strictEqual(leastPerMinute([]), 50);
  });
});
