import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { installCommand, locateSdk, storagePrefix } from '../../src/ui/trace/locate';
import { failingExpressionOf, flattenCalls, MAX_TRACE_CALLS, parseCallTrace } from '../../src/chain/trace';
import { buildTraceReport } from '../../src/chain/traceReport';
import { earlierOf, mapReadsOf, MAX_EARLIER, type BlockTxLike } from '../../src/chain/traceInputs';
import { ReplayRequest } from '../../src/replay/messages';
import { traceViewOf } from '../../src/ui/panels/models/traceView';
import { BLOCK_LIMITS } from '../../src/chain/simulation';
import { routeName } from '../../src/replay/proxy';
import { childEnv } from '../../src/replay/engine';

const D = 'SP2KAH4M5RDEWR0K7ACGTVZJW2T62106GDZ8S6P7B';

/** What `getLastContractCallTrace()` of @stacks/clarinet-sdk 3.21.0 returned for the fixture's failing deposit. */
const FAILED_TRACE = [
  '│ ✸ print event: (tuple (amount u100) (count u8) (event "deposit"))',
  `├── ( contract-call? ${D}.trace-ledger settle amount )  trace-vault:10:5`,
  '│   │ ↳ args: u100',
  `│   ├── ( contract-call? ${D}.trace-fees fee-for amount )  trace-ledger:5:20`,
  '│   │   │ ↳ args: u100',
  `Error: Runtime error while interpreting ${D}.trace-vault`,
].join('\n');

/** What it printed to the console during that call (the tracer's error report). */
const FAILED_OUTPUT = [
  'Error occured in trace-fees:7:26',
  '================================',
  'Expression:',
  '( - reserve ( / amount u2 ) )',
  'Error: ArithmeticUnderflow',
  ' Stack Trace: ',
  `${D}.trace-vault:deposit`,
].join('\n');

/** The same for a deposit of u40, which returns (colours added as a terminal would show them). */
const OK_TRACE = [
  '│ \u001b[90m✸ print event: (tuple (amount u40) (count u8) (event "deposit"))\u001b[0m',
  `├── ( contract-call? ${D}.trace-ledger settle amount )  \u001b[90mtrace-vault:10:5\u001b[0m`,
  '│   │ \u001b[35m↳ args:\u001b[0m u40',
  `│   ├── ( contract-call? ${D}.trace-fees fee-for amount )  trace-ledger:5:20`,
  '│   │   │ ↳ args: u40',
  '│   │   └── (ok u0)',
  '│   └── (ok u1)',
  '└── (ok u2)',
].join('\n');

describe('trace: reading a replay', () => {
  it('reads the failed call two contract-calls deep into a tree, with the arguments and the event', () => {
    const t = parseCallTrace(FAILED_TRACE);
    assert.strictEqual(t.calls.length, 1);
    const ledger = t.calls[0]!;
    assert.strictEqual(ledger.kind, 'contract-call');
    assert.strictEqual(ledger.callee, `${D}.trace-ledger`);
    assert.strictEqual(ledger.fn, 'settle');
    assert.deepStrictEqual(ledger.at, { contract: 'trace-vault', line: 10, column: 5 });
    assert.strictEqual(ledger.args, 'u100');
    assert.strictEqual(ledger.returned, undefined, 'it never returned');
    const fees = ledger.children[0]!;
    assert.strictEqual(fees.callee, `${D}.trace-fees`);
    assert.deepStrictEqual(fees.at, { contract: 'trace-ledger', line: 5, column: 20 });
    assert.deepStrictEqual(t.events, ['print event: (tuple (amount u100) (count u8) (event "deposit"))']);
    assert.match(t.error ?? '', /Runtime error while interpreting/);
    assert.deepStrictEqual(
      flattenCalls(t.calls).map((c) => [c.depth, c.call.fn]),
      [
        [0, 'settle'],
        [1, 'fee-for'],
      ],
    );
  });

  it('reads what each call returned, colours stripped, and the top result', () => {
    const t = parseCallTrace(OK_TRACE);
    assert.strictEqual(t.calls[0]!.children[0]!.returned, '(ok u0)');
    assert.strictEqual(t.calls[0]!.returned, '(ok u1)');
    assert.strictEqual(t.calls[0]!.at?.line, 10);
    assert.strictEqual(t.calls[0]!.args, 'u40');
    assert.strictEqual(t.result, '(ok u2)');
    assert.strictEqual(t.error, undefined);
  });

  it('finds the failing expression with its contract, line and column', () => {
    assert.deepStrictEqual(failingExpressionOf(FAILED_OUTPUT), {
      contract: 'trace-fees',
      line: 7,
      column: 26,
      expression: '( - reserve ( / amount u2 ) )',
      error: 'ArithmeticUnderflow',
    });
    assert.strictEqual(failingExpressionOf('nothing went wrong'), undefined);
  });

  it('caps the calls it reads and says so', () => {
    const many = Array.from({ length: MAX_TRACE_CALLS + 50 }, (_, i) => `├── ( f${i} u1 )  c:${i + 1}:1`).join('\n');
    const t = parseCallTrace(many);
    assert.strictEqual(t.calls.length, MAX_TRACE_CALLS);
    assert.ok(t.clipped);
  });

  it('keeps a hostile value as clipped text', () => {
    const t = parseCallTrace(`├── ( f u1 )  c:1:1\n│   │ ↳ args: <img src=x onerror=alert(1)>${'x'.repeat(5000)}`);
    assert.ok(t.calls[0]!.args.startsWith('<img src=x'));
    assert.ok(t.calls[0]!.args.length <= 2000);
  });
});

