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
import { nftFloodAnswer } from '../mock-api/simulation';

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

/** The comment a snippet ends with when `n` conditions are beyond its limit. */
const more = (n: number) =>
  `  // … and ${n} more conditions, not written here: this list is incomplete, and a transaction in Deny mode with it would abort.`;

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

  it('reads a Stacking lock (the real stack-stx event) as a lock of the locked address, never a net change or a post-condition', () => {
    const stacked = (
      JSON.parse(
        fs.readFileSync(path.join(__dirname, '../../../test/fixtures/api/tx-contract_call-stack_stx.json'), 'utf8'),
      ) as { events: Array<{ stx_lock_event: Record<string, string> }> }
    ).events[0]!.stx_lock_event;
    const moves = movementsOf([{ type: 'stx_lock_event', stx_lock_event: stacked }]);
    assert.deepStrictEqual(moves, [
      { asset: 'stx', action: 'lock', sender: 'SM313VGCT3TK1M82K2AS2KHNX813BY5FKCXJSKZ4E', amount: '3892859330416' },
    ]);
    assert.deepStrictEqual(netChanges(moves), []);
    assert.deepStrictEqual(run(postConditionCode(moves, moves[0]!.sender!, 'deny')), []);
  });

  it('an event with no payload is still a movement, with nothing known about it', () => {
    assert.deepStrictEqual(movementsOf([{ type: 'stx_transfer_event', stx_transfer_event: null }]), [
      { asset: 'stx', action: 'transfer' },
    ]);
    assert.deepStrictEqual(movementsOf([{ type: 'ft_mint_event' }]), [{ asset: 'ft', action: 'mint' }]);
  });

  it('only the exact asset event types are movements', () => {
    const data = { sender: SENDER, recipient: POOL, amount: '5' };
    assert.deepStrictEqual(movementsOf([ev('xstx_transfer_event', data), ev('stx_transfer_event_v2', data)]), []);
  });

  it('gives an NFT id 0x in front when the event has it without', () => {
    const hex = cvToHex(Cl.uint(42)).slice(2);
    const [move] = movementsOf([ev('nft_mint_event', { asset_identifier: NFT, recipient: SENDER, raw_value: hex })]);
    assert.strictEqual(move?.valueHex, `0x${hex}`);
  });

  it('nets a mint to its recipient only, and an NFT as one unit', () => {
    const moves = movementsOf([
      ev('ft_mint_event', { asset_identifier: `${TOKEN}::sbtc-token`, recipient: SENDER, amount: '5' }),
      ev('nft_transfer_event', { asset_identifier: NFT, sender: SENDER, recipient: RECIPIENT, raw_value: '0x01' }),
    ]);
    assert.deepStrictEqual(netChanges(moves), [
      { principal: SENDER, asset: `${TOKEN}::sbtc-token`, change: 5n },
      { principal: SENDER, asset: NFT, change: -1n },
      { principal: RECIPIENT, asset: NFT, change: 1n },
    ]);
  });

  it('pins a burn as a sent amount, and two tokens of one sender apart', () => {
    const other = 'SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.token-alex::alex';
    const moves = movementsOf([
      ev('ft_burn_event', { asset_identifier: `${TOKEN}::sbtc-token`, sender: SENDER, amount: '9' }),
      ev('ft_transfer_event', { asset_identifier: other, sender: SENDER, recipient: POOL, amount: '4' }),
    ]);
    assert.deepStrictEqual(run(postConditionCode(moves, SENDER, 'deny')), [
      postConditionToHex(Pc.principal(SENDER).willSendEq(9n).ft(TOKEN, 'sbtc-token')),
      postConditionToHex(
        Pc.principal(SENDER).willSendEq(4n).ft('SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.token-alex', 'alex'),
      ),
    ]);
  });

  it('writes names from the node as string literals that cannot break out of their quotes', () => {
    // A quote that would end the literal early, and a backslash that would escape the closing quote.
    const name = "x', 'y\\";
    const seen: string[][] = [];
    // Records what the snippet passes, the way the real Pc would receive it.
    const fakePc = {
      principal: (who: string) => ({
        willSendEq: (n: bigint) => ({ ft: (c: string, t: string) => seen.push([who, String(n), c, t]) }),
      }),
    };
    const code = postConditionCode(
      [{ asset: 'ft', action: 'transfer', sender: SENDER, amount: '3', assetId: `${TOKEN}::${name}` }],
      SENDER,
      'deny',
    );
    new Function('Pc', `${code}\nreturn postConditions;`)(fakePc);
    assert.deepStrictEqual(seen, [[SENDER, '3', TOKEN, name]]);
  });

  it('a token event without its asset id is netted under ?, and its snippet leaves the names to fill in', () => {
    const moves = movementsOf([
      ev('ft_transfer_event', { sender: SENDER, recipient: POOL, amount: '2' }),
      ev('nft_transfer_event', { sender: SENDER, recipient: POOL }),
    ]);
    assert.deepStrictEqual(netChanges(moves), [
      { principal: SENDER, asset: '?', change: -3n },
      { principal: POOL, asset: '?', change: 3n },
    ]);
    assert.strictEqual(
      postConditionCode(moves, SENDER, 'deny'),
      [
        '// postConditionMode: PostConditionMode.Deny',
        'const postConditions = [',
        `  Pc.principal('${SENDER}').willSendEq(2n).ft('', ''),`,
        `  Pc.principal('${SENDER}').willSendAsset().nft('', '', Cl.deserialize('')),`,
        '];',
      ].join('\n'),
    );
  });

  it('a call that sends nothing says so in the snippet', () => {
    assert.match(postConditionCode([], SENDER, 'originator'), /\[\n {2}\/\/ nothing is sent: an empty list\n\];$/);
  });

  it('a zero limit gives a zero share, and shares read as 0 %, <0.0001 % and two significant digits', () => {
    const cost = { runtime: 5, read_count: 0, read_length: 0, write_count: 0, write_length: 0 };
    const shares = costShares(cost, { ...BLOCK_LIMITS.epoch21.cost, runtime: 0 });
    assert.strictEqual(shares.find((s) => s.dimension === 'runtime')?.percent, 0);
    assert.strictEqual(percentText(0), '0 %');
    assert.strictEqual(percentText(0.00009), '<0.0001 %');
    assert.strictEqual(percentText(0.0001), '0.00010 %');
    assert.strictEqual(percentText(0.5), '0.50 %');
  });

  it('writes at most the limit of conditions, in their order, and counts the rest in a comment', () => {
    const moves = movementsOf(swapEvents);
    const code = postConditionCode(moves, SENDER, 'deny', { conditions: 2, chars: Infinity });
    assert.deepStrictEqual(run(code), run(postConditionCode(moves, SENDER, 'deny')).slice(0, 2));
    assert.ok(code.endsWith(`\n${more(1)}\n];`), code);
  });

  it('writes a condition of exactly the character limit, and counts those longer', () => {
    const stx = `Pc.principal('${SENDER}').willSendEq(1000500n).ustx()`;
    assert.strictEqual(
      postConditionCode(movementsOf(swapEvents), SENDER, 'deny', { conditions: Infinity, chars: stx.length }),
      ['// postConditionMode: PostConditionMode.Deny', 'const postConditions = [', `  ${stx},`, more(2), '];'].join(
        '\n',
      ),
    );
  });

  it('of a call that moves a whole collection, writes the first NFTs of the limit and counts the others', () => {
    const events = nftFloodAnswer(SENDER, 3).receipt.events as string[];
    const moves = movementsOf(events.map((e) => JSON.parse(e) as ReceiptEvent));
    const code = postConditionCode(moves, SENDER, 'deny', { conditions: 2, chars: Infinity });
    assert.deepStrictEqual(run(code), run(postConditionCode(moves.slice(0, 2), SENDER, 'deny')));
    assert.ok(code.endsWith(`\n${more(1)}\n];`), code);
  });
  it('does not let an NFT line over the character limit take the place of one that fits', () => {
    // A BNS name's id (a tuple) makes a longer line than the guild NFT's uint id.
    const name = cvToHex(Cl.tuple({ name: Cl.bufferFromUtf8('muneeb'), namespace: Cl.bufferFromUtf8('btc') }));
    const moves = movementsOf([
      ev('nft_transfer_event', {
        asset_identifier: 'SP000000000000000000002Q6VF78.bns::names',
        sender: SENDER,
        recipient: RECIPIENT,
        raw_value: name,
      }),
      swapEvents[3]!,
    ]);
    const guild = postConditionCode(moves.slice(1), SENDER, 'deny');
    const guildLine = guild.split('\n')[2]!.trim().replace(/,$/, '');
    const code = postConditionCode(moves, SENDER, 'deny', { conditions: 1, chars: guildLine.length });
    assert.deepStrictEqual(run(code), run(guild));
    assert.ok(code.endsWith(`\n${more(1)}\n];`), code);
    const none = postConditionCode(moves, SENDER, 'deny', { conditions: 1, chars: guildLine.length - 1 });
    assert.deepStrictEqual(run(none), []);
    assert.ok(!none.includes('nothing is sent'), `an incomplete list does not say nothing is sent:\n${none}`);
    assert.ok(none.endsWith(`[\n${more(2)}\n];`), none);
  });
});
