import * as assert from 'assert';
import {
  AddressHashMode,
  Cl,
  cvToHex,
  deserializeTransaction,
  makeContractCall,
  privateKeyToPublic,
} from '@stacks/transactions';
import { c32address, c32addressDecode } from 'c32check';
import type { ParsedPc } from '../../src/chain/postConditionParse';
import { buildSimulationCall, readSimulationCall, type SimulationCall } from '../../src/chain/simulationTx';

const TOKEN = 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token';
const SENDER = 'SP212Y5JKN59YP3GYG07K3S8W5SSGE4KH6B5STXER';
const RECIPIENT = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const MULTI = 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4';
const NFT = 'SP2X0TZ59D5SZ8ACQ6YMCHHNR2ZN51Z32E2CJ173.the-explorer-guild::The-Explorer-Guild';
/** A throwaway key (compressed), only to sign transactions that are read back, never sent. */
const KEY = '0f6a4a5c8b1d2e3f405162738495a6b7c8d9eafb0c1d2e3f4051627384950a1b01';

const call = (over: Partial<SimulationCall> = {}): SimulationCall => ({
  contractId: TOKEN,
  fn: 'transfer',
  args: [],
  sender: SENDER,
  nonce: 0,
  network: 'mainnet',
  ...over,
});

/** The message a rejected promise carries. */
async function rejection(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  return assert.fail('expected a rejection');
}

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

  it('refuses a sender whose address version is not a Stacks one, naming the address and version', async () => {
    const odd = c32address(0, c32addressDecode(SENDER)[1]);
    assert.strictEqual(
      await rejection(buildSimulationCall(call({ sender: odd }))),
      `${odd} is not a standard Stacks address (version 0).`,
    );
  });

  it('refuses a contract id without a contract name', async () => {
    assert.strictEqual(
      await rejection(buildSimulationCall(call({ contractId: SENDER }))),
      `${SENDER} is not a contract id.`,
    );
  });

  it("refuses an NFT post-condition whose id has bytes after the value, quoting the id's first 40 characters", async () => {
    const valueHex = cvToHex(Cl.stringAscii('The-Explorer-Guild #42')) + '00';
    const nft: ParsedPc = { kind: 'nft', line: 3, principal: SENDER, code: 'sent', asset: NFT, valueHex };
    assert.strictEqual(
      await rejection(buildSimulationCall(call({ postConditions: { mode: 'deny', conditions: [nft] } }))),
      `Line 3: the NFT's id ${valueHex.slice(0, 40)}… is not a serialized Clarity value.`,
    );
  });

  it('carries each post-condition mode and reads it back', async () => {
    for (const mode of ['deny', 'originator', 'allow'] as const) {
      const built = await buildSimulationCall(call({ postConditions: { mode, conditions: [] } }));
      assert.strictEqual(readSimulationCall(built.transaction, 'mainnet')?.mode, mode);
    }
  });

  it('reads a transaction given with 0x in front', async () => {
    const built = await buildSimulationCall(call({ nonce: 3 }));
    const read = readSimulationCall(`0x${built.transaction}`, 'mainnet');
    assert.strictEqual(read?.nonce, 3n);
    assert.strictEqual(read.sender, SENDER);
  });

  it('refuses hex with 0x anywhere but in front: an argument is not built, a transaction is not read', async () => {
    const uint = cvToHex(Cl.uint(5)).slice(2);
    assert.match(await rejection(buildSimulationCall(call({ args: [`${uint.slice(0, 2)}0x${uint.slice(2)}`] }))), /./);
    const built = await buildSimulationCall(call({ args: [`0X${uint}`] }));
    assert.deepStrictEqual(readSimulationCall(built.transaction, 'mainnet')?.args, [uint]);
    const tx = built.transaction;
    assert.strictEqual(readSimulationCall(`${tx.slice(0, 20)}0x${tx.slice(20)}`, 'mainnet'), undefined);
  });

  it('reads a P2WPKH (single-signature) signer as a single-signature address', async () => {
    const tx = deserializeTransaction((await buildSimulationCall(call())).transaction);
    tx.auth.spendingCondition.hashMode = AddressHashMode.P2WPKH;
    assert.strictEqual(readSimulationCall(tx.serialize(), 'mainnet')?.sender, SENDER);
    assert.strictEqual(
      readSimulationCall(tx.serialize(), 'testnet')?.sender,
      c32address(26, c32addressDecode(SENDER)[1]),
    );
  });

  it('tells a signed transaction from an unsigned one, single- and multi-signature', async () => {
    const base = { contractAddress: TOKEN.split('.')[0]!, contractName: 'sbtc-token', functionName: 'get-name' };
    const single = await makeContractCall({
      ...base,
      functionArgs: [],
      senderKey: KEY,
      fee: 0n,
      nonce: 0n,
      network: 'mainnet',
    });
    assert.strictEqual(readSimulationCall(single.serialize(), 'mainnet')?.signed, true);
    const multi = await makeContractCall({
      ...base,
      functionArgs: [],
      numSignatures: 1,
      publicKeys: [privateKeyToPublic(KEY) as string],
      signerKeys: [KEY],
      fee: 0n,
      nonce: 0n,
      network: 'mainnet',
    });
    const signedMulti = readSimulationCall(multi.serialize(), 'mainnet');
    assert.strictEqual(signedMulti?.signed, true);
    assert.match(signedMulti.sender, /^SM/);
    const unsignedMulti = readSimulationCall(
      (await buildSimulationCall(call({ sender: MULTI }))).transaction,
      'mainnet',
    );
    assert.strictEqual(unsignedMulti?.signed, false);
    assert.strictEqual(unsignedMulti.sender, MULTI);
  });
});
