/**
 * Measure 5d, lenses: a cloned repository whose Clarinet.toml puts 1,000 contracts on one path,
 * with a plan publishing them under 1,000 ids, all deployed, and that one file of 500 read-only
 * functions (14 KB). What one CodeLens request of that file makes (the lens layout of
 * src/ui/projects/deploymentText.ts, the functions and the drift comparisons the provider computes,
 * each lens built as the provider builds it), how long it holds the event loop, what it keeps, and
 * what the requests of drift leave of the rate budget: the real client against the mock API in
 * its own process, the deployed sources fetched through `BackgroundLoads` as the drift engine
 * fetches them, after one lookup and the status table, then the next hover.
 */
import * as v8 from 'v8';
import * as vm from 'vm';
import { createStacksClient, isStacksApiError } from '../src/api';
import { readClarinetProject, type ClarinetContract } from '../src/chain/clarinet';
import { compareLocal, LocalSource, normalizeSource, onChainReadOnlyFunctions } from '../src/chain/drift';
import { watchShare } from '../src/chain/watchBudget';
import { BackgroundLoads } from '../src/ui/drift/backgroundLoads';
import { loadDeployedSource } from '../src/ui/drift/deployedSources';
import { lensCount, lensLayout, type LensLayout } from '../src/ui/projects/deploymentText';
import { ADDRESS, mockHash } from '../test/fixtures/ids';
import { memoryReader } from '../test/unit/clarinetReaders';
import { median, mockInChild, ms, type Row } from './util';

const DEPLOYER = 'ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG';
const CONTRACTS = 1000;
const FUNCTIONS = 500;
/** Requests a minute of an API without a key. */
const KEYLESS = 50;
const SHAPE = '1,000 contracts on one path x 500 functions';

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const sleep = (t: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, t));

function project(): Record<string, string> {
  let manifest = '[project]\nname = "lenses"\n';
  let publishes = '';
  for (let i = 0; i < CONTRACTS; i++) {
    manifest += `[contracts.lens-${i}]\npath = "contracts/shared.clar"\n`;
    publishes += `        - contract-publish:\n            contract-name: lens-${i}\n            expected-sender: ${DEPLOYER}\n            cost: 100\n            path: contracts/shared.clar\n`;
  }
  let source = '';
  for (let i = 0; i < FUNCTIONS; i++) source += `(define-read-only (f-${i}) u1)\n`;
  return {
    'Clarinet.toml': manifest,
    'deployments/default.testnet-plan.yaml': `---\nid: 0\nname: lenses\nnetwork: testnet\nplan:\n  batches:\n    - id: 0\n      transactions:\n${publishes}      epoch: "3.0"\n`,
    'contracts/shared.clar': source,
  };
}

interface Deploy {
  contract: ClarinetContract;
  id: string;
  txId: string;
}

/** A lens as the provider makes it: where it sits, what it says, what a click runs. */
interface Lens {
  line: number;
  character: number;
  title: string;
  tooltip: string;
  command: string;
  args: unknown[];
}

/**
 * One CodeLens request of the shared file, as src/ui/editor/codeLens.ts makes it once the status
 * table says every contract is deployed: the layout, the functions (read once per version: `read`
 * is the cache of the provider), a drift comparison per deploy shown, and every lens built.
 */
function lensesOf(
  contracts: ClarinetContract[],
  deploys: Deploy[],
  text: string,
  read: { functions?: ReturnType<typeof onChainReadOnlyFunctions>; local?: LocalSource },
  deployedSource: string,
): { lenses: Lens[]; layout: LensLayout } {
  const functions = (read.functions ??= onChainReadOnlyFunctions(text));
  const layout = lensLayout(contracts.length, deploys.length, functions.length);
  const named = (c: ClarinetContract, t: string): string => (contracts.length > 1 ? `${c.name}: ${t}` : t);
  const lenses: Lens[] = [];
  const top = (title: string, tooltip: string, command: string, args: unknown[]): number =>
    lenses.push({ line: 0, character: 0, title, tooltip, command, args });
  for (const c of contracts.slice(0, layout.contracts))
    top(named(c, 'testnet: deployed at #1,000'), c.deployments.map((d) => d.id).join('\n'), 'status', [c.name]);
  if (layout.moreContracts) top(`${layout.moreContracts} more contracts in this file`, '', 'status', []);
  const local = (read.local ??= new LocalSource(text));
  const target = normalizeSource(deployedSource);
  for (const d of deploys.slice(0, layout.deploys))
    top(named(d.contract, `testnet: ${compareLocal(local, target)}`), d.id, 'compare', [d.id]);
  if (layout.moreDeploys) top(`${layout.moreDeploys} more deploys: compare…`, '', 'compare', []);
  for (const f of functions.slice(0, layout.functions))
    for (const d of deploys.slice(0, layout.callsPerFunction))
      lenses.push({
        line: f.line,
        character: f.character,
        title: named(d.contract, 'Call on testnet'),
        tooltip: `Call the read-only function ${f.name} of ${d.id} (Testnet API)`,
        command: 'call',
        args: [d.id, f.name, 'testnet'],
      });
  return { lenses, layout };
}

function heapMB(): number {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed / (1024 * 1024);
}

