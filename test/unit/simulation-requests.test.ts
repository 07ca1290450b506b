// What the simulation client sends to the service (URL, method, headers), and the one sentence,
// kind, status and path of each answer it cannot use: busy and outdated answers by their status or
// their words, other statuses, redirects, broken events, unreachable services, answers too large
// to read, timeouts and cancels. The service is an injected fetch; the receipt is the recorded
// instant simulation of test/fixtures/simulation.
import * as assert from 'assert';
import { getEventListeners } from 'events';
import * as fs from 'fs';
import * as path from 'path';
import { ErrorKind, StacksApiError } from '../../src/api';
import { simulateCall, SIMULATION_ROUTE, type SimulationOptions } from '../../src/api/simulation';
import { SimulationEvent } from '../../src/api/schemas/simulation';
import { parseWith } from '../../src/api/schemas/parse';

const FIXTURES = path.join(__dirname, '../../../test/fixtures/simulation');
const OK = fs.readFileSync(path.join(FIXTURES, 'instant--ft-transfer.json'), 'utf8');
const SERVICE = 'https://sim.example';

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

type Answer = (init: RequestInit) => Response | Promise<Response>;

/** A simulation service that answers each POST with the next of `answers`, the last one again when they run out. */
function service(...answers: Answer[]): { fetch: typeof fetch; seen: Seen[] } {
  const seen: Seen[] = [];
  const f = (async (url: URL | string, init: RequestInit) => {
    seen.push({
      url: String(url),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: String(init.body),
    });
    return answers[Math.min(seen.length - 1, answers.length - 1)]!(init);
  }) as typeof fetch;
  return { fetch: f, seen };
}

const plain = (status: number, text: string | null) => () =>
  new Response(text, { status, headers: { 'content-type': 'text/plain' } });

/** A receipt whose events are `events` (each the string the service sends). */
function receiptWith(events: string[]): string {
  const body = JSON.parse(OK) as { receipt: { events: string[] } };
  body.receipt.events = events;
  return JSON.stringify(body);
}

/** A body that sends nothing and ends only in error once the request's signal aborts. */
const stalledBody = (init: RequestInit) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        init.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
      },
    }),
    { status: 200 },
  );

const req = { transaction: '00'.repeat(40), block_height: 7 };
const noWait = async () => undefined;

function call(f: typeof fetch, o: Partial<SimulationOptions> = {}, url = SERVICE) {
  return simulateCall(url, req, { timeoutMs: 5000, fetch: f, wait: noWait, ...o });
}

async function failsWith(
  p: Promise<unknown>,
  expected: { kind: ErrorKind; message: string; status?: number },
): Promise<void> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof StacksApiError, String(e));
    assert.strictEqual(e.message, expected.message);
    assert.strictEqual(e.kind, expected.kind);
    assert.strictEqual(e.status, expected.status);
    assert.strictEqual(e.path, SIMULATION_ROUTE);
    return;
  }
  assert.fail('expected a failure');
}

