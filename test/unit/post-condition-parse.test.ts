import * as assert from 'assert';
import { Cl, cvToHex, Pc, postConditionToHex } from '@stacks/transactions';
import { MAX_PASTE_CHARS, parsePostConditions, type ParsedPc } from '../../src/chain/postConditionParse';
import { movementsOf, postConditionCode, type ReceiptEvent } from '../../src/chain/simulation';
import { buildSimulationCall, readSimulationCall } from '../../src/chain/simulationTx';

const TOKEN = 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token';
const SENDER = 'SP212Y5JKN59YP3GYG07K3S8W5SSGE4KH6B5STXER';
const RECIPIENT = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const POOL = 'SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.amm-vault-v2-01';
const NFT_CONTRACT = 'SP2X0TZ59D5SZ8ACQ6YMCHHNR2ZN51Z32E2CJ173.the-explorer-guild';

const conditions = (text: string): ParsedPc[] => {
  const r = parsePostConditions(text);
  assert.ok(r.ok, r.ok ? '' : r.problems.join(' | '));
  return r.conditions;
};
const problems = (text: string): string[] => {
  const r = parsePostConditions(text);
  assert.ok(!r.ok, 'the text is refused');
  return r.problems;
};

/** The post-conditions a built simulation carries, as the real `Pc` API would write them (hex). */
async function carried(parsed: ParsedPc[], mode: 'deny' | 'allow' | 'originator' = 'deny'): Promise<string[]> {
  const built = await buildSimulationCall({
    contractId: TOKEN,
    fn: 'transfer',
    args: [],
    sender: SENDER,
    nonce: 1,
    network: 'mainnet',
    postConditions: { mode, conditions: parsed },
  });
  const read = readSimulationCall(built.transaction, 'mainnet');
  assert.ok(read);
  assert.strictEqual(read.mode, mode);
  return read.postConditions.map((p) => postConditionToHex(p));
}

