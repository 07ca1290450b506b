import * as assert from 'assert';
import { createStacksClient, StacksClient, SwitchedOffRoutes, Transaction } from '../../src/api';
import { ADDRESS, BLOCK, CONTRACT, TX, UNKNOWN_TX } from '../fixtures/ids';
import { MockApi, startMockApi } from '../mock-api/server';

/**
 * Done-when of the API's sunset: with every deprecated route answering 410 (the mock's sunset
 * mode), each client method returns what it returns today, less only what the v3 routes do not
 * carry, and the model says which fields those are.
 */

/** Fields of a v1 transaction that no v3 route carries (the model lists the ones the UI shows in `unavailable`). */
const NOT_IN_V3_TX = new Set([
  'anchor_mode',
  'post_condition_mode',
  'parent_burn_block_time',
  'parent_burn_block_time_iso',
  'microblock_hash',
  'microblock_sequence',
  'index_block_hash',
  'unavailable',
]);
/** Of a contract call's arguments v3 gives the value (hex, repr), not the parameter's name and type. */
const NOT_IN_V3_ARG = new Set(['name', 'type']);

function comparable(tx: Transaction): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(tx)) if (!NOT_IN_V3_TX.has(k)) out[k] = v;
  const call = tx.contract_call;
  if (call) {
    const { function_signature: _sig, ...rest } = call;
    out.contract_call = {
      ...rest,
      ...(call.function_args
        ? {
            function_args: call.function_args.map((a) =>
              Object.fromEntries(Object.entries(a).filter(([k]) => !NOT_IN_V3_ARG.has(k))),
            ),
          }
        : {}),
    };
  }
  if (Array.isArray(out.events)) out.events = (out.events as unknown[]).map((e) => ({ ...(e as object) }));
  return out;
}

/**
 * `actual` has everything `expected` has, with the same values (objects and arrays compared the
 * same way, member by member); it may have more (v3 gives `vrf_proof: null` where v1 leaves it out).
 */
