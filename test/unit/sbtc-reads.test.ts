// sBTC's reads, in what a user sees of them: which registry a network reads (its known deployment,
// or the one a custom node's `/v2/pox` names), what the registry's answers become, and Emily's
// client: the routes and query it asks, the ids it refuses before asking, and the sentence and
// route of each way an answer goes wrong. The registry's answers are the tuples of stacks-sbtc/sbtc
// `contracts/contracts/sbtc-registry.clar` (`withdrawal-requests` merged with `withdrawal-status`,
// `completed-withdrawal-sweep`) served by the mock (mock-api/sbtc.ts) or overridden on its call-read
// route; Emily's bodies are test/fixtures/sbtc/ (SOURCES.md).
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { Cl, ClarityValue, cvToHex, hexToCV } from '@stacks/transactions';
import { createStacksClient, StacksApiError, SwitchedOffRoutes } from '../../src/api';
import { EMILY_PAGE, EmilyClient } from '../../src/api/emily';
import { getCompletedDeposit, getWithdrawal, registryOf } from '../../src/api/sbtc';
import { uintArg } from '../../src/chain/sbtcClarity';
import { MockApi, startMockApi } from '../mock-api/server';
import { DEPOSIT_TXID, PENDING_TXID, withdrawalRequest1 } from '../mock-api/sbtc';
import { fakeFetch } from '../fakes/fetch';
import { rejectsWith } from './rejectsWith';

const MAINNET_REGISTRY = 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-registry';
const TESTNET_REGISTRY = 'ST1F7QA2MDF17S807EPA36TSS8AMEFY4KA9TVGWXT.sbtc-registry';
const CALL_READ = `/v2/contracts/call-read/${MAINNET_REGISTRY.replace('.', '/')}`;
const SBTC_FIXTURES = path.join(__dirname, '../../../test/fixtures/sbtc');
const CHAIN2026 = path.join(__dirname, '../../../test/fixtures/chain2026');
const json = (dir: string, name: string): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Record<string, unknown>;
/** The node's `/v2/pox` in epoch 4.0, naming the sBTC contracts (pox_5_sbtc_registry_contract). */
const poxEpoch40 = () => json(CHAIN2026, 'pox-info--epoch40.json');
/**
 * A devnet's node (testnet addresses, the boot contracts at ST000…) with sBTC deployed at the
 * mainnet address, as Clarinet's devnet keeps it: the named registry is not the one the chain's
 * own version would give (testnet's), so which of the two is read shows.
 */
const devnetPox = (named: unknown) => ({
  ...poxEpoch40(),
  contract_id: 'ST000000000000000000002AMW42H.pox-5',
  pox_5_sbtc_registry_contract: named,
});

/** Withdrawal request 1 of the mock's registry, with a status, as the node answers it. */
const withdrawalRequestAnswer = (status: ClarityValue) => cvToHex(withdrawalRequest1(status));
/**
 * `get-completed-withdrawal-sweep-data` of the accepted request: the sweep Emily expects
 * (emily-withdrawal--accepted.json, `0303…` in Bitcoin block 141) and the burn hash of the
 * signers' withdrawal-accept fixture (`0101…`).
 */
const SWEEP = cvToHex(
  Cl.some(
    Cl.tuple({
      'sweep-txid': Cl.bufferFromHex('03'.repeat(32)),
      'sweep-burn-hash': Cl.bufferFromHex('01'.repeat(32)),
      'sweep-burn-height': Cl.uint(141),
    }),
  ),
);
const REQUEST_1 = {
  requestId: '1',
  amount: '22500',
  maxFee: '3000',
  sender: 'SPVCH23N0QWQQZ3NJFB2YCBGPKTW7GBFXBEF4G19',
  recipient: { version: '04', hashbytes: '751e76e8199196d454941c45d1b3a323f1433bd6' },
  blockHeight: '137',
};

