// What a replay is given and what its report says of it, read the way the Trace section shows it:
// which data variables and map entries are read before and after, which of the block's earlier
// transactions run first, and the verdict's words (src/chain/traceInputs.ts, src/chain/traceReport.ts).
import * as assert from 'assert';
import { dataVarsOf, earlierOf, mapReadsOf, mapsOf, type BlockTxLike } from '../../src/chain/traceInputs';
import { buildTraceReport, type OutcomeLike } from '../../src/chain/traceReport';

const D = 'SP2KAH4M5RDEWR0K7ACGTVZJW2T62106GDZ8S6P7B';
const SENDER = 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE';

/** A nested call that printed an event and never returned, as `getLastContractCallTrace()` writes it. */
const NESTED_TRACE = [
  '│ ✸ print event: (tuple (event "outer"))',
  `├── ( contract-call? ${D}.trace-ledger settle amount )  trace-vault:10:5`,
  '│   │ ✸ print event: (tuple (event "ledger"))',
  '│   │ ↳ args: u100',
  `│   ├── ( contract-call? ${D}.trace-fees fee-for amount )  trace-ledger:5:20`,
  '│   │   │ ✸ print event: (tuple (event "fees"))',
  '│   │   │ ↳ args: u100',
  `Error: Runtime error while interpreting ${D}.trace-vault`,
].join('\n');

const outcome = (o: Partial<OutcomeLike>): OutcomeLike => ({
  output: '',
  events: [],
  varsBefore: {},
  varsAfter: {},
  ...o,
});

const contractCall = (id: string, index: number | undefined, args: Array<{ hex?: string }>): BlockTxLike => ({
  tx_id: id,
  tx_type: 'contract_call',
  ...(index === undefined ? {} : { tx_index: index }),
  sender_address: SENDER,
  tx_result: { repr: '(ok true)' },
  contract_call: { contract_id: `${D}.trace-vault`, function_name: 'deposit', function_args: args },
});

describe('trace inputs: what a replay reads before and after the call', () => {
  it('reads each data variable the contract defines once, in order, and at most 50', () => {
    const source = [
      '(define-data-var deposit-count uint u0)',
      '(define-data-var  owner principal tx-sender)',
      '(define-constant ERR (err u1))',
      '( define-data-var deposit-count uint u0)',
    ].join('\n');
    assert.deepStrictEqual(dataVarsOf(source), ['deposit-count', 'owner']);
    const many = Array.from({ length: 60 }, (_, i) => `(define-data-var v${i} uint u0)`).join('\n');
    const names = dataVarsOf(many);
    assert.strictEqual(names.length, 50);
    assert.strictEqual(names[0], 'v0');
    assert.strictEqual(names[49], 'v49');
    assert.deepStrictEqual(dataVarsOf('(define-map m principal uint)'), []);
  });

  it('finds the maps and their key types as written, spaces aside, and at most 50', () => {
    assert.deepStrictEqual(mapsOf('(define-map deposits principal uint)\n(define-map by-hash ( buff   32 ) uint)'), [
      { name: 'deposits', keyType: 'principal' },
      { name: 'by-hash', keyType: '(buff 32)' },
    ]);
    const many = Array.from({ length: 60 }, (_, i) => `(define-map m${i} uint uint)`).join('\n');
    assert.strictEqual(mapsOf(many).length, 50);
  });

  it('reads a map at the sender and at each argument of its key type, a key written two ways once', () => {
    const source = '(define-map deposits principal uint)\n(define-map by-hash (buff 2) uint)';
    const reads = mapReadsOf(source, [
      { hex: '0xabcd', type: '( buff  2 )' },
      { hex: 'ABCD', type: '(buff 2)' },
      { hex: '0x0100', type: 'uint' },
    ]);
    assert.deepStrictEqual(reads, [
      { name: 'deposits', key: 'tx-sender' },
      { name: 'by-hash', key: '0xabcd' },
    ]);
  });

  it('takes a bare hex key, and no key that is not hex from end to end', () => {
    const source = '(define-map seen (buff 2) bool)';
    assert.deepStrictEqual(mapReadsOf(source, [{ hex: 'beef', type: '(buff 2)' }]), [{ name: 'seen', key: 'beef' }]);
    for (const hex of ['zz0xbeef', 'beef-zz', '0x', 'not hex'])
      assert.deepStrictEqual(mapReadsOf(source, [{ hex, type: '(buff 2)' }]), [], hex);
  });

  it('reads at most 50 map entries, however many arguments fit', () => {
    const args = Array.from({ length: 60 }, (_, i) => ({
      hex: `0x01${i.toString(16).padStart(32, '0')}`,
      type: 'uint',
    }));
    const reads = mapReadsOf('(define-map by-id uint uint)', args);
    assert.strictEqual(reads.length, 50);
    assert.strictEqual(reads[49]!.key, args[49]!.hex);
  });
});

