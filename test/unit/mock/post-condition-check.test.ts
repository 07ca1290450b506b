import * as assert from 'assert';
import { Cl, cvToHex, Pc, type PostCondition } from '@stacks/transactions';
import { postConditionBreach } from '../../../src/chain/postConditionBreach';
import { buildSimulationCall } from '../../../src/chain/simulationTx';
import { parsePostConditions } from '../../../src/chain/postConditionParse';
import { BURNED_ASSET, postConditionAbort, STX_ASSET, type MockEvent } from '../../mock-api/postConditionCheck';
import { receiptFor } from '../../mock-api/simulation';

const TOKEN = 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token';
const FT = `${TOKEN}::sbtc-token`;
const SENDER = 'SP212Y5JKN59YP3GYG07K3S8W5SSGE4KH6B5STXER';
const RECIPIENT = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const POOL = 'SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.amm-vault-v2-01';
const NFT_CONTRACT = 'SP2X0TZ59D5SZ8ACQ6YMCHHNR2ZN51Z32E2CJ173.the-explorer-guild';
const NFT = `${NFT_CONTRACT}::The-Explorer-Guild`;

const ev = (type: string, data: Record<string, string>): MockEvent => ({ type, [type]: data });
const ftSent = (sender: string, amount: string) =>
  ev('ft_transfer_event', { asset_identifier: FT, sender, recipient: RECIPIENT, amount });
const nftSent = (sender: string, id: number) =>
  ev('nft_transfer_event', { asset_identifier: NFT, sender, recipient: RECIPIENT, raw_value: cvToHex(Cl.uint(id)) });
const pcs = (...p: PostCondition[]) => p;

