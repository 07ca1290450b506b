import * as assert from 'assert';
import type { Transaction } from '../../src/api';
import { breachSentence, postConditionBreach, type PostConditionRow } from '../../src/chain/postConditionBreach';
import type { Section } from '../../src/protocol';
import { txModel } from '../../src/ui/panels/models/tx';
import { BROKEN_CONDITION } from '../mock-api/data';
import { loadFixture } from '../mock-api/server';
import { MODEL_CONTEXT } from './modelContext';

/** The sender of the real MiamiCoin transfer (tx-contract_call-ft_transfer.json). */
const SENDER = 'SPVCH23N0QWQQZ3NJFB2YCBGPKTW7GBFXBEF4G19';
const OTHER = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const MIA = 'SP466FNC0P7JWTNM2R9T199QRZN1MYEDTAR0KP27.miamicoin-token::miamicoin';
const MIA_ASSET = {
  asset_name: 'miamicoin',
  contract_address: 'SP466FNC0P7JWTNM2R9T199QRZN1MYEDTAR0KP27',
  contract_name: 'miamicoin-token',
};

const stx = (amount: string, code = 'sent_equal_to', type_id = 'principal_origin'): PostConditionRow => ({
  type: 'stx',
  condition_code: code,
  amount,
  principal: type_id === 'principal_origin' ? { type_id } : { type_id, address: OTHER },
});

