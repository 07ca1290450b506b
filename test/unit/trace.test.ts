import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { installCommand, locateSdk, storagePrefix } from '../../src/ui/trace/locate';
import { failingExpressionOf, flattenCalls, MAX_TRACE_CALLS, parseCallTrace } from '../../src/chain/trace';
import { buildTraceReport } from '../../src/chain/traceReport';
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
    assert.match(r.verdictText, /2 earlier transactions of block 7500001/);
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
