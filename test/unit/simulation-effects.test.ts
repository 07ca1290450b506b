import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { Cl, cvToHex, Pc, postConditionToHex } from '@stacks/transactions';
import {
  BLOCK_LIMITS,
  costShares,
  movementsOf,
  netChanges,
  percentText,
  postConditionCode,
  type ReceiptEvent,
} from '../../src/chain/simulation';

const TOKEN = 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token';
const SENDER = 'SP212Y5JKN59YP3GYG07K3S8W5SSGE4KH6B5STXER';
const RECIPIENT = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const POOL = 'SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.amm-vault-v2-01';
const NFT = 'SP2X0TZ59D5SZ8ACQ6YMCHHNR2ZN51Z32E2CJ173.the-explorer-guild::The-Explorer-Guild';

/** Runs a snippet the way a user pastes it, with the real `Pc` and `Cl`, and returns its post-conditions as hex. */
function run(code: string): string[] {
  const f = new Function('Pc', 'Cl', `${code}\nreturn postConditions;`) as (pc: typeof Pc, cl: typeof Cl) => unknown[];
  return f(Pc, Cl).map((p) => postConditionToHex(p as Parameters<typeof postConditionToHex>[0]));
}

const ev = (type: string, data: Record<string, string>): ReceiptEvent => ({ type, [type]: data });
const swapEvents: ReceiptEvent[] = [
  ev('stx_transfer_event', { sender: SENDER, recipient: POOL, amount: '1000000', memo: '' }),
  ev('stx_transfer_event', { sender: SENDER, recipient: POOL, amount: '500', memo: '' }),
  ev('ft_transfer_event', { asset_identifier: `${TOKEN}::sbtc-token`, sender: POOL, recipient: SENDER, amount: '77' }),
  ev('nft_transfer_event', {
    asset_identifier: NFT,
    sender: SENDER,
    recipient: RECIPIENT,
    raw_value: cvToHex(Cl.uint(42)),
  }),
  ev('ft_mint_event', { asset_identifier: `${TOKEN}::sbtc-token`, recipient: SENDER, amount: '5' }),
  ev('contract_event', { contract_identifier: TOKEN, topic: 'print', raw_value: '0x01' }),
];

describe('Simulation effects', () => {
  it('reads the movements of the sample receipt, and nets them per principal', () => {
    const raw = JSON.parse(
      fs.readFileSync(path.join(__dirname, '../../../test/fixtures/simulation/instant--ft-transfer.json'), 'utf8'),
    ) as { receipt: { events: string[] } };
    const moves = movementsOf(raw.receipt.events.map((e) => JSON.parse(e) as ReceiptEvent));
    assert.deepStrictEqual(moves, [
      {
        asset: 'ft',
        action: 'transfer',
        sender: SENDER,
        recipient: RECIPIENT,
        amount: '100',
        assetId: `${TOKEN}::sbtc-token`,
      },
    ]);
    assert.deepStrictEqual(
      netChanges(movementsOf(swapEvents)).filter((c) => c.asset === 'STX'),
      [
        { principal: SENDER, asset: 'STX', change: -1_000_500n },
        { principal: POOL, asset: 'STX', change: 1_000_500n },
      ],
    );
  });

  it('Deny mode pins every sent amount, the contract’s outflow included, with the real Pc API', () => {
    const code = postConditionCode(movementsOf(swapEvents), SENDER, 'deny');
    assert.match(code, /PostConditionMode\.Deny/);
    assert.deepStrictEqual(run(code), [
      postConditionToHex(Pc.principal(SENDER).willSendEq(1_000_500n).ustx()),
      postConditionToHex(Pc.principal(POOL).willSendEq(77n).ft(TOKEN, 'sbtc-token')),
      postConditionToHex(
        Pc.principal(SENDER)
          .willSendAsset()
          .nft('SP2X0TZ59D5SZ8ACQ6YMCHHNR2ZN51Z32E2CJ173.the-explorer-guild', 'The-Explorer-Guild', Cl.uint(42)),
      ),
    ]);
  });

  it('Originator mode keeps only the sender’s own outflows', () => {
    const code = postConditionCode(movementsOf(swapEvents), SENDER, 'originator');
    assert.match(code, /PostConditionMode\.Originator/);
    const pcs = run(code);
    assert.strictEqual(pcs.length, 2);
    assert.ok(!code.includes(POOL), 'the contract’s outflow is not constrained');
    assert.strictEqual(pcs[0], postConditionToHex(Pc.principal(SENDER).willSendEq(1_000_500n).ustx()));
  });

  it('a call that sends nothing gives an empty list', () => {
    assert.deepStrictEqual(run(postConditionCode([], SENDER, 'deny')), []);
  });

  it('gives the cost as shares of the block limit', () => {
    const shares = costShares(
      { runtime: 41293, read_count: 8, read_length: 12096, write_count: 3, write_length: 213 },
      BLOCK_LIMITS.epoch21.cost,
    );
    const byDim = Object.fromEntries(shares.map((s) => [s.dimension, percentText(s.percent)]));
    assert.deepStrictEqual(byDim, {
      runtime: '0.00083 %',
      read_count: '0.053 %',
      read_length: '0.012 %',
      write_count: '0.020 %',
      write_length: '0.0014 %',
    });
    assert.strictEqual(percentText(150), '150.0 %');
  });
});
