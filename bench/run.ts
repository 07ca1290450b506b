/**
 * `npm run bench [-- --quick] [-- --no-host] [-- --no-vsix] [-- --markdown]`
 * Measures what users feel (size, activation, requests, client cost, parsing, rate-limit
 * discipline), prints a table and writes bench/results.json. Ratios are measured side by side in
 * one run; absolute times are noisy on shared machines. Exits 1 only when a measure crashes;
 * a missed target is reported in the table.
 */
import * as fs from 'fs';
import * as path from 'path';
import { startMockApi } from '../test/mock-api/server';
import { measureActivation } from './activation';
import { measureBundle } from './bundle';
import { measureClarinetRead } from './clarinet';
import { measureMemory } from './memory';
import { measureHostile } from './hostile';
import { HOSTILE4_PARTS } from './hostile4';
import { measureOverhead } from './overhead';
import { measureFailure } from './failure';
import { measureTrace, traceRows } from './trace';
import { measureNavigation } from './navigation';
import { measureParsing } from './parsing';
import { measureRateLimit } from './ratelimit';
import { measureUx, percentile } from './ux';
import { requestEconomy } from './session';
import { measureWebActivation, measureWebBundle, measureWebHovers } from './web';
import { measureBackgroundBudget, measureWatchLoad } from './watch';
import { REPO, Row, kb, markdownTable, ms, table } from './util';

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');

const P = quick
  ? {
      activationRuns: 5,
      overhead: { callsPerRound: 300, rounds: 2, concurrency: 4 },
      parseRuns: 30,
      clarinetRuns: 3,
      hostileRuns: 1,
      rateLimit: { limit: 10, windowMs: 2_000, hovers: 30, lookups: 15 },
      ux: { hovers: 3, lookups: 100, navigations: 10, warmRuns: 2 },
      watch: { watches: 20, minutes: 3 },
      backgroundBudget: { transactions: 100, addresses: 20, minutes: 10 },
    }
  : {
      activationRuns: 20,
      overhead: { callsPerRound: 2_000, rounds: 6, concurrency: 4 },
      parseRuns: 200,
      clarinetRuns: 10,
      hostileRuns: 3,
      rateLimit: { limit: 25, windowMs: 5_000, hovers: 80, lookups: 50 },
      ux: { hovers: 20, lookups: 1_000, navigations: 100, warmRuns: 5 },
      watch: { watches: 20, minutes: 10 },
      backgroundBudget: { transactions: 100, addresses: 20, minutes: 10 },
    };

const TARGET = {
  bundleBytes: 100 * 1024,
  // Both builds: the Node one with its lazy bundles, and the one-file web build with every feature.
  vsixBytes: 600 * 1024,
  activationMs: 10,
  parseMs: 5,
  clarinetReadMs: 500,
  hostileStallMs: 100,
  webBundleBytes: 700 * 1024,
  webActivationMs: 15,
};

function log(m: string): void {
  process.stderr.write(`[bench] ${m}\n`);
}

