import * as assert from 'assert';
import {
  addressRoundDelay,
  ADDRESS_ROUND_MS,
  MAX_ADDRESS_ROUND_MS,
  newSince,
  newTxMessages,
  SeenTx,
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

  it('one notification per new transaction, the ones past three counted in one more', () => {
    const one = newTxMessages(ADDRESS.mainnet, [tx(1)]);
    assert.strictEqual(one.length, 1);
    assert.strictEqual(one[0]!.txId, tx(1).tx_id);
    assert.match(
      one[0]!.message,
      /^New transaction for watched address SP3FBR…J5SVTE: Token transfer 0x000000…000001 \(Success\)\.$/,
    );
    const five = newTxMessages(ADDRESS.mainnet, [tx(5), tx(4), tx(3), tx(2), tx(1)]);
    assert.strictEqual(five.length, 4);
    assert.strictEqual(five[3]!.message, 'Watched address SP3FBR…J5SVTE has 2 more new transactions.');
    assert.strictEqual(five[3]!.txId, undefined);
  });

  it('a status from a stranger is cut short', () => {
    const [m] = newTxMessages(ADDRESS.mainnet, [tx(1, 'x'.repeat(500))]);
    assert.ok(m!.message.length < 200);
  });

  it('rounds: a minute, doubling after failures up to five minutes, never before the budget allows', () => {
    assert.strictEqual(addressRoundDelay(0), ADDRESS_ROUND_MS);
    assert.strictEqual(addressRoundDelay(1), 120_000);
    assert.strictEqual(addressRoundDelay(10), MAX_ADDRESS_ROUND_MS);
    assert.strictEqual(addressRoundDelay(0, 400_000), 400_000);
  });
});
