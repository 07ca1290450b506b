// sBTC's bridge: the registry's print events read from the values the signers' own test fixtures
// carry (stacks-sbtc/sbtc signer/tests/fixtures/withdrawal-*-event.json and
// emily/handler/tests/fixtures/completed-deposit-testnet-event.json, `raw_value`), Emily's client
// against its OpenAPI shapes, the registry's read-only calls through the chain client against the
// mock, and the deposit and withdrawal panels built from what they answer.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { c32address } from 'c32check';
import { createStacksClient, StacksApiError, SwitchedOffRoutes } from '../../src/api';
import { EmilyClient, type EmilyDeposit } from '../../src/api/emily';
import { depositHover } from '../../src/ui/sbtc/hoverDoc';
import { getCompletedDeposit, getWithdrawal } from '../../src/api/sbtc';
import {
  depositId,
  depositStatusWords,
  isSbtcContract,
  parseDepositId,
  registryEvent,
  withdrawalStatusWords,
} from '../../src/chain/sbtc';
import { buffArg, readCv, uintArg } from '../../src/chain/sbtcClarity';
import { depositModel } from '../../src/ui/panels/models/sbtcDeposit';
import { withdrawalSections, withdrawalsOf, withdrawalStatus } from '../../src/ui/panels/models/sbtcWithdrawal';
import { findDeposit } from '../../src/ui/sbtc/deposit';
import { principalHex, sbtcInFlightSection } from '../../src/ui/panels/models/sbtcHoldings';
import { loadTokens } from '../../src/ui/panels/models/tokens';
import type { Transaction } from '../../src/api';
import type { NetworkId } from '../../src/chain/networks';
import type { Section } from '../../src/protocol';
import { ADDRESS } from '../fixtures/ids';
import { MockApi, startMockApi } from '../mock-api/server';
import { DEPOSIT_TXID, PENDING_TXID } from '../mock-api/sbtc';
import { MODEL_CONTEXT } from './modelContext';

const FIXTURES = path.join(__dirname, '../../../test/fixtures/sbtc');
const fixture = (name: string): string => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const REGISTRY = 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-registry';

// The registry's print events as the signers' test fixtures carry them.
const CREATE =
  '0x0c0000000706616d6f756e7401000000000000000000000000000057e40c626c6f636b2d6865696768740100000000000000000000000000000089076d61782d6665650100000000000000000000000000000bb809726563697069656e740c0000000209686173686279746573020000001400000000000000000000000000000000000000000776657273696f6e0200000001000a726571756573742d696401000000000000000000000000000000010673656e6465720515b67e6a475c7001d2d1f8589527f8357f0c13944405746f7069630d000000117769746864726177616c2d637265617465';
const ACCEPT =
  '0x0c000000090c626974636f696e2d7478696402000000200000000000000000000000000000000000000000000000000000000000000000096275726e2d68617368020000002001010101010101010101010101010101010101010101010101010101010101010b6275726e2d686569676874010000000000000000000000000000002a0366656501000000000000000000000000000009c40c6f75747075742d696e64657801000000000000000000000000ffffffff0a726571756573742d696401000000000000000000000000000000010d7369676e65722d6269746d617001000000000000000000000000000000000a73776565702d747869640200000020000000000000000000000000000000000000000000000000000000000000000005746f7069630d000000117769746864726177616c2d616363657074';
const REJECT =
  '0x0c000000030a726571756573742d696401000000000000000000000000000000010d7369676e65722d6269746d6170010000000000000000000000000000000005746f7069630d000000117769746864726177616c2d72656a656374';
const COMPLETED =
  '0x0c0000000706616d6f756e7401000000000000000000000000000f42400c626974636f696e2d747869640200000020672f77ce3c16b36ec6c443f5b8a0a9684d0203482a3068567e792fe2559d54cf096275726e2d68617368020000002001010101010101010101010101010101010101010101010101010101010101010b6275726e2d686569676874010000000000000000000000000000002a0c6f75747075742d696e64657801000000000000000000000000000000000a73776565702d747869640200000020020202020202020202020202020202020202020202020202020202020202020205746f7069630d00000011636f6d706c657465642d6465706f736974';

