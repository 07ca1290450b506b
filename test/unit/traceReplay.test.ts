/**
 * The replay end to end in plain Node: the real Clarinet SDK (the devDependency) in the replay
 * process, reading the mock node through the loopback proxy, the trace read into a tree. The
 * replay process's entry is bundled here from src/replay/child.ts, as esbuild.js bundles it.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { buildSync } from 'esbuild';
import { ReplayEngine, ReplayFailure, type TraceRequest } from '../../src/replay/engine';
import { buildTraceReport } from '../../src/chain/traceReport';
import { flattenCalls } from '../../src/chain/trace';
import { earlierOf, mapReadsOf, type BlockTxLike } from '../../src/chain/traceInputs';
import { startMockApi, type MockApi } from '../mock-api/server';
import { TRACE, TRACE_BLOCK } from '../fixtures/traceIds';
import { Cl, cvToHex } from '@stacks/transactions';

const ROOT = path.resolve(__dirname, '../../..');
const SDK = path.join(ROOT, 'node_modules/@stacks/clarinet-sdk');

describe('trace: replaying a call with the Clarinet SDK', function () {
  this.timeout(60_000);
  let mock: MockApi;
  let dir: string;
  let script: string;
  const engines: ReplayEngine[] = [];

  const engine = (o: { idleMs?: number; cwd?: string } = {}): ReplayEngine => {
    const e = new ReplayEngine({ script, cwd: o.cwd ?? path.join(dir, 'work'), idleMs: o.idleMs });
    engines.push(e);
    return e;
  };
  const request = (amount = 100, more: Partial<TraceRequest> = {}): TraceRequest => ({
    sdkPath: SDK,
    apiUrl: mock.url,
    apiKey: 'key-for-the-mock',
    maxRequests: 400,
    height: TRACE.height - 1,
    contract: TRACE.vault,
    fn: 'deposit',
    args: [cvToHex(Cl.uint(amount))],
    sender: TRACE.sender,
    vars: ['deposit-count'],
    ...more,
  });

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stacks-lookup-replay-'));
    fs.mkdirSync(path.join(dir, 'work'));
    script = path.join(dir, 'replay.js');
    buildSync({
      entryPoints: [path.join(ROOT, 'src/replay/child.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile: script,
      logLevel: 'silent',
    });
    mock = await startMockApi();
  });
  afterEach(() => {
    mock.reset();
    mock.clearFaults();
  });
  after(async () => {
    for (const e of engines) e.dispose();
    await mock.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('replays the failed deposit: the tree two calls deep, the failing line, a match, the key sent to the API only', async () => {
    const e = engine();
    const phases: string[] = [];
    let counted = 0;
    const run = await e.run(request(), { onPhase: (p) => phases.push(p), onRequests: (n) => (counted = n) });
    assert.ok(run.cold);
    assert.deepStrictEqual(phases, ['loading', 'session', 'calling', 'reading']);
    const report = buildTraceReport(run.outcome, {
      tx_status: 'abort_by_response',
      tx_result: { repr: '(err none)' },
      tx_index: 1,
      block_height: TRACE.height,
    });
    assert.strictEqual(report.verdict, 'matches', report.verdictText);
    assert.deepStrictEqual(
      flattenCalls(report.tree.calls).map(({ call, depth }) => [depth, call.callee, call.fn, call.args]),
      [
        [0, TRACE.ledger, 'settle', 'u100'],
        [1, TRACE.fees, 'fee-for', 'u100'],
      ],
    );
    assert.deepStrictEqual(
      { contract: report.failing?.contract, line: report.failing?.line, column: report.failing?.column },
      TRACE.failing,
    );
    assert.strictEqual(report.failing?.error, 'ArithmeticUnderflow');
    assert.deepStrictEqual(report.events, ['print event: (tuple (amount u100) (count u8) (event "deposit"))']);
    assert.deepStrictEqual(report.vars, [{ name: 'deposit-count', before: 'u7', after: 'u7' }]);
    assert.ok(run.requests > 5 && run.requests === counted, `${run.requests} requests, ${counted} counted`);
    const reads = mock.requestsTo(/^\/v2\/clarity\//);
    assert.ok(reads.length > 0);
    assert.ok(
      reads.every((r) => r.headers['x-api-key'] === 'key-for-the-mock'),
      'each read carries the key',
    );
    // the SDK's cache is in the replay's folder, never the workspace or the repository
    assert.ok(fs.existsSync(path.join(dir, 'work/.cache/datastore')));
    assert.ok(!fs.existsSync(path.join(ROOT, '.cache/datastore')));
  });

  it('a second replay at the same block reuses the process and reads the contracts from its cache', async () => {
    const e = engine({ cwd: fs.mkdtempSync(path.join(dir, 'w-')) });
    const first = await e.run(request());
    const second = await e.run(request(40));
    assert.ok(first.cold);
    assert.ok(!second.cold, 'the process was reused');
    assert.ok(second.requests < first.requests, `${second.requests} < ${first.requests}`);
    assert.strictEqual(second.outcome.result, '(ok u0)');
    assert.strictEqual(second.outcome.runtimeError, undefined);
    assert.ok(second.outcome.costs && second.outcome.costs.runtime > 0, 'a call that returned has its costs');
  });

  it('a route the node lacks ends the replay with a sentence that names it, not a panic or a hang', async () => {
    mock.override(`/v3/sortitions/burn_height/${TRACE.burnHeight}`, { error: 'not found' }, 404);
    const e = engine({ cwd: fs.mkdtempSync(path.join(dir, 'w-')) });
    await assert.rejects(e.run(request()), (err: unknown) => {
      assert.ok(err instanceof ReplayFailure);
      assert.strictEqual(err.kind, 'stopped');
      assert.match(err.message, /answered 404 to \/v3\/sortitions\/burn_height\/925000, a route a replay needs/);
      return true;
    });
    assert.ok(!e.alive, 'the process was ended');
  });

  it('stops at the request cap with a sentence', async () => {
    const e = engine({ cwd: fs.mkdtempSync(path.join(dir, 'w-')) });
    await assert.rejects(e.run(request(100, { maxRequests: 4 })), /stopped after 4 requests/);
  });

  it("a call whose block changed the state before it: diverges alone, matches with the block's earlier transactions run first", async () => {
    const get = async (route: string) =>
      (await fetch(`${mock.url}${route}`)).json() as Promise<Record<string, unknown>>;
    const tx = (await get(`/extended/v1/tx/${TRACE_BLOCK.failedTx}`)) as unknown as BlockTxLike & {
      tx_status: string;
      block_height: number;
      contract_call: { function_args: Array<{ hex: string; type: string }> };
    };
    const page = (await get(`/extended/v2/blocks/${TRACE_BLOCK.height}/transactions?limit=3&offset=0`)) as {
      results: BlockTxLike[];
    };
    const plan = earlierOf(page.results, TRACE_BLOCK.txIndex);
    assert.deepStrictEqual(
      plan.calls.map((c) => c.txId),
      [TRACE_BLOCK.earlierDeposit, TRACE_BLOCK.transfer],
    );
    assert.strictEqual(plan.skipped, 1, 'the tenure change');
    const source = fs.readFileSync(path.join(ROOT, 'test/fixtures/trace/trace-vault.clar'), 'utf8');
    const ask = (before?: TraceRequest['before']): TraceRequest =>
      request(40, {
        height: TRACE_BLOCK.height - 1,
        maps: mapReadsOf(source, tx.contract_call.function_args),
        ...(before ? { before } : {}),
      });
    const e = engine({ cwd: fs.mkdtempSync(path.join(dir, 'w-')) });

    const alone = await e.run(ask());
    const aloneReport = buildTraceReport(alone.outcome, tx);
    assert.strictEqual(aloneReport.verdict, 'diverged', aloneReport.verdictText);
    assert.strictEqual(aloneReport.replayResult, '(ok u0)', 'on the parent block the reserve (25) pays the fee');
    assert.ok(aloneReport.offerEarlier);
    // what the call changed, read back from the SDK's state: a data variable and a map entry
    assert.deepStrictEqual(aloneReport.vars, [{ name: 'deposit-count', before: 'u7', after: 'u8' }]);
    assert.deepStrictEqual(aloneReport.maps, [
      { name: 'deposits', key: TRACE.sender, before: 'none', after: '(some u40)' },
    ]);

    const steps: string[] = [];
    const first = await e.run(ask(plan.calls.map((c) => c.call)), {
      onPhase: (p, s) => steps.push(s ? `${p} ${s.done}/${s.of}` : p),
    });
    assert.deepStrictEqual(steps, ['loading', 'session', 'earlier 1/2', 'earlier 2/2', 'calling', 'reading']);
    assert.deepStrictEqual(
      first.outcome.earlier,
      [{ result: '(ok u0)' }, { result: '(ok true)' }],
      'both ran as on the chain',
    );
    const report = buildTraceReport(first.outcome, tx, undefined, plan);
    assert.strictEqual(report.verdict, 'matches', report.verdictText);
    assert.match(
      report.verdictText,
      /The replay included the earlier transactions of block 7,500,002 before it: 2 ran\./,
    );
    assert.match(report.verdictText, /Skipped: 1 \(neither a contract call nor an STX transfer\)/);
    assert.deepStrictEqual(report.earlier, { ran: 2, skipped: 1, read: 3, differed: 0 });
    assert.deepStrictEqual(
      { contract: report.failing?.contract, line: report.failing?.line, column: report.failing?.column },
      TRACE.failing,
      'the underflow on the reserve the deposit before it left',
    );
    assert.deepStrictEqual(
      report.vars,
      [{ name: 'deposit-count', before: 'u8', after: 'u8' }],
      'after the earlier deposit',
    );

    // cancel while the earlier transactions run ends the process, as at any other phase
    const c = new AbortController();
    const cancelled = e.run(ask(plan.calls.map((x) => x.call)), {
      signal: c.signal,
      onPhase: (p) => p === 'earlier' && c.abort(),
    });
    await assert.rejects(cancelled, (err: unknown) => err instanceof ReplayFailure && err.kind === 'cancelled');
    assert.ok(!e.alive);
  });

  it('cancel ends the process; a missing SDK is said; the process stops when idle', async () => {
    const e = engine({ idleMs: 300 });
    const c = new AbortController();
    const cancelled = e.run(request(), { signal: c.signal, onPhase: (p) => p === 'session' && c.abort() });
    await assert.rejects(cancelled, (err: unknown) => err instanceof ReplayFailure && err.kind === 'cancelled');
    assert.ok(!e.alive);
    await assert.rejects(e.run(request(100, { sdkPath: path.join(dir, 'nowhere') })), (err: unknown) => {
      assert.ok(err instanceof ReplayFailure && err.kind === 'sdk-missing', String(err));
      return true;
    });
    await e.run(request());
    assert.ok(e.alive);
    await new Promise((r) => setTimeout(r, 800));
    assert.ok(!e.alive, 'stopped after the idle time');
  });
});
