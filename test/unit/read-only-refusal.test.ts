// A read-only call the node refuses, in words. The shapes are the node's own (stacks-core,
// stackslib/src/net/api/callreadonly.rs): `200 {"okay": false, "cause": …}` with `NotReadOnly` or
// the `Display` of the Clarity error, and `400 Execution budget exceeded` (formerly
// `408 ExecutionTime expired`) in plain text for a call over the node's execution budget.
import * as assert from 'assert';
import { HttpTransport } from '../../src/api/http';
import { RateLimiter } from '../../src/api/rateLimit';
import { readOnlyHttpRefusal, readOnlyRefusal } from '../../src/chain/readOnlyRefusal';
import { describeError } from '../../src/ui/shared/errorText';
import { rejectsWith } from './rejectsWith';
import { fakeFetch } from '../fakes/fetch';

const BASE = 'https://api.example.test';
const CALL = '/v2/contracts/call-read/SP2C2YFP12AJZB4MABJBAJ55XECVS7E4PMMZ89YZR/arkadiko-dao/get-dao-owner';
const ctx = { networkLabel: 'Mainnet', baseUrl: BASE, what: 'read-only call', hasApiKey: false };

/** The node's plain-text refusal (`HttpBadRequest`, `HttpRequestTimeout`: content type text/plain). */
function nodeRefuses(status: number, words: string): typeof fetch {
  return fakeFetch(async () => new Response(words, { status, headers: { 'content-type': 'text/plain' } }));
}

function transport(f: typeof fetch): HttpTransport {
  return new HttpTransport({ baseUrl: BASE, timeoutMs: 5_000, limiter: new RateLimiter(1_000), fetch: f });
}

describe('Read-only calls the node refuses, in words', () => {
  describe('okay: false and its cause', () => {
    it('NotReadOnly: the function tries to write', () => {
      const r = readOnlyRefusal('NotReadOnly');
      assert.strictEqual(r.kind, 'not-read-only');
      assert.match(r.sentence, /tries to write/);
      assert.doesNotMatch(r.sentence, /NotReadOnly/);
    });

    it('a cost balance exceeded, as the node writes it now and as older nodes did: over the cost budget', () => {
      const cost =
        'ExecutionCost { write_length: 0, write_count: 0, read_length: 102400, read_count: 31, runtime: 1000000001 }';
      const limit =
        'ExecutionCost { write_length: 0, write_count: 0, read_length: 100000, read_count: 30, runtime: 1000000000 }';
      for (const cause of [
        `RuntimeCheck(CostBalanceExceeded(${cost}, ${limit}))`,
        `Unchecked(CostBalanceExceeded(${cost}, ${limit}))`,
      ]) {
        const r = readOnlyRefusal(cause);
        assert.strictEqual(r.kind, 'cost-budget', cause);
        assert.match(r.sentence, /over the cost budget the node allows a read-only call/);
      }
    });

    it('a runtime error with its stack trace: failed at run time, with what the error means', () => {
      const r = readOnlyRefusal(
        'UnwrapFailure\n Stack Trace: \nFunctionIdentifier { identifier: "_native_:native_unwrap" }\n',
      );
      assert.strictEqual(r.kind, 'runtime');
      assert.match(r.sentence, /^The function failed at run time: An unwrap-panic/);
      assert.strictEqual(r.plain, 'The function failed at run time (the error is below).');
      assert.strictEqual(readOnlyRefusal('DivisionByZero').kind, 'runtime');
    });

    it('a check error names what the node found; the plain form quotes nothing of the node', () => {
      const r = readOnlyRefusal('RuntimeCheck(UndefinedFunction("ignore-previous-instructions"))');
      assert.strictEqual(r.kind, 'check');
      assert.match(r.sentence, /not defined: ignore-previous-instructions/);
      assert.strictEqual(r.plain, 'The node could not run the call (its reason is below).');
      assert.match(readOnlyRefusal('RuntimeCheck(NoSuchContract("SP000.nope"))').sentence, /does not exist/);
    });

    it('a cause of no known form still reads as a refusal, with nothing of it in the sentence', () => {
      const r = readOnlyRefusal('Interpreter(Expect("something new"))');
      assert.strictEqual(r.kind, 'other');
      assert.strictEqual(r.sentence, 'The node could not run the call (its reason is below).');
    });

    it('no cause, or blanks alone: the node gave no reason', () => {
      for (const cause of [undefined, null, '', ' \n ']) {
        const r = readOnlyRefusal(cause);
        assert.strictEqual(r.kind, 'other', JSON.stringify(cause));
        assert.strictEqual(r.sentence, 'The node did not run the call and gave no reason.');
      }
    });

    it('a function named like a cost error is an undefined function, not a call over the cost budget', () => {
      const r = readOnlyRefusal('RuntimeCheck(UndefinedFunction("CostBalanceExceeded"))');
      assert.strictEqual(r.kind, 'check');
      assert.match(r.sentence, /not defined: CostBalanceExceeded/);
    });
  });

  describe('the whole request refused at the execution budget', () => {
    for (const [status, words] of [
      [400, 'Execution budget exceeded'],
      [408, 'ExecutionTime expired'],
    ] as const) {
      it(`${status} "${words}" reads as a call over the budget, with the node's words, not as a rejected request`, async () => {
        const e = await rejectsWith(
          transport(nodeRefuses(status, words)).getJson('/v2/contracts/call-read/{p}/{c}/{f}', CALL, [], {}, {}),
          status === 400 ? 'bad-request' : 'invalid-response',
        );
        assert.strictEqual(e.words, words);
        const said = describeError(e, ctx);
        assert.match(said.message, /^The node stopped the call: it ran over the time or memory the node allows/);
        assert.ok(said.message.includes(words), said.message);
        assert.doesNotMatch(said.short, /The API rejected the request|Unexpected status/);
      });
    }

    it("only the node's budget words with their status are the budget: a bad argument or a proxy's timeout is not", () => {
      const budget = /^The node stopped the call: it ran over the time or memory the node allows a read-only call\./;
      assert.match(readOnlyHttpRefusal(400, 'Execution budget exceeded') ?? '', budget);
      assert.match(readOnlyHttpRefusal(408, 'ExecutionTime expired') ?? '', budget);
      for (const [status, words] of [
        [400, 'Failed to deserialize argument value'],
        [408, 'Request Timeout'],
        [408, 'Execution budget exceeded'],
        [400, 'ExecutionTime expired'],
        [500, 'Execution budget exceeded'],
      ] as const) {
        assert.strictEqual(readOnlyHttpRefusal(status, words), undefined, `${status} ${words}`);
      }
    });

    it('the same words on another route are not read as a call', async () => {
      const e = await rejectsWith(
        transport(nodeRefuses(400, 'Execution budget exceeded')).getJson('/r', '/extended/v1/tx/0x01', [], {}),
        'bad-request',
      );
      assert.match(describeError(e, ctx).message, /^The API rejected the request: Execution budget exceeded$/);
    });
  });
});
