/**
 * Deployed contracts in Clarity code: the time from a definition or hover request at a callee to
 * its answer, cold (a new client: the contract's source, and for the hover its interface too, in
 * parallel: one round trip) and warm (the same client: nothing asked), next to one round trip to
 * the same mock; and completion after `(contract-call? <principal> ` on a contract of 200
 * functions, warm. The work is what the providers do (`chain/contractNav.ts`,
 * `ui/language/calleeText.ts`) without the editor's own part. The mock runs in a child process.
 */
import { createStacksClient, type StacksClient } from '../src/api';
import { calleeCompletionAt, definitionOf, navTargetAt } from '../src/chain/contractNav';
import { calleeEntries, calleeMarkdown } from '../src/ui/language/calleeText';
import { CONTRACT, TX } from '../test/fixtures/ids';
import { mockInChild } from './util';

export interface NavigationResult {
  runs: number;
  /** Medians, in ms. */
  roundTripMs: number;
  definitionColdMs: number;
  definitionWarmMs: number;
  hoverColdMs: number;
  hoverWarmMs: number;
  completionWarmMs: number;
  /** Requests of one cold definition and one cold hover. */
  definitionRequests: number;
  hoverRequests: number;
  completionItems: number;
  defineLine: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const SBTC = CONTRACT.sbtcDeposit;
const CALLER = `(define-public (go (txid (buff 32)))\n  (contract-call? '${SBTC} complete-deposit-wrapper txid u0 u1 tx-sender txid u1 txid))\n`;
const TYPING = `(define-read-only (pick) (contract-call? '${CONTRACT.wide200} `;

async function definition(client: StacksClient): Promise<number> {
  const t = navTargetAt(CALLER, CALLER.indexOf('complete-deposit-wrapper') + 3);
  if (t?.kind !== 'function' || !t.ref.id) throw new Error('no callee found');
  const { source } = await client.getContractSource(t.ref.id);
  const d = definitionOf(source, t.fn);
  if (!d) throw new Error('no define line');
  return d.line;
}

async function hover(client: StacksClient): Promise<string> {
  const t = navTargetAt(CALLER, CALLER.indexOf('complete-deposit-wrapper') + 3);
  if (t?.kind !== 'function' || !t.ref.id) throw new Error('no callee found');
  const [iface, source] = await Promise.all([
    client.getContractInterface(t.ref.id),
    client.getContractSource(t.ref.id),
  ]);
  return calleeMarkdown(t.ref.id, t.fn, 'Mainnet', { ok: true, value: iface }, { ok: true, value: source.source });
}

async function completion(client: StacksClient): Promise<number> {
  const at = calleeCompletionAt(TYPING, TYPING.length);
  if (!at?.ref.id) throw new Error('no completion place');
  const iface = await client.getContractInterface(at.ref.id);
  return calleeEntries(iface, client.knownContractSource(at.ref.id)).length;
}

export async function measureNavigation(runs = 15): Promise<NavigationResult> {
  const mock = await mockInChild();
  try {
    const unlimited = { limit: 1e9, windowMs: 60_000 };
    const fresh = () => createStacksClient({ baseUrl: mock.url, rateLimit: unlimited });
    const rtt: number[] = [];
    const dCold: number[] = [];
    const dWarm: number[] = [];
    const hCold: number[] = [];
    const hWarm: number[] = [];
    const cWarm: number[] = [];
    let definitionRequests = 0;
    let hoverRequests = 0;
    let completionItems = 0;
    let defineLine = -1;
    const timed = async <T>(into: number[], f: () => Promise<T>): Promise<T> => {
      const t = performance.now();
      const v = await f();
      into.push(performance.now() - t);
      return v;
    };
    for (let i = 0; i < runs; i++) {
      await timed(rtt, () => fresh().getTransaction(TX.tokenTransfer));

      const d = fresh();
      let before = await mock.requests();
      defineLine = await timed(dCold, () => definition(d));
      definitionRequests = (await mock.requests()) - before;
      await timed(dWarm, () => definition(d));

      const h = fresh();
      before = await mock.requests();
      await timed(hCold, () => hover(h));
      hoverRequests = (await mock.requests()) - before;
      await timed(hWarm, () => hover(h));

      const c = fresh();
      await completion(c);
      completionItems = await timed(cWarm, () => completion(c));
    }
    return {
      runs,
      roundTripMs: median(rtt),
      definitionColdMs: median(dCold),
      definitionWarmMs: median(dWarm),
      hoverColdMs: median(hCold),
      hoverWarmMs: median(hWarm),
      completionWarmMs: median(cWarm),
      definitionRequests,
      hoverRequests,
      completionItems,
      defineLine,
    };
  } finally {
    await mock.close();
  }
}