/** The longest the event loop waited for its next turn while `work` ran. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let worst = 0;
  let last = performance.now();
  let running = true;
  const tick = (): void => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  await work();
  running = false;
  tick();
  return worst;
}

/**
 * The requests of drift after one lookup, against the mock: the status table (ten requests of a
 * hundred ids), then the deployed source of every deploy the lenses show and every row of the view
 * asks for, through the background budget; then the next hover. Returns what went out.
 */
async function requestsAfterOneLookup(deploys: Deploy[], shown: number): Promise<Row> {
  const mock = await mockInChild();
  const client = createStacksClient({ baseUrl: mock.url });
  const loads = new BackgroundLoads(() => ({ now: Date.now, sleep: (t: number) => sleep(t) }));
  let drift = 0;
  try {
    // The lookup: a hover over an address.
    await client.getStxBalance(ADDRESS.mainnet, { budget: 'fail-fast' });
    for (let i = 0; i < deploys.length; i += 100)
      await client.getContractsStatus(
        deploys.slice(i, i + 100).map((d) => d.id),
        { budget: 'fail-fast' },
      );
    const before = await mock.requests();
    // The lens's deploys are asked last: the newest asked are fetched first.
    for (const d of [...deploys.slice(shown), ...deploys.slice(0, shown)])
      loads.want(d.txId, {
        perMinute: () => Promise.resolve(KEYLESS),
        start: () => loadDeployedSource(client, d.id, d.txId, 'fail-fast').catch(() => undefined),
      });
    // Until nothing more goes out (the next share is a minute away).
    let seen = -1;
    for (let now = await mock.requests(); now !== seen; now = await mock.requests()) {
      seen = now;
      await sleep(300);
    }
    drift = seen - before;
    let answered = true;
    try {
      await client.getStxBalance(ADDRESS.testnet, { budget: 'fail-fast' });
    } catch (e) {
      answered = !(isStacksApiError(e) && e.kind === 'rate-limited');
    }
    const all = await mock.requests();
    return {
      measure: `${SHAPE}: requests after one lookup / the next hover`,
      value: `${all} (${drift} for drift) / ${answered ? 'answered' : 'rate limited'}`,
      target: `drift <= ${watchShare(KEYLESS)} / answered`,
      met: drift <= watchShare(KEYLESS) && answered,
      note: `the lookup, the status table (${Math.ceil(deploys.length / 100)} requests), the deployed sources of ${deploys.length.toLocaleString('en-US')} deploys asked for; ${KEYLESS} a minute without a key`,
    };
  } finally {
    loads.dispose();
    await mock.close();
  }
}

export async function measure(quick: boolean): Promise<Row[]> {
  const files = project();
  const read = await readClarinetProject(memoryReader(files));
  if (!read.ok) throw new Error('the project did not read');
  const contracts = read.project.contracts.filter((c) => c.path === 'contracts/shared.clar' && c.deployments.length);
  if (contracts.length !== CONTRACTS) throw new Error(`${contracts.length} contracts on the shared path`);
  const deploys: Deploy[] = contracts.flatMap((c) =>
    c.deployments.map((d) => ({ contract: c, id: d.id, txId: mockHash(`tx:deploy:${d.id}`) })),
  );
  const text = files['contracts/shared.clar']!;
  const deployed = text;

  // The first request of the file (functions read, drift compared), then the ones after it (as
  // each new result of drift or the status asks again): the worst stall of each, median of the runs.
  const runs = quick ? 3 : 7;
  const first: number[] = [];
  const later: number[] = [];
  let count = 0;
  let layout: LensLayout | undefined;
  for (let r = 0; r < runs + 1; r++) {
    const cache = {};
    const f = await longestStall(async () => {
      await turn();
      ({
        layout,
        lenses: { length: count },
      } = lensesOf(contracts, deploys, text, cache, deployed));
    });
    const l = await longestStall(async () => {
      for (let i = 0; i < 5; i++) {
        await turn();
        lensesOf(contracts, deploys, text, cache, deployed);
      }
    });
    if (r > 0) {
      first.push(f);
      later.push(l);
    }
  }

  // What the lenses of one request keep, with the provider's cache of the document.
  const base = heapMB();
  const kept = lensesOf(contracts, deploys, text, {}, deployed);
  const grown = heapMB() - base;
  if (kept.lenses.length !== count) throw new Error('the lenses changed between requests');

  const worst = Math.max(median(first), median(later));
  const before = CONTRACTS * FUNCTIONS + 2 * CONTRACTS;
  return [
    {
      measure: `${SHAPE}: lenses`,
      value: count.toLocaleString('en-US'),
      target: '<= 1,000',
      met: count <= 1000 && lensCount(layout!) === count,
      note: `one per function and the first ${layout!.deploys} deploys' drift, ${layout!.moreContracts} contracts counted in one lens; a lens per function per deploy made ${before.toLocaleString('en-US')}`,
    },
    {
      measure: `${SHAPE}: stall`,
      value: ms(worst, 1),
      target: '<= 100 ms',
      met: worst <= 100,
      note: `first request ${ms(median(first), 1)}, the next ones ${ms(median(later), 1)}; median of ${runs}`,
    },
    {
      measure: `${SHAPE}: heap growth`,
      value: `+${grown.toFixed(1)} MB`,
      target: '<= +50 MB',
      met: grown <= 50,
      note: 'the lenses of one request and what the provider keeps of the file, after a full GC',
    },
    await requestsAfterOneLookup(deploys, layout!.deploys),
  ];
}