describe('sBTC reads: the registry of each network', function () {
  let mock: MockApi;
  before(async () => (mock = await startMockApi()));
  after(() => mock.close());
  beforeEach(() => mock.reset());
  const chain = () => createStacksClient({ baseUrl: mock.url, switchedOff: new SwitchedOffRoutes() });

  it('reads the known deployment of mainnet, testnet and devnet without asking the node', async () => {
    assert.strictEqual(await registryOf(chain(), 'mainnet', {}), MAINNET_REGISTRY);
    assert.strictEqual(await registryOf(chain(), 'testnet', {}), TESTNET_REGISTRY);
    assert.strictEqual(await registryOf(chain(), 'devnet', {}), MAINNET_REGISTRY);
    assert.deepStrictEqual(mock.requestsTo('/v2/pox'), []);
  });

  it("reads on a custom network the registry its node's /v2/pox names", async () => {
    mock.override('/v2/pox', devnetPox(MAINNET_REGISTRY));
    assert.strictEqual(await registryOf(chain(), 'custom', {}), MAINNET_REGISTRY);
    assert.strictEqual(mock.requestsTo('/v2/pox').length, 1);
  });

  it("takes the known deployment of the chain the node's PoX contract belongs to when no registry is named", async () => {
    // The mock's /v2/pox is stacks-core's example (mainnet's pox-4), which names no sBTC contract.
    assert.strictEqual(await registryOf(chain(), 'custom', {}), MAINNET_REGISTRY);
    const { pox_5_sbtc_registry_contract: _named, ...unnamed } = devnetPox(undefined);
    mock.override('/v2/pox', unnamed);
    assert.strictEqual(await registryOf(chain(), 'custom', {}), TESTNET_REGISTRY);
  });

  it('does not take a named registry that is not a contract id; the chain decides then', async () => {
    for (const named of [
      `x${MAINNET_REGISTRY}`,
      `${MAINNET_REGISTRY}.extra`,
      `${MAINNET_REGISTRY} `,
      `${MAINNET_REGISTRY.split('.')[0]}.${'r'.repeat(41)}`,
      `${MAINNET_REGISTRY.split('.')[0]}.1registry`,
      'SM3V.sbtc-registry',
      42,
    ]) {
      mock.override('/v2/pox', devnetPox(named));
      assert.strictEqual(await registryOf(chain(), 'custom', {}), TESTNET_REGISTRY, JSON.stringify(named));
    }
  });

  it('knows no registry on a custom network whose node does not answer /v2/pox', async () => {
    mock.override('/v2/pox', { message: 'Not found' }, 404);
    assert.strictEqual(await registryOf(chain(), 'custom', {}), undefined);
  });
});

