// The client's contract reads and node routes (token metadata, a contract's interface and source,
// read-only calls, data variables, constants, map entries, PoX epochs, the fee estimate, the
// mempool list) against the mock API: the request each one sends, the arguments it refuses before
// sending (and the sentence it says), the name it gives a malformed answer, the route template it
// reports as deprecated, and what it keeps. Also how long a transaction, a burn block and a list
// page are kept, and how a list page is cut to what was asked for.
import * as assert from 'assert';
import { Cl, cvToHex } from '@stacks/transactions';
import { createStacksClient, StacksClient, StacksClientOptions, SwitchedOffRoutes } from '../../src/api';
import { MAX_CONTRACT_SOURCE_CHARS } from '../../src/api/client';
import { AdjustableClock } from '../../src/api/clock';
import { buildSimulationCall } from '../../src/chain/simulationTx';
import { ADDRESS, BLOCK, BURN, CONTRACT, DEPLOYED, PROBE_OWNER, TOKEN, TX } from '../fixtures/ids';
import { deprecated, loadFixture, MockApi, startMockApi } from '../mock-api/server';
import { FEE_ESTIMATE, NO_ESTIMATE, POX_INFO } from '../mock-api/simulation';
import { rejectsWith } from './rejectsWith';
import { untyped } from '../fakes/fetch';

/** The address and name of a contract id, as the node's routes take them. */
const segments = (contractId: string) => contractId.replace('.', '/');
/** A real serialized Clarity value (`u1`). */
const U1 = cvToHex(Cl.uint(1));
/** A serialized Clarity buffer of `bytes` zero bytes: type 0x02, its length in 4 bytes, then the bytes. */
const buffer = (bytes: number) => '0x02' + bytes.toString(16).padStart(8, '0') + '00'.repeat(bytes);
/** Clarity's largest value, 1 MB serialized (5 bytes of type and length, then the buffer's bytes). */
const largest = buffer(1_048_576 - 5);
/** The same buffer one byte longer: over the limit. */
const tooLarge = buffer(1_048_576 - 4);
/** A read-only call from the fixture contracts' deployer, at the latest block. */
const readCall = (args: readonly string[]) => ({ sender: PROBE_OWNER, arguments: args });

