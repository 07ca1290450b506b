/**
 * Trace (issue 48): the replay of the fixture's failed deposit (test/fixtures/traceIds.ts) by the
 * real Clarinet SDK in the replay process (dist/replay.js, as the extension forks it), against the
 * mock's node routes in a child process. The first trace includes starting the process and loading
 * the SDK; the second runs at the same block in the same process (its disk cache warm). Meanwhile
 * this process, which plays the extension host (it runs the engine and the loopback proxy), times
 * its worst stall: the longest gap of a 5 ms timer beyond its interval.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Cl, cvToHex } from '@stacks/transactions';
import { ReplayEngine, type TraceRequest } from '../src/replay/engine';
import { TRACE } from '../test/fixtures/traceIds';
import { mockInChild, ms, REPO, type Row } from './util';

export interface TraceBench {
  firstMs: number;
  firstRequests: number;
  secondMs: number;
  secondRequests: number;
  /** The worst stall of this process's event loop while the two traces ran, in ms. */
  worstStallMs: number;
  sdk: string;
}

const STALL_TARGET_MS = 50;

export async function measureTrace(): Promise<TraceBench> {
  const sdk = path.join(REPO, 'node_modules/@stacks/clarinet-sdk');
  const script = path.join(REPO, 'dist/replay.js');
  if (!fs.existsSync(script)) throw new Error('dist/replay.js is missing: run npm run build first');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stacks-lookup-bench-trace-'));
  const mock = await mockInChild();
  const engine = new ReplayEngine({ script, cwd: dir });
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 5);
    last = now;
  }, 5);
  try {
    const request: TraceRequest = {
      sdkPath: sdk,
      apiUrl: mock.url,
      maxRequests: 400,
      height: TRACE.height - 1,
      contract: TRACE.vault,
      fn: 'deposit',
      args: [cvToHex(Cl.uint(100))],
      sender: TRACE.sender,
      vars: ['deposit-count'],
    };
    const first = await engine.run(request);
    const second = await engine.run(request);
    if (!first.outcome.trace || !second.outcome.trace) throw new Error('a replay returned no trace');
    const version = (JSON.parse(fs.readFileSync(path.join(sdk, 'package.json'), 'utf8')) as { version: string })
      .version;
    return {
      firstMs: first.ms,
      firstRequests: first.requests,
      secondMs: second.ms,
      secondRequests: second.requests,
      worstStallMs: worst,
      sdk: version,
    };
  } finally {
    clearInterval(timer);
    engine.dispose();
    await mock.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function traceRows(r: TraceBench): Row[] {
  return [
    {
      measure: 'trace, first (replay process and SDK started)',
      value: ms(r.firstMs, 0),
      target: '',
      met: null,
      note: `${r.firstRequests} requests to the mock node; @stacks/clarinet-sdk ${r.sdk}`,
    },
    {
      measure: 'trace, second at the same block',
      value: ms(r.secondMs, 0),
      target: '< the first',
      met: r.secondMs < r.firstMs,
      note: `${r.secondRequests} requests (the SDK's disk cache holds the contracts)`,
    },
    {
      measure: "extension host's worst stall while a trace runs",
      value: ms(r.worstStallMs, 1),
      target: `<= ${STALL_TARGET_MS} ms`,
      met: r.worstStallMs <= STALL_TARGET_MS,
      note: 'the engine and the loopback proxy on the host; the SDK in its own process',
    },
  ];
}