describe('sBTC reads: the registry answers', function () {
  let mock: MockApi;
  before(async () => (mock = await startMockApi()));
  after(() => mock.close());
  beforeEach(() => mock.reset());
  const chain = () => createStacksClient({ baseUrl: mock.url, switchedOff: new SwitchedOffRoutes() });
  /** The function and arguments of each registry call the mock received. */
  const calls = () =>
    mock.requestsTo(`${CALL_READ}/`).map((r) => {
      const body = JSON.parse(r.body ?? '{}') as { sender: string; arguments: string[] };
      return [r.path.slice(CALL_READ.length + 1), body.sender, body.arguments];
    });

  it('reads an accepted withdrawal with the sweep that paid it, asking the sweep by the request id', async () => {
    mock.override(`${CALL_READ}/get-withdrawal-request`, {
      okay: true,
      result: withdrawalRequestAnswer(Cl.some(Cl.bool(true))),
    });
    mock.override(`${CALL_READ}/get-completed-withdrawal-sweep-data`, { okay: true, result: SWEEP });
    const w = await getWithdrawal(chain(), MAINNET_REGISTRY, '1', {});
    assert.deepStrictEqual(w, {
      request: { ...REQUEST_1, accepted: true },
      sweep: { sweepTxid: '03'.repeat(32), sweepBurnHash: '01'.repeat(32), sweepBurnHeight: '141' },
    });
    const sender = MAINNET_REGISTRY.split('.')[0];
    assert.deepStrictEqual(calls(), [
      ['get-withdrawal-request', sender, [uintArg(1)]],
      ['get-completed-withdrawal-sweep-data', sender, [uintArg(1)]],
    ]);
  });

  it('reads an accepted withdrawal whose sweep is not recorded yet without one', async () => {
    // The mock's registry has no sweep data for any request: it answers `none`.
    mock.override(`${CALL_READ}/get-withdrawal-request`, {
      okay: true,
      result: withdrawalRequestAnswer(Cl.some(Cl.bool(true))),
    });
    const w = await getWithdrawal(chain(), MAINNET_REGISTRY, '1', {});
    assert.deepStrictEqual(w, { request: { ...REQUEST_1, accepted: true } });
  });

  it('shows only the sweep fields the registry holds', async () => {
    mock.override(`${CALL_READ}/get-withdrawal-request`, {
      okay: true,
      result: withdrawalRequestAnswer(Cl.some(Cl.bool(true))),
    });
    // Cut on purpose: the sweep txid alone.
    mock.override(`${CALL_READ}/get-completed-withdrawal-sweep-data`, {
      okay: true,
      result: cvToHex(Cl.some(Cl.tuple({ 'sweep-txid': Cl.bufferFromHex('03'.repeat(32)) }))),
    });
    const w = await getWithdrawal(chain(), MAINNET_REGISTRY, '1', {});
    assert.deepStrictEqual(w?.sweep, { sweepTxid: '03'.repeat(32) });
  });

  it('asks no sweep for a pending or rejected withdrawal', async () => {
    // Pending: the mock's own request 1 (status none).
    assert.deepStrictEqual(await getWithdrawal(chain(), MAINNET_REGISTRY, '1', {}), {
      request: { ...REQUEST_1, accepted: null },
    });
    mock.override(`${CALL_READ}/get-withdrawal-request`, {
      okay: true,
      result: withdrawalRequestAnswer(Cl.some(Cl.bool(false))),
    });
    mock.override(`${CALL_READ}/get-completed-withdrawal-sweep-data`, { okay: true, result: SWEEP });
    assert.deepStrictEqual(await getWithdrawal(chain(), MAINNET_REGISTRY, '1', {}), {
      request: { ...REQUEST_1, accepted: false },
    });
    assert.deepStrictEqual(
      calls().map((c) => c[0]),
      ['get-withdrawal-request', 'get-withdrawal-request'],
    );
  });

  it('asks for a withdrawal id of several digits, up to 30, as a uint', async () => {
    mock.override(`${CALL_READ}/get-withdrawal-request`, {
      okay: true,
      result: withdrawalRequestAnswer(Cl.none()),
    });
    const id = '1'.repeat(30);
    assert.strictEqual((await getWithdrawal(chain(), MAINNET_REGISTRY, id, {}))?.request.requestId, id);
    const [, , args] = calls()[0] ?? [];
    assert.deepStrictEqual(hexToCV((args as string[])[0]!), Cl.uint(BigInt(id)));
    assert.strictEqual((await getWithdrawal(chain(), MAINNET_REGISTRY, '42', {}))?.request.amount, '22500');
  });

  it('finds no withdrawal for an id that is not a number, without asking the node', async () => {
    for (const id of ['', 'abc', 'x1', '1x', ' 1', '1.5', '-1', '1'.repeat(31)]) {
      assert.strictEqual(await getWithdrawal(chain(), MAINNET_REGISTRY, id, {}), undefined, JSON.stringify(id));
    }
    assert.deepStrictEqual(calls(), []);
  });

  it('finds nothing where the node refuses the call or answers what is not a Clarity value', async () => {
    // callreadonly.rs's refusal of a call that cannot run.
    mock.override(`${CALL_READ}/get-withdrawal-request`, {
      okay: false,
      cause: 'RuntimeCheck(UndefinedFunction("get-withdrawal-request"))',
    });
    assert.strictEqual(await getWithdrawal(chain(), MAINNET_REGISTRY, '1', {}), undefined);
    mock.override(`${CALL_READ}/get-completed-deposit`, { okay: true, result: '0xff' });
    assert.strictEqual(await getCompletedDeposit(chain(), MAINNET_REGISTRY, DEPOSIT_TXID, 0, {}), undefined);
  });

  it('finds no completed deposit for a txid that is not 32 bytes, without asking the node', async () => {
    assert.strictEqual(await getCompletedDeposit(chain(), MAINNET_REGISTRY, DEPOSIT_TXID.slice(2), 0, {}), undefined);
    assert.deepStrictEqual(calls(), []);
  });
});