async function step<T>(name: string, f: () => Promise<T>): Promise<T | { crashed: string }> {
  const t = Date.now();
  log(`${name}...`);
  try {
    const r = await f();
    log(`${name}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    return r;
  } catch (e) {
    log(`${name} crashed: ${(e as Error).stack ?? String(e)}`);
    return { crashed: (e as Error).message };
  }
}

/** The row of a measure that crashed: the table says so, with the reason. */
const crashedRow = (measure: string, target: string, r: { crashed: string }): Row => ({
  measure,
  value: 'crashed',
  target,
  met: false,
  note: r.crashed,
});

const failed = (r: unknown): r is { crashed: string } => typeof r === 'object' && r !== null && 'crashed' in r;
const notMeasured = (r: unknown): r is { notMeasured: string } =>
  typeof r === 'object' && r !== null && 'notMeasured' in r;

async function main(): Promise<number> {
  const t0 = Date.now();
  const rows: Row[] = [];
  const results: Record<string, unknown> = {
    mode: quick ? 'quick' : 'full',
    date: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    params: P,
  };

  // 1. bundle and package
  const bundle = await step('bundle', () => measureBundle({ vsix: !argv.includes('--no-vsix') }));
  results.bundle = bundle;
  if (failed(bundle)) rows.push(crashedRow('bundle dist/extension.js', '<= 100 KB', bundle));
  else {
    const top = bundle.byPackage
      .slice(0, 4)
      .map((p) => `${p.name} ${kb(p.bytes)}`)
      .join(', ');
    rows.push({
      measure: 'bundle dist/extension.js (minified)',
      value: kb(bundle.extensionBytes),
      target: '<= 100 KB',
      met: bundle.extensionBytes <= TARGET.bundleBytes,
      note: `largest: ${top}`,
    });
    if ('notMeasured' in bundle.vsix)
      rows.push({
        measure: 'VSIX',
        value: 'not measured',
        target: `<= ${kb(TARGET.vsixBytes)}`,
        met: null,
        note: bundle.vsix.notMeasured.split('\n')[0],
      });
    else {
      const top = bundle.vsix.largest
        .slice(0, 3)
        .map((e) => `${e.name.replace(/^extension\//, '')} ${kb(e.bytes)}`)
        .join(', ');
      rows.push({
        measure: 'VSIX',
        value: kb(bundle.vsix.bytes),
        target: `<= ${kb(TARGET.vsixBytes)}`,
        met: bundle.vsix.bytes <= TARGET.vsixBytes,
        note: `${bundle.vsix.files} files; largest: ${top}`,
      });
    }
  }

  // 2. activation in the real extension host
  const activation = argv.includes('--no-host')
    ? { notMeasured: 'skipped (--no-host)' }
    : await step('activation (extension host)', () => measureActivation({ runs: P.activationRuns, log }));
  results.activation = activation;
  if (failed(activation) || notMeasured(activation)) {
    const reason = failed(activation) ? activation.crashed : activation.notMeasured;
    rows.push({
      measure: 'activation: require + activate() in the host',
      value: 'not measured',
      target: '<= 10 ms',
      met: null,
      note: reason,
    });
    rows.push({ measure: 'requests during activation', value: 'not measured', target: '0', met: null, note: reason });
  } else {
    rows.push({
      measure: 'activation: require + activate() in the host',
      value: ms(activation.medianMs),
      target: '<= 10 ms',
      met: activation.medianMs <= TARGET.activationMs,
      note: `median of ${activation.runs} (require ${ms(activation.medianRequireMs)}, activate() ${ms(activation.medianActivateMs)}); same host: compiling the bundle only ${ms(activation.medianCompileOnlyMs)}, a 1-line require ${ms(activation.medianTrivialRequireMs)}; host's own first ext.activate() ${activation.hostActivateMs === null ? 'n/a' : ms(activation.hostActivateMs)}; VS Code ${activation.vscodeVersion}`,
    });
    rows.push({
      measure: 'requests during activation',
      value: String(activation.requestsDuringActivation),
      target: '0',
      met: activation.requestsDuringActivation === 0,
      note: `${activation.runs + 1} activations`,
    });
  }

  // 2a. the web extension: its one-file bundle, and activation in the web worker extension host
  const web = await step('web bundle', async () => measureWebBundle());
  results.webBundle = web;
  if (failed(web)) rows.push(crashedRow('web bundle dist/web/extension.js', '', web));
  else
    rows.push({
      measure: 'web bundle dist/web/extension.js (minified, one file)',
      value: kb(web.bytes),
      target: `<= ${kb(TARGET.webBundleBytes)}, no Node module`,
      met: web.bytes <= TARGET.webBundleBytes && web.foreignRequires.length === 0,
      note: `${web.foreignRequires.length ? `requires ${web.foreignRequires.join(', ')}; ` : ''}the lazily compiled part (${kb(web.lazyBytes)} of code) is ${kb(web.lazyPackedBytes)} of it, deflated in a string activation only scans; top (unpacked): ${web.byPackage
        .slice(0, 6)
        .map((p) => `${p.name} ${kb(p.bytes)}`)
        .join(', ')}`,
    });
  const webActivation = argv.includes('--no-host')
    ? { notMeasured: 'skipped (--no-host)' }
    : await step('activation (web worker extension host)', () => measureWebActivation({ runs: P.activationRuns, log }));
  results.webActivation = webActivation;
  if (failed(webActivation) || notMeasured(webActivation))
    rows.push({
      measure: 'activation in the web worker host',
      value: 'not measured',
      target: `<= ${TARGET.webActivationMs} ms`,
      met: null,
      note: failed(webActivation) ? webActivation.crashed : webActivation.notMeasured,
    });
  else
    rows.push({
      measure: 'activation in the web worker host: load + activate()',
      value: ms(webActivation.medianMs),
      target: `<= ${TARGET.webActivationMs} ms`,
      met: webActivation.medianMs <= TARGET.webActivationMs,
      note: `median of ${webActivation.runs} (load ${ms(webActivation.medianLoadMs)}, of it compiling ${ms(webActivation.medianCompileMs)}; activate() ${ms(webActivation.medianActivateMs)}); host's own first ext.activate() ${webActivation.hostActivateMs === null ? 'n/a' : ms(webActivation.hostActivateMs)}; VS Code ${webActivation.vscodeVersion}`,
    });

  // 2b. what the user feels in the real host: hovers, panels, memory
  const ux = argv.includes('--no-host')
    ? { notMeasured: 'skipped (--no-host)' }
    : await step('hover, panel paint, memory (extension host)', () => measureUx({ ...P.ux, log }));
  results.ux = ux;
  // The same hovers in the web worker host, their rows beside the desktop's.
  const webHovers = argv.includes('--no-host')
    ? { notMeasured: 'skipped (--no-host)' }
    : await step('hovers (web worker extension host)', () => measureWebHovers({ hovers: P.ux.hovers, log }));
  results.webHovers = webHovers;
  const desktopUx = uxRows(ux);
  const afterHovers = desktopUx.map((r) => r.measure.startsWith('hover ')).lastIndexOf(true) + 1;
  desktopUx.splice(afterHovers, 0, ...webHoverRows(webHovers));
  rows.push(...desktopUx);

  // 3. request economy
  const economy = await step('request economy', async () => {
    const mock = await startMockApi();
    try {
      return await requestEconomy(mock, 200);
    } finally {
      await mock.close();
    }
  });
  results.requestEconomy = economy;
  if (failed(economy)) rows.push(crashedRow('request economy', '= ideal', economy));
  else {
    const e = economy;
    rows.push({
      measure: `requests, ${e.steps} hovers/lookups over ${e.identifiers} ids`,
      value: `ours ${e.ours.requests} | naive ${e.naive.requests} | ideal ${e.ideal.total}`,
      target: 'ours = ideal',
      met: e.ours.requests === e.ideal.total && e.ours.failures === 0,
      note: `naive/ours ${(e.naive.requests / e.ours.requests).toFixed(2)}x; ideal = ${e.ideal.distinct} resources + ${e.ideal.refreshes} refreshes over ${e.simulatedMinutes} simulated min; ${e.ours.cacheHits} cache hits, ${e.ours.shared} shared in flight`,
    });
  }

  // 4. client overhead vs the official client
  const overhead = await step('client overhead', () => measureOverhead(P.overhead));
  results.overhead = overhead;
  if (failed(overhead)) rows.push(crashedRow('client overhead', 'ratio >= 1.0', overhead));
  else {
    const o = overhead;
    rows.push({
      measure: 'throughput, ours (validated, no cache) vs official',
      value: `${o.ours.requestsPerSecond.toFixed(0)} vs ${o.official.requestsPerSecond.toFixed(0)} req/s`,
      target: 'ratio >= 1.0',
      met: o.throughputRatio >= 1,
      note: `ratio ${o.throughputRatio.toFixed(2)}; ${o.ours.calls} calls each, ${o.concurrency} in flight; requests ${o.ours.requests} vs ${o.official.requests}`,
    });
    rows.push({
      measure: 'CPU per request, ours vs official',
      value: `${ms(o.ours.cpuMsPerRequest, 3)} vs ${ms(o.official.cpuMsPerRequest, 3)}`,
      target: 'ratio >= 1.0',
      met: o.cpuRatio >= 1,
      note: `ratio (official/ours) ${o.cpuRatio.toFixed(2)}`,
    });
  }

  // 4b. from a failed transaction to its named error
  const failure = await step('failure reasons', () => measureFailure());
  results.failure = failure;
  if (failed(failure)) rows.push(crashedRow('failed transaction to its named error', '', failure));
  else {
    rows.push({
      measure: 'failed transaction to its named error, cold',
      value: ms(failure.coldMs, 1),
      target: `<= 1 round trip + 50 ms (${ms(failure.roundTripMs + 50, 1)})`,
      met: failure.coldMs <= failure.roundTripMs + 50 && failure.coldRequests === 1,
      note: `${failure.coldRequests} request (the contract's source); round trip ${ms(failure.roundTripMs, 1)}; "${failure.headline}"; median of ${failure.runs}`,
    });
    rows.push({
      measure: 'failed transaction to its named error, warm',
      value: ms(failure.warmMs, 1),
      target: '<= 50 ms',
      met: failure.warmMs <= 50,
      note: 'the source kept by the client: no request, the reading only',
    });
    rows.push({
      measure: 'failed transaction to its named error, the largest source read',
      value: ms(failure.largestMs, 0),
      target: '<= 500 ms',
      met: failure.largestMs <= 500,
      note: `the reading only, of ${(failure.largestChars / 1e6).toFixed(2)} MB (copies of the sBTC deposit contract; over 2 MB is refused unread); median of 5`,
    });
  }

  // 4b'. Trace: a failed call replayed with the Clarinet SDK (./trace.ts)
  const trace = await step('trace', () => measureTrace());
  results.trace = trace;
  rows.push(...(failed(trace) ? [crashedRow('trace of a failed call', '', trace)] : traceRows(trace)));

  // 4c. deployed contracts in Clarity code: definition, hover, completion
  const nav = await step('navigation into deployed contracts', () => measureNavigation());
  results.navigation = nav;
  if (failed(nav)) rows.push(crashedRow('definition, hover and completion of a callee', '', nav));
  else {
    const cold = `<= 1 round trip + 30 ms (${ms(nav.roundTripMs + 30, 1)})`;
    rows.push({
      measure: 'go to definition of a callee, cold',
      value: ms(nav.definitionColdMs, 1),
      target: cold,
      met: nav.definitionColdMs <= nav.roundTripMs + 30 && nav.definitionRequests === 1,
      note: `${nav.definitionRequests} request (the source); define line ${nav.defineLine + 1}; median of ${nav.runs}`,
    });
    rows.push({
      measure: 'go to definition of a callee, warm',
      value: ms(nav.definitionWarmMs, 1),
      target: '<= 10 ms',
      met: nav.definitionWarmMs <= 10,
      note: 'the source kept by the client: no request',
    });
    rows.push({
      measure: 'hover of a callee, cold',
      value: ms(nav.hoverColdMs, 1),
      target: cold,
      met: nav.hoverColdMs <= nav.roundTripMs + 30 && nav.hoverRequests === 2,
      note: `${nav.hoverRequests} requests in parallel (interface and source); median of ${nav.runs}`,
    });
    rows.push({
      measure: 'hover of a callee, warm',
      value: ms(nav.hoverWarmMs, 1),
      target: '<= 10 ms',
      met: nav.hoverWarmMs <= 10,
      note: 'interface and source kept by the client: no request',
    });
    rows.push({
      measure: 'completion of a callee of 200 functions, warm',
      value: ms(nav.completionWarmMs, 1),
      target: '<= 50 ms',
      met: nav.completionWarmMs <= 50 && nav.completionItems === 200,
      note: `${nav.completionItems} items with signatures and snippets; the editor's own part not included`,
    });
  }

  // 5. parsing
  const parsing = await step('parsing', async () => {
    const mock = await startMockApi();
    try {
      return await measureParsing(mock, P.parseRuns);
    } finally {
      await mock.close();
    }
  });
  results.parsing = parsing;
  if (failed(parsing)) rows.push(crashedRow('parsing', '<= 5 ms', parsing));
  else {
    for (const p of parsing) {
      rows.push({
        measure: `validate: ${p.page}`,
        value: ms(p.medianMs),
        target: '<= 5 ms',
        met: p.medianMs <= TARGET.parseMs,
        note: `${kb(p.bytes)}, ${p.items} items; JSON.parse ${ms(p.jsonParseMs)}; median of ${P.parseRuns}`,
      });
    }
  }

  // 5b. the largest Clarinet projects the view reads
  const clarinet = await step('Clarinet project read', () => measureClarinetRead(P.clarinetRuns));
  results.clarinet = clarinet;
  if (failed(clarinet)) rows.push(crashedRow('Clarinet project read', '<= 500 ms', clarinet));
  else
    for (const c of clarinet)
      rows.push({
        measure: c.project,
        value: ms(c.medianMs),
        target: '<= 500 ms',
        met: c.medianMs <= TARGET.clarinetReadMs,
        note: `${kb(c.bytes)}, ${c.contracts} contracts kept; median of ${P.clarinetRuns}`,
      });

  // 5c. what a hostile workspace can make the host do: the longest stall of the event loop
  const hostile = await step('hostile workspace', () => measureHostile(P.hostileRuns));
  results.hostile = hostile;
  if (failed(hostile)) rows.push(crashedRow('hostile workspace', '<= 100 ms', hostile));
  else
    for (const h of hostile)
      rows.push({
        measure: `hostile workspace, longest stall: ${h.shape}`,
        value: ms(h.worstStallMs),
        target: '<= 100 ms',
        met: h.worstStallMs <= TARGET.hostileStallMs,
        note: `${h.note}; ${ms(h.worstStallCpuMs, 0)} of CPU time; median of ${P.hostileRuns}`,
      });

  // 5d. hostile shapes of the features added since: lenses, constants, language requests, plans,
  // a simulation answer. Each part returns its rows; a crash is a row that says so.
  const hostile4: Record<string, unknown> = {};
  results.hostile4 = hostile4;
  for (const part of HOSTILE4_PARTS) {
    const r = await step(`hostile: ${part.name}`, () => part.measure(quick));
    hostile4[part.name] = r;
    if (failed(r)) rows.push(crashedRow(`hostile: ${part.name}`, 'see the part', r));
    else rows.push(...r);
  }

  // 6. rate-limit discipline
  const rl = await step('rate-limit discipline', () => measureRateLimit(P.rateLimit));
  results.rateLimit = rl;
  if (failed(rl)) rows.push(crashedRow('rate limit', '0 x 429', rl));
  else {
    const { ours, naive } = rl;
    rows.push({
      measure: `429s, burst of ${ours.hovers} hovers + ${ours.lookups} lookups, no key`,
      value: `ours ${ours.responses429} | naive ${naive.responses429}`,
      target: '0',
      met: ours.responses429 === 0,
      note: `limit ${rl.limit}/${rl.windowMs / 1000} s; ours: ${ours.hoversShown} hovers shown, ${ours.hoversFailedFast} failed fast (rate-limited), ${ours.lookupsDone}/${ours.lookups} lookups done (last after ${(ours.lastLookupMs / 1000).toFixed(1)} s)${ours.otherFailures ? `, ${ours.otherFailures} other failures (${ours.firstFailure})` : ''}; naive: ${naive.otherFailures} calls failed`,
    });
  }

  // 7. background requests of watched transactions and addresses
  const watch = await step('watched transactions', () => measureWatchLoad(P.watch));
  results.watch = watch;
  if (failed(watch)) rows.push(crashedRow('watched transactions', '0 x 429', watch));
  else {
    rows.push({
      measure: `watched transactions: requests per watch per minute, and 429s (${watch.watches} watches, no key)`,
      value: `${watch.perWatchPerMinute.toFixed(2)}/min; ${watch.responses429} x 429`,
      target: '0 x 429',
      met: watch.responses429 === 0,
      note: `${watch.minutes} min of watching on a 20x clock: ${watch.requests} requests in ${watch.rounds} rounds (5 s apart at first, then 15 s while watches wait for their turn), ${watch.heldBack} held back by the budget; watched addresses with notifications: ${watch.addresses.perAddressPerMinute.toFixed(2)}/min each (${watch.addresses.watched} addresses), ${watch.addresses.responses429} x 429`,
    });
  }

  // 7b. the watchers together: their share of the budget, and every watch asked in turn
  const budget = await step('background budget', () => measureBackgroundBudget(P.backgroundBudget));
  results.backgroundBudget = budget;
  if (failed(budget)) rows.push(crashedRow('background budget', '<= 25/min', budget));
  else
    rows.push({
      measure: `background budget: requests per minute, ${budget.transactions} watched transactions + ${budget.addresses} watched addresses, no key`,
      value: `${budget.perMinute.toFixed(1)}/min (busiest minute ${budget.busiestMinute}); every watch asked within ${(budget.longestWaitMs / 60_000).toFixed(2)} min`,
      target: '<= 25/min; every watch within 5 min',
      met: budget.busiestMinute <= 25 && budget.longestWaitMs <= 5 * 60_000,
      note: `${budget.minutes} simulated minutes: ${budget.requests} requests, ${budget.heldBack} held back by the budget; at the busiest moment ${budget.leftForUser} of the 50 a minute left for hovers and lookups`,
    });

  // 8. memory kept after hostile answers
  const memory = await step('memory after hostile answers', () => measureMemory(quick));
  results.memory = memory;
  if (failed(memory)) rows.push(crashedRow('memory after hostile answers', '<= 20 MB', memory));
  else {
    const part = (r: typeof memory.hostile) => r.parts.map((p) => `${p.what} ${p.retainedMB.toFixed(1)} MB`).join(', ');
    rows.push({
      measure: `memory kept after hostile answers (40 tokens x 8 MB metadata, ${quick ? 40 : 200} sources x 10 MB, 40 answers x 8 MB)`,
      value: `${memory.hostile.totalMB.toFixed(1)} MB`,
      target: '<= 20 MB',
      met: memory.hostile.totalMB <= 20,
      note: `heap after a full GC against before, one client each: ${part(memory.hostile)}; answers just under each bound (5,000 tokens, 200 sources of 2 MB, 1,000 KB answers), the most they keep: ${memory.nearBounds.totalMB.toFixed(1)} MB (${part(memory.nearBounds)})`,
    });
  }

  results.rows = rows;
  results.seconds = (Date.now() - t0) / 1000;
  const file = path.join(REPO, 'bench', 'results.json');
  fs.writeFileSync(file, JSON.stringify(results, null, 2) + '\n');

  const out: string[] = [
    '',
    `Stacks Lookup benchmark (${quick ? 'quick' : 'full'}), ${new Date().toISOString().slice(0, 16)}Z, Node ${process.version}`,
    '',
    table(rows),
  ];
  if (!failed(bundle)) {
    out.push(
      '',
      `What fills dist/extension.js (esbuild metafile of the production build); other bundles: ${bundle.otherBundles.map((b) => `${b.name} ${kb(b.bytes)}`).join(', ')}`,
    );
    for (const p of bundle.byPackage.slice(0, 8)) out.push(`  ${kb(p.bytes).padStart(9)}  ${p.name}`);
    out.push('  largest files:');
    for (const f of bundle.topFiles.slice(0, 8)) out.push(`  ${kb(f.bytes).padStart(9)}  ${f.name}`);
    if (!('notMeasured' in bundle.vsix)) {
      out.push('', 'What fills the VSIX (compressed / raw):');
      for (const e of bundle.vsix.largest)
        out.push(`  ${kb(e.bytes).padStart(9)} / ${kb(e.rawBytes).padStart(9)}  ${e.name}`);
    }
  }
  if (argv.includes('--markdown')) out.push('', markdownTable(rows));
  out.push('', `results: ${path.relative(REPO, file)} (${results.seconds} s)`);
  process.stdout.write(out.join('\n') + '\n');
  return [
    bundle,
    activation,
    economy,
    overhead,
    parsing,
    clarinet,
    hostile,
    ...Object.values(hostile4),
    rl,
    watch,
    budget,
    memory,
  ].some(failed)
    ? 1
    : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`[bench] ${(e as Error).stack ?? String(e)}\n`);
    process.exit(1);
  },
);