describe('Pasted post-conditions', () => {
  it('reads the Deny and Originator snippets the Simulate section writes, mode included', async () => {
    const ev = (type: string, data: Record<string, string>): ReceiptEvent => ({ type, [type]: data });
    const moves = movementsOf([
      ev('stx_transfer_event', { sender: SENDER, recipient: POOL, amount: '1000500' }),
      ev('ft_transfer_event', {
        asset_identifier: `${TOKEN}::sbtc-token`,
        sender: POOL,
        recipient: SENDER,
        amount: '77',
      }),
      ev('nft_transfer_event', {
        asset_identifier: `${NFT_CONTRACT}::The-Explorer-Guild`,
        sender: SENDER,
        recipient: RECIPIENT,
        raw_value: cvToHex(Cl.uint(42)),
      }),
    ]);
    const deny = parsePostConditions(postConditionCode(moves, SENDER, 'deny'));
    assert.ok(deny.ok);
    assert.strictEqual(deny.mode, 'deny');
    assert.deepStrictEqual(await carried(deny.conditions), [
      postConditionToHex(Pc.principal(SENDER).willSendEq(1_000_500n).ustx()),
      postConditionToHex(Pc.principal(POOL).willSendEq(77n).ft(TOKEN, 'sbtc-token')),
      postConditionToHex(Pc.principal(SENDER).willSendAsset().nft(NFT_CONTRACT, 'The-Explorer-Guild', Cl.uint(42))),
    ]);
    const originator = parsePostConditions(postConditionCode(moves, SENDER, 'originator'));
    assert.ok(originator.ok);
    assert.strictEqual(originator.mode, 'originator');
    assert.strictEqual(originator.conditions.length, 2);
    // The empty list a call that sends nothing gets.
    const empty = parsePostConditions(postConditionCode([], SENDER, 'deny'));
    assert.deepStrictEqual(empty, { ok: true, conditions: [], mode: 'deny' });
  });

  it('reads every comparison, with or without the n of a BigInt and the trailing comma', async () => {
    const text = [
      `Pc.principal('${SENDER}').willSendEq(1).ustx()`,
      `Pc.principal('${SENDER}').willSendGt(2n).ustx(),`,
      `  Pc.principal('${SENDER}').willSendGte(3n).ft('${TOKEN}', 'sbtc-token'),`,
      `Pc.principal('${POOL}').willSendLt(4n).ft('${TOKEN}','sbtc-token')`,
      `Pc.principal('${SENDER}').willSendLte(18446744073709551615n).ustx(),`,
      `Pc.principal('${SENDER}').willNotSendAsset().nft('${NFT_CONTRACT}', 'The-Explorer-Guild', Cl.deserialize('0x0100000000000000000000000000000007')),`,
    ].join('\r\n');
    const parsed = conditions(text);
    assert.deepStrictEqual(
      parsed.map((p) => [p.line, p.kind, p.code]),
      [
        [1, 'stx', 'eq'],
        [2, 'stx', 'gt'],
        [3, 'ft', 'gte'],
        [4, 'ft', 'lt'],
        [5, 'stx', 'lte'],
        [6, 'nft', 'not-sent'],
      ],
    );
    assert.deepStrictEqual(await carried(parsed, 'allow'), [
      postConditionToHex(Pc.principal(SENDER).willSendEq(1n).ustx()),
      postConditionToHex(Pc.principal(SENDER).willSendGt(2n).ustx()),
      postConditionToHex(Pc.principal(SENDER).willSendGte(3n).ft(TOKEN, 'sbtc-token')),
      postConditionToHex(Pc.principal(POOL).willSendLt(4n).ft(TOKEN, 'sbtc-token')),
      postConditionToHex(Pc.principal(SENDER).willSendLte(18446744073709551615n).ustx()),
      postConditionToHex(Pc.principal(SENDER).willNotSendAsset().nft(NFT_CONTRACT, 'The-Explorer-Guild', Cl.uint(7))),
    ]);
  });

  it('names each line it cannot read, and what it expects there', () => {
    const said = problems(
      [
        '// postConditionMode: PostConditionMode.Deny',
        'const postConditions = [',
        `  Pc.principal('${SENDER}').willSendEq(100n).ustx(),`,
        `  Pc.principal('${SENDER}').willSendEq(-5n).ustx(),`,
        `  Pc.principal("${SENDER}").willSendEq(5n).ustx(),`,
        `  Pc.principal('${SENDER}').willSendEq(5n).ustx(); fetch('https://example.com')`,
        '];',
      ].join('\n'),
    );
    assert.strictEqual(said.length, 3);
    assert.match(
      said[0]!,
      /^Line 4 \(Pc\.principal\('SP212Y5.*\) is not a post-condition: expected one post-condition/,
    );
    assert.match(said[1]!, /^Line 5 /);
    assert.match(said[2]!, /^Line 6 .*is not a post-condition/);
    assert.ok(
      said[0]!.endsWith(
        ": expected one post-condition as the Simulate section writes it: Pc.principal('SP…').willSendEq(100n).ustx(), .willSendEq(100n).ft('SP….contract', 'token') or .willSendAsset().nft('SP….contract', 'name', Cl.deserialize('0x…')).",
      ),
      said[0],
    );
  });

  it('says what is wrong inside a line that has the right shape', () => {
    assert.deepStrictEqual(problems(`Pc.principal('${SENDER}').willSendEq(18446744073709551616n).ustx()`), [
      'Line 1: the amount 18446744073709551616 is larger than a post-condition holds (at most 18446744073709551615).',
    ]);
    assert.match(
      problems(`Pc.principal('SP212Y5JKN59YP3GYG07K3S8W5SSGE4KH6B5STXEX').willSendEq(1n).ustx()`)[0]!,
      /^Line 1: .*checksum does not match/,
    );
    assert.match(
      problems(`Pc.principal('${SENDER}').willSendEq(1n).ft('${SENDER}', 'sbtc-token')`)[0]!,
      /^Line 1: .*is not a contract id/,
    );
    assert.match(
      problems(`Pc.principal('${SENDER}').willSendAsset().nft('${NFT_CONTRACT}', 'x', Cl.deserialize('0x010'))`)[0]!,
      /^Line 1: the NFT's id '010…' has an odd number of hex digits\.$/,
    );
  });

  it('lists five problems and counts the rest', () => {
    const said = problems(Array.from({ length: 9 }, (_, i) => `bad line ${i}`).join('\n'));
    assert.strictEqual(said.length, 6);
    assert.strictEqual(said[5], 'And 4 more lines like these.');
  });

  it('refuses a 100 KB paste in one sentence, without reading it', () => {
    const line = `Pc.principal('${SENDER}').willSendEq(100n).ustx(),\n`;
    const big = line.repeat(Math.ceil(100_000 / line.length));
    assert.ok(big.length >= 100_000);
    const started = process.hrtime.bigint();
    const said = problems(big);
    assert.ok(process.hrtime.bigint() - started < 50_000_000n, 'answered at once');
    assert.deepStrictEqual(said, [
      `The post-conditions are ${big.length.toLocaleString('en-US')} characters long; at most 65,536 are read: paste only the list of Pc lines.`,
    ]);
  });

  it('reads a paste just under the cap in linear time, hostile lines included', () => {
    // Lines built to make a backtracking pattern work hard: long runs of what almost matches.
    const hostile = `Pc.principal('${'S'.repeat(190)}').willSendEq(${'1'.repeat(29)}${'n'.repeat(4000)}`;
    const text = `${hostile}\n`.repeat(Math.floor((MAX_PASTE_CHARS - 1) / (hostile.length + 1)));
    const started = process.hrtime.bigint();
    const said = problems(text);
    assert.ok(process.hrtime.bigint() - started < 500_000_000n, 'answered within half a second');
    assert.match(said[0]!, /^Line 1 .* is not a post-condition/);
  });

  it('reads a paste of exactly the cap; refuses a line longer than a post-condition, naming its length', () => {
    const line = `Pc.principal('${SENDER}').willSendEq(1n).ustx(),`;
    const exact = line + '\n'.repeat(MAX_PASTE_CHARS - line.length);
    assert.strictEqual(exact.length, MAX_PASTE_CHARS);
    assert.strictEqual(conditions(exact).length, 1, 'the cap itself is read');
    assert.deepStrictEqual(problems(`${line}\n// ${'x'.repeat(9_000)}`), [
      'Line 2 is 9,003 characters long, more than the 8,192 a post-condition takes.',
    ]);
    const atLimit = problems(`${line}\n${'x'.repeat(8_192)}`);
    assert.strictEqual(atLimit.length, 1);
    assert.match(atLimit[0]!, /^Line 2 \(x{60}…\) is not a post-condition/, 'a line of exactly 8,192 is read');
  });

  it('counts one more problem in the singular; shows a long line cut at 60 characters, a short one whole', () => {
    const six = problems(Array.from({ length: 6 }, (_, i) => `bad line ${i}`).join('\n'));
    assert.strictEqual(six[5], 'And 1 more line like these.');
    const long = `x${'y'.repeat(80)}`;
    assert.match(problems(long)[0]!, new RegExp(`^Line 1 \\(x${'y'.repeat(59)}…\\) is not a post-condition`));
    assert.match(problems('nonsense')[0]!, /^Line 1 \(nonsense\) is not a post-condition/);
    assert.match(problems('z'.repeat(60))[0]!, /^Line 1 \(z{60}\) is not a post-condition/, 'exactly 60: whole');
  });

  it('an STX condition carries no asset, a token one its contract and name; an odd NFT id is shown cut at 40 digits', () => {
    const [stx, ft] = conditions(
      [
        `Pc.principal('${SENDER}').willSendEq(1n).ustx()`,
        `Pc.principal('${SENDER}').willSendGte(2n).ft('${TOKEN}', 'sbtc-token')`,
      ].join('\n'),
    );
    assert.strictEqual(stx!.kind, 'stx');
    assert.ok(!('asset' in stx!), 'no asset on an STX condition');
    assert.strictEqual(ft!.kind === 'ft' && ft!.asset, `${TOKEN}::sbtc-token`);
    const hex = 'a'.repeat(45);
    assert.deepStrictEqual(
      problems(`Pc.principal('${SENDER}').willSendAsset().nft('${NFT_CONTRACT}', 'x', Cl.deserialize('0x${hex}'))`),
      [`Line 1: the NFT's id '${'a'.repeat(40)}…' has an odd number of hex digits.`],
    );
  });

  it('holds at most 200 conditions', () => {
    const line = `Pc.principal('${SENDER}').willSendEq(1n).ustx(),`;
    assert.strictEqual(conditions(Array(200).fill(line).join('\n')).length, 200);
    assert.deepStrictEqual(problems(Array(201).fill(line).join('\n')), [
      'Line 201: a set holds at most 200 post-conditions.',
    ]);
  });

  it('refuses an NFT id that is not a Clarity value when the call is built, naming the line', async () => {
    const parsed = conditions(
      `\n\nPc.principal('${SENDER}').willSendAsset().nft('${NFT_CONTRACT}', 'x', Cl.deserialize('0xff00'))`,
    );
    await assert.rejects(carried(parsed), /^Error: Line 3: the NFT's id 0xff00… is not a serialized Clarity value\.$/);
  });
});
