import * as assert from 'assert';
import { Cl, cvToHex, deserializeTransaction } from '@stacks/transactions';
import { buildSimulationCall, readSimulationCall } from '../../src/chain/simulationTx';

const TOKEN = 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token';
const SENDER = 'SP212Y5JKN59YP3GYG07K3S8W5SSGE4KH6B5STXER';
const RECIPIENT = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';

describe('Simulation transaction', () => {
  const args = [Cl.uint(100), Cl.principal(SENDER), Cl.principal(RECIPIENT), Cl.none()].map((v) => cvToHex(v));

  it('decodes back to the call, from the chosen sender, unsigned', async () => {
    const built = await buildSimulationCall({
      contractId: TOKEN,
      fn: 'transfer',
      args,
      sender: SENDER,
      nonce: 7,
      network: 'mainnet',
    });
    const read = readSimulationCall(built.transaction, 'mainnet');
    assert.ok(read);
    assert.strictEqual(read.sender, SENDER);
    assert.strictEqual(read.contractId, TOKEN);
    assert.strictEqual(read.fn, 'transfer');
    assert.deepStrictEqual(
      read.args,
      args.map((a) => a.replace(/^0x/, '')),
    );
    assert.strictEqual(read.nonce, 7n);
    assert.strictEqual(read.signed, false);
    const tx = deserializeTransaction(built.transaction);
    assert.strictEqual(BigInt(tx.auth.spendingCondition.fee), 0n);
    assert.ok(built.transaction.endsWith(built.payload.slice(-40)), 'the payload is part of the transaction');
    assert.strictEqual(built.length, built.transaction.length / 2);
  });

  it('sets a testnet and a multi-sig sender as the signer', async () => {
    const testnet = 'ST2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKQYAC0RQ';
    const t = await buildSimulationCall({
      contractId: TOKEN,
      fn: 'f',
      args: [],
      sender: testnet,
      nonce: 0,
      network: 'testnet',
    });
    assert.strictEqual(readSimulationCall(t.transaction, 'testnet')?.sender, testnet);
    const multi = 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4';
    const m = await buildSimulationCall({
      contractId: TOKEN,
      fn: 'f',
      args: [],
      sender: multi,
      nonce: 0,
      network: 'mainnet',
    });
    assert.strictEqual(readSimulationCall(m.transaction, 'mainnet')?.sender, multi);
  });

  it('refuses a contract as the sender', async () => {
    await assert.rejects(
      buildSimulationCall({ contractId: TOKEN, fn: 'f', args: [], sender: TOKEN, nonce: 0, network: 'mainnet' }),
    );
  });
});