describe("trace inputs: the block's earlier transactions", () => {
  it('keeps only those before the call, in the order the block ran them', () => {
    const plan = earlierOf(
      [contractCall('0xc', 2, []), contractCall('0xa', 0, []), contractCall('0xt', 3, []), contractCall('0xb', 1, [])],
      3,
    );
    assert.deepStrictEqual(
      plan.calls.map((c) => c.txId),
      ['0xa', '0xb', '0xc'],
    );
    assert.deepStrictEqual([plan.inBlock, plan.read, plan.skipped], [3, 3, 0]);
  });

  it('places a transaction without tx_index by its position in the list', () => {
    const plan = earlierOf([contractCall('0xa', undefined, []), contractCall('0xb', undefined, [])], 1);
    assert.deepStrictEqual(
      plan.calls.map((c) => c.txId),
      ['0xa'],
    );
  });

  it('skips a call with an argument the API did not serialize, and an STX transfer whose amount is not digits', () => {
    const transfer = (id: string, amount: string): BlockTxLike => ({
      tx_id: id,
      tx_type: 'token_transfer',
      tx_index: 0,
      sender_address: SENDER,
      token_transfer: { recipient_address: D, amount },
    });
    const partial = contractCall('0xp', 0, [{ hex: '0x01' }, {}]);
    for (const tx of [partial, transfer('0xe', '1e6'), transfer('0xn', '-5'), transfer('0xs', '5 ')]) {
      const plan = earlierOf([tx], 1);
      assert.deepStrictEqual([plan.calls.length, plan.skipped], [0, 1], tx.tx_id);
    }
    const ok = earlierOf([transfer('0xok', '5000000')], 1);
    assert.deepStrictEqual(ok.calls[0]!.call, {
      kind: 'token-transfer',
      recipient: D,
      amount: '5000000',
      sender: SENDER,
    });
    assert.strictEqual(ok.calls[0]!.chain, '', 'no result recorded reads as none');
  });

  it('goes by the transaction type: a deploy is skipped even when it carries call fields', () => {
    const deploy = { ...contractCall('0xd', 0, []), tx_type: 'smart_contract' };
    assert.deepStrictEqual(earlierOf([deploy], 1).skipped, 1);
    const odd: BlockTxLike = {
      tx_id: '0xo',
      tx_type: 'contract_call',
      tx_index: 0,
      sender_address: SENDER,
      token_transfer: { recipient_address: D, amount: '5' },
    };
    assert.deepStrictEqual(earlierOf([odd], 1).skipped, 1);
  });
});