describe('Mock simulation service: post-conditions abort as the node decides', () => {
  const transfer = [ftSent(SENDER, '100')];

  it('an exact condition on what was sent holds, in Deny mode', () => {
    assert.strictEqual(
      postConditionAbort(pcs(Pc.principal(SENDER).willSendEq(100n).ft(TOKEN, 'sbtc-token')), 'deny', SENDER, transfer),
      undefined,
    );
  });

  it('a condition that does not hold aborts with its amount, code and what was sent', () => {
    const cases: Array<[PostCondition, string]> = [
      [Pc.principal(SENDER).willSendEq(10n).ft(TOKEN, 'sbtc-token'), '10 SentEq 100'],
      [Pc.principal(SENDER).willSendLt(100n).ft(TOKEN, 'sbtc-token'), '100 SentLt 100'],
      [Pc.principal(SENDER).willSendGt(100n).ft(TOKEN, 'sbtc-token'), '100 SentGt 100'],
      [Pc.principal(SENDER).willSendGte(101n).ft(TOKEN, 'sbtc-token'), '101 SentGe 100'],
      [Pc.principal(SENDER).willSendLte(99n).ft(TOKEN, 'sbtc-token'), '99 SentLe 100'],
      [Pc.principal(RECIPIENT).willSendEq(100n).ft(TOKEN, 'sbtc-token'), '100 SentEq 0'],
    ];
    for (const [pc, words] of cases) {
      const who = pc.address;
      assert.strictEqual(
        postConditionAbort([pc], 'allow', SENDER, transfer),
        `Post-condition check failure on fungible asset ${FT} owned by ${who}: ${words}`,
      );
    }
    assert.strictEqual(
      postConditionAbort(pcs(Pc.principal(SENDER).willSendLte(99n).ft(TOKEN, 'sbtc-token')), 'deny', SENDER, transfer),
      `Post-condition check failure on fungible asset ${FT} owned by ${SENDER}: 99 SentLe 100`,
      'a failing condition is said before anything unchecked',
    );
  });

  it('what the product parses back names the condition the paste held', () => {
    const reason = postConditionAbort(
      pcs(Pc.principal(SENDER).willSendEq(10n).ft(TOKEN, 'sbtc-token')),
      'deny',
      SENDER,
      transfer,
    );
    const row = {
      type: 'fungible',
      condition_code: 'sent_equal_to',
      amount: '10',
      principal: { type_id: 'principal_standard', address: SENDER },
      asset: { contract_address: TOKEN.split('.')[0], contract_name: 'sbtc-token', asset_name: 'sbtc-token' },
    };
    assert.deepStrictEqual(postConditionBreach(reason, [row], SENDER), {
      kind: 'condition',
      asset: 'ft',
      principal: SENDER,
      assetId: FT,
      code: 'sent_equal_to',
      expected: '10',
      actual: '100',
      rows: [0],
    });
  });

  it('Deny checks every sender, Originator only the origin, Allow nobody', () => {
    const swap = [ftSent(SENDER, '100'), ftSent(POOL, '7')];
    const mine = pcs(Pc.principal(SENDER).willSendEq(100n).ft(TOKEN, 'sbtc-token'));
    assert.strictEqual(
      postConditionAbort(mine, 'deny', SENDER, swap),
      `Post-condition check failure: Fungible asset ${FT} was moved by ${POOL} but not checked`,
    );
    assert.strictEqual(postConditionAbort(mine, 'originator', SENDER, swap), undefined);
    assert.strictEqual(
      postConditionAbort([], 'originator', SENDER, swap),
      `Post-condition check failure: Fungible asset ${FT} was moved by ${SENDER} but not checked`,
    );
    assert.strictEqual(postConditionAbort([], 'allow', SENDER, swap), undefined);
  });

  it('STX: transfers and burns are summed, and the node’s own asset ids name what is unchecked', () => {
    const stx = [
      ev('stx_transfer_event', { sender: SENDER, recipient: POOL, amount: '1000' }),
      ev('stx_burn_event', { sender: SENDER, amount: '5' }),
    ];
    assert.strictEqual(STX_ASSET, 'S0000000000000000000002AA028H.STX::STX');
    assert.strictEqual(
      postConditionAbort(pcs(Pc.principal(SENDER).willSendEq(1000n).ustx()), 'allow', SENDER, stx),
      `Post-condition check failure on STX owned by ${SENDER}: 1000 SentEq 1005`,
    );
    assert.strictEqual(postConditionAbort(pcs(Pc.origin().willSendEq(1005n).ustx()), 'deny', SENDER, stx), undefined);
    assert.strictEqual(
      postConditionAbort([], 'deny', SENDER, stx.slice(1)),
      `Post-condition check failure: Fungible asset ${BURNED_ASSET} was moved by ${SENDER} but not checked`,
    );
    const unchecked = postConditionAbort([], 'deny', SENDER, stx);
    assert.deepStrictEqual(postConditionBreach(unchecked, [], SENDER), {
      kind: 'unchecked',
      asset: 'stx',
      principal: SENDER,
    });
  });

  it('NFTs: sent, not sent, and each value moved must be listed', () => {
    const moved = [nftSent(SENDER, 42), nftSent(SENDER, 43)];
    const sent42 = Pc.principal(SENDER).willSendAsset().nft(NFT_CONTRACT, 'The-Explorer-Guild', Cl.uint(42));
    const sent43 = Pc.principal(SENDER).willSendAsset().nft(NFT_CONTRACT, 'The-Explorer-Guild', Cl.uint(43));
    assert.strictEqual(postConditionAbort([sent42, sent43], 'deny', SENDER, moved), undefined);
    assert.strictEqual(
      postConditionAbort([sent42], 'deny', SENDER, moved),
      `Post-condition check failure: Non-fungible asset ${NFT} value UInt(43) was moved by ${SENDER} but not checked`,
    );
    assert.strictEqual(
      postConditionAbort([], 'deny', SENDER, moved),
      `Post-condition check failure: No checks for non-fungible asset ${NFT} moved by ${SENDER}`,
    );
    const keep = Pc.principal(SENDER).willNotSendAsset().nft(NFT_CONTRACT, 'The-Explorer-Guild', Cl.uint(42));
    const reason = postConditionAbort([keep], 'allow', SENDER, moved);
    assert.strictEqual(
      reason,
      `Post-condition check failure on non-fungible asset ${NFT} owned by ${SENDER}: UInt(42) NotSent [UInt(42), UInt(43)]`,
    );
    assert.strictEqual(postConditionBreach(reason, [], SENDER)?.kind, 'condition');
  });

  it('the service reads them from the transaction it gets: an (err …) moves nothing, so an exact amount aborts it', async () => {
    const args = [Cl.uint(100), Cl.principal(SENDER), Cl.principal(RECIPIENT), Cl.none()].map((v) => cvToHex(v));
    const receipt = async (code: string, from = SENDER) => {
      const parsed = parsePostConditions(code);
      assert.ok(parsed.ok);
      const built = await buildSimulationCall({
        contractId: TOKEN,
        fn: 'transfer',
        args: from === SENDER ? args : [args[0]!, cvToHex(Cl.principal(from)), args[2]!, args[3]!],
        sender: SENDER,
        nonce: 0,
        network: 'mainnet',
        postConditions: { mode: parsed.mode ?? 'deny', conditions: parsed.conditions },
      });
      const reply = receiptFor('mainnet', built.transaction);
      return (reply.body as { receipt: { vm_error: string | null; post_condition_aborted: boolean; result: string } })
        .receipt;
    };
    const deny = `// postConditionMode: PostConditionMode.Deny\nPc.principal('${SENDER}').willSendEq(100n).ft('${TOKEN}', 'sbtc-token'),`;
    const held = await receipt(deny);
    assert.strictEqual(held.post_condition_aborted, false);
    assert.strictEqual(held.vm_error, null);
    assert.strictEqual(held.result, '0703');
    const failed = await receipt(deny, RECIPIENT);
    assert.strictEqual(failed.result, '080100000000000000000000000000000004', 'the token refused: (err u4)');
    assert.strictEqual(failed.post_condition_aborted, true);
    assert.strictEqual(
      failed.vm_error,
      `Post-condition check failure on fungible asset ${FT} owned by ${SENDER}: 100 SentEq 0`,
    );
  });
});
