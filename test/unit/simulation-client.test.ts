import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { ErrorKind, StacksApiError } from '../../src/api';
import { simulateCall, SIMULATION_ROUTE } from '../../src/api/simulation';

const FIXTURES = path.join(__dirname, '../../../test/fixtures/simulation');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const OK = fixture('instant--ft-transfer.json');

interface Seen {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A simulation service that answers each POST with the next of `answers` (status, body text). */
function service(...answers: Array<[number, string]>): { fetch: typeof fetch; seen: Seen[] } {
  const seen: Seen[] = [];
  const f = (async (url: URL | string, init?: RequestInit) => {
    seen.push({
      url: String(url),
      headers: { ...(init?.headers as Record<string, string>) },
      body: String(init?.body),
    });
    const [status, text] = answers[Math.min(seen.length - 1, answers.length - 1)]!;
    return new Response(text, { status, headers: { 'content-type': 'text/plain' } });
  }) as typeof fetch;
  return { fetch: f, seen };
}

const noWait = async () => undefined;

async function fails(p: Promise<unknown>, kind: ErrorKind, message: RegExp): Promise<void> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof StacksApiError, String(e));
    assert.strictEqual(e.kind, kind, e.message);
    assert.match(e.message, message);
    return;
  }
  assert.fail('expected a failure');
}

describe('Simulation service client', () => {
  const req = { transaction: '00'.repeat(40), block_height: 7 };

  it('POSTs the transaction to the instant route without any API key, and parses the events', async () => {
    const s = service([200, OK]);
    const r = await simulateCall('https://sim.example/', req, { timeoutMs: 5000, fetch: s.fetch });
    assert.strictEqual(s.seen.length, 1);
    assert.strictEqual(s.seen[0]!.url, `https://sim.example${SIMULATION_ROUTE}`);
    assert.deepStrictEqual(JSON.parse(s.seen[0]!.body), req);
    assert.ok(!Object.keys(s.seen[0]!.headers).some((h) => /api-key/i.test(h)));
    assert.strictEqual(r.receipt.result, '0703');
    assert.strictEqual(r.events[0]?.type, 'ft_transfer_event');
    assert.strictEqual(r.events[1]?.type, 'contract_event');
  });

  it('tries a busy service once more, and says so when it is still busy', async () => {
    const once = service([409, 'simulation_busy: another simulation is running'], [200, OK]);
    const r = await simulateCall('https://sim.example', req, { timeoutMs: 5000, fetch: once.fetch, wait: noWait });
    assert.strictEqual(once.seen.length, 2);
    assert.strictEqual(r.receipt.result, '0703');
    const twice = service([409, 'simulation_busy: another simulation is running']);
    await fails(
      simulateCall('https://sim.example', req, { timeoutMs: 5000, fetch: twice.fetch, wait: noWait }),
      'server',
      /is busy .*simulation_busy: another simulation is running.*try again in a moment/,
    );
    assert.strictEqual(twice.seen.length, 2, 'one retry, not more');
  });

  it('says when the block is outdated (410)', async () => {
    const s = service([410, 'simulation_outdated: block 7 is too old']);
    await fails(
      simulateCall('https://sim.example', req, { timeoutMs: 5000, fetch: s.fetch }),
      'gone',
      /cannot run at that block any more .*simulation_outdated: block 7 is too old.*latest block/,
    );
    assert.strictEqual(s.seen.length, 1);
  });

  it('names the missing field of a receipt in one sentence', async () => {
    const body = JSON.parse(OK) as { receipt: Record<string, unknown> };
    delete body.receipt['execution_cost'];
    const s = service([200, JSON.stringify(body)]);
    await fails(
      simulateCall('https://sim.example', req, { timeoutMs: 5000, fetch: s.fetch }),
      'invalid-response',
      /not a simulation receipt \(field "receipt.execution_cost" is missing\)/,
    );
  });

  it('refuses events that are not JSON strings, and bodies that are not JSON', async () => {
    const body = JSON.parse(OK) as { receipt: { events: string[] } };
    body.receipt.events = ['{not json'];
    await fails(
      simulateCall('https://sim.example', req, { timeoutMs: 5000, fetch: service([200, JSON.stringify(body)]).fetch }),
      'invalid-response',
      /event 1 is not JSON/,
    );
    await fails(
      simulateCall('https://sim.example', req, { timeoutMs: 5000, fetch: service([200, '<html>']).fetch }),
      'invalid-response',
      /it is not JSON/,
    );
  });

  it('keeps an event of a kind it does not know by its name', async () => {
    const body = JSON.parse(OK) as { receipt: { events: string[] } };
    body.receipt.events = [JSON.stringify({ type: 'future_event', future_event: {} })];
    const r = await simulateCall('https://sim.example', req, {
      timeoutMs: 5000,
      fetch: service([200, JSON.stringify(body)]).fetch,
    });
    assert.deepStrictEqual(r.events, [{ type: 'other', name: 'future_event' }]);
  });

  it('fails a server error, a redirect and plain http to another host with a sentence', async () => {
    await fails(
      simulateCall('https://sim.example', req, { timeoutMs: 5000, fetch: service([502, 'bad gateway']).fetch }),
      'server',
      /answered 502: bad gateway/,
    );
    await fails(
      simulateCall('https://sim.example', req, { timeoutMs: 5000, fetch: service([302, '']).fetch }),
      'insecure-url',
      /redirect/,
    );
    await fails(
      simulateCall('http://sim.example', req, { timeoutMs: 5000, fetch: service([200, OK]).fetch }),
      'insecure-url',
      /use https/,
    );
  });

  it('times out a slow service, and stops when cancelled', async () => {
    const hang = (async (_u: URL | string, init?: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      )) as typeof fetch;
    await fails(
      simulateCall('https://sim.example', req, { timeoutMs: 50, fetch: hang }),
      'timeout',
      /did not answer within/,
    );
    const c = new AbortController();
    const p = simulateCall('https://sim.example', req, { timeoutMs: 5000, fetch: hang, signal: c.signal });
    c.abort();
    await fails(p, 'cancelled', /cancelled/);
  });
});
