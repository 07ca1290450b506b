// The client's reads of a principal that the panels' tests do not reach: the node's account at a
// block (`GET /v2/accounts/{p}?proof=0&tip=…`, mock-api/accounts.ts, stacks-core's example) and
// the pox-5 staking summary and bond positions (mock-api/staking.ts, test/fixtures/chain2026/):
// what is asked, what is refused before asking, the route each reports a deprecation under, the
// word its "unexpected answer" error uses, how long an answer is kept, and the size of a page.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { createStacksClient, StacksClient, StacksClientOptions } from '../../src/api';
import { AdjustableClock } from '../../src/api/clock';
import { SwitchedOffRoutes } from '../../src/api/fallback';
import { ADDRESS, BLOCK } from '../fixtures/ids';
import { MockApi, startMockApi } from '../mock-api/server';
import { STAKER } from '../mock-api/staking';
import { untyped } from '../fakes/fetch';
import { rejectsWith } from './rejectsWith';
import { routeReadTests, type RouteRead } from './routeReads';

const TIP = BLOCK.indexBlockHash;
const TIP_REFUSED = 'The block to read the account at must be given by its index block hash (0x and 64 hex digits).';
const bondsFixture = () =>
  JSON.parse(
    fs.readFileSync(path.join(__dirname, '../../../test/fixtures/chain2026/principal-staking-bonds.json'), 'utf8'),
  ) as { results: Array<Record<string, unknown>> };

describe('Stacks API client: reads of a principal', function () {
  let mock: MockApi;
  const client = (o: Partial<StacksClientOptions> = {}): StacksClient =>
    createStacksClient({ baseUrl: mock.url, switchedOff: new SwitchedOffRoutes(), ...o });
  before(async () => (mock = await startMockApi()));
  after(() => mock.close());
  beforeEach(() => mock.reset());

  describe("the node's account at a block", () => {
    it('asks by the index block hash in lower case without 0x, without proofs, and reads the balance', async () => {
      const a = await client().getAccountAt(ADDRESS.mainnet, TIP.toUpperCase().replace('0X', '0x'));
      // stacks-core's example account: 0.5 STX unlocked, 0.5 STX locked, nonce 2867.
      assert.strictEqual(a.nonce, 2867);
      const [r] = mock.requestsTo('/v2/accounts/');
      assert.strictEqual(r?.path, `/v2/accounts/${ADDRESS.mainnet}`);
      assert.deepStrictEqual(
        [...(r?.query.entries() ?? [])],
        [
          ['proof', '0'],
          ['tip', TIP.slice(2)],
        ],
      );
    });

    it('takes the hash without 0x too', async () => {
      await client().getAccountAt(ADDRESS.mainnet, TIP.slice(2));
      assert.strictEqual(mock.requestsTo('/v2/accounts/')[0]?.query.get('tip'), TIP.slice(2));
    });

    it('refuses a block that is not an index block hash, before asking', async () => {
      const hex = TIP.slice(2);
      for (const tip of [
        hex.slice(1),
        `${hex}0`,
        `x${hex}`,
        `${hex}x`,
        `0x0x${hex}`,
        `${hex.slice(1)}g`,
        'latest',
        '',
        untyped<string>(3275),
        // A careless caller's value whose text is a hash: still not one.
        untyped<string>([hex]),
        untyped<string>(undefined),
      ]) {
        await rejectsWith(client().getAccountAt(ADDRESS.mainnet, tip), 'invalid-input', TIP_REFUSED);
      }
      assert.deepStrictEqual(mock.requestsTo('/v2/accounts/'), []);
    });

    it('keeps the account at a block for good: a block never changes', async () => {
      const clock = new AdjustableClock();
      const c = client({ clock, freshMs: 0 });
      await c.getAccountAt(ADDRESS.mainnet, TIP);
      clock.advance(365 * 24 * 3_600_000);
      await c.getAccountAt(ADDRESS.mainnet, TIP);
      assert.strictEqual(mock.requestsTo('/v2/accounts/').length, 1);
    });
  });

  describe('the route each read reports, and the word its errors use', () => {
    const reads: RouteRead[] = [
      {
        name: 'account at a block',
        route: '/v2/accounts/{principal}',
        path: `/v2/accounts/${ADDRESS.mainnet}`,
        what: 'account',
        call: (c) => c.getAccountAt(ADDRESS.mainnet, TIP),
      },
      {
        name: 'staking summary',
        route: '/extended/v3/principals/{principal}/staking',
        path: `/extended/v3/principals/${STAKER}/staking`,
        what: 'staking summary',
        call: (c) => c.getPrincipalStaking(STAKER),
      },
      {
        name: 'bond positions',
        route: '/extended/v3/principals/{principal}/staking/bonds',
        path: `/extended/v3/principals/${STAKER}/staking/bonds`,
        what: 'bond positions',
        call: (c) => c.getPrincipalBonds(STAKER),
      },
    ];
    routeReadTests(reads, () => mock, client);
  });

  describe('the staking summary and the bond positions', () => {
    it("reads the staker's summary and its bond", async () => {
      const c = client();
      // The API's pox5 tests: 50 STX staked; bond 0 enrolled with 10 STX and 1,000 sats locked.
      const s = await c.getPrincipalStaking(STAKER);
      assert.deepStrictEqual([s.stx.locked, s.bonds.count], ['50000000', 1]);
      const b = await c.getPrincipalBonds(STAKER);
      assert.deepStrictEqual(
        b.results.map((p) => [p.bond_index, p.status]),
        [[0, 'enrolled']],
      );
    });

    it('asks for 20 bond positions by default, and at least 1 and at most 50 whole ones', async () => {
      const c = client({ cache: false });
      for (const limit of [undefined, 0, -5, 7.9, 50, 51, 500]) {
        await c.getPrincipalBonds(STAKER, limit === undefined ? {} : { limit });
      }
      assert.deepStrictEqual(
        mock.requestsTo(`/extended/v3/principals/${STAKER}/staking/bonds`).map((r) => [...r.query.entries()]),
        [
          [['limit', '20']],
          [['limit', '1']],
          [['limit', '1']],
          [['limit', '7']],
          [['limit', '50']],
          [['limit', '50']],
          [['limit', '50']],
        ],
      );
    });

    it('shows no more bond positions than it asked for, whatever the server sends', async () => {
      // The fixture's bond repeated under three indexes: a server ignoring `limit`, on purpose.
      const page = bondsFixture();
      const one = page.results[0]!;
      mock.override(`/extended/v3/principals/${STAKER}/staking/bonds`, {
        ...page,
        total: 3,
        results: [0, 1, 2].map((i) => ({ ...one, bond_index: i })),
      });
      const b = await client().getPrincipalBonds(STAKER, { limit: 2 });
      assert.deepStrictEqual(
        b.results.map((p) => p.bond_index),
        [0, 1],
      );
      const all = await client().getPrincipalBonds(STAKER, { limit: 3 });
      assert.deepStrictEqual(
        all.results.map((p) => p.bond_index),
        [0, 1, 2],
      );
    });
  });
});
