import * as assert from 'assert';
import { createStacksClient, PrincipalNonces, StacksApiError } from '../../src/api';
import * as S from '../../src/api/schemas';
import { nonceGap } from '../../src/chain/nonces';
import type { Field, Section, ViewModel } from '../../src/protocol';
import { addressModel } from '../../src/ui/panels/models/address';
import type { ModelContext } from '../../src/ui/panels/models/values';
import { ADDRESS, CONTRACT } from '../fixtures/ids';
import { loadFixture, MockApi, startMockApi } from '../mock-api/server';
import { MODEL_CONTEXT } from './modelContext';

const ctx: ModelContext = MODEL_CONTEXT;

function fixture(name: string): PrincipalNonces {
  const parsed = S.parseWith(S.PrincipalNonces, loadFixture(name));
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.value;
}

const field = (m: ViewModel, label: string): string => {
  const f = m.sections.flatMap((s) => (s.type === 'fields' ? s.rows : [])).find((r: Field) => r.label === label);
  assert.ok(f, `no field ${label}`);
  return f.values.map((v) => v.text).join(' ');
};
const notices = (m: ViewModel): string[] =>
  m.sections.filter((s): s is Extract<Section, { type: 'notice' }> => s.type === 'notice').map((s) => s.text);

describe('Nonces and stuck transactions', () => {
  describe('the gap, from the bodies the API asserts', () => {
    it('a missing nonce below a pending one: named, with the transactions it holds back', () => {
      const gap = nonceGap(fixture('v3-nonces--gap.json'));
      assert.ok(gap);
      assert.deepStrictEqual(gap.missing, [4]);
      assert.deepStrictEqual(gap.blocked, [5]);
      assert.strictEqual(
        gap.message,
        'Nonce 4 is missing: the pending transaction with nonce 5 cannot be mined until a transaction with nonce 4 is sent (or the stuck ones are replaced).',
      );
    });

    it('no gap, and no activity: nothing to say', () => {
      assert.strictEqual(nonceGap(fixture('v3-nonces--no-gap.json')), undefined);
      assert.strictEqual(nonceGap(fixture('v3-nonces--none.json')), undefined);
    });

    it('several gaps: each missing nonce, and every pending one above the first', () => {
      const gap = nonceGap({
        next_nonce: 12,
        last_confirmed_nonce: 2,
        mempool: { last_nonce: 11, pending_nonces: [3, 5, 6, 9], missing_nonces: [8, 4, 7, 10] },
      });
      assert.ok(gap);
      assert.deepStrictEqual(gap.missing, [4, 7, 8, 10]);
      assert.deepStrictEqual(gap.blocked, [5, 6, 9, 11]);
      assert.match(
        gap.message,
        /^Nonces 4, 7, 8 and 10 are missing: the pending transactions with nonces 5, 6, 9 and 11/,
      );
    });

    it('a gap with nothing pending above it: later transactions wait; pending nonces come sorted', () => {
      const none = nonceGap({
        next_nonce: 5,
        last_confirmed_nonce: 3,
        mempool: { last_nonce: null, pending_nonces: [], missing_nonces: [4] },
      });
      assert.deepStrictEqual(none?.blocked, []);
      assert.strictEqual(
        none?.message,
        'Nonce 4 is missing: later transactions cannot be mined until a transaction with nonce 4 is sent (or the stuck ones are replaced).',
      );
      const unsorted = nonceGap({
        next_nonce: 10,
        last_confirmed_nonce: 1,
        mempool: { last_nonce: 9, pending_nonces: [9, 7, 3, 8, 3], missing_nonces: [2] },
      });
      assert.deepStrictEqual(unsorted?.blocked, [3, 7, 8, 9]);
    });

    it('a long gap: the message names the first ten missing and ten pending nonces, and says more wait', () => {
      const odd = (count: number) => Array.from({ length: count }, (_, i) => 2 * i + 1);
      const even = (count: number) => Array.from({ length: count }, (_, i) => 2 * i + 2);
      const ten = nonceGap({
        next_nonce: 0,
        last_confirmed_nonce: null,
        mempool: { last_nonce: null, pending_nonces: even(10), missing_nonces: odd(10) },
      });
      assert.strictEqual(
        ten?.message,
        'Nonces 1, 3, 5, 7, 9, 11, 13, 15, 17 and 19 are missing: the pending transactions with nonces ' +
          '2, 4, 6, 8, 10, 12, 14, 16, 18 and 20 cannot be mined until a transaction with nonce 1 is sent ' +
          '(or the stuck ones are replaced).',
      );
      const long = nonceGap({
        next_nonce: 0,
        last_confirmed_nonce: null,
        mempool: { last_nonce: null, pending_nonces: even(11), missing_nonces: odd(25) },
      });
      assert.ok(long);
      assert.strictEqual(long.missing.length, 25, 'the model keeps every missing nonce');
      assert.strictEqual(
        long.message,
        'Nonces 1, 3, 5, 7, 9, 11, 13, 15, 17 and 19 (and 15 more) are missing: the pending transactions ' +
          'with nonces 2, 4, 6, 8, 10, 12, 14, 16, 18 and 20 and more cannot be mined until a transaction ' +
          'with nonce 1 is sent (or the stuck ones are replaced).',
      );
    });
  });

  describe('in the address panel', () => {
    const balance = S.parseWith(S.StxBalance, loadFixture('stx-balance--locked.json'));
    const txs = { limit: 20, offset: 0, total: 0, results: [] };
    const base = () => {
      assert.ok(balance.ok);
      return { principal: ADDRESS.pendingSender, balance: balance.value, txs };
    };

    it('shows where the nonces stand and the gap as a warning', () => {
      const m = addressModel({ ...base(), nonces: { ok: true, value: fixture('v3-nonces--gap.json') } }, {}, ctx);
      assert.strictEqual(field(m, 'Next nonce'), '6');
      assert.strictEqual(field(m, 'Last confirmed nonce'), '2');
      assert.strictEqual(field(m, 'Last nonce in the mempool'), '5');
      assert.strictEqual(field(m, 'Missing nonces'), '4');
      assert.deepStrictEqual(notices(m), [nonceGap(fixture('v3-nonces--gap.json'))!.message]);
    });

    it('an account with nothing confirmed or pending says "none"; a long list shows its first 50', () => {
      const fresh = addressModel(
        {
          ...base(),
          nonces: {
            ok: true,
            value: {
              next_nonce: 0,
              last_confirmed_nonce: null,
              mempool: { last_nonce: null, pending_nonces: [], missing_nonces: [] },
            },
          },
        },
        {},
        ctx,
      );
      assert.deepStrictEqual(
        [
          'Next nonce',
          'Last confirmed nonce',
          'Last nonce in the mempool',
          'Pending nonces below it',
          'Missing nonces',
        ].map((l) => field(fresh, l)),
        ['0', 'none yet', 'none', 'none', 'none'],
      );
      assert.deepStrictEqual(notices(fresh), []);
      const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
      const many = (pending: number) =>
        addressModel(
          {
            ...base(),
            nonces: {
              ok: true,
              value: {
                next_nonce: 1_000,
                last_confirmed_nonce: 10,
                mempool: { last_nonce: 999, pending_nonces: range(11, pending), missing_nonces: [] },
              },
            },
          },
          {},
          ctx,
        );
      assert.strictEqual(field(many(51), 'Pending nonces below it'), `${range(11, 50).join(', ')} …`);
      assert.strictEqual(field(many(50), 'Pending nonces below it'), range(11, 50).join(', '));
      assert.strictEqual(field(many(50), 'Last nonce in the mempool'), '999');
      assert.strictEqual(field(many(50), 'Next nonce'), '1,000');
    });

    it('says so for a contract, and for an API without the route', () => {
      const contract = addressModel({ ...base(), principal: CONTRACT.deployed }, {}, ctx);
      assert.match(field(contract, 'Nonces'), /A contract has no nonces/);
      const old = addressModel({ ...base(), nonces: { ok: false, short: 'not available on this API' } }, {}, ctx);
      assert.strictEqual(field(old, 'Nonces'), 'not available on this API');
      assert.deepStrictEqual(notices(old), []);
    });
  });

  describe('the client', () => {
    let mock: MockApi;
    before(async () => {
      mock = await startMockApi();
    });
    after(() => mock.close());
    beforeEach(() => mock.reset());

    it('reads the v3 nonces of a standard address', async () => {
      const c = createStacksClient({ baseUrl: mock.url });
      assert.deepStrictEqual(await c.getNonces(ADDRESS.pendingSender), loadFixture('v3-nonces--gap.json'));
      assert.strictEqual(mock.requestsTo(`/extended/v3/principals/${ADDRESS.pendingSender}/nonces`).length, 1);
    });

    it('refuses a contract before asking anything', async () => {
      const c = createStacksClient({ baseUrl: mock.url });
      await assert.rejects(
        c.getNonces(CONTRACT.deployed),
        (e: unknown) => e instanceof StacksApiError && e.kind === 'invalid-input' && /is a contract/.test(e.message),
      );
      assert.strictEqual(mock.requests.length, 0);
    });
  });
});
