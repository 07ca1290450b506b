/**
 * Measure 5d, a simulation answer: a service that answers Simulate with 20,000 NFT transfers (some
 * 7 MB, under the simulation client's 8 MB cap). The answer goes through the simulation client
 * (its parse of the receipt and of every event), the view the contract panel's form shows
 * (`simulationView`, what `simulate` builds) and the message posted to the webview
 * (`fitMessage`, what the panel posts). Measured: the longest the event loop is held while that
 * runs, and the size of the message, before and after the panel's 1 MB rule.
 */
import type { StacksClient } from '../src/api';
import { simulateCall } from '../src/api/simulation';
import { clarityModule } from '../src/chain/lazyClarity';
import { BLOCK_LIMITS } from '../src/chain/simulation';
import type { FormResult, HostMessage } from '../src/protocol';
import { fitMessage, MAX_MESSAGE_BYTES, messageBytes } from '../src/ui/panels/messages';
import { simulationView } from '../src/ui/workbench/simulationView';
import { nftFloodAnswer } from '../test/mock-api/simulation';
import { kb, median, ms, type Row } from './util';

const SENDER = 'SP212Y5JKN59YP3GYG07K3S8W5SSGE4KH6B5STXER';
const CONTRACT = 'SP2X0TZ59D5SZ8ACQ6YMCHHNR2ZN51Z32E2CJ173.guild';
const EVENTS = 20_000;
const MAX_STALL_MS = 100;

/** The longest stretch between two turns of the event loop while `work` runs. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ stallMs: number; value: T }> {
  let longest = 0;
  let last = performance.now();
  let running = true;
  const tick = (): void => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const value = await work();
  running = false;
  tick();
  return { stallMs: longest, value };
}

/** One run: the answer read by the client, made into the form's view, posted as the panel posts it. */
async function run(answerText: string): Promise<{ raw: number; posted: number; rows: number; more: string }> {
  const signal = new AbortController().signal;
  const sim = await simulateCall(
    'https://simulation.example',
    { transaction: '00' },
    {
      signal,
      timeoutMs: 30_000,
      fetch: (() =>
        Promise.resolve(
          new Response(answerText, { status: 200, headers: { 'content-type': 'application/json' } }),
        )) as typeof fetch,
    },
  );
  const codec = clarityModule();
  const hex = `0x${sim.receipt.result}`;
  const text = codec.clarityText(hex) ?? '';
  const tree = codec.decodeClarity(hex);
  // A call that succeeds reads nothing of the client (only a failed one reads its contract's source).
  const client = {} as StacksClient;
  const view = await simulationView(client, {
    network: 'mainnet',
    contractId: CONTRACT,
    fn: 'transfer-all',
    sender: SENDER,
    signal,
    sim,
    text,
    fee: { source: 'the node’s estimate', rows: [{ label: 'Low', stx: '0.000017' }] },
    limit: { label: BLOCK_LIMITS.epoch21.label, cost: BLOCK_LIMITS.epoch21.cost },
    ran: `https://simulation.example, as ${SENDER} with nonce 1`,
  });
  const result: FormResult = {
    form: 'public:transfer-all',
    state: 'ok',
    text,
    ...(tree ? { tree } : {}),
    at: 'latest block',
    simulation: view,
  };
  const message: HostMessage = { type: 'result', result };
  const raw = messageBytes(message);
  const posted = messageBytes(fitMessage(message));
  return { raw, posted, rows: view.movements.length, more: view.movements.at(-1)?.what ?? '' };
}

export async function measure(quick: boolean): Promise<Row[]> {
  const answerText = JSON.stringify(nftFloodAnswer(SENDER, EVENTS));
  const runs = quick ? 3 : 7;
  const stalls: number[] = [];
  let last: Awaited<ReturnType<typeof run>> | undefined;
  await run(answerText); // loads the Clarity module and warms the code paths
  for (let i = 0; i < runs; i++) {
    const r = await longestStall(() => run(answerText));
    stalls.push(r.stallMs);
    last = r.value;
  }
  const stall = median(stalls);
  const note = `${EVENTS.toLocaleString('en-US')} NFT transfers, ${kb(answerText.length)} of answer; median of ${runs}`;
  return [
    {
      measure: 'hostile: simulation answer, longest stall (read, view, message)',
      value: ms(stall, 0),
      target: `<= ${MAX_STALL_MS} ms`,
      met: stall <= MAX_STALL_MS,
      note,
    },
    {
      measure: 'hostile: simulation answer, largest message to the panel',
      value: kb(last!.posted),
      target: `<= ${kb(MAX_MESSAGE_BYTES)}`,
      met: last!.posted <= MAX_MESSAGE_BYTES,
      note: `${last!.rows} movement rows, the last "${last!.more}"; ${kb(last!.raw)} before the panel's size rule`,
    },
  ];
}