// Reasons in the formats of stacks-core's check_transaction_postconditions.
describe('Which post-condition did not hold (the node’s vm_error, matched to the list)', () => {
  it('an STX condition on the origin: its row, the amounts, and one sentence', () => {
    const rows = [stx('1000000', 'sent_less_than_or_equal_to'), stx('5', 'sent_equal_to', 'principal_standard')];
    const b = postConditionBreach(
      `Post-condition check failure on STX owned by ${SENDER}: 1000000 SentLe 2000000`,
      rows,
      SENDER,
    );
    assert.deepStrictEqual(b, {
      kind: 'condition',
      asset: 'stx',
      principal: SENDER,
      code: 'sent_less_than_or_equal_to',
      expected: '1000000',
      actual: '2000000',
      rows: [0],
    });
    assert.strictEqual(
      breachSentence(b!, SENDER),
      `The post-condition “the sender ${SENDER} sends at most 1 STX” did not hold: it sent 2 STX.`,
    );
  });

  it('a token condition: matched by asset and amount, read in base units', () => {
    const rows: PostConditionRow[] = [
      {
        type: 'fungible',
        condition_code: 'sent_equal_to',
        amount: '100000',
        principal: { type_id: 'principal_standard', address: SENDER },
        asset: MIA_ASSET,
      },
      {
        type: 'fungible',
        condition_code: 'sent_equal_to',
        amount: '50000',
        principal: { type_id: 'principal_standard', address: SENDER },
        asset: MIA_ASSET,
      },
    ];
    const b = postConditionBreach(BROKEN_CONDITION.vmError, rows, SENDER);
    assert.ok(b?.kind === 'condition');
    assert.deepStrictEqual(b.rows, [1], 'the amount tells the two conditions apart');
    assert.strictEqual(b.assetId, MIA);
    assert.strictEqual(
      breachSentence(b, SENDER),
      `The post-condition “the sender ${SENDER} sends exactly 50,000 base units of ${MIA}” did not hold: it sent 100,000 base units.`,
    );
  });

  it('names every row when twins cannot be told apart, and none when the list has no such row', () => {
    const reason = `Post-condition check failure on STX owned by ${SENDER}: 20 SentGe 5`;
    const twins = postConditionBreach(
      reason,
      [stx('20', 'sent_greater_than_or_equal_to'), stx('20', 'sent_greater_than_or_equal_to')],
      SENDER,
    );
    assert.ok(twins?.kind === 'condition');
    assert.deepStrictEqual(twins.rows, [0, 1]);
    const none = postConditionBreach(reason, [stx('20', 'sent_equal_to')], SENDER);
    assert.ok(none?.kind === 'condition');
    assert.deepStrictEqual(none.rows, [], 'another code is not this condition');
    const elsewhere = postConditionBreach(
      reason,
      [stx('20', 'sent_greater_than_or_equal_to', 'principal_standard')],
      SENDER,
    );
    assert.deepStrictEqual(elsewhere?.kind === 'condition' && elsewhere.rows, [], 'another principal is not it either');
  });

  it('an NFT, a staking and a PoX condition', () => {
    const nft = postConditionBreach(
      `Post-condition check failure on non-fungible asset ${OTHER}.punks::punk owned by ${SENDER}: UInt(7) NotSent [UInt(7)]`,
      [
        {
          type: 'non_fungible',
          condition_code: 'not_sent',
          principal: { type_id: 'principal_origin' },
          asset: { contract_address: OTHER, contract_name: 'punks', asset_name: 'punk' },
        },
      ],
      SENDER,
    );
    assert.ok(nft?.kind === 'condition');
    assert.deepStrictEqual(nft.rows, [0]);
    assert.strictEqual(
      breachSentence(nft, SENDER),
      `The post-condition “the sender ${SENDER} does not send the NFT ${OTHER}.punks::punk” did not hold.`,
    );
    const staking = postConditionBreach(
      `Post-condition check failure on STX staked by ${SENDER}: 1000000 SentLe 3000000`,
      [
        {
          type: 'staking',
          condition_code: 'sent_less_than_or_equal_to',
          amount: '1000000',
          principal: { type_id: 'principal_origin' },
        },
      ],
      SENDER,
    );
    assert.strictEqual(
      staking && breachSentence(staking, SENDER),
      `The post-condition “the sender ${SENDER} stakes at most 1 STX” did not hold: it staked 3 STX.`,
    );
    const pox = postConditionBreach(
      `Post-condition check failure on PoX action by ${OTHER}: NotPerformed performed=true`,
      [{ type: 'pox', condition_code: 'not_performed', principal: { type_id: 'principal_standard', address: OTHER } }],
      SENDER,
    );
    assert.ok(pox?.kind === 'condition');
    assert.deepStrictEqual(pox.rows, [0]);
    assert.strictEqual(
      breachSentence(pox, SENDER),
      `The post-condition “${OTHER} performs no PoX action” did not hold.`,
    );
  });

  it('a movement no condition lists: what moved, and no row (the vm_error sentence says it)', () => {
    const ft = postConditionBreach(
      `Post condition aborted transaction: Post-condition check failure: Fungible asset ${MIA} was moved by ${SENDER} but not checked`,
      [],
      SENDER,
    );
    assert.deepStrictEqual(ft, { kind: 'unchecked', asset: 'ft', principal: SENDER, assetId: MIA });
    assert.strictEqual(breachSentence(ft!, SENDER), undefined);
    const stxMoved = postConditionBreach(
      `Post-condition check failure: Fungible asset S0000000000000000000002AA028H.STX::STX was moved by ${SENDER} but not checked`,
      [],
      SENDER,
    );
    assert.deepStrictEqual(stxMoved, { kind: 'unchecked', asset: 'stx', principal: SENDER });
    assert.deepStrictEqual(
      postConditionBreach(`Post-condition check failure: 1000 STX was staked by ${SENDER} but not checked`, [], SENDER),
      { kind: 'unchecked', asset: 'staking', principal: SENDER, amount: '1000' },
    );
  });

  it('a row of another type, asset or amount is not the condition; a row the API sent without an amount still is', () => {
    const mia = {
      contract_address: 'SP466FNC0P7JWTNM2R9T199QRZN1MYEDTAR0KP27',
      contract_name: 'miamicoin-token',
      asset_name: 'miamicoin',
    };
    const origin = { type_id: 'principal_origin' };
    const b = postConditionBreach(
      BROKEN_CONDITION.vmError,
      [
        { type: 'stx', condition_code: 'sent_equal_to', amount: '50000', principal: origin },
        {
          type: 'fungible',
          condition_code: 'sent_equal_to',
          amount: '50000',
          principal: origin,
          asset: { ...mia, asset_name: 'other' },
        },
        { type: 'fungible', condition_code: 'sent_equal_to', amount: '50001', principal: origin, asset: mia },
        { type: 'fungible', condition_code: 'sent_equal_to', principal: origin, asset: mia },
      ],
      SENDER,
    );
    assert.deepStrictEqual(b?.kind === 'condition' && b.rows, [3]);
  });

  it('an STX condition is not a token condition of the same code, principal and amount', () => {
    // A swap's two conditions: the origin sends at most 1 STX, and at most 1,000,000 MIA.
    const rows: PostConditionRow[] = [
      {
        type: 'fungible',
        condition_code: 'sent_less_than_or_equal_to',
        amount: '1000000',
        principal: { type_id: 'principal_origin' },
        asset: MIA_ASSET,
      },
      stx('1000000', 'sent_less_than_or_equal_to'),
    ];
    const b = postConditionBreach(
      `Post-condition check failure on STX owned by ${SENDER}: 1000000 SentLe 2000000`,
      rows,
      SENDER,
    );
    assert.deepStrictEqual(b?.kind === 'condition' && b.rows, [1], 'only the STX row is the broken one');
  });

  it('a condition on a contract’s STX: the row that names that contract, not its deployer', () => {
    const vault = { type_id: 'principal_contract', address: OTHER, contract_name: 'vault' };
    const rows: PostConditionRow[] = [
      {
        type: 'stx',
        condition_code: 'sent_equal_to',
        amount: '500',
        principal: { type_id: 'principal_standard', address: OTHER },
      },
      { type: 'stx', condition_code: 'sent_equal_to', amount: '500', principal: vault },
    ];
    const b = postConditionBreach(
      `Post-condition check failure on STX owned by ${OTHER}.vault: 500 SentEq 700`,
      rows,
      SENDER,
    );
    assert.ok(b?.kind === 'condition');
    assert.deepStrictEqual(b.rows, [1]);
    assert.strictEqual(
      breachSentence(b, SENDER),
      `The post-condition “${OTHER}.vault sends exactly 0.0005 STX” did not hold: it sent 0.0007 STX.`,
    );
  });

  it('reads only the reason’s first line, and only a reason that starts the text', () => {
    const reason = `Post-condition check failure on STX owned by ${SENDER}: 1 SentEq 2`;
    const withTrace = postConditionBreach(`${reason}\nmore the node wrote`, [stx('1')], SENDER);
    assert.deepStrictEqual(withTrace?.kind === 'condition' && withTrace.rows, [0]);
    const crlf = postConditionBreach(`Post condition aborted transaction: ${reason}\r\nmore`, [stx('1')], SENDER);
    assert.deepStrictEqual(crlf?.kind === 'condition' && crlf.rows, [0], 'a line ending in CR LF');
    assert.strictEqual(
      postConditionBreach(`x Post condition aborted transaction: ${reason}`, [stx('1')], SENDER),
      undefined,
    );
    assert.strictEqual(
      postConditionBreach(
        `Post-condition check failure on PoX action by ${OTHER}: Odd NotPerformed performed=true`,
        [],
        SENDER,
      ),
      undefined,
    );
    const notStx = postConditionBreach(
      `Post-condition check failure: Fungible asset ${OTHER}.t::STX::STXcoin was moved by ${SENDER} but not checked`,
      [],
      SENDER,
    );
    assert.strictEqual(notStx?.asset, 'ft');
    // A token whose contract and name only begin like the node's STX (`….STX::STX`) is that token.
    const startsLikeStx = postConditionBreach(
      `Post-condition check failure: Fungible asset ${OTHER}.STX::STXcoin was moved by ${SENDER} but not checked`,
      [],
      SENDER,
    );
    assert.deepStrictEqual(startsLikeStx, {
      kind: 'unchecked',
      asset: 'ft',
      principal: SENDER,
      assetId: `${OTHER}.STX::STXcoin`,
    });
  });

  it('no breach in a reason that is not one, an empty one, or one far too long', () => {
    assert.strictEqual(postConditionBreach('post condition error', [stx('1')], SENDER), undefined);
    assert.strictEqual(postConditionBreach(null, [stx('1')], SENDER), undefined);
    assert.strictEqual(postConditionBreach(`DivisionByZero`, [], SENDER), undefined);
    const huge = `Post-condition check failure on STX owned by ${SENDER}: ${'9'.repeat(100_000)} SentEq 1`;
    assert.strictEqual(postConditionBreach(huge, [stx('1')], SENDER), undefined);
    // Only the first 4,096 characters are read: a code beyond them is not looked for.
    const nft = `Post-condition check failure on non-fungible asset ${MIA} owned by ${SENDER}: u1`;
    assert.strictEqual(postConditionBreach(`${nft} Sent`, [], SENDER)?.kind, 'condition');
    assert.strictEqual(postConditionBreach(`${nft}${' '.repeat(4_096)} Sent`, [], SENDER), undefined);
  });
});

