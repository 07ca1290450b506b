import * as assert from 'assert';
import {
  capMessage,
  expiredMessage,
  isExpired,
  MAX_WATCHED_TXS,
  nextDelay,
  outcomeOf,
  readWatched,
  TURN_DELAY_MS,
  TxSeen,
} from '../../src/chain/txWatch';
import { isNetworkId } from '../../src/chain/networks';
import { loadFixture } from '../mock-api/server';
import { mempoolTxId, TX } from '../fixtures/ids';

const fixture = (name: string): TxSeen => loadFixture(name) as TxSeen;

describe('Watching a transaction: the rules', () => {
  describe('what a status means for the watch (real bodies)', () => {
    it('pending, or not known to the API yet: the watch goes on', () => {
      assert.deepStrictEqual(outcomeOf(TX.pending, fixture('tx-pending.json')), { ended: false });
      assert.deepStrictEqual(outcomeOf(TX.pending, undefined), { ended: false });
    });

    it('mined with success: an information with the block', () => {
      const o = outcomeOf(TX.tokenTransfer, fixture('tx-token_transfer.json'));
      assert.ok(o.ended);
      assert.strictEqual(o.kind, 'mined');
      assert.strictEqual(o.tone, 'info');
      assert.match(o.message, /^Transaction 0x03807fdb…4b890009 was mined in block #3,275: success\.$/);
    });

    it('mined but failed: a warning that names why', () => {
      const o = outcomeOf(TX.failed, fixture('tx-failed.json'));
      assert.ok(o.ended);
      assert.strictEqual(o.kind, 'aborted');
      assert.strictEqual(o.tone, 'warning');
      assert.match(o.message, /was mined in block #[\d,]+ but failed \(abort by response\)\.$/);
      const pc = outcomeOf(TX.failed, fixture('tx-abort_by_post_condition.json'));
      assert.ok(pc.ended && /abort by post condition/.test(pc.message));
    });

    it('dropped: a warning with the reason and the replacement', () => {
      const o = outcomeOf(TX.dropped, fixture('tx-dropped.json'));
      assert.ok(o.ended);
      assert.strictEqual(o.kind, 'dropped');
      assert.match(o.message, /was dropped from the mempool \(replace by fee\); it was replaced by 0x4413739d…/);
    });

    it('a status the extension does not know yet ends the watch, said unknown with its raw value, cut short', () => {
      const o = outcomeOf(TX.pending, { tx_status: 'x'.repeat(500) });
      assert.ok(o.ended);
      assert.ok(o.message.length < 260, o.message);
      const named = outcomeOf(TX.pending, { tx_status: 'settled_elsewhere' });
      assert.ok(named.ended);
      assert.match(
        named.message,
        /^Transaction 0x[0-9a-f]{8}…[0-9a-f]{8} left the mempool with a status this version does not know \(settled_elsewhere\): whether it ran and whether its fee was paid are not known\.$/,
      );
    });

    it('skipped as problematic (a real body): a warning that it did not run and its fee was paid', () => {
      const o = outcomeOf(TX.problematicSkipped, fixture('tx-problematic_skipped.json'));
      assert.ok(o.ended);
      assert.strictEqual(o.tone, 'warning');
      assert.strictEqual(
        o.message,
        'Transaction 0xbf20d830…4d094040 was skipped in block #3,275. The miner put it in a block but skipped it as problematic, without running it: it did nothing, but its fee was paid and its nonce was used.',
      );
    });

    it('a block not known yet, a drop with no replacement: the sentence leaves them out', () => {
      const mined = outcomeOf(TX.tokenTransfer, { tx_status: 'success' });
      assert.ok(mined.ended);
      assert.match(mined.message, /^Transaction 0x03807fdb…4b890009 was mined: success\.$/);
      const dropped = outcomeOf(TX.dropped, { tx_status: 'dropped_stale_garbage_collect', replaced_by_tx_id: null });
      assert.ok(dropped.ended);
      assert.match(dropped.message, /was dropped from the mempool \(stale garbage collect\)\.$/);
    });
  });

  it('backs off from 5 s to at most a minute, and never asks sooner than the budget allows', () => {
    assert.strictEqual(nextDelay(0), 5_000);
    assert.strictEqual(nextDelay(1), 7_500);
    assert.ok(nextDelay(3) > nextDelay(2));
    assert.strictEqual(nextDelay(50), 60_000);
    assert.strictEqual(nextDelay(0, 42_000), 42_000);
  });

  it('while watches wait for their turn, rounds stay 15 s apart instead of backing off', () => {
    assert.strictEqual(nextDelay(0, 0, true), 5_000);
    assert.strictEqual(nextDelay(50, 0, true), TURN_DELAY_MS);
    assert.strictEqual(nextDelay(50, 42_000, true), 42_000);
  });

  it('reads back at most MAX_WATCHED_TXS watches, and the cap message says what to do', () => {
    const kept = Array.from({ length: 5_000 }, (_, i) => ({ id: mempoolTxId(i), network: 'mainnet', since: 1 }));
    const list = readWatched(kept, isNetworkId);
    assert.strictEqual(list.length, MAX_WATCHED_TXS);
    assert.strictEqual(list[0]!.id, mempoolTxId(0));
    assert.match(
      capMessage(),
      /^You are watching 100 transactions, .*Stop watching one \("Stacks: Show Watched Transactions"\) to watch another\.$/,
    );
  });

  it('ends a watch at its time limit', () => {
    const since = Date.UTC(2026, 10, 28, 12);
    const w = { id: TX.pending, network: 'mainnet' as const, since };
    assert.strictEqual(isExpired(w, 60, since + 59 * 60_000), false);
    assert.strictEqual(isExpired(w, 60, since + 60 * 60_000), true);
    assert.match(expiredMessage(TX.pending, 60), /after 60 minutes; it was still pending\.$/);
  });

  it('reads back only well-formed entries of the kept list, once each', () => {
    const good = { id: TX.pending, network: 'testnet', since: 1 };
    const list = readWatched(
      [
        good,
        good,
        { id: 'javascript:alert(1)', network: 'testnet', since: 1 },
        { id: `${TX.failed}00`, network: 'testnet', since: 1 },
        { id: `tx${TX.failed}`, network: 'testnet', since: 1 },
        { id: TX.failed.toUpperCase(), network: 'testnet', since: 1 },
        { id: TX.failed, network: 'moon', since: 1 },
        { id: TX.failed, network: 'mainnet' },
        null,
        '0x',
      ],
      isNetworkId,
    );
    assert.deepStrictEqual(list, [good]);
    assert.deepStrictEqual(readWatched({ not: 'a list' }, isNetworkId), []);
  });
});