function assertHasAll(actual: unknown, expected: unknown, path = '$'): void {
  if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${path} should be an array`);
    assert.strictEqual(actual.length, expected.length, `${path}.length`);
    expected.forEach((e, i) => assertHasAll(actual[i], e, `${path}[${i}]`));
  } else if (expected !== null && typeof expected === 'object') {
    assert.ok(actual !== null && typeof actual === 'object', `${path} should be an object`);
    for (const [k, v] of Object.entries(expected))
      assertHasAll((actual as Record<string, unknown>)[k], v, `${path}.${k}`);
  } else {
    assert.deepStrictEqual(actual, expected, path);
  }
}

describe('Sunset: every client method with all deprecated routes switched off', function () {
  let today: MockApi;
  let sunset: MockApi;
  let old: StacksClient;
  let gone: StacksClient;

  before(async () => {
    today = await startMockApi();
    sunset = await startMockApi({ sunset: true });
  });
  after(async () => {
    await today.close();
    await sunset.close();
  });
  beforeEach(() => {
    today.reset();
    sunset.reset();
    old = createStacksClient({ baseUrl: today.url, cache: false, switchedOff: new SwitchedOffRoutes() });
    gone = createStacksClient({ baseUrl: sunset.url, cache: false, switchedOff: new SwitchedOffRoutes() });
  });

  const TX_CASES: Array<[string, string]> = [
    ['token transfer (success, with a memo)', TX.tokenTransfer],
    ['contract call (sponsored, success, with arguments and result)', TX.contractCall],
    ['smart contract (Clarity 2, with its source)', TX.smartContract],
    ['coinbase (to an alt recipient)', TX.coinbase],
    ['tenure change', TX.tenureChange],
    ['contract call that failed (abort_by_response)', TX.failed],
    ['deploy that failed (abort_by_post_condition)', TX.abortByPostCondition],
    ['deploy the node skipped (problematic_skipped)', TX.problematicSkipped],
    ['pending contract call (mempool)', TX.pending],
    ['dropped transaction (replaced by fee)', TX.dropped],
    ['contract call with 300 events', TX.manyEvents],
    ['older contract call of the address list', TX.mainnetContractCall],
    ['older token transfer of the address list', TX.mainnetTokenTransfer],
  ];
  for (const [name, id] of TX_CASES) {
    it(`getTransaction: ${name}`, async () => {
      const o = { eventLimit: 50, eventOffset: 0 };
      const [v1, v3] = [await old.getTransaction(id, o), await gone.getTransaction(id, o)];
      assertHasAll(comparable(v3), comparable(v1));
      assert.deepStrictEqual(v3.unavailable, [
        'anchor_mode',
        'post_condition_mode',
        ...(v1.block_height === undefined ? [] : ['parent_burn_block_time']),
        ...(v1.contract_call ? ['function_signature', 'function_args.name', 'function_args.type'] : []),
      ]);
      assert.ok(sunset.requestsTo('/extended/v1/tx/').every((r) => r.path.startsWith('/extended/v1/tx/')));
    });
  }

  it('getTransaction: token transfer, contract call and deploy keep memo, arguments, source, post-conditions and result', async () => {
    const transfer = await gone.getTransaction(TX.tokenTransfer);
    assert.strictEqual(
      transfer.token_transfer?.memo,
      (await old.getTransaction(TX.tokenTransfer)).token_transfer?.memo,
    );
    const call = await gone.getTransaction(TX.contractCall);
    assert.ok(call.contract_call?.function_args?.length, 'arguments');
    assert.ok(call.tx_result?.repr, 'result');
    assert.ok(Array.isArray(call.post_conditions), 'post-conditions');
    const deploy = await gone.getTransaction(TX.smartContract);
    assert.ok(deploy.smart_contract?.source_code?.length, 'source');
    assert.ok(deploy.tx_result?.repr, 'result of a deploy');
  });

  it('getStxBalance: the current balance of a locked, a token-offering and a sponsor address', async () => {
    for (const a of [ADDRESS.mainnet, ADDRESS.testnet, ADDRESS.sponsor, ADDRESS.unknown]) {
      const v1 = await old.getStxBalance(a);
      const v3 = await gone.getStxBalance(a);
      for (const k of [
        'balance',
        'locked',
        'lock_tx_id',
        'lock_height',
        'burnchain_lock_height',
        'burnchain_unlock_height',
      ] as const)
        assert.deepStrictEqual(v3[k], v1[k], `${a} ${k}`);
      for (const k of v3.unavailable ?? []) assert.ok(!(k in v3), `${k} is not invented`);
      assert.deepStrictEqual(v3.unavailable, [
        'total_sent',
        'total_received',
        'total_fees_sent',
        'total_miner_rewards_received',
        'token_offering_locked',
      ]);
    }
  });

  it('getBlock: the v2 block is not deprecated and is read as today', async () => {
    for (const b of ['latest', BLOCK.height, BLOCK.hash, BLOCK.nakamoto.height] as const)
      assert.deepStrictEqual(await gone.getBlock(b), await old.getBlock(b));
  });

  it('getBlockByHeightV1: the block and every transaction id, in order', async () => {
    for (const h of [BLOCK.height, BLOCK.big.height]) {
      const v1 = await old.getBlockByHeightV1(h);
      const v3 = await gone.getBlockByHeightV1(h);
      assert.deepStrictEqual(v3.txs, v1.txs);
      for (const k of [
        'height',
        'hash',
        'index_block_hash',
        'parent_block_hash',
        'burn_block_height',
        'canonical',
      ] as const)
        assert.deepStrictEqual(v3[k], v1[k], k);
    }
  });

  it('getMempoolStats, getContractsStatus and getServerStatus: not deprecated, read as today', async () => {
    assert.deepStrictEqual(await gone.getMempoolStats(), await old.getMempoolStats());
    const ids = [CONTRACT.deployed, CONTRACT.statusPending, CONTRACT.notFound];
    assert.deepStrictEqual(await gone.getContractsStatus(ids), await old.getContractsStatus(ids));
    assert.deepStrictEqual(await gone.getServerStatus(), await old.getServerStatus());
  });

  it('getMempoolFees and getMempoolTransactions: routes that are not deprecated, read the same with the rest switched off', async () => {
    assert.deepStrictEqual(await gone.getMempoolFees(), await old.getMempoolFees());
    for (const offset of [0, 20, 40])
      assert.deepStrictEqual(
        await gone.getMempoolTransactions({ offset }),
        await old.getMempoolTransactions({ offset }),
        `offset ${offset}`,
      );
  });

  it('getAddressTransactions: every transaction with its type, status, block and STX sent/received', async () => {
    for (const a of [ADDRESS.mainnet, ADDRESS.testnet, ADDRESS.busy]) {
      const v1 = await old.getAddressTransactions(a);
      const v3 = await gone.getAddressTransactions(a);
      assert.strictEqual(v3.total, v1.total);
      const row = (r: (typeof v1.results)[number]) => [
        r.tx.tx_id,
        r.tx.tx_type,
        r.tx.tx_status,
        r.tx.block_height,
        r.tx.block_hash,
        r.tx.sender_address,
        r.tx.fee_rate,
        r.tx.token_transfer?.amount,
        r.tx.token_transfer?.memo,
        r.tx.contract_call?.function_name,
        r.stx_sent,
        r.stx_received,
      ];
      assert.deepStrictEqual(v3.results.map(row), v1.results.map(row), a);
      assert.ok(v3.results.every((r) => r.unavailable?.includes('events') && r.events === undefined));
    }
  });

  it('getAddressTransactionEvents: one balance change per asset, with the net amount; index, kind, sender and recipient not available', async () => {
    const cases: Array<[string, string]> = [
      [ADDRESS.mainnet, TX.mainnetContractCall],
      [ADDRESS.testnet, TX.tokenTransfer],
      [ADDRESS.mainnet, TX.manyEvents],
    ];
    for (const [a, tx] of cases) {
      const v1 = await old.getAddressTransactionEvents(a, tx, { limit: 50 });
      for (let offset = 50; offset < v1.total; offset += 50)
        v1.results.push(...(await old.getAddressTransactionEvents(a, tx, { limit: 50, offset })).results);
      const v3 = await gone.getAddressTransactionEvents(a, tx, { limit: 50 });
      // the net change of each asset equals the sum of today's events of that asset
      const net = new Map<string, bigint>();
      for (const e of v1.results) {
        const key = e.type === 'stx' ? 'stx' : `${e.type}|${e.data.asset_identifier}`;
        const n = e.type === 'nft' ? 1n : BigInt(e.data.amount ?? '0');
        const signed = (e.data.recipient === a ? n : 0n) - (e.data.sender === a ? n : 0n);
        net.set(key, (net.get(key) ?? 0n) + signed);
      }
      assert.deepStrictEqual(
        new Map(
          v3.results.map((e) => [
            e.type === 'stx' ? 'stx' : `${e.type}|${e.data.asset_identifier}`,
            BigInt(e.balance_change!.net),
          ]),
        ),
        net,
        `${a} ${tx}`,
      );
      for (const e of v3.results) {
        assert.strictEqual(e.event_index, undefined);
        assert.deepStrictEqual(e.unavailable, ['event_index', 'type', 'sender', 'recipient']);
      }
    }
  });

  it('errors are those of the replacement: an unknown transaction or block is not found', async () => {
    const kind = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: { kind?: string }) => e.kind,
      );
    assert.strictEqual(await kind(gone.getTransaction(UNKNOWN_TX)), await kind(old.getTransaction(UNKNOWN_TX)));
    assert.strictEqual(await kind(gone.getTransaction(UNKNOWN_TX)), 'not-found');
    assert.strictEqual(await kind(gone.getBlockByHeightV1(BLOCK.unknownHeight)), 'not-found');
  });

  it('asks every switched-off route once, then only the replacements', async () => {
    await gone.getTransaction(TX.tokenTransfer);
    await gone.getTransaction(TX.coinbase);
    await gone.getStxBalance(ADDRESS.mainnet);
    await gone.getStxBalance(ADDRESS.testnet);
    const asked = sunset.requests.filter(
      (r) => /^\/extended\/v[12]\//.test(r.path) && !r.path.startsWith('/extended/v2/blocks/'),
    );
    assert.deepStrictEqual(
      asked.map((r) => r.path),
      [`/extended/v1/tx/${TX.tokenTransfer}`, `/extended/v1/address/${ADDRESS.mainnet}/stx`],
    );
  });
});
