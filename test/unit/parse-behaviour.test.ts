// parseWith (src/api/schemas/parse.ts): the words that end "The API sent an unexpected …: <problem>."
// when a real API body is changed the way a broken or newer API might send it: which field, what
// it should be, and what came instead.
import * as assert from 'assert';
import * as S from '../../src/api/schemas';
import { loadFixture } from '../mock-api/fixtures';

function problem<T>(schema: S.Schema<T>, body: unknown): string {
  const r = S.parseWith(schema, body);
  assert.ok(!r.ok, 'the body was accepted');
  return r.problem;
}

const tx = () => loadFixture('tx-token_transfer.json');
const ftPage = () => loadFixture('v3-balances-ft--three.json');

describe('parseWith: what is wrong with a body, in words', () => {
  it('a body that is not an object names the whole body and what came', () => {
    assert.strictEqual(problem(S.Transaction, null), 'field "(the whole body)" should be an object, not null');
    assert.strictEqual(problem(S.Transaction, [tx()]), 'field "(the whole body)" should be an object, not an array');
    assert.strictEqual(problem(S.Transaction, 'OK'), 'field "(the whole body)" should be an object, not a string');
  });

  it('a field of the wrong type names the type it should be, with its article, and the one that came', () => {
    const wrong = (change: (t: ReturnType<typeof tx>) => void) => {
      const t = tx();
      change(t);
      return problem(S.Transaction, t);
    };
    assert.strictEqual(
      wrong((t) => (t.tx_id = 42)),
      'field "tx_id" should be a string, not a number',
    );
    assert.strictEqual(
      wrong((t) => (t.block_height = '150000')),
      'field "block_height" should be a number, not a string',
    );
    assert.strictEqual(
      wrong((t) => (t.fee_rate = null)),
      'field "fee_rate" should be a string, not null',
    );
    assert.strictEqual(
      wrong((t) => (t.events = {})),
      'field "events" should be an array, not an object',
    );
    assert.strictEqual(
      wrong((t) => (t.token_transfer = [])),
      'field "token_transfer" should be an object, not an array',
    );
  });

  it('a field inside a list is named by its place, and a missing one says so', () => {
    const page = ftPage();
    page.results[2].balance = 3000000;
    assert.strictEqual(problem(S.FtHoldingsPage, page), 'field "results[2].balance" should be a string, not a number');
    const gap = ftPage();
    gap.results[1] = null;
    assert.strictEqual(problem(S.FtHoldingsPage, gap), 'field "results[1]" should be an object, not null');
    const missing = ftPage();
    delete missing.results[0].asset_identifier;
    assert.strictEqual(problem(S.FtHoldingsPage, missing), 'field "results[0].asset_identifier" is missing');
  });

  it('a value of the right type that breaks a rule is "not valid", with the reason', () => {
    const page = ftPage();
    page.results[1].balance = '2e6';
    assert.strictEqual(problem(S.FtHoldingsPage, page), 'field "results[1].balance" is not valid (Invalid input)');
  });
});