const event = (hex: string) => registryEvent(readCv(hex, c32address));

/** The text of every field row of some sections, `label: value value`, for assertions. */
function rows(sections: Section[]): string[] {
  return sections.flatMap((s) =>
    s.type === 'fields'
      ? s.rows.map((r) => `${r.label}: ${r.values.map((v) => v.full ?? v.text).join(' ')}`)
      : s.type === 'notice'
        ? [`notice: ${s.text}`]
        : [],
  );
}

describe('sBTC: the registry print events', () => {
  it('reads withdrawal-create with its request id, amount, fee, sender and {version, hashbytes}', () => {
    const e = event(CREATE);
    assert.ok(e && e.topic === 'withdrawal-create');
    assert.strictEqual(e.requestId, '1');
    assert.strictEqual(e.amount, '22500');
    assert.strictEqual(e.maxFee, '3000');
    assert.strictEqual(e.blockHeight, '137');
    assert.deepStrictEqual(e.recipient, { version: '00', hashbytes: '00'.repeat(20) });
    assert.strictEqual(e.sender, c32address(0x15, 'b67e6a475c7001d2d1f8589527f8357f0c139444'));
  });
  it('reads withdrawal-accept (fee, sweep, burn height, Bitcoin output) and withdrawal-reject', () => {
    assert.deepStrictEqual(event(ACCEPT), {
      topic: 'withdrawal-accept',
      requestId: '1',
      fee: '2500',
      sweepTxid: '00'.repeat(32),
      burnHeight: '42',
      bitcoinTxid: '00'.repeat(32),
      outputIndex: '4294967295',
    });
    const r = event(REJECT);
    assert.deepStrictEqual(r, { topic: 'withdrawal-reject', requestId: '1' });
  });
  it('reads completed-deposit with the txid in the byte order Emily shows it', () => {
    const d = event(COMPLETED);
    assert.ok(d && d.topic === 'completed-deposit');
    // Emily's own test creates this deposit with bitcoinTxid 672f77ce…54cf (create-deposit-valid-testnet.json).
    assert.strictEqual(d.bitcoinTxid, JSON.parse(fixture('emily-deposit--confirmed.json')).bitcoinTxid);
    assert.deepStrictEqual([d.outputIndex, d.amount, d.burnHeight], ['0', '1000000', '42']);
    assert.strictEqual(d.sweepTxid, '02'.repeat(32));
  });
  it('refuses what is not a registry event: another topic, a cut value, a value too deep', () => {
    assert.strictEqual(
      event(COMPLETED.replace('636f6d706c657465642d6465706f736974', '636f6d706c657465642d6465706f736975')),
      undefined,
    );
    assert.strictEqual(readCv(COMPLETED.slice(0, -4), c32address), undefined);
    assert.strictEqual(readCv('0x' + '0a'.repeat(20) + '09', c32address), undefined);
    assert.strictEqual(readCv('0x0b' + 'ffffffff', c32address), undefined);
  });
  it('encodes the registry arguments as serialized Clarity', () => {
    assert.strictEqual(buffArg(DEPOSIT_TXID), `0x0200000020${DEPOSIT_TXID}`);
    assert.strictEqual(buffArg('abcd'), undefined);
    assert.strictEqual(uintArg(1), '0x0100000000000000000000000000000001');
  });
  it('reads a deposit reference with or without 0x and an output, and names each status', () => {
    assert.deepStrictEqual(parseDepositId(`0x${DEPOSIT_TXID.toUpperCase()}`), { txid: DEPOSIT_TXID });
    assert.deepStrictEqual(parseDepositId(`${DEPOSIT_TXID}:2`), { txid: DEPOSIT_TXID, vout: 2 });
    assert.strictEqual(parseDepositId('0x12'), undefined);
    assert.strictEqual(depositStatusWords('rbf').label, 'replaced');
    assert.strictEqual(depositStatusWords('confirmed').tone, 'success');
    assert.strictEqual(depositStatusWords('<b>new</b>').label, '<b>new</b>');
  });
  it('reads a deposit reference pasted with spaces around it and an output of up to five digits, and nothing more', () => {
    assert.deepStrictEqual(parseDepositId(` ${DEPOSIT_TXID}:12\n`), { txid: DEPOSIT_TXID, vout: 12 });
    for (const text of [`${DEPOSIT_TXID}:123456`, `${DEPOSIT_TXID}00`, `txid ${DEPOSIT_TXID}`])
      assert.strictEqual(parseDepositId(text), undefined, text);
    // Written back as it was read: the txid alone, or with its output (output 0 too).
    for (const id of [DEPOSIT_TXID, `${DEPOSIT_TXID}:0`, `${PENDING_TXID}:65535`])
      assert.strictEqual(depositId(parseDepositId(id)!), id);
  });
  it("names each of Emily's deposit and withdrawal statuses with its tone, and says what a deposit's means", () => {
    assert.deepStrictEqual(
      ['pending', 'accepted', 'confirmed', 'failed', 'rbf'].map((s) => depositStatusWords(s)),
      [
        {
          label: 'pending',
          tone: 'pending',
          meaning: 'The signers know of the deposit and wait for its Bitcoin confirmations.',
        },
        {
          label: 'accepted',
          tone: 'pending',
          meaning: 'The signers accepted the deposit: its sweep is on its way to Bitcoin, then sBTC is minted.',
        },
        { label: 'confirmed', tone: 'success', meaning: 'sBTC was minted on Stacks.' },
        { label: 'failed', tone: 'failed', meaning: 'The deposit will not be minted.' },
        {
          label: 'replaced',
          tone: 'warning',
          meaning: 'The Bitcoin transaction was replaced by another (replace-by-fee).',
        },
      ],
    );
    assert.deepStrictEqual(
      ['pending', 'accepted', 'confirmed', 'failed'].map((s) => withdrawalStatusWords(s)),
      [
        { label: 'pending', tone: 'pending' },
        { label: 'accepted', tone: 'pending' },
        { label: 'confirmed', tone: 'success' },
        { label: 'failed', tone: 'failed' },
      ],
    );
  });
  it('shows a status this version does not know as a warning with its first 40 characters', () => {
    const unknown = 'y'.repeat(100);
    assert.deepStrictEqual(depositStatusWords(unknown), {
      label: 'y'.repeat(40),
      tone: 'warning',
      meaning: 'A status this version does not know.',
    });
    assert.deepStrictEqual(withdrawalStatusWords(unknown), { label: 'y'.repeat(40), tone: 'warning' });
  });
});

