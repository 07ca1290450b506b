import * as assert from 'assert';
import type { Transaction } from '../../src/api';
import type { Section } from '../../src/protocol';
import { txModel } from '../../src/ui/panels/models/tx';
import { loadFixture } from '../mock-api/server';
import { MODEL_CONTEXT } from './modelContext';

const SENDER = 'SPVCH23N0QWQQZ3NJFB2YCBGPKTW7GBFXBEF4G19';
const NFT = {
  asset_name: 'punk',
  contract_address: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7',
  contract_name: 'punks',
};

/** The real MiamiCoin transfer with post-conditions of every kind the API's OpenAPI (v9) describes, and one it does not. */
function txWith(mode: string, conditions: unknown[]): Transaction {
  return {
    ...(loadFixture('tx-contract_call-ft_transfer.json') as Transaction),
    post_condition_mode: mode,
    post_conditions: conditions as Transaction['post_conditions'],
  };
}

function table(t: Transaction): Extract<Section, { type: 'table' }> {
  const s = txModel(t, 0, MODEL_CONTEXT).sections.find(
    (x) => x.type === 'table' && x.title?.startsWith('Post-conditions'),
  );
  assert.ok(s && s.type === 'table');
  return s;
}
const cells = (s: Extract<Section, { type: 'table' }>) =>
  s.rows.map((r) => r.cells.map((c) => c.map((v) => v.full ?? v.text).join(' ')));

describe('Post-conditions in words (API v9: originator, maybe_sent, staking, pox)', () => {
  it('reads the originator mode as SIP-040 has it', () => {
    assert.strictEqual(
      table(txWith('originator', [])).title,
      'Post-conditions (mode Originator: only the sender’s own transfers are checked against this list (SIP-040))',
    );
  });

  it('an NFT that may be sent, STX staked, and a PoX action, each in words', () => {
    const rows = cells(
      table(
        txWith('deny', [
          {
            principal: { type_id: 'principal_standard', address: SENDER },
            condition_code: 'maybe_sent',
            type: 'non_fungible',
            asset_value: { hex: '0x0100000000000000000000000000000007', repr: 'u7' },
            asset: NFT,
          },
          {
            principal: { type_id: 'principal_origin' },
            condition_code: 'sent_less_than_or_equal_to',
            amount: '1000000',
            type: 'staking',
          },
          {
            principal: { type_id: 'principal_standard', address: SENDER },
            condition_code: 'not_performed',
            type: 'pox',
          },
        ]),
      ),
    );
    assert.deepStrictEqual(rows[0]!.slice(0, 4), [
      'NFT',
      SENDER,
      'may send (or keep)',
      `${NFT.contract_address}.punks::punk`,
    ]);
    assert.deepStrictEqual(rows[1], ['Staked STX', 'Sender (origin)', 'stakes at most', 'STX', '1,000,000 µSTX']);
    assert.deepStrictEqual(rows[2]!.slice(0, 3), ['PoX action', SENDER, 'performs no PoX action']);
  });

  it('a kind it does not know shows its fields, and the panel still builds', () => {
    const rows = cells(
      table(
        txWith('some_future_mode', [
          {
            principal: { type_id: 'principal_origin' },
            condition_code: 'bridged_out',
            type: 'bridge',
            amount: '5',
            asset: NFT,
          },
        ]),
      ),
    );
    assert.strictEqual(rows[0]![0], 'bridge');
    assert.strictEqual(rows[0]![2], 'bridged out');
    assert.match(rows[0]![3]!, /^amount: 5, asset: \{"asset_name":"punk"/);
    assert.match(table(txWith('some_future_mode', [])).title!, /mode some_future_mode\)$/);
  });
});