const p50 = (xs: readonly number[]): number => percentile(xs, 50);
const p95 = (xs: readonly number[]): number => percentile(xs, 95);

/** The rows of the user-felt measures; targets from the mock's round trip where they depend on it. */
/** The first hover (cold) and the cached one (warm) of each kind in the web worker host, with the desktop's targets. */
function webHoverRows(w: Awaited<ReturnType<typeof measureWebHovers>> | { crashed: string }): Row[] {
  if (failed(w) || notMeasured(w))
    return [
      {
        measure: 'hover latency in the web worker host',
        value: 'not measured',
        target: '',
        met: null,
        note: failed(w) ? w.crashed : w.notMeasured,
      },
    ];
  const rtt = w.mockRoundTripMs;
  const b = w.baseline;
  const baseline: Row[] = b
    ? [
        {
          measure: 'hover baseline in the web worker host: VS Code alone (a constant hover, no request)',
          value: `p50 ${ms(p50(b.coldMs), 0)}, p95 ${ms(p95(b.coldMs), 0)}`,
          target: '',
          met: null,
          note: `${b.coldMs.length} hovers over distinct words, from a provider of the benchmark's own in the worker`,
        },
      ]
    : [];
  const part = w.hoverPart;
  const partRows: Row[] = !part
    ? []
    : 'error' in part
      ? [
          {
            measure: "the extension's part of a hover in the web worker host",
            value: 'not measured',
            target: '',
            met: null,
            note: part.error,
          },
        ]
      : part.flatMap((h) => [
          {
            measure: `hover ${h.kind} in the web worker host: the extension's part after the response`,
            value: `p50 ${ms(p50(h.coldAfterResponseMs), 1)}, p95 ${ms(p95(h.coldAfterResponseMs), 1)}`,
            target: '<= 30 ms',
            met: p95(h.coldAfterResponseMs) <= 30,
            note: `${h.coldAfterResponseMs.length} first hovers through the providers (vscode.executeHoverProvider), from the end of the last response to the hover; ${h.requests} requests, p50 ${ms(p50(h.coldRequestMs), 1)} from the call to the last response`,
          },
          {
            measure: `hover ${h.kind} in the web worker host: the extension's part, cached`,
            value: `p50 ${ms(p50(h.warmMs), 1)}, p95 ${ms(p95(h.warmMs), 1)}`,
            target: '<= 30 ms',
            met: p95(h.warmMs) <= 30,
            note: "the same ids again, no request: the whole call, the command's round trip through the workbench included",
          },
        ]);
  return [
    ...baseline,
    ...partRows,
    ...w.hovers.flatMap((h) => [
      {
        measure: `hover ${h.kind} in the web worker host, cold (mouse to content)`,
        value: `p50 ${ms(p50(h.coldMs), 0)}, p95 ${ms(p95(h.coldMs), 0)}`,
        target: `<= round trip + 30 ms (${ms(rtt + 30, 0)})`,
        met: p95(h.coldMs) <= rtt + 30,
        note: `${h.coldMs.length} first hovers over distinct ids, the request from the worker's fetch; mock round trip ${ms(rtt, 1)} (p50); editor.hover.delay ${w.hoverDelayMs} ms`,
      },
      {
        measure: `hover ${h.kind} in the web worker host, warm (cached)`,
        value: `p50 ${ms(p50(h.warmMs), 0)}, p95 ${ms(p95(h.warmMs), 0)}`,
        target: '<= 30 ms',
        met: p95(h.warmMs) <= 30,
        note: 'the same ids again, after the hover closed',
      },
    ]),
  ];
}

