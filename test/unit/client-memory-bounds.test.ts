// What one client keeps for its session, and where it stops: the deployed sources and interfaces it
// remembers (200 contracts each) and the token metadata (5,000 tokens). A session that reads more
// than that forgets the least recently read, and reads it again when asked; one that reads fewer
// never asks twice.
import * as assert from 'assert';
import { createStacksClient, StacksClient, SwitchedOffRoutes } from '../../src/api';
import { MAX_INTERFACES_REMEMBERED, MAX_SOURCES_REMEMBERED } from '../../src/api/client';
import { ADDRESS } from '../fixtures/ids';
import { loadFixture } from '../mock-api/server';

/** The token limit of `client.ts` (not exported: nothing outside the client needs it). */
const TOKENS_REMEMBERED = 5_000;
const INTERFACE = JSON.stringify(loadFixture('v2-contract-interface--memo-payments.json'));
const FT_META = JSON.stringify(loadFixture('ft-metadata--miamicoin.json'));
const id = (n: number) => `${ADDRESS.mainnet}.c-${n}`;

describe('Stacks API client: what a session remembers, and its bounds', function () {
  this.timeout(30_000);
  let asked: string[];
  const client = (): StacksClient =>
    createStacksClient({
      baseUrl: 'http://127.0.0.1:9',
      switchedOff: new SwitchedOffRoutes(),
      rateLimit: { limit: 1_000_000 },
      fetch: (async (input: string | URL | Request) => {
        const path = new URL(String(input instanceof Request ? input.url : input)).pathname;
        asked.push(path);
        const body = path.startsWith('/v2/contracts/interface/') ? INTERFACE : FT_META;
        return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
      }) as typeof fetch,
    });
  beforeEach(() => {
    asked = [];
  });

  it(`keeps the sources of ${MAX_SOURCES_REMEMBERED} contracts; the next one pushes out the least recently read`, () => {
    const c = client();
    for (let n = 0; n < MAX_SOURCES_REMEMBERED; n++)
      c.rememberContractSource(id(n), { source: `;; ${n}`, publish_height: n });
    assert.strictEqual(c.knownContractSource(id(0)), ';; 0');
    // id(0) was just read, so id(1) is now the least recently read.
    c.rememberContractSource(id(MAX_SOURCES_REMEMBERED), { source: ';; new', publish_height: 1 });
    assert.strictEqual(c.knownContractSource(id(1)), undefined);
    assert.strictEqual(c.knownContractSource(id(0)), ';; 0');
    assert.strictEqual(c.knownContractSource(id(MAX_SOURCES_REMEMBERED)), ';; new');
  });

  it(`keeps the interfaces of ${MAX_INTERFACES_REMEMBERED} contracts, and asks again for one it let go`, async () => {
    const c = client();
    for (let n = 0; n <= MAX_INTERFACES_REMEMBERED; n++) await c.getContractInterface(id(n));
    assert.strictEqual(asked.length, MAX_INTERFACES_REMEMBERED + 1);
    assert.strictEqual(c.knownContractInterface(id(0)), undefined, 'the first of 201 is let go');
    assert.ok(c.knownContractInterface(id(1)), 'the second of 201 is kept');
    await c.getContractInterface(id(MAX_INTERFACES_REMEMBERED));
    assert.strictEqual(asked.length, MAX_INTERFACES_REMEMBERED + 1, 'a kept one is not asked again');
    await c.getContractInterface(id(0));
    assert.deepStrictEqual(asked.slice(MAX_INTERFACES_REMEMBERED + 1), [
      `/v2/contracts/interface/${ADDRESS.mainnet}/c-0`,
    ]);
  });

  it(`keeps the metadata of ${TOKENS_REMEMBERED.toLocaleString('en')} tokens without asking twice`, async () => {
    const c = client();
    const tokens = 600;
    for (let n = 0; n < tokens; n++) await c.getFtMetadata(id(n));
    // More than the response cache's 500 entries: the first token is kept by the client's own memory.
    assert.strictEqual((await c.getFtMetadata(id(0)))?.symbol, 'MIA');
    assert.strictEqual(asked.length, tokens);
  });
});