describe('trace: the verdict', () => {
  const failedTx = {
    tx_status: 'abort_by_response',
    tx_result: { repr: '(err none)' },
    tx_index: 0,
    block_height: 7_500_001,
    execution_cost_runtime: 50_000,
    execution_cost_read_count: 10,
    execution_cost_read_length: 9000,
    execution_cost_write_count: 0,
    execution_cost_write_length: 0,
  };
  const outcome = {
    runtimeError: `Call contract function error: ${D}.trace-vault::deposit(u100) -> Error calling contract function 'deposit': Runtime error while interpreting ${D}.trace-vault: Runtime(ArithmeticUnderflow, …)`,
    trace: FAILED_TRACE,
    output: FAILED_OUTPUT,
    events: [],
    varsBefore: { 'deposit-count': 'u7' },
    varsAfter: { 'deposit-count': 'u7' },
  };

  it('a runtime error matches a chain result of (err none), with the failing line and the events of the trace', () => {
    const r = buildTraceReport(outcome, failedTx, BLOCK_LIMITS.epoch21.cost);
    assert.strictEqual(r.verdict, 'matches');
    assert.strictEqual(r.replayResult, '(err none)');
    assert.match(r.verdictText, /as the chain recorded it: \(err none\)/);
    assert.strictEqual(r.failing?.line, 7);
    assert.match(r.runtimeError ?? '', /^Runtime\(ArithmeticUnderflow/);
    assert.deepStrictEqual(r.events, ['print event: (tuple (amount u100) (count u8) (event "deposit"))']);
    assert.deepStrictEqual(r.vars, [{ name: 'deposit-count', before: 'u7', after: 'u7' }]);
    assert.strictEqual(r.costsFrom, 'chain');
    assert.strictEqual(r.shares?.find((s) => s.dimension === 'runtime')?.used, 50_000);
  });

  it('a replay that returned where the chain failed diverged, and names the earlier transactions of the block', () => {
    const r = buildTraceReport(
      {
        ...outcome,
        runtimeError: undefined,
        result: '(ok u1)',
        costs: { runtime: 10, read_count: 1, read_length: 1, write_count: 1, write_length: 1 },
      },
      { ...failedTx, tx_index: 2 },
      BLOCK_LIMITS.epoch21.cost,
    );
    assert.strictEqual(r.verdict, 'diverged');
    assert.match(r.verdictText, /ended with \(ok u1\), the chain recorded \(err none\)/);
    assert.match(r.verdictText, /2 earlier transactions of block 7,500,001/);
    assert.strictEqual(r.costsFrom, 'replay');
  });

  it('a post-condition abort is explained, not called a match', () => {
    const r = buildTraceReport(
      { ...outcome, runtimeError: undefined, result: '(ok true)' },
      { tx_status: 'abort_by_post_condition', tx_result: { repr: '(ok true)' } },
    );
    assert.strictEqual(r.verdict, 'diverged');
    assert.match(r.verdictText, /post-condition/);
  });
});

describe("trace: the block's earlier transactions", () => {
  const deposit = (txId: string, index: number, repr = '(ok u0)'): BlockTxLike => ({
    tx_id: txId,
    tx_type: 'contract_call',
    tx_index: index,
    sender_address: 'SP2ZRX0K27GW0SP3GJCEMHD95TQGJMKB7GB36ZAR0',
    tx_result: { repr },
    contract_call: { contract_id: `${D}.trace-vault`, function_name: 'deposit', function_args: [{ hex: '0x0100' }] },
  });
  const block: BlockTxLike[] = [
    // the API's order is oldest first; the choice does not rely on it
    deposit('0xd1', 1),
    { tx_id: '0xt0', tx_type: 'tenure_change', tx_index: 0, sender_address: D },
    {
      tx_id: '0xs2',
      tx_type: 'token_transfer',
      tx_index: 2,
      sender_address: 'SP2ZRX0K27GW0SP3GJCEMHD95TQGJMKB7GB36ZAR0',
      tx_result: { repr: '(ok true)' },
      token_transfer: { recipient_address: 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE', amount: '1000000' },
    },
    { ...deposit('0xnohex', 3), contract_call: { contract_id: `${D}.x`, function_name: 'f', function_args: [{}] } },
    deposit('0xtarget', 4),
    deposit('0xafter', 5),
  ];
  const failedTx = {
    tx_status: 'abort_by_response',
    tx_result: { repr: '(err none)' },
    tx_index: 4,
    block_height: 7_500_002,
  };
  const underflow = {
    runtimeError: 'Call contract function error: … Runtime(ArithmeticUnderflow, …)',
    trace: FAILED_TRACE,
    output: FAILED_OUTPUT,
    events: [],
    varsBefore: { 'deposit-count': 'u8' },
    varsAfter: { 'deposit-count': 'u8' },
  };

  it('takes those before the call in the block order, replays contract calls and STX transfers, and counts the rest as skipped', () => {
    const plan = earlierOf(block, 4);
    assert.deepStrictEqual(
      plan.calls.map((c) => [c.txId, c.call.kind, c.chain]),
      [
        ['0xd1', 'contract-call', '(ok u0)'],
        ['0xs2', 'token-transfer', '(ok true)'],
      ],
    );
    assert.deepStrictEqual(plan.calls[1]!.call, {
      kind: 'token-transfer',
      recipient: 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE',
      amount: '1000000',
      sender: 'SP2ZRX0K27GW0SP3GJCEMHD95TQGJMKB7GB36ZAR0',
    });
    assert.deepStrictEqual(
      { inBlock: plan.inBlock, read: plan.read, skipped: plan.skipped },
      { inBlock: 4, read: 4, skipped: 2 },
    );
    const many = Array.from({ length: 80 }, (_, i) => deposit(`0x${i}`, i));
    const capped = earlierOf(many, 70);
    assert.strictEqual(capped.calls.length, MAX_EARLIER);
    assert.strictEqual(capped.read, MAX_EARLIER);
    assert.strictEqual(
      capped.calls.at(-1)?.txId,
      `0x${MAX_EARLIER - 1}`,
      'the first ones: a state the block really had',
    );
  });

  it('the verdict says the replay included the earlier transactions, and what was skipped, capped or ended otherwise', () => {
    const plan = earlierOf(block, 4);
    const ran = [{ result: '(ok u0)' }, { result: '(ok true)' }];
    const r = buildTraceReport({ ...underflow, earlier: ran }, failedTx, undefined, plan);
    assert.strictEqual(r.verdict, 'matches', r.verdictText);
    assert.match(
      r.verdictText,
      /as the chain recorded it: \(err none\)\. The replay included the earlier transactions of block 7,500,002 before it: 2 ran\./,
    );
    assert.match(r.verdictText, /Skipped: 2 \(neither a contract call nor an STX transfer\)/);
    assert.deepStrictEqual(r.earlier, { ran: 2, skipped: 2, read: 4, differed: 0 });
    assert.strictEqual(r.offerEarlier, false, 'no second offer once they ran');

    const otherwise = buildTraceReport(
      {
        ...underflow,
        runtimeError: undefined,
        result: '(ok u0)',
        earlier: [{ result: '(ok u0)' }, { result: '(err u1)' }],
      },
      failedTx,
      undefined,
      plan,
    );
    assert.strictEqual(otherwise.verdict, 'diverged');
    assert.match(
      otherwise.verdictText,
      /The replay included the earlier transactions of block 7,500,002 before it: 2 ran/,
    );
    assert.match(
      otherwise.verdictText,
      /Ended here otherwise than on the chain: 1 \(the first, 0xs2…: \(err u1\) here, \(ok true\) on the chain\)/,
    );

    const many = Array.from({ length: 80 }, (_, i) => deposit(`0x${i}`, i));
    const capped = buildTraceReport(
      {
        ...underflow,
        runtimeError: undefined,
        result: '(ok u0)',
        earlier: many.slice(0, 50).map(() => ({ result: '(ok u0)' })),
      },
      { ...failedTx, tx_index: 70 },
      undefined,
      earlierOf(many, 70),
    );
    assert.match(capped.verdictText, /Only the first 50 of its 70 earlier transactions were read\./);
  });

  it('a replay that diverged with earlier transactions in the block offers them; a match, a first transaction or a post-condition does not', () => {
    const alone = { ...underflow, runtimeError: undefined, result: '(ok u0)' };
    const diverged = buildTraceReport(alone, failedTx);
    assert.strictEqual(diverged.offerEarlier, true);
    assert.match(diverged.verdictText, /4 earlier transactions of block 7,500,002 ran before it on the chain/);
    assert.strictEqual(buildTraceReport(underflow, failedTx).offerEarlier, false, 'it matches');
    assert.strictEqual(buildTraceReport(alone, { ...failedTx, tx_index: 0 }).offerEarlier, false, 'first in its block');
    assert.strictEqual(
      buildTraceReport(alone, { ...failedTx, tx_status: 'abort_by_post_condition' }).offerEarlier,
      false,
      'earlier transactions do not explain a post-condition',
    );
    const meta = {
      network: 'mainnet' as const,
      contractId: `${D}.trace-vault`,
      fn: 'deposit',
      height: 7_500_001,
      sdk: 'SDK',
      requests: 1,
      apiOrigin: 'http://x',
      ms: 1,
    };
    const offer = traceViewOf(diverged, meta).earlier;
    assert.strictEqual(offer?.label, "Replay with the block's earlier transactions");
    assert.match(
      offer?.hint ?? '',
      /4 transactions ran before this one in block 7,500,002; the replay can run them first/,
    );
    const far = traceViewOf(buildTraceReport(alone, { ...failedTx, tx_index: 120 }), meta).earlier;
    assert.match(
      far?.hint ?? '',
      /120 transactions ran before this one .*the first 50 of them first/,
      'the cap, in words',
    );
    assert.strictEqual(traceViewOf(buildTraceReport(underflow, failedTx), meta).earlier, undefined);
  });

  it("reads the map entries the call names: the sender for a principal key, an argument of the key's type; not a tuple key", () => {
    const source = [
      '(define-map deposits principal uint)',
      '(define-map by-id uint { owner: principal })',
      '(define-map pairs { a: uint, b: uint } bool)',
      '(define-map hashes (buff 32) uint)',
    ].join('\n');
    const reads = mapReadsOf(source, [
      { hex: '0x0100000000000000000000000000000007', type: 'uint' },
      { hex: '0x0516aabb', type: 'principal' },
      { hex: '0x0200000020' + 'ab'.repeat(32), type: '(buff 32)' },
    ]);
    assert.deepStrictEqual(reads, [
      { name: 'deposits', key: 'tx-sender' },
      { name: 'deposits', key: '0x0516aabb' },
      { name: 'by-id', key: '0x0100000000000000000000000000000007' },
      { name: 'hashes', key: '0x0200000020' + 'ab'.repeat(32) },
    ]);
    const r = buildTraceReport(
      { ...underflow, maps: [{ name: 'deposits', key: 'SP3F…', before: 'none', after: '(some u40)' }] },
      failedTx,
    );
    const meta = {
      network: 'mainnet' as const,
      contractId: `${D}.trace-vault`,
      fn: 'deposit',
      height: 1,
      sdk: 'SDK',
      requests: 1,
      apiOrigin: 'http://x',
      ms: 1,
    };
    assert.deepStrictEqual(traceViewOf(r, meta).maps, [
      { entry: 'deposits[SP3F…]', before: 'none', after: '(some u40)' },
    ]);
  });

  it('the replay process refuses an earlier transaction it cannot run as one', () => {
    const base = {
      type: 'replay',
      id: 1,
      sdkPath: '/sdk',
      apiUrl: 'http://127.0.0.1:4000',
      height: 10,
      contract: `${D}.trace-vault`,
      fn: 'deposit',
      args: ['0x0100'],
      sender: D,
      vars: [],
    };
    const call = { kind: 'contract-call', contract: `${D}.trace-vault`, fn: 'deposit', args: ['0x01'], sender: D };
    const transfer = { kind: 'token-transfer', recipient: D, amount: '1000000', sender: D };
    assert.ok(ReplayRequest.safeParse({ ...base, before: [call, transfer] }).success);
    assert.ok(ReplayRequest.safeParse(base).success, 'without earlier transactions, as before');
    const refused = (before: unknown, why: string) =>
      assert.strictEqual(ReplayRequest.safeParse({ ...base, before }).success, false, why);
    refused([{ ...call, kind: 'smart-contract' }], 'a kind it does not run');
    refused([{ ...transfer, amount: '-5' }], 'a negative amount');
    refused([{ ...transfer, amount: 1e6 }], 'an amount that is not digits');
    refused([{ ...call, args: ['(ok u1)'] }], 'an argument not serialized');
    refused([{ ...call, sender: undefined }], 'no sender');
    refused(
      Array.from({ length: MAX_EARLIER + 1 }, () => call),
      'more than the cap',
    );
    refused('all of them', 'not a list');
    assert.strictEqual(
      ReplayRequest.safeParse({ ...base, maps: [{ name: 'deposits', key: 'not hex' }] }).success,
      false,
      'a map key that is neither serialized nor the sender',
    );
  });
});

describe('trace: the replay process', () => {
  it('gets no key or token of the host environment', () => {
    const env = childEnv({ PATH: '/bin', HOME: '/h', HIRO_API_KEY: 'secret', GITHUB_TOKEN: 't', STACKS_KEY: 'k' });
    assert.deepStrictEqual(Object.keys(env).sort(), ['ELECTRON_RUN_AS_NODE', 'HOME', 'PATH']);
    assert.ok(!JSON.stringify(env).includes('secret'));
  });

  it('names a route without its long hashes', () => {
    assert.strictEqual(routeName(`/v2/clarity/marf/${'ab'.repeat(32)}`), '/v2/clarity/marf/…');
  });
});

describe('trace: where the Clarinet SDK comes from', () => {
  let root: string;
  const pkg = (dir: string, name = '@stacks/clarinet-sdk', version = '3.21.0') => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version }));
    return dir;
  };
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'stacks-lookup-locate-'));
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it("runs a trusted workspace's copy, never an untrusted one's; the setting first, the storage copy last", () => {
    const ws = path.join(root, 'ws');
    pkg(path.join(ws, 'node_modules/@stacks/clarinet-sdk'));
    const storage = path.join(root, 'storage');
    const base = { setting: '', workspaceFolders: [ws], globalStorage: storage };
    assert.strictEqual(locateSdk({ ...base, trusted: true })?.from, 'workspace');
    assert.strictEqual(
      locateSdk({ ...base, trusted: false }),
      undefined,
      'an untrusted workspace runs nothing of its own',
    );
    pkg(path.join(storagePrefix(storage), 'node_modules/@stacks/clarinet-sdk'));
    assert.strictEqual(locateSdk({ ...base, trusted: false })?.from, 'storage');
    const mine = pkg(path.join(root, 'mine'));
    assert.deepStrictEqual(locateSdk({ ...base, setting: mine, trusted: true }), {
      path: mine,
      version: '3.21.0',
      from: 'setting',
    });
  });

  it('takes only the SDK at major version 3', () => {
    const other = pkg(path.join(root, 'other'), 'left-pad', '3.0.0');
    const old = pkg(path.join(root, 'old'), '@stacks/clarinet-sdk', '2.9.0');
    const none = { workspaceFolders: [], globalStorage: path.join(root, 'empty'), trusted: true };
    assert.strictEqual(locateSdk({ ...none, setting: other }), undefined);
    assert.strictEqual(locateSdk({ ...none, setting: old }), undefined);
  });

  it('shows the exact npm command it runs, into the storage folder, without install scripts', () => {
    const c = installCommand('/tmp/storage dir');
    assert.match(
      c.shown,
      /^npm install --prefix "\/tmp\/storage dir\/clarinet-sdk" --no-save --ignore-scripts @stacks\/clarinet-sdk@3\.21\.0$/,
    );
    assert.deepStrictEqual(c.args.slice(0, 3), ['install', '--prefix', path.join('/tmp/storage dir', 'clarinet-sdk')]);
  });
});