describe('sBTC: Emily client and registry reads against the mock', function () {
  let mock: MockApi;
  before(async () => (mock = await startMockApi()));
  after(() => mock.close());
  beforeEach(() => mock.reset());
  const emily = () => new EmilyClient(`${mock.url}/emily`);
  const o = { timeoutMs: 5_000 };
  const chain = () =>
    createStacksClient({ baseUrl: mock.url, switchedOff: new SwitchedOffRoutes(), apiKey: 'k-secret' });

  it('reads a confirmed deposit and a pending one, and says a 404 is no deposit', async () => {
    const [d] = await emily().depositsOfTx(DEPOSIT_TXID, o);
    assert.strictEqual(d?.status, 'confirmed');
    assert.strictEqual(d?.fulfillment?.BitcoinBlockHeight, 42);
    assert.strictEqual((await emily().deposit(PENDING_TXID, 0, o))?.status, 'pending');
    assert.strictEqual(await emily().deposit(PENDING_TXID, 7, o), undefined);
    assert.strictEqual((await emily().withdrawal('1', o))?.expectedFulfillmentInfo?.bitcoinBlockHeight, 141);
  });
  it('never sends the API key to Emily, and asks only the routes of its OpenAPI', async () => {
    await emily().depositsOfTx(DEPOSIT_TXID, o);
    await emily().limits(o);
    const seen = mock.requestsTo('/emily/');
    assert.deepStrictEqual(
      seen.map((r) => r.path),
      [`/emily/deposit/${DEPOSIT_TXID}`, '/emily/limits'],
    );
    assert.ok(seen.every((r) => !('x-api-key' in r.headers)));
  });
  it('says a broken answer, an error status, a redirect and a browser refusal in one sentence each', async () => {
    mock.override(`/emily/deposit/${PENDING_TXID}/0`, { bitcoinTxid: 5 });
    await assert.rejects(
      emily().deposit(PENDING_TXID, 0, o),
      (e: StacksApiError) => e.kind === 'invalid-response' && /not what its API describes/.test(e.message),
    );
    mock.override(`/emily/deposit/${PENDING_TXID}/0`, { message: 'boom' }, 500);
    await assert.rejects(
      emily().deposit(PENDING_TXID, 0, o),
      (e: StacksApiError) => e.kind === 'server' && /answered 500: boom/.test(e.message),
    );
    mock.override(`/emily/deposit/${PENDING_TXID}/0`, '', 302);
    await assert.rejects(emily().deposit(PENDING_TXID, 0, o), (e: StacksApiError) => e.kind === 'insecure-url');
    const refusing = (() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    await assert.rejects(
      emily().deposit(PENDING_TXID, 0, { ...o, fetch: refusing }),
      (e: StacksApiError) => e.kind === 'blocked' && /CORS/.test(e.message),
    );
    assert.throws(
      () => new EmilyClient('http://example.com'),
      (e: StacksApiError) => e.kind === 'insecure-url',
    );
  });
  it('reads the completed deposit and the withdrawal request from the registry', async () => {
    const done = await getCompletedDeposit(chain(), REGISTRY, DEPOSIT_TXID, 0, {});
    assert.deepStrictEqual(done, {
      amount: '1000000',
      recipient: 'ST000000000000000000002AMW42H',
      sweepTxid: '02'.repeat(32),
      sweepBurnHash: '01'.repeat(32),
      sweepBurnHeight: '42',
    });
    assert.strictEqual(await getCompletedDeposit(chain(), REGISTRY, PENDING_TXID, 0, {}), undefined);
    const w = await getWithdrawal(chain(), REGISTRY, '1', {});
    assert.deepStrictEqual(w?.request.recipient, {
      version: '04',
      hashbytes: '751e76e8199196d454941c45d1b3a323f1433bd6',
    });
    assert.strictEqual(w?.request.accepted, null);
    assert.strictEqual(await getWithdrawal(chain(), REGISTRY, '2', {}), undefined);
  });
  it('shows a confirmed deposit with its mint and sweep, and a pending one with Emily off says so', async () => {
    const on = await findDeposit(chain(), 'mainnet', { txid: DEPOSIT_TXID }, { client: emily(), timeoutMs: 5_000 }, {});
    const text = rows(depositModel(on, { ...MODEL_CONTEXT, network: 'mainnet' }).sections).join('\n');
    assert.match(text, /Status: confirmed/);
    assert.match(text, /Amount: 0\.01 sBTC/);
    assert.match(text, /Stacks mint transaction: 0x58a9074c3299c2f627829b7e5ecf8b7136e380cbce3900461c679939925f77bc/);
    assert.match(text, /Sweep \(Bitcoin transaction\): 0x0202/);
    mock.reset();
    const off = await findDeposit(
      chain(),
      'mainnet',
      { txid: PENDING_TXID },
      { off: 'Emily is off: nothing was sent to it.' },
      {},
    );
    const offText = rows(depositModel(off, { ...MODEL_CONTEXT, network: 'mainnet' }).sections).join('\n');
    assert.match(offText, /notice: Emily is off: nothing was sent to it\./);
    assert.match(offText, /no completed deposit/);
    assert.deepStrictEqual(mock.requestsTo('/emily/'), []);
  });
});

describe('sBTC: withdrawals in the transaction panel', () => {
  const tx = JSON.parse(fixture('tx-initiate-withdrawal-request.json')) as Transaction;
  it('finds the request of an initiate-withdrawal-request call and its withdrawal-create event', () => {
    const [w] = withdrawalsOf(tx);
    assert.strictEqual(w?.id, '1');
    assert.strictEqual(w?.request?.amount, '22500');
  });
  it('shows the decoded bc1 address and "accepted: expected in Bitcoin block N" from Emily', () => {
    const [w] = withdrawalsOf(tx);
    const emily = JSON.parse(fixture('emily-withdrawal--accepted.json'));
    const sections = withdrawalSections([{ ...w!, emily }], { ...MODEL_CONTEXT, network: 'mainnet' }, 'mainnet');
    const text = rows(sections).join('\n');
    assert.match(text, /Bitcoin recipient: bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4/);
    assert.match(text, /Status: accepted: expected in Bitcoin block 141/);
    assert.match(text, /Maximum fee: 0\.00003 sBTC/);
    assert.match(text, /Sweep \(Bitcoin transaction\): 0x0303/);
  });
  it("reads the call's own arguments when it has no events, and the testnet address on testnet", () => {
    const pending = { ...tx, events: [] } as Transaction;
    const [w] = withdrawalsOf(pending);
    assert.strictEqual(w?.id, undefined);
    const text = rows(withdrawalSections([w!], MODEL_CONTEXT, 'testnet')).join('\n');
    assert.match(text, /tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx/);
    assert.match(withdrawalStatus(w!).text, /pending/);
  });
  it("pays to the Bitcoin network of the registry's deployer on a custom network, and to testnet on devnet", () => {
    const [w] = withdrawalsOf(tx);
    const recipient = (network: NetworkId, registryId?: string) =>
      rows(withdrawalSections([{ ...w!, ...(registryId ? { registryId } : {}) }], MODEL_CONTEXT, network)).find((r) =>
        r.startsWith('Bitcoin recipient: '),
      );
    const mainnet = 'Bitcoin recipient: bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
    const testnet = 'Bitcoin recipient: tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
    assert.strictEqual(recipient('custom', REGISTRY), mainnet);
    assert.strictEqual(recipient('custom', `${ADDRESS.mainnet}.sbtc-registry`), mainnet);
    // A testnet address (ST…) with SM further in is still testnet's.
    assert.strictEqual(recipient('custom', `${ADDRESS.testnet}.sbtc-registry`), testnet);
    assert.strictEqual(recipient('custom'), testnet);
    // Clarinet's devnet keeps sBTC at the mainnet address, and its Bitcoin is regtest.
    assert.strictEqual(recipient('devnet', REGISTRY), testnet);
  });
  it('says why a withdrawal recipient of an unknown version has no Bitcoin address', () => {
    const [w] = withdrawalsOf(tx);
    const request = { ...w!.request!, recipient: { ...w!.request!.recipient, version: '07' } };
    const text = rows(withdrawalSections([{ ...w!, request }], MODEL_CONTEXT, 'mainnet')).join('\n');
    assert.match(text, /Bitcoin recipient: not a Bitcoin address \(unknown version 0x07\)/);
  });
  it('says rejected and accepted from the registry events', () => {
    assert.match(withdrawalStatus({ id: '1', events: [event(REJECT)!] }).text, /rejected/);
    assert.match(withdrawalStatus({ id: '1', events: [event(ACCEPT)!] }).text, /swept in Bitcoin block 42/);
  });
});

describe("sBTC: an address's sBTC in flight and its decimals", () => {
  it('asks Emily for a deposit recipient by the hex of its serialized principal', () => {
    assert.strictEqual(principalHex('ST000000000000000000002AMW42H'), `051a${'00'.repeat(20)}`);
    assert.strictEqual(principalHex('SPVCH23N0QWQQZ3NJFB2YCBGPKTW7GBFXBEF4G19.token'), undefined);
  });
  it('lists pending deposits (linked to their panel) and withdrawals with their expected block', () => {
    const s = sbtcInFlightSection(
      {
        deposits: [{ txid: PENDING_TXID, vout: 0, amount: 250_000, status: 'pending' }],
        withdrawals: [{ requestId: 1, amount: 22_500, status: 'accepted', txid: '25'.repeat(32), expected: 141 }],
      },
      MODEL_CONTEXT,
    );
    assert.ok(s && s.type === 'table');
    const cells = s.rows.map((r) => r.cells.map((c) => c.map((v) => v.text).join(' ')).join(' | '));
    assert.match(cells[0]!, /^deposit \| 0\.0025 sBTC \| pending \| /);
    assert.deepStrictEqual(s.rows[0]!.cells[3]![0]!.target, {
      kind: 'sbtcDeposit',
      id: `${PENDING_TXID}:0`,
      network: 'custom',
    });
    assert.match(cells[1]!, /^withdrawal 1 \| 0\.000225 sBTC \| accepted: expected in Bitcoin block 141 \| /);
    assert.strictEqual(sbtcInFlightSection(undefined, MODEL_CONTEXT), undefined);
  });
  it('reads sBTC with its 8 decimals where token metadata is not asked (devnet, custom), not a copy of its name', async () => {
    const copy = `${ADDRESS.mainnet}.sbtc-token`;
    const tokens = await loadTokens(
      [
        'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token',
        'SP466FNC0P7JWTNM2R9T199QRZN1MYEDTAR0KP27.miamicoin-token',
        copy,
      ],
      undefined as never,
      MODEL_CONTEXT,
      {},
    );
    assert.deepStrictEqual(tokens.get('SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token'), {
      meta: { name: 'sBTC', symbol: 'sBTC', decimals: 8 },
    });
    assert.ok('raw' in tokens.get('SP466FNC0P7JWTNM2R9T199QRZN1MYEDTAR0KP27.miamicoin-token')!);
    assert.ok('raw' in tokens.get(copy)!, 'a token of another deployer named sbtc-token is not sBTC');
  });
  it('knows an sBTC contract by its deployer and its name: the registry is not the token', () => {
    assert.strictEqual(isSbtcContract(REGISTRY, 'sbtc-registry'), true);
    assert.strictEqual(isSbtcContract(REGISTRY, 'sbtc-token'), false);
  });
});

describe("sBTC: Emily's words are text in the hover", () => {
  it('escapes a status message that tries links, commands and HTML, and trusts only its own commands', () => {
    const hostile = '[run](command:workbench.action.terminal.sendSequence) <img src=x onerror=alert(1)> **bold**';
    const doc = depositHover(
      {
        ref: { txid: PENDING_TXID },
        network: 'mainnet',
        completed: [],
        emily: [
          {
            ...(JSON.parse(fixture('emily-deposit--pending.json')) as EmilyDeposit),
            statusMessage: hostile,
            recipient: hostile,
          },
        ],
      },
      {
        networkLabel: 'Mainnet',
        baseUrl: 'https://api.hiro.so',
        bitcoinExplorer: 'https://mempool.space',
        recipientOf: (r) => r,
      },
    );
    assert.ok(!doc.markdown.includes('](command:workbench'), doc.markdown);
    assert.doesNotMatch(doc.markdown, /(^|[^\\])<img/, 'an HTML tag is escaped');
    assert.match(doc.markdown, /\\\[run\\\]\\\(command\\:workbench/);
    assert.deepStrictEqual(doc.commands, ['stacksLookup.lookup']);
  });
});
