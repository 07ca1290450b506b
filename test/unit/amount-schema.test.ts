import * as assert from 'assert';
import { parseWith, StxBalance, Transaction, V3PrincipalTransaction } from '../../src/api/schemas';
import { loadFixture } from '../mock-api/server';

// Issue 11, item 4: an amount is a whole number in a string; anything else fails the schema
// instead of reaching a hover or a panel as text.
describe('amounts in the schemas', () => {
  const balance = loadFixture('stx-balance--locked.json') as Record<string, unknown>;
  const tx = loadFixture('tx-token_transfer.json') as Record<string, unknown> & {
    token_transfer: Record<string, unknown>;
  };

  it('take the amounts the API sends, negative ones included', () => {
    assert.ok(parseWith(StxBalance, balance).ok);
    assert.ok(parseWith(StxBalance, { ...balance, balance: '340282366920938463463374607431768211455' }).ok);
    assert.ok(parseWith(Transaction, tx).ok);
    const v3 = (loadFixture('v3-principal-transactions--mainnet.json') as { results: Array<Record<string, unknown>> })
      .results[0]!;
    const withNet = { ...v3, balance_changes: { stx: { sent: '10', received: '0', net: '-10' } } };
    assert.ok(parseWith(V3PrincipalTransaction, withNet).ok);
  });

  it('refuse text that is not a whole number', () => {
    for (const bad of [
      '[Claim](https://evil.example) ![t](https://evil.example/p.png)',
      '12abc',
      '0x10',
      ' 1',
      '',
      '1.5',
    ]) {
      assert.ok(!parseWith(StxBalance, { ...balance, balance: bad }).ok, `balance ${JSON.stringify(bad)}`);
      assert.ok(!parseWith(Transaction, { ...tx, fee_rate: bad }).ok, `fee_rate ${JSON.stringify(bad)}`);
      const transfer = { ...tx, token_transfer: { ...tx.token_transfer, amount: bad } };
      assert.ok(!parseWith(Transaction, transfer).ok, `token_transfer.amount ${JSON.stringify(bad)}`);
    }
  });
});