function uxRows(ux: Awaited<ReturnType<typeof measureUx>> | { crashed: string }): Row[] {
  if (failed(ux) || notMeasured(ux)) {
    const note = failed(ux) ? ux.crashed : ux.notMeasured;
    return ['hover latency', 'panel first paint', 'memory'].map((measure) => ({
      measure,
      value: 'not measured',
      target: '',
      met: null,
      note,
    }));
  }
  const rows: Row[] = [];
  const rtt = ux.mockRoundTripMs;
  const b = ux.baseline;
  if (b)
    rows.push({
      measure: 'hover baseline: VS Code alone (a constant hover, no request)',
      value: `p50 ${ms(p50(b.coldMs), 0)}, p95 ${ms(p95(b.coldMs), 0)}`,
      target: '',
      met: null,
      note: `${b.coldMs.length} hovers over distinct words, from a provider of the benchmark's own: the part of each hover time below that is VS Code's`,
    });
  for (const h of ux.hovers) {
    rows.push({
      measure: `hover ${h.kind}, cold (mouse to content)`,
      value: `p50 ${ms(p50(h.coldMs), 0)}, p95 ${ms(p95(h.coldMs), 0)}`,
      target: `<= round trip + 30 ms (${ms(rtt + 30, 0)})`,
      met: p95(h.coldMs) <= rtt + 30,
      note: `${h.coldMs.length} hovers over distinct ids; mock round trip ${ms(rtt, 1)} (p50); editor.hover.delay ${ux.hoverDelayMs} ms`,
    });
    rows.push({
      measure: `hover ${h.kind}, warm (cached)`,
      value: `p50 ${ms(p50(h.warmMs), 0)}, p95 ${ms(p95(h.warmMs), 0)}`,
      target: '<= 30 ms',
      met: p95(h.warmMs) <= 30,
      note: 'the same ids again, after the hover closed',
    });
  }
  for (const p of ux.host.panels) {
    const after = p50(p.warmMs);
    rows.push({
      measure: `panel first paint: ${p.kind}`,
      value: `${ms(p.coldMs, 0)} cold; ${ms(after, 0)} after the data`,
      target: '<= 150 ms after the data',
      met: after <= 150,
      note: `after the data: p50 of ${p.warmMs.length} opens with the data cached (command to painted); the webview's part ${ms(p50(p.webviewMs), 0)}`,
    });
  }
  const m = ux.host.heapMB;
  const grew = m.after1000 - m.afterActivation;
  const drift = m.after2000 - m.after1000;
  const l = ux.host.lookups;
  rows.push({
    measure: `heap after ${l.first} lookups + ${l.navigations} panel navigations`,
    value: `+${grew.toFixed(1)} MB (${m.afterActivation.toFixed(1)} to ${m.after1000.toFixed(1)} MB)`,
    target: '<= +30 MB',
    met: grew <= 30,
    note: `extension host heap after a full GC, against the heap after activation${l.failed ? `; ${l.failed} lookups failed` : ''}`,
  });
  rows.push({
    measure: `heap after ${l.second} more lookups`,
    value: `${drift >= 0 ? '+' : ''}${drift.toFixed(1)} MB (${m.after2000.toFixed(1)} MB)`,
    target: 'flat (<= +3 MB)',
    met: drift <= 3,
    note: 'bounded caches: more distinct lookups do not grow the heap',
  });
  return rows;
}