describe('Stacks API client: contract reads and node routes', function () {
  let mock: MockApi;
  let fee: { payload: string; length: number };
  const client = (o: Partial<StacksClientOptions> = {}): StacksClient =>
    createStacksClient({ baseUrl: mock.url, switchedOff: new SwitchedOffRoutes(), ...o });

  before(async () => {
    mock = await startMockApi();
    // The payload the simulation feature sends: an unsigned call of a read-only function.
    const built = await buildSimulationCall({
      contractId: CONTRACT.memoPayments,
      fn: 'get-total-sent',
      args: [],
      sender: PROBE_OWNER,
      nonce: 0,
      network: 'testnet',
    });
    fee = { payload: built.payload, length: built.length };
  });
  after(async () => {
    await mock.close();
  });
  beforeEach(() => mock.reset());

  describe('token metadata', () => {
    it('a server error is not "no metadata": it throws, and the token is asked again next time', async () => {
      const c = client();
      mock.fault({ match: '/metadata/v1/ft/', fault: { kind: 'status', status: 500 }, times: 1 });
      const e = await rejectsWith(c.getFtMetadata(TOKEN.mia), 'server');
      assert.strictEqual(e.status, 500);
      assert.strictEqual((await c.getFtMetadata(TOKEN.mia))?.symbol, 'MIA');
      assert.strictEqual(mock.requestsTo('/metadata/v1/ft/').length, 2);
    });
  });

  describe('the route template each read reports as deprecated', () => {
    const cases: Array<{ route: string; call: (c: StacksClient) => Promise<unknown> }> = [
      {
        route: '/v2/contracts/interface/{address}/{name}',
        call: (c) => c.getContractInterface(CONTRACT.typeProbe),
      },
      { route: '/v2/contracts/source/{address}/{name}', call: (c) => c.getContractSource(CONTRACT.sbtcDeposit) },
      {
        route: '/v2/contracts/call-read/{address}/{name}/{function}',
        call: (c) => c.callReadOnly(CONTRACT.memoPayments, 'get-total-sent', readCall([])),
      },
      { route: '/v2/pox', call: (c) => c.getPoxEpochs() },
      { route: '/v2/fees/transaction', call: (c) => c.estimateFee(fee.payload, fee.length) },
      { route: '/v2/data_var/{address}/{name}/{var}', call: (c) => c.getDataVar(CONTRACT.typeProbe, 'counter') },
      {
        route: '/v2/constant_val/{address}/{name}/{constant}',
        call: (c) => c.getConstant(CONTRACT.typeProbe, 'MAX-ITEMS'),
      },
      {
        route: '/v2/map_entry/{address}/{name}/{map}',
        call: (c) => c.getMapEntry(CONTRACT.memoPayments, 'sent-by', cvToHex(Cl.principal(PROBE_OWNER))),
      },
    ];
    for (const { route, call } of cases) {
      it(`names ${route} when the server marks it deprecated`, async () => {
        mock.fault(deprecated(/^\/v2\//));
        const seen: Array<[string, string]> = [];
        await call(client({ onDeprecation: (r, w) => seen.push([r, w]) }));
        assert.deepStrictEqual(seen, [
          [route, '299 - "Deprecated: this endpoint will be removed; use its replacement"'],
        ]);
      });
    }
  });

  describe('the name a malformed answer is given', () => {
    const cases: Array<{ what: string; path: string; body: unknown; call: (c: StacksClient) => Promise<unknown> }> = [
      {
        what: 'contract source',
        path: `/v2/contracts/source/${segments(CONTRACT.sbtcDeposit)}`,
        body: { source: 42, publish_height: 163245 },
        call: (c) => c.getContractSource(CONTRACT.sbtcDeposit),
      },
      {
        what: 'read-only call result',
        path: `/v2/contracts/call-read/${segments(CONTRACT.memoPayments)}/get-total-sent`,
        body: { okay: 'yes' },
        call: (c) => c.callReadOnly(CONTRACT.memoPayments, 'get-total-sent', readCall([])),
      },
      {
        what: 'PoX information',
        path: '/v2/pox',
        body: { ...POX_INFO, epochs: 'Epoch33' },
        call: (c) => c.getPoxEpochs(),
      },
      {
        what: 'fee estimate',
        path: '/v2/fees/transaction',
        body: { ...FEE_ESTIMATE, estimations: 'low' },
        call: (c) => c.estimateFee(fee.payload, fee.length),
      },
      {
        what: 'data variable',
        path: `/v2/data_var/${segments(CONTRACT.typeProbe)}/counter`,
        body: { data: '-7' },
        call: (c) => c.getDataVar(CONTRACT.typeProbe, 'counter'),
      },
      {
        what: 'constant',
        path: `/v2/constant_val/${segments(CONTRACT.typeProbe)}/MAX-ITEMS`,
        body: { data: 'u3' },
        call: (c) => c.getConstant(CONTRACT.typeProbe, 'MAX-ITEMS'),
      },
      {
        what: 'map entry',
        path: `/v2/map_entry/${segments(CONTRACT.memoPayments)}/sent-by`,
        body: { data: 'none' },
        call: (c) => c.getMapEntry(CONTRACT.memoPayments, 'sent-by', cvToHex(Cl.principal(PROBE_OWNER))),
      },
      {
        what: 'mempool transaction list',
        path: '/extended/v3/mempool/transactions',
        body: { ...loadFixture('v3-mempool-transactions.json'), total: 'two' },
        call: (c) => c.getMempoolTransactions(),
      },
    ];
    for (const { what, path, body, call } of cases) {
      it(`calls a malformed answer an unexpected ${what}`, async () => {
        mock.override(path, body);
        const e = await rejectsWith(
          call(client()),
          'invalid-response',
          new RegExp(`^The API sent an unexpected ${what}: `),
        );
        assert.deepStrictEqual([e.status, e.path], [200, path]);
      });
    }
  });

  describe('contract source', () => {
    const id = CONTRACT.sbtcDeposit;
    const path = `/v2/contracts/source/${segments(id)}`;
    const asked = () => mock.requestsTo(path).length;

    it('takes a source of exactly 2 MiB (the largest transaction) and keeps it', async () => {
      mock.override(path, { source: 'x'.repeat(MAX_CONTRACT_SOURCE_CHARS), publish_height: 163245 });
      const c = client();
      assert.strictEqual((await c.getContractSource(id)).source.length, MAX_CONTRACT_SOURCE_CHARS);
      assert.strictEqual((await c.getContractSource(id)).source.length, MAX_CONTRACT_SOURCE_CHARS);
      assert.strictEqual(asked(), 1);
    });

    it('refuses a source over 2 MiB with its size in MB and the path, and does not ask again', async () => {
      mock.override(path, { source: 'x'.repeat(MAX_CONTRACT_SOURCE_CHARS + 1), publish_height: 163245 });
      const c = client();
      const sentence =
        'The API sent a contract source of 2.0 MB; no Stacks transaction is larger than 2 MB, so it was not used.';
      const e = await rejectsWith(c.getContractSource(id), 'invalid-response', sentence);
      assert.strictEqual(e.path, path);
      await rejectsWith(c.getContractSource(id), 'invalid-response', sentence);
      assert.strictEqual(asked(), 1);
      assert.strictEqual(c.knownContractSource(id), undefined);
    });

    it('a server error is not remembered: the next call asks again and gets the source', async () => {
      mock.fault({ match: '/v2/contracts/source/', fault: { kind: 'status', status: 503 }, times: 1 });
      const c = client();
      await rejectsWith(c.getContractSource(id), 'server');
      assert.match((await c.getContractSource(id)).source, /complete-deposit-wrapper/);
      assert.strictEqual(asked(), 2);
    });
  });

  describe('a source remembered from the deploy transaction', () => {
    const user = DEPLOYED.userRegistry;
    const path = `/v2/contracts/source/${segments(user.id)}`;
    const asked = () => mock.requestsTo(path).length;

    it('is not kept when it is not text: the node is asked', async () => {
      const c = client();
      for (const source of [42, ['(define-constant x u1)']])
        c.rememberContractSource(user.id, { source: untyped(source), publish_height: user.height });
      assert.strictEqual(c.knownContractSource(user.id), undefined);
      assert.match((await c.getContractSource(user.id)).source, /get-or-create-user-id/);
      assert.strictEqual(asked(), 1);
    });

    it('is kept up to exactly 2 MiB, and not when larger', async () => {
      const c = client();
      c.rememberContractSource(user.id, { source: 'y'.repeat(MAX_CONTRACT_SOURCE_CHARS + 1), publish_height: 1 });
      assert.strictEqual(c.knownContractSource(user.id), undefined, 'over 2 MiB');
      const atLimit = 'z'.repeat(MAX_CONTRACT_SOURCE_CHARS);
      c.rememberContractSource(user.id, { source: atLimit, publish_height: user.height });
      assert.strictEqual((await c.getContractSource(user.id)).source, atLimit);
      assert.strictEqual(asked(), 0);
    });

    it('replaces a not-found the node gave before (the deploy has since confirmed)', async () => {
      const missing = `${DEPLOYED.deployer}.nothing-here`;
      const c = client();
      await rejectsWith(c.getContractSource(missing), 'not-found');
      c.rememberContractSource(missing, { source: '(define-constant x u1)', publish_height: 171300 });
      assert.deepStrictEqual(await c.getContractSource(missing), {
        source: '(define-constant x u1)',
        publish_height: 171300,
      });
      assert.strictEqual(mock.requestsTo('/v2/contracts/source/').length, 1);
    });

    it('does not replace a source already read from the node', async () => {
      const c = client();
      const { source } = await c.getContractSource(user.id);
      c.rememberContractSource(user.id, { source: '(define-constant other u2)', publish_height: 1 });
      assert.strictEqual(c.knownContractSource(user.id), source);
      assert.strictEqual((await c.getContractSource(user.id)).source, source);
      assert.strictEqual(asked(), 1);
    });
  });

  describe('read-only calls', () => {
    const fnPath = (fn: string) => `/v2/contracts/call-read/${segments(CONTRACT.memoPayments)}/${fn}`;
    const sentArguments = () =>
      mock
        .requestsTo('/v2/contracts/call-read/')
        .map((r) => (JSON.parse(r.body!) as { arguments: string[] }).arguments);

    it('sends up to 256 arguments, and refuses 257 before sending', async () => {
      const c = client();
      const r = await c.callReadOnly(CONTRACT.memoPayments, 'get-total-sent', readCall(Array(256).fill(U1)));
      assert.deepStrictEqual(r, { okay: false, cause: 'RuntimeCheck(IncorrectArgumentCount(0, 256))' });
      await rejectsWith(
        c.callReadOnly(CONTRACT.memoPayments, 'get-total-sent', readCall(Array(257).fill(U1))),
        'invalid-input',
        'A read-only call takes at most 256 arguments.',
      );
      assert.deepStrictEqual(
        sentArguments().map((a) => a.length),
        [256],
      );
    });

    it('refuses arguments that are not a list (a tool call from a language model can send anything), and sends nothing', async () => {
      for (const args of ['0x0100000000000000000000000000000001', { 0: U1, length: 1 }, null]) {
        await rejectsWith(
          client().callReadOnly(CONTRACT.typeProbe, 'safe-div', readCall(untyped(args))),
          'invalid-input',
          'The arguments of a read-only call must be a list of serialized Clarity values.',
        );
      }
      assert.strictEqual(mock.requests.length, 0);
    });

    it('names the argument that is not serialized Clarity, counting from 1, and sends nothing', async () => {
      await rejectsWith(
        client().callReadOnly(CONTRACT.typeProbe, 'safe-div', readCall([U1, '42'])),
        'invalid-input',
        'Argument 2 is not a serialized Clarity value (0x and hex digits).',
      );
      assert.strictEqual(mock.requests.length, 0);
    });

    it('sends an argument of 1 MB, the largest Clarity value, whole', async () => {
      // The function takes no argument: the node refuses the call without reading the megabyte.
      const r = await client().callReadOnly(CONTRACT.memoPayments, 'get-total-sent', readCall([largest]));
      assert.deepStrictEqual(r, { okay: false, cause: 'RuntimeCheck(IncorrectArgumentCount(0, 1))' });
      assert.ok(sentArguments()[0]![0] === largest, 'the argument as given');
    });

    it('refuses an argument one byte over 1 MB, and sends nothing', async () => {
      await rejectsWith(
        client().callReadOnly(CONTRACT.memoPayments, 'get-sent-by', readCall([tooLarge])),
        'invalid-input',
        'Argument 1 is not a serialized Clarity value (0x and hex digits).',
      );
      assert.strictEqual(mock.requests.length, 0);
    });

    it('escapes a ? in the function name so it stays in the path', async () => {
      mock.override(fnPath('is-paused%3F'), { okay: true, result: cvToHex(Cl.bool(false)) });
      const r = await client().callReadOnly(CONTRACT.memoPayments, 'is-paused?', readCall([]));
      assert.deepStrictEqual(r, { okay: true, result: cvToHex(Cl.bool(false)) });
      assert.strictEqual(mock.requests[0]!.url, fnPath('is-paused%3F'));
    });
  });

  describe('Clarity names', () => {
    const long = 'a'.repeat(200);
    const cases: Array<{ what: string; read: (c: StacksClient, name: string) => Promise<unknown> }> = [
      {
        what: 'function name',
        read: (c, name) => c.callReadOnly(CONTRACT.memoPayments, name, readCall([])),
      },
      { what: 'variable name', read: (c, name) => c.getDataVar(CONTRACT.typeProbe, name) },
      { what: 'constant name', read: (c, name) => c.getConstant(CONTRACT.typeProbe, name) },
      { what: 'map name', read: (c, name) => c.getMapEntry(CONTRACT.typeProbe, name, U1) },
    ];
    for (const { what, read } of cases) {
      it(`refuses a ${what} longer than 128 characters, quoting at most 140, and sends nothing`, async () => {
        const c = client();
        await rejectsWith(read(c, long), 'invalid-input', `"${'a'.repeat(140)}" is not a Clarity ${what}.`);
        await rejectsWith(read(c, 'a'.repeat(129)), 'invalid-input', `"${'a'.repeat(129)}" is not a Clarity ${what}.`);
        assert.strictEqual(mock.requests.length, 0);
      });
    }

    it('sends a name of 128 characters, the longest Clarity allows', async () => {
      const name = 'a'.repeat(128);
      const r = await client().callReadOnly(CONTRACT.memoPayments, name, readCall([]));
      assert.deepStrictEqual(r, { okay: false, cause: `RuntimeCheck(UndefinedFunction("${name}"))` });
      assert.strictEqual(mock.requests[0]!.path, `/v2/contracts/call-read/${segments(CONTRACT.memoPayments)}/${name}`);
    });

    it('escapes a ? in a variable name so it stays in the path', async () => {
      const path = `/v2/data_var/${segments(CONTRACT.typeProbe)}/paused%3F`;
      mock.override(path, { data: cvToHex(Cl.bool(true)) });
      assert.deepStrictEqual(await client().getDataVar(CONTRACT.typeProbe, 'paused?'), {
        data: cvToHex(Cl.bool(true)),
      });
      assert.strictEqual(mock.requests[0]!.url, `${path}?proof=0`);
    });
  });

  describe('the block a read runs at (tip)', () => {
    const hash = 'ab'.repeat(32);
    const refused = 'The block to call at must be given by its index block hash (0x and 64 hex digits).';

    it('sends an index block hash given without 0x as it is', async () => {
      await client().getDataVar(CONTRACT.typeProbe, 'counter', { tip: hash });
      assert.strictEqual(mock.requests[0]!.query.get('tip'), hash);
    });

    it('refuses anything but 64 hex digits before sending: 66 digits, a height', async () => {
      const c = client();
      await rejectsWith(c.getDataVar(CONTRACT.typeProbe, 'counter', { tip: hash + 'cd' }), 'invalid-input', refused);
      await rejectsWith(c.getDataVar(CONTRACT.typeProbe, 'counter', { tip: `0x${hash}cd` }), 'invalid-input', refused);
      await rejectsWith(c.getConstant(CONTRACT.typeProbe, 'MAX-ITEMS', { tip: '3275' }), 'invalid-input', refused);
      assert.strictEqual(mock.requests.length, 0);
    });
  });

  describe('map entries', () => {
    const keyRefused = 'The map key is not a serialized Clarity value (0x and hex digits).';

    it('refuses a key that is not serialized Clarity, or not text at all, before sending', async () => {
      const c = client();
      await rejectsWith(c.getMapEntry(CONTRACT.memoPayments, 'sent-by', PROBE_OWNER), 'invalid-input', keyRefused);
      await rejectsWith(c.getMapEntry(CONTRACT.memoPayments, 'sent-by', untyped([U1])), 'invalid-input', keyRefused);
      assert.strictEqual(mock.requests.length, 0);
    });

    it('sends a key of 1 MB, the largest Clarity value, whole', async () => {
      // The node's answer for a key it does not hold, without the mock checking the megabyte again.
      mock.override(`/v2/map_entry/${segments(CONTRACT.memoPayments)}/sent-by`, { data: cvToHex(Cl.none()) });
      assert.deepStrictEqual(await client().getMapEntry(CONTRACT.memoPayments, 'sent-by', largest), {
        data: cvToHex(Cl.none()),
      });
      assert.ok(mock.requests[0]!.body === JSON.stringify(largest), 'the key as given, as a JSON string');
    });

    it('refuses a key one byte over 1 MB, and sends nothing', async () => {
      await rejectsWith(client().getMapEntry(CONTRACT.memoPayments, 'sent-by', tooLarge), 'invalid-input', keyRefused);
      assert.strictEqual(mock.requests.length, 0);
    });
  });

  describe('PoX epochs', () => {
    it("reads the node's current epoch and block limits from /v2/pox", async () => {
      const pox = await client().getPoxEpochs();
      assert.strictEqual(pox.current_epoch, 'Epoch33');
      assert.deepStrictEqual(pox.epochs?.[0]?.block_limit, POX_INFO.epochs[0]!.block_limit);
      assert.deepStrictEqual(
        mock.requests.map((r) => [r.method, r.url]),
        [['GET', '/v2/pox']],
      );
    });

    it('keeps them five minutes', async () => {
      const clock = new AdjustableClock();
      const c = client({ clock });
      await c.getPoxEpochs();
      clock.advance(5 * 60_000 - 1_000);
      await c.getPoxEpochs();
      assert.strictEqual(mock.requestsTo('/v2/pox').length, 1, 'kept under five minutes');
      clock.advance(1_000);
      await c.getPoxEpochs();
      assert.strictEqual(mock.requestsTo('/v2/pox').length, 2, 'asked again after five minutes');
    });
  });

  describe('fee estimate', () => {
    const sentBodies = () => mock.requestsTo('/v2/fees/transaction').map((r) => JSON.parse(r.body!) as unknown);

    it("posts the payload and its length, and gives the node's three estimations", async () => {
      const r = await client().estimateFee(fee.payload, fee.length);
      assert.ok('estimate' in r);
      assert.deepStrictEqual(r.estimate.estimations, FEE_ESTIMATE.estimations);
      assert.deepStrictEqual(
        mock.requests.map((q) => [q.method, q.path]),
        [['POST', '/v2/fees/transaction']],
      );
      assert.deepStrictEqual(sentBodies(), [{ transaction_payload: fee.payload, estimated_len: fee.length }]);
    });

    it('leaves out a length that is not a positive whole number', async () => {
      const c = client({ cache: false });
      for (const length of [0, -5, 1.5]) await c.estimateFee(fee.payload, length);
      assert.deepStrictEqual(sentBodies(), [
        { transaction_payload: fee.payload },
        { transaction_payload: fee.payload },
        { transaction_payload: fee.payload },
      ]);
    });

    it('refuses a payload that is not whole bytes of hex digits, and sends nothing', async () => {
      const c = client();
      for (const payload of [
        '',
        `0x${fee.payload}`,
        `zz${fee.payload}`,
        `${fee.payload}zz`,
        `${fee.payload}0`,
        untyped<string>(42),
      ])
        await rejectsWith(c.estimateFee(payload, fee.length), 'invalid-input', 'A transaction payload is hex digits.');
      assert.strictEqual(mock.requests.length, 0);
    });

    it("gives the node's reason when it has no estimate (400), instead of failing", async () => {
      mock.fault({ match: '/v2/fees/transaction', fault: { kind: 'status', status: 400, body: NO_ESTIMATE } });
      assert.deepStrictEqual(await client().estimateFee(fee.payload, fee.length), {
        none: 'The API rejected the request: Estimation could not be performed (NoEstimateAvailable)',
      });
    });

    it('still fails on a server error', async () => {
      mock.fault({ match: '/v2/fees/transaction', fault: { kind: 'status', status: 500 } });
      await rejectsWith(client().estimateFee(fee.payload, fee.length), 'server');
    });
  });

  describe('mempool list', () => {
    it('asks the page size asked for, and gives no more', async () => {
      const page = await client().getMempoolTransactions({ limit: 5 });
      assert.deepStrictEqual([page.limit, page.results.length], [5, 5]);
      assert.strictEqual(mock.requestsTo('/extended/v3/mempool/transactions')[0]!.query.get('limit'), '5');
    });

    it('names the list when an offset is too far from the pages seen to walk to', async () => {
      const body = loadFixture('v3-mempool-transactions.json') as Record<string, unknown>;
      mock.override('/extended/v3/mempool/transactions', {
        ...body,
        total: 100_000,
        cursor: { next: `2000:${TX.pending}`, previous: null, current: null },
      });
      await rejectsWith(
        client({ cache: false }).getMempoolTransactions({ offset: 5_000 }),
        'invalid-input',
        'The mempool transaction list pages by cursor, and item 5001 is too far from the pages already seen: page forward from the start instead.',
      );
      assert.strictEqual(mock.requestsTo('/extended/v3/mempool/transactions').length, 20);
    });
  });

  describe('how long a transaction is kept', () => {
    const id = TX.tokenTransfer;
    const confirmed = () => loadFixture('tx-token_transfer.json') as Record<string, unknown>;
    const timesAsked = async (body: Record<string, unknown>): Promise<number> => {
      mock.override(`/extended/v1/tx/${id}`, body);
      const clock = new AdjustableClock();
      const c = client({ clock });
      await c.getTransaction(id);
      clock.advance(24 * 3_600_000);
      await c.getTransaction(id);
      return mock.requestsTo(`/extended/v1/tx/${id}`).length;
    };

    it('keeps a transaction confirmed in a canonical anchored block for good', async () => {
      assert.strictEqual(await timesAsked(confirmed()), 1);
    });

    const unsettled: Array<[string, (tx: Record<string, unknown>) => void]> = [
      ['the API reports pending', (tx) => (tx.tx_status = 'pending')],
      ['the API reports dropped', (tx) => (tx.tx_status = 'dropped_replace_by_fee')],
      ['without a block height', (tx) => delete tx.block_height],
      ['in a block that is not canonical', (tx) => (tx.canonical = false)],
      ['in a microblock that is not canonical', (tx) => (tx.microblock_canonical = false)],
      ['not yet anchored', (tx) => (tx.is_unanchored = true)],
    ];
    for (const [what, change] of unsettled) {
      it(`asks again for a transaction ${what} once the fresh window has passed`, async () => {
        const tx = confirmed();
        change(tx);
        assert.strictEqual(await timesAsked(tx), 2);
      });
    }
  });

  describe('how long a burn block is kept', () => {
    const path = `/extended/v2/burn-blocks/${BURN.latestHeight}`;
    const timesAsked = async (burnBlockTime: number): Promise<number> => {
      mock.override(path, { ...(loadFixture('burn-block--654439.json') as object), burn_block_time: burnBlockTime });
      const clock = new AdjustableClock();
      const c = client({ clock });
      await c.getBurnBlock(BURN.latestHeight);
      clock.advance(60_000);
      await c.getBurnBlock(BURN.latestHeight);
      return mock.requestsTo(path).length;
    };
    const secondsAgo = (s: number) => Math.floor(Date.now() / 1000) - s;

    it('keeps one mined over two hours ago for good', async () => {
      assert.strictEqual(await timesAsked(secondsAgo(3 * 3600)), 1);
    });

    it('asks again for one mined an hour ago once the fresh window has passed', async () => {
      assert.strictEqual(await timesAsked(secondsAgo(3600)), 2);
    });
  });

  describe('list pages as the client gives them', () => {
    const path = `/extended/v2/addresses/${ADDRESS.mainnet}/transactions`;
    const pageOf = (limit: number, rows: number) => {
      const p = loadFixture('address-transactions--mainnet.json') as { results: unknown[] };
      return { ...p, limit, total: rows, results: Array.from({ length: rows }, () => p.results[0]) };
    };
    const read = async (limit: number, rows: number) => {
      mock.override(path, pageOf(limit, rows));
      const p = await client().getAddressTransactions(ADDRESS.mainnet, { limit: 20 });
      return [p.limit, p.results.length];
    };

    it("keeps the server's page size when it is smaller than asked (the panel pages by it)", async () => {
      assert.deepStrictEqual(await read(10, 10), [10, 10]);
    });

    it('cuts a page holding more rows than its own limit says', async () => {
      assert.deepStrictEqual(await read(20, 60), [20, 20]);
    });

    it('never reports a page size larger than asked, even with few rows', async () => {
      assert.deepStrictEqual(await read(100_000, 5), [20, 5]);
    });

    it('reads a page size of 0 as the size asked, and keeps the rows', async () => {
      assert.deepStrictEqual(await read(0, 5), [20, 5]);
    });
  });

  describe("a block's transaction list", () => {
    it('leaves out the events of each row, which a server may send anyway', async () => {
      const tx = loadFixture('tx-contract_call-ft_transfer.json') as { tx_id: string; events: unknown[] };
      assert.ok(tx.events.length > 0);
      mock.override(`/extended/v2/blocks/${BLOCK.height}/transactions`, {
        limit: 20,
        offset: 0,
        total: 1,
        results: [tx],
      });
      const page = await client().getBlockTransactions(BLOCK.height, { limit: 20 });
      assert.strictEqual(page.results[0]!.tx_id, tx.tx_id);
      assert.strictEqual('events' in page.results[0]!, false);
    });
  });
});