describe('trace report: the verdict and what it shows', () => {
  it('names the runtime error in the SDK words, trimmed, without its wrapping', () => {
    const r = buildTraceReport(
      outcome({
        runtimeError: `Call contract function error: Runtime error while interpreting ${D}.trace-vault: ArithmeticUnderflow  \n  at stack`,
      }),
      { tx_status: 'abort_by_response', tx_result: { repr: '(err none)' } },
    );
    assert.strictEqual(r.runtimeError, 'ArithmeticUnderflow');
    assert.strictEqual(r.replayResult, '(err none)');
    assert.strictEqual(r.verdict, 'matches');
    const other = buildTraceReport(outcome({ runtimeError: '  the instance stopped  ' }), { tx_status: 'success' });
    assert.strictEqual(other.runtimeError, 'the instance stopped');
  });

  it("matches an (err …) the call returned with the chain's abort, and an (ok …) with its success", () => {
    const err = buildTraceReport(outcome({ result: '(err u3)' }), {
      tx_status: 'abort_by_response',
      tx_result: { repr: '(err u3)' },
    });
    assert.strictEqual(err.verdict, 'matches');
    const ok = buildTraceReport(outcome({ result: '(ok true)' }), {
      tx_status: 'success',
      tx_result: { repr: '(ok true)' },
    });
    assert.strictEqual(ok.verdict, 'matches');
    const other = buildTraceReport(outcome({ result: '(ok true)' }), {
      tx_status: 'success',
      tx_result: { repr: '(ok false)' },
    });
    assert.strictEqual(other.verdict, 'diverged');
    const noRecord = buildTraceReport(outcome({ result: '(ok true)' }), { tx_status: 'success' });
    assert.strictEqual(noRecord.verdict, 'diverged', 'a chain result that is missing is no match');
  });

  it('a runtime error with a result beside it is still a runtime error', () => {
    const r = buildTraceReport(outcome({ result: '(ok true)', runtimeError: 'boom' }), {
      tx_status: 'success',
      tx_result: { repr: '(ok true)' },
    });
    assert.strictEqual(r.replayResult, '(err none)');
    assert.strictEqual(r.verdict, 'diverged');
  });

  it('a first transaction that diverged blames the state the node had, not earlier transactions', () => {
    const r = buildTraceReport(outcome({ result: '(ok u1)' }), {
      tx_status: 'abort_by_response',
      tx_result: { repr: '(err none)' },
      tx_index: 0,
      block_height: 12,
    });
    assert.match(
      r.verdictText,
      /The state the replay read may differ from what the node had when the block was mined\./,
    );
    assert.doesNotMatch(r.verdictText, /earlier transactions/);
    assert.strictEqual(r.offerEarlier, false);
  });

  it('with the earlier transactions run: complete only when none was skipped, cut or ended otherwise', () => {
    const tx = { tx_status: 'abort_by_response', tx_result: { repr: '(err none)' }, tx_index: 2, block_height: 7 };
    const txs = [contractCall('0xaaaaaaaaaaaa', 0, []), contractCall('0xbbbbbbbbbbbb', 1, [])];
    const plan = earlierOf(txs, 2);
    const diverged = (earlier: OutcomeLike['earlier'], p = plan) =>
      buildTraceReport(outcome({ result: '(ok u1)', earlier }), tx, undefined, p).verdictText;
    // Both ran as on the chain, none skipped or cut: the state may still differ, which it says.
    const complete = diverged([{ result: '(ok true)' }, { result: '(ok true)' }]);
    assert.match(complete, /2 ran\. The state the replay read may differ/);
    // One ended otherwise: named, and the sentence about the node's state is left out.
    const differed = diverged([{ result: '(ok true)' }, { error: 'boom' }]);
    assert.match(
      differed,
      /Ended here otherwise than on the chain: 1 \(the first, 0xbbbbbbbb…: \(err none\) here, \(ok true\) on the chain\)\./,
    );
    assert.doesNotMatch(differed, /may differ/);
    // A cut list says how many were read.
    const cut = diverged([{ result: '(ok true)' }, { result: '(ok true)' }], { ...plan, inBlock: 60 });
    assert.match(cut, /Only the first 2 of its 60 earlier transactions were read\./);
    assert.doesNotMatch(cut, /may differ|Skipped/);
    // A skipped one is counted.
    const skipped = diverged([{ result: '(ok true)' }], { ...plan, skipped: 1, calls: plan.calls.slice(0, 1) });
    assert.match(skipped, /Skipped: 1 \(neither a contract call nor an STX transfer\)\./);
    assert.doesNotMatch(skipped, /may differ|Only the first/);
  });

  it('shows the events of every call of the tree when the replay returned none of its own, and each variable read', () => {
    const r = buildTraceReport(
      outcome({
        trace: NESTED_TRACE,
        runtimeError: 'x',
        varsBefore: { count: 'u1', gone: 'u9' },
        varsAfter: { count: 'u2', fresh: 'true' },
      }),
      { tx_status: 'abort_by_response', tx_result: { repr: '(err none)' } },
    );
    assert.deepStrictEqual(r.events, [
      'print event: (tuple (event "outer"))',
      'print event: (tuple (event "ledger"))',
      'print event: (tuple (event "fees"))',
    ]);
    assert.deepStrictEqual(r.vars, [
      { name: 'count', before: 'u1', after: 'u2' },
      { name: 'gone', before: 'u9', after: '' },
      { name: 'fresh', before: '', after: 'true' },
    ]);
  });

  it('keeps at most 500 events and 50 variables', () => {
    const events = Array.from({ length: 600 }, (_, i) => `print event: u${i}`);
    const vars = Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`v${i}`, 'u0']));
    const r = buildTraceReport(outcome({ result: '(ok true)', events, varsBefore: vars, varsAfter: vars }), {
      tx_status: 'success',
      tx_result: { repr: '(ok true)' },
    });
    assert.strictEqual(r.events.length, 500);
    assert.strictEqual(r.events[499], 'print event: u499');
    assert.strictEqual(r.vars.length, 50);
  });
});