describe('The transaction panel marks the condition that did not hold', () => {
  function aborted(): Transaction {
    const tx = loadFixture('tx-contract_call-ft_transfer.json') as Transaction;
    const [pc] = tx.post_conditions ?? [];
    return {
      ...tx,
      tx_status: 'abort_by_post_condition',
      post_conditions: [{ ...pc!, amount: BROKEN_CONDITION.amount }, { ...pc! }],
      vm_error: BROKEN_CONDITION.vmError,
    };
  }
  const table = (t: Transaction): Extract<Section, { type: 'table' }> => {
    const s = txModel(t, 0, MODEL_CONTEXT).sections.find(
      (x) => x.type === 'table' && x.title?.startsWith('Post-conditions'),
    );
    assert.ok(s && s.type === 'table');
    return s;
  };

  it('the broken row’s condition is a failed badge saying what was sent; the other row is plain', () => {
    const [broken, held] = table(aborted()).rows.map((r) => r.cells[2]![0]!);
    assert.deepStrictEqual(
      { t: broken!.t, text: broken!.text, tone: broken!.tone, hint: broken!.hint },
      { t: 'badge', text: 'sends exactly', tone: 'failed', hint: 'did not hold: sent 100,000 base units' },
    );
    assert.strictEqual(held!.t, 'text');
    assert.strictEqual(held!.tone, undefined);
  });

  it('a transaction that succeeded marks nothing, even with the same reason text', () => {
    const ok = { ...aborted(), tx_status: 'success' };
    assert.ok(table(ok).rows.every((r) => r.cells[2]![0]!.t === 'text'));
  });
});