describe('Simulation service requests and their failures', () => {
  it('POSTs JSON to the instant route under the URL given, however many slashes end it, and logs the answer size', async () => {
    const s = service(plain(200, OK));
    const logs: string[] = [];
    const r = await call(s.fetch, { log: (level, message) => logs.push(`${level}: ${message}`) }, `${SERVICE}/stxer//`);
    assert.strictEqual(r.receipt.result, '0703');
    assert.deepStrictEqual(s.seen, [
      {
        url: `${SERVICE}/stxer${SIMULATION_ROUTE}`,
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(req),
      },
    ]);
    assert.deepStrictEqual(logs, [`debug: POST ${SIMULATION_ROUTE} -> 200 (${OK.length} bytes)`]);
  });

  it('waits 1.5 s before asking a busy service again, says so in the log, and reports a second busy answer with its status', async () => {
    const s = service(plain(409, ''));
    const waits: Array<[number, AbortSignal | undefined]> = [];
    const logs: string[] = [];
    const signal = new AbortController().signal;
    await failsWith(
      call(s.fetch, {
        signal,
        wait: async (ms, sig) => void waits.push([ms, sig]),
        log: (level, message) => logs.push(`${level}: ${message}`),
      }),
      {
        kind: 'server',
        status: 409,
        message:
          'The simulation service at https://sim.example is busy (it said: nothing), twice in a row: try again in a moment.',
      },
    );
    assert.strictEqual(s.seen.length, 2);
    assert.deepStrictEqual(waits, [[1500, signal]]);
    assert.deepStrictEqual(logs, [
      `debug: POST ${SIMULATION_ROUTE} -> 409 (0 bytes)`,
      `warn: POST ${SIMULATION_ROUTE}: busy, trying once more`,
      `debug: POST ${SIMULATION_ROUTE} -> 409 (0 bytes)`,
    ]);
  });

  it('says an outdated block (410) in one sentence, even when the service gives no words', async () => {
    const s = service(plain(410, ''));
    await failsWith(call(s.fetch), {
      kind: 'gone',
      status: 410,
      message:
        'The simulation service at https://sim.example cannot run at that block any more (it said: nothing): simulate at the latest block or a more recent one.',
    });
    assert.strictEqual(s.seen.length, 1);
  });

  it('knows a busy or outdated answer by its words when a proxy gives it another status', async () => {
    await failsWith(call(service(plain(503, '  simulation_busy: 3 simulations queued\n')).fetch), {
      kind: 'server',
      status: 503,
      message:
        'The simulation service at https://sim.example is busy (it said: simulation_busy: 3 simulations queued), twice in a row: try again in a moment.',
    });
    await failsWith(call(service(plain(500, '\nsimulation_outdated: block 7 is pruned')).fetch), {
      kind: 'gone',
      status: 500,
      message:
        'The simulation service at https://sim.example cannot run at that block any more (it said: simulation_outdated: block 7 is pruned): simulate at the latest block or a more recent one.',
    });
  });

  it('names the status of any other failure, quotes at most 300 characters of it, and hints at the root URL on a 404', async () => {
    const cases: Array<[number, string, ErrorKind, string]> = [
      [
        404,
        '',
        'not-found',
        'The simulation service at https://sim.example answered 404. Is the URL the service’s root (e.g. https://api.stxer.xyz)?',
      ],
      [
        400,
        'missing transaction',
        'bad-request',
        'The simulation service at https://sim.example answered 400: missing transaction.',
      ],
      [500, '', 'server', 'The simulation service at https://sim.example answered 500.'],
      [
        502,
        `  <html>${'bad gateway '.repeat(40)}</html>`,
        'server',
        `The simulation service at https://sim.example answered 502: ${`<html>${'bad gateway '.repeat(40)}`.slice(0, 300)}.`,
      ],
    ];
    for (const [status, text, kind, message] of cases) {
      await failsWith(call(service(plain(status, text)).fetch), { kind, status, message });
    }
  });

  it('follows no redirect, whatever its 3xx status, and reads a 400 as the answer it is', async () => {
    const message =
      'The simulation service at https://sim.example answered with a redirect, which is not followed: set its final URL.';
    for (const status of [300, 308, 399])
      await failsWith(call(service(plain(status, '')).fetch), { kind: 'insecure-url', message });
    await failsWith(call(service(plain(400, 'invalid JSON body')).fetch), {
      kind: 'bad-request',
      status: 400,
      message: 'The simulation service at https://sim.example answered 400: invalid JSON body.',
    });
  });

  it('keeps an event of an unknown kind by its name, cut at 80 characters', async () => {
    const name = `${'future_'.repeat(15)}event`;
    const r = await call(service(plain(200, receiptWith([JSON.stringify({ type: name, [name]: {} })]))).fetch);
    assert.deepStrictEqual(r.events, [{ type: 'other', name: name.slice(0, 80) }]);
  });

  it('names a broken event of a known kind by its place and its type (at most 40 characters)', async () => {
    const events = JSON.parse(OK) as { receipt: { events: string[] } };
    const good = events.receipt.events[0]!;
    const broken = {
      type: 'stx_transfer_event',
      stx_transfer_event: { sender: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7' },
    };
    const listed = { type: ['stx_transfer_event', 'stx_mint_event', 'ft_transfer_event'] };
    const cases: Array<[string[], string, unknown]> = [
      [[good, JSON.stringify(broken)], 'event 2 (stx_transfer_event)', broken],
      [['null'], 'event 1 (undefined)', null],
      [[JSON.stringify(listed)], 'event 1 (stx_transfer_event,stx_mint_event,ft_tra)', listed],
    ];
    for (const [list, which, event] of cases) {
      const problem = parseWith(SimulationEvent, event);
      assert.ok(!problem.ok);
      await failsWith(call(service(plain(200, receiptWith(list))).fetch), {
        kind: 'invalid-response',
        message: `The simulation service at https://sim.example sent an answer that is not a simulation receipt (${which}: ${problem.problem}), so nothing is shown.`,
      });
    }
  });

  it('says the service cannot be reached when the connection fails, not that the user cancelled', async () => {
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await failsWith(call(down), {
      kind: 'network',
      message:
        'Could not reach the simulation service at https://sim.example: check stacksLookup.simulation.serviceUrl and your connection.',
    });
  });

  it('refuses an answer too large to read, or cut off, without reading it', async () => {
    const message =
      'The simulation service at https://sim.example sent an answer too large or cut off; it was not read.';
    const huge = () => new Response(OK, { status: 200, headers: { 'content-length': String(9 * 1024 * 1024) } });
    await failsWith(call(service(huge).fetch), { kind: 'invalid-response', message });
    const cut = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(OK.slice(0, 100)));
            controller.error(new Error('socket hang up'));
          },
        }),
        { status: 200 },
      );
    await failsWith(call(service(cut).fetch), { kind: 'invalid-response', message });
  });

  it('says the simulation was cancelled when the user cancels while the answer is being read', async () => {
    const c = new AbortController();
    const reading = service((init) => {
      setImmediate(() => c.abort());
      return stalledBody(init);
    });
    await failsWith(call(reading.fetch, { signal: c.signal }), {
      kind: 'cancelled',
      message: 'The simulation was cancelled.',
    });
  });

  it('says how many seconds it waited for a service that does not answer', async () => {
    const hang = (async (_u: URL | string, init: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      )) as typeof fetch;
    // The timer of the 30 s timeout fires at once: what is tested is the sentence, not the clock.
    const realSetTimeout = globalThis.setTimeout;
    globalThis.setTimeout = ((fn: () => void) => realSetTimeout(fn, 0)) as unknown as typeof setTimeout;
    let p: Promise<unknown>;
    try {
      p = call(hang, { timeoutMs: 30_000 });
    } finally {
      globalThis.setTimeout = realSetTimeout;
    }
    await failsWith(p, {
      kind: 'timeout',
      message: 'The simulation service at https://sim.example did not answer within 30 s.',
    });
  });

  it('leaves no listener on the caller’s signal once a simulation has ended, answered or failed', async () => {
    const signal = new AbortController().signal;
    await call(service(plain(200, OK)).fetch, { signal });
    assert.strictEqual(getEventListeners(signal, 'abort').length, 0);
    await assert.rejects(call(service(plain(500, '')).fetch, { signal }));
    assert.strictEqual(getEventListeners(signal, 'abort').length, 0);
  });
});
