import * as assert from 'assert';
import {
  addressRoundDelay,
  ADDRESS_ROUND_MS,
  MAX_ADDRESS_ROUND_MS,
  moreMessage,
  headOf,
  newSince,
  readHead,
  roundNotifications,
  SeenTx,
  unlistedSince,
} from '../../src/chain/addressWatch';
import { ADDRESS } from '../fixtures/ids';

const tx = (n: number, status = 'success'): SeenTx => ({
  tx_id: '0x' + String(n).padStart(64, '0'),
  tx_type: 'token_transfer',
  tx_status: status,
  time: 1000 + n,
});
const head = (n: number) => ({ id: tx(n).tx_id, time: 1000 + n });

describe('Watched addresses: new transactions (issue 14)', () => {
  it('the first look only notes the head: what was there before is not new', () => {
    assert.deepStrictEqual(newSince(undefined, [tx(3), tx(2)]), []);
  });

  it('the transactions above the last head are new, newest first; none when the head is unchanged', () => {
    assert.deepStrictEqual(newSince(head(2), [tx(4), tx(3), tx(2), tx(1)]), [tx(4), tx(3)]);
    assert.deepStrictEqual(newSince(head(4), [tx(4), tx(3)]), []);
    assert.deepStrictEqual(newSince(head(1), [tx(9), tx(8)]), [tx(9), tx(8)], 'the old head is beyond the look');
    assert.deepStrictEqual(newSince(head(9), [tx(4), tx(3)]), [], 'the old head is gone: nothing older is new');
  });

  it('the head is found by its id, not its time: same-block neighbours are told, a head at the top means nothing new', () => {
    // Transactions of one block share its time: only the position of the head tells which are new.
    const sameBlock = (n: number): SeenTx => ({ ...tx(n), time: 5000 });
    const last = { id: sameBlock(1).tx_id, time: 5000 };
    assert.deepStrictEqual(newSince(last, [sameBlock(3), sameBlock(2), sameBlock(1)]), [sameBlock(3), sameBlock(2)]);
    // The head still at the top: nothing is new, even if a time below it reads later.
    assert.deepStrictEqual(newSince(last, [sameBlock(1), { ...tx(0), time: 6000 }]), []);
    // The head gone: only later times are new; its own block's others were seen with it.
    assert.deepStrictEqual(newSince({ id: '0xgone', time: 5000 }, [{ ...tx(4), time: 5001 }, sameBlock(3)]), [
      { ...tx(4), time: 5001 },
    ]);
  });

  it('a kept head that is not an object is read as none', () => {
    assert.strictEqual(readHead(null), undefined);
    assert.strictEqual(readHead(undefined), undefined);
    assert.strictEqual(readHead('0xabc'), undefined);
    assert.strictEqual(readHead({ id: 'x', time: Number.NaN }), undefined);
    assert.deepStrictEqual(readHead({ id: 'x', time: 1 }), { id: 'x', time: 1 });
  });

  it('an address with no transaction at the first look: its first one is new', () => {
    const empty = headOf(undefined, 0);
    assert.deepStrictEqual(empty, { id: '', time: 0, total: 0 });
    assert.deepStrictEqual(readHead(JSON.parse(JSON.stringify(empty))), empty, 'kept and read back');
    assert.deepStrictEqual(newSince(empty, [tx(1)]), [tx(1)]);
    assert.deepStrictEqual(newSince(empty, []), []);
  });

  it('more new transactions than the look shows are counted from the totals, and only then', () => {
    const last = { ...head(1), total: 10 };
    // Seven arrived; the look shows five, all new: two more beyond it.
    assert.strictEqual(unlistedSince(last, 5, 5, 17), 2);
    // The old head is in the look: everything new is shown.
    assert.strictEqual(unlistedSince(last, 3, 5, 13), 0);
    assert.strictEqual(unlistedSince(last, 3, 5, 40), 0, 'even when the totals say many more arrived');
    // A look that shows nothing counts nothing beyond it.
    assert.strictEqual(unlistedSince(last, 0, 0, 17), 0);
    // A total that went down (a reorganisation) or is unknown counts nothing.
    assert.strictEqual(unlistedSince(last, 5, 5, 8), 0);
    assert.strictEqual(unlistedSince(last, 5, 5, undefined), 0);
    assert.strictEqual(unlistedSince(head(1), 5, 5, 17), 0, 'a head kept before totals were');
    const { told, more } = roundNotifications([
      { address: ADDRESS.mainnet, network: 'mainnet', txs: [tx(7), tx(6), tx(5), tx(4), tx(3)], unlisted: 2 },
    ]);
    assert.strictEqual(told.length, 3);
    assert.strictEqual(more, 4, 'two shown but not told, two beyond the look');
    assert.strictEqual(readHead({ id: 'x', time: 1, total: -1 })?.total, undefined, 'a damaged total is dropped');
  });

  it('one notification per new transaction, up to three in a round', () => {
    const { told, more } = roundNotifications([{ address: ADDRESS.mainnet, network: 'mainnet', txs: [tx(1)] }]);
    assert.strictEqual(more, 0);
    assert.strictEqual(told.length, 1);
    assert.strictEqual(told[0]!.txId, tx(1).tx_id);
    assert.strictEqual(told[0]!.network, 'mainnet');
    assert.match(
      told[0]!.message,
      /^New transaction for watched address SP3FBR…J5SVTE: Token transfer 0x000000…000001 \(Success\)\.$/,
    );
    const five = roundNotifications([
      { address: ADDRESS.mainnet, network: 'mainnet', txs: [tx(5), tx(4), tx(3), tx(2), tx(1)] },
    ]);
    assert.deepStrictEqual(
      five.told.map((t) => t.txId),
      [tx(5).tx_id, tx(4).tx_id, tx(3).tx_id],
      'the newest first',
    );
    assert.strictEqual(five.more, 2);
    assert.strictEqual(moreMessage(2), '2 more new transactions on watched addresses.');
    assert.strictEqual(moreMessage(1), '1 more new transaction on watched addresses.');
  });

  it('a round of many addresses tells three in all, the newest of different addresses first, and counts the rest', () => {
    const addresses = Object.values(ADDRESS);
    const fresh = addresses.map((address, i) => ({
      address,
      network: 'mainnet' as const,
      txs: [tx(100 * i + 5), tx(100 * i + 4), tx(100 * i + 3), tx(100 * i + 2), tx(100 * i + 1)],
    }));
    const { told, more } = roundNotifications(fresh);
    assert.deepStrictEqual(
      told.map((t) => t.txId),
      [tx(5).tx_id, tx(105).tx_id, tx(205).tx_id],
    );
    assert.strictEqual(more, 5 * addresses.length - 3);
    assert.deepStrictEqual(roundNotifications([]), { told: [], more: 0 });
  });

  it('a status from a stranger is cut short', () => {
    const [m] = roundNotifications([
      { address: ADDRESS.mainnet, network: 'mainnet', txs: [tx(1, 'x'.repeat(500))] },
    ]).told;
    assert.ok(m!.message.length < 200);
  });

  it('rounds: a minute, doubling after failures up to five minutes, never before the budget allows', () => {
    assert.strictEqual(addressRoundDelay(0), ADDRESS_ROUND_MS);
    assert.strictEqual(addressRoundDelay(1), 120_000);
    assert.strictEqual(addressRoundDelay(10), MAX_ADDRESS_ROUND_MS);
    assert.strictEqual(addressRoundDelay(0, 400_000), 400_000);
  });
});