describe('sBTC reads: Emily', function () {
  let mock: MockApi;
  before(async () => (mock = await startMockApi()));
  after(() => mock.close());
  beforeEach(() => mock.reset());
  const emily = () => new EmilyClient(`${mock.url}/emily`);
  const patient = { timeoutMs: 5_000 };
  /** Emily answering `body` with `status` through an injected fetch (bodies the mock cannot send raw). */
  const answering = (body: string, status: number) => ({
    ...patient,
    fetch: fakeFetch(() => new Response(body, { status })),
  });
  const origin = () => new URL(mock.url).origin;

  it('says why an Emily URL is not usable', () => {
    assert.throws(
      () => new EmilyClient('http://example.com/emily'),
      (e: StacksApiError) =>
        e.kind === 'insecure-url' &&
        e.message.startsWith('The Emily URL is not usable: Plain http is only allowed for a local devnet'),
    );
  });

  it(`asks for the deposits of a transaction a page of ${EMILY_PAGE} at a time, by its txid in lower case`, async () => {
    const [d] = await emily().depositsOfTx(`0x${DEPOSIT_TXID.toUpperCase()}`, patient);
    assert.strictEqual(d?.bitcoinTxid, DEPOSIT_TXID);
    const [r] = mock.requestsTo('/emily/');
    assert.strictEqual(r?.path, `/emily/deposit/${DEPOSIT_TXID}`);
    assert.strictEqual(r?.query.get('pageSize'), '20');
  });

  it('lists the deposits to a recipient and the withdrawals of a sender, a page at a time', async () => {
    // The fixtures' recipient: the hex of the serialized principal of the deposit script.
    const recipient = '051a0000000000000000000000000000000000000000';
    const to = await emily().depositsTo(recipient, patient);
    assert.deepStrictEqual(
      to.map((d) => [d.bitcoinTxid, d.status]),
      [
        [DEPOSIT_TXID, 'confirmed'],
        [PENDING_TXID, 'pending'],
      ],
    );
    const from = await emily().withdrawalsFrom('SPVCH23N0QWQQZ3NJFB2YCBGPKTW7GBFXBEF4G19', patient);
    assert.deepStrictEqual(
      from.map((w) => [w.requestId, w.status]),
      [[1, 'accepted']],
    );
    assert.deepStrictEqual(await emily().withdrawalsFrom('SP000000000000000000002Q6VF78', patient), []);
    assert.deepStrictEqual(
      mock.requestsTo('/emily/').map((r) => [r.path, r.query.get('pageSize')]),
      [
        [`/emily/deposit/recipient/${recipient}`, '20'],
        ['/emily/withdrawal/sender/SPVCH23N0QWQQZ3NJFB2YCBGPKTW7GBFXBEF4G19', '20'],
        ['/emily/withdrawal/sender/SP000000000000000000002Q6VF78', '20'],
      ],
    );
  });

  it('gives empty lists when Emily does not know the transaction, recipient or sender (404)', async () => {
    const notFound = answering('{"message":"Not found"}', 404);
    assert.deepStrictEqual(await emily().depositsOfTx(PENDING_TXID, notFound), []);
    assert.deepStrictEqual(await emily().depositsTo('051a00', notFound), []);
    assert.deepStrictEqual(await emily().withdrawalsFrom('SPVCH23N0QWQQZ3NJFB2YCBGPKTW7GBFXBEF4G19', notFound), []);
    assert.strictEqual(await emily().limits(notFound), undefined);
  });

  it('reads the limits, each unset as null', async () => {
    const limits = await emily().limits(patient);
    assert.strictEqual(limits?.pegCap, null);
    assert.strictEqual(limits?.perDepositMinimum, null);
  });

  it('refuses a txid that is not 64 hex digits before asking Emily', async () => {
    const hex = DEPOSIT_TXID;
    for (const txid of [hex.slice(1), `${hex}0`, `0${hex}`, `x${hex}`, `${hex}x`, `0x0x${hex}`, `${hex.slice(1)}g`]) {
      await rejectsWith(
        emily().deposit(txid, 0, patient),
        'bad-request',
        'A Bitcoin transaction id is 64 hexadecimal digits.',
      );
      await rejectsWith(emily().depositsOfTx(txid, patient), 'bad-request', /64 hexadecimal digits/);
    }
    assert.deepStrictEqual(mock.requestsTo('/emily/'), []);
  });

  it('asks an output of a deposit by its whole number, never below 0', async () => {
    assert.strictEqual((await emily().deposit(PENDING_TXID, 0.9, patient))?.status, 'pending');
    assert.strictEqual((await emily().deposit(PENDING_TXID, -3, patient))?.status, 'pending');
    assert.strictEqual(await emily().deposit(PENDING_TXID, 12, patient), undefined);
    assert.deepStrictEqual(
      mock.requestsTo('/emily/').map((r) => r.path),
      [`/emily/deposit/${PENDING_TXID}/0`, `/emily/deposit/${PENDING_TXID}/0`, `/emily/deposit/${PENDING_TXID}/12`],
    );
  });

  it('refuses a withdrawal id that is not a number of up to 20 digits before asking Emily', async () => {
    for (const id of ['', 'abc', 'x1', '1x', ' 1', '-1', '1'.repeat(21)]) {
      await rejectsWith(emily().withdrawal(id, patient), 'bad-request', 'A withdrawal id is a number.');
    }
    assert.deepStrictEqual(mock.requestsTo('/emily/'), []);
    assert.strictEqual((await emily().withdrawal('1', patient))?.requestId, 1);
    assert.strictEqual(await emily().withdrawal('12', patient), undefined, 'Emily does not know request 12 (404)');
    assert.deepStrictEqual(
      mock.requestsTo('/emily/').map((r) => r.path),
      ['/emily/withdrawal/1', '/emily/withdrawal/12'],
    );
  });

  it('reads Emily under a base URL with a trailing slash, or at the root of its origin', async () => {
    assert.strictEqual((await new EmilyClient(`${mock.url}/emily/`).withdrawal('1', patient))?.requestId, 1);
    assert.strictEqual((await new EmilyClient(`${mock.url}/emily//`).withdrawal('1', patient))?.requestId, 1);
    const seen: string[] = [];
    const root = {
      ...patient,
      fetch: fakeFetch((url) => (seen.push(url), new Response('{"message":"x"}', { status: 404 }))),
    };
    await new EmilyClient(`${mock.url}/`).limits(root);
    assert.deepStrictEqual(seen, [`${origin()}/limits`]);
    assert.deepStrictEqual(
      mock.requestsTo('/emily/').map((r) => r.path),
      ['/emily/withdrawal/1', '/emily/withdrawal/1'],
    );
  });

  describe('an error status, in one sentence with the route it came from', () => {
    it('says a 429 is a rate limit, a 400 a bad request and a 503 a server error', async () => {
      const e429 = await rejectsWith(
        emily().withdrawal('1', answering('{"message":"Too many requests"}', 429)),
        'rate-limited',
        `Emily at ${origin()} answered 429: Too many requests.`,
      );
      assert.deepStrictEqual([e429.status, e429.path], [429, '/withdrawal/{n}']);
      const e400 = await rejectsWith(
        emily().deposit(DEPOSIT_TXID, 3, answering('{"message":"Invalid index"}', 400)),
        'bad-request',
        `Emily at ${origin()} answered 400: Invalid index.`,
      );
      assert.deepStrictEqual([e400.status, e400.path], [400, '/deposit/{txid}/{n}']);
      const e503 = await rejectsWith(
        emily().limits(answering('', 503)),
        'server',
        `Emily at ${origin()} answered 503.`,
      );
      assert.deepStrictEqual([e503.status, e503.path], [503, '/limits']);
    });

    it("names the route by its template: a txid as {txid}, a trailing number as {n}, a sender's hex kept", async () => {
      const err = answering('{"message":"boom"}', 500);
      const pathOf = async (p: Promise<unknown>) => (await rejectsWith(p, 'server')).path;
      assert.strictEqual(await pathOf(emily().depositsOfTx(DEPOSIT_TXID, err)), '/deposit/{txid}');
      assert.strictEqual(await pathOf(emily().deposit(DEPOSIT_TXID, 17, err)), '/deposit/{txid}/{n}');
      assert.strictEqual(await pathOf(emily().withdrawal('1234', err)), '/withdrawal/{n}');
      assert.strictEqual(
        await pathOf(emily().depositsTo('051a0000000000000000000000000000000000000000', err)),
        '/deposit/recipient/051a0000000000000000000000000000000000000000',
      );
    });

    it("quotes Emily's message or the start of a body that is not one, at most 200 characters", async () => {
      const long = 'm'.repeat(300);
      await rejectsWith(
        emily().limits(answering(JSON.stringify({ message: long }), 500)),
        'server',
        `Emily at ${origin()} answered 500: ${'m'.repeat(200)}.`,
      );
      await rejectsWith(
        emily().limits(answering('  \n<html>Bad Gateway</html>\n', 502)),
        'server',
        `Emily at ${origin()} answered 502: <html>Bad Gateway</html>.`,
      );
      await rejectsWith(
        emily().limits(answering(`  ${'t'.repeat(300)}`, 502)),
        'server',
        `Emily at ${origin()} answered 502: ${'t'.repeat(200)}.`,
      );
    });
  });

  describe('an answer that cannot be read', () => {
    it('says an answer that is not JSON, naming the route', async () => {
      const e = await rejectsWith(
        emily().deposit(PENDING_TXID, 0, answering('<html>ok</html>', 200)),
        'invalid-response',
        `Emily at ${origin()} sent an answer that is not what its API describes (it is not JSON), so nothing is shown.`,
      );
      assert.strictEqual(e.path, '/deposit/{txid}/{n}');
    });

    it('names the field that does not fit, and the route', async () => {
      mock.override('/emily/withdrawal/1', { ...json(SBTC_FIXTURES, 'emily-withdrawal--accepted.json'), amount: -1 });
      const e = await rejectsWith(
        emily().withdrawal('1', patient),
        'invalid-response',
        /\(field "amount" is not valid/,
      );
      assert.strictEqual(e.path, '/withdrawal/{n}');
    });

    it('says a redirect, a connection refused, a cancellation, a timeout and an answer too large', async () => {
      mock.override('/emily/limits', '', 302);
      await rejectsWith(
        emily().limits(patient),
        'insecure-url',
        `Emily at ${origin()} answered with a redirect, which is not followed: set its final URL.`,
      );
      // Node's fetch failing to connect: a TypeError with the system error as its cause.
      const refused = fakeFetch(() => {
        throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
      });
      await rejectsWith(
        emily().limits({ ...patient, fetch: refused }),
        'network',
        `Could not reach Emily at ${origin()}: check the stacksLookup.sbtc.emily URL and your connection.`,
      );
      /** A fetch that answers only when its request is aborted. */
      const waiting = fakeFetch(
        (_url, init) =>
          new Promise<Response>((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      );
      // The user cancels once the request is on its way.
      const stop = new AbortController();
      const cancelling = fakeFetch((url, init) => {
        const answer = waiting(url, init);
        stop.abort();
        return answer;
      });
      await rejectsWith(
        emily().limits({ ...patient, fetch: cancelling, signal: stop.signal }),
        'cancelled',
        'The request to Emily was cancelled.',
      );
      // A panel closed before the read began: nothing is sent.
      const closed = new AbortController();
      closed.abort();
      mock.reset();
      await rejectsWith(
        emily().limits({ ...patient, signal: closed.signal }),
        'cancelled',
        'The request to Emily was cancelled.',
      );
      assert.deepStrictEqual(mock.requestsTo('/emily/'), [], 'no request for a read cancelled before it began');
      // A 1 ms timeout fires whatever the load; the sentence rounds it to whole seconds.
      await rejectsWith(
        emily().limits({ timeoutMs: 1, fetch: waiting }),
        'timeout',
        `Emily at ${origin()} did not answer within 0 s.`,
      );
      await rejectsWith(
        emily().limits(answering('x'.repeat(1024 * 1024 + 1), 200)),
        'invalid-response',
        `Emily at ${origin()} sent an answer too large or cut off; it was not read.`,
      );
    });
  });
});
