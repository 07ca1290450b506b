import * as assert from 'assert';
import { AdjustableClock } from '../../src/api/clock';
import {
  compareLocal,
  compareWithDeployed,
  envSimnetSpans,
  isEnvSimnetAnnotation,
  LocalSource,
  normalizeSource,
  onChainReadOnlyFunctions,
} from '../../src/chain/drift';
import { SharedBudget, watchShare } from '../../src/chain/watchBudget';
import { BackgroundLoads, MAX_WAITING } from '../../src/ui/drift/backgroundLoads';
import {
  lensCount,
  lensLayout,
  LENS_CONTRACTS,
  LENS_DEPLOYS,
  MAX_CALL_LENSES,
} from '../../src/ui/projects/deploymentText';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('CodeLens: the lenses of one file are bounded', () => {
  it('a contract with its three networks: every lens, as before', () => {
    const l = lensLayout(1, 3, 40);
    assert.deepStrictEqual(l, {
      contracts: 1,
      moreContracts: 0,
      deploys: 3,
      moreDeploys: 0,
      functions: 40,
      callsPerFunction: 3,
    });
    assert.strictEqual(lensCount(l), 1 + 3 + 120);
  });

  it('1,000 contracts on one path, each deployed, with 500 read-only functions: one "Call on" lens per function', () => {
    const l = lensLayout(1000, 1000, 500);
    assert.deepStrictEqual(l, {
      contracts: LENS_CONTRACTS,
      moreContracts: 997,
      deploys: LENS_DEPLOYS,
      moreDeploys: 997,
      functions: 500,
      callsPerFunction: 1,
    });
    // It was 1,000 status lenses, 1,000 drift lenses and 500,000 "Call on" lenses.
    assert.strictEqual(lensCount(l), 3 + 1 + 3 + 1 + 500);
  });

  it('never more than a constant, whatever the counts', () => {
    const bound = LENS_CONTRACTS + LENS_DEPLOYS + 2 + MAX_CALL_LENSES;
    for (const contracts of [0, 1, 2, 5, 1000, 100_000])
      for (const deploys of [0, 1, 2, 3, 4, 1000, 100_000])
        for (const functions of [0, 1, 299, 300, 301, 450, 901, 50_000]) {
          const l = lensLayout(contracts, deploys, functions);
          assert.ok(lensCount(l) <= bound, `${contracts} x ${deploys} x ${functions}: ${lensCount(l)}`);
          // Every function keeps a lens while they fit, and none without a deploy.
          assert.strictEqual(l.functions, deploys ? Math.min(functions, MAX_CALL_LENSES) : 0);
          if (l.functions) assert.ok(l.callsPerFunction >= 1);
        }
  });
});

describe('Drift: deployed sources fetched inside the background budget', () => {
  const KEYLESS = 50;

  function loads(budget = new SharedBudget()) {
    const clock = new AdjustableClock();
    const started: string[] = [];
    const q = new BackgroundLoads(() => clock, budget);
    const want = (key: string) =>
      q.want(key, {
        perMinute: () => Promise.resolve(KEYLESS),
        start: () => {
          started.push(key);
          return Promise.resolve();
        },
      });
    return { clock, started, q, want };
  }

  it('1,000 asked at once: half the budget of a minute goes, the newest asked first; the rest wait their turn', async () => {
    const { clock, started, q, want } = loads();
    for (let i = 0; i < 1000; i++) want(`k${i}`);
    for (let i = 0; i < 10; i++) await turn();
    // Before, each started its request at once: the budget of the minute and more.
    assert.strictEqual(started.length, watchShare(KEYLESS));
    assert.deepStrictEqual(started.slice(0, 3), ['k999', 'k998', 'k997']);
    assert.strictEqual(q.size, MAX_WAITING - watchShare(KEYLESS), 'the oldest asked were dropped');
    // A minute later, the next share.
    clock.advance(60_000);
    for (let i = 0; i < 10; i++) await turn();
    assert.strictEqual(started.length, 2 * watchShare(KEYLESS));
    q.dispose();
  });

  it('spends from the budget it is handed, with what the watchers sent', async () => {
    const budget = new SharedBudget();
    const { started, q, want } = loads(budget);
    const now = Date.now();
    for (let i = 0; i < 20; i++) budget.spend(now);
    for (let i = 0; i < 10; i++) want(`k${i}`);
    for (let i = 0; i < 10; i++) await turn();
    assert.strictEqual(started.length, watchShare(KEYLESS) - 20);
    q.dispose();
  });

  it('a load asked again moves to the front; one with nothing to ask spends nothing', async () => {
    const clock = new AdjustableClock();
    const budget = new SharedBudget();
    const q = new BackgroundLoads(() => clock, budget);
    const started: string[] = [];
    const load = (key: string, needed = true) => ({
      perMinute: () => Promise.resolve(KEYLESS),
      start: () => (needed ? (started.push(key), Promise.resolve()) : undefined),
    });
    for (let i = 0; i < 30; i++) budget.spend(clock.now());
    q.want('a', load('a'));
    q.want('b', load('b'));
    q.want('gone', load('gone', false));
    q.want('a', load('a'));
    await turn();
    assert.deepStrictEqual(started, []);
    clock.advance(60_000);
    for (let i = 0; i < 10; i++) await turn();
    assert.deepStrictEqual(started, ['a', 'b']);
    assert.strictEqual(budget.room(clock.now(), KEYLESS), watchShare(KEYLESS) - 2);
    q.dispose();
  });

  it('cleared: what waited is dropped and nothing more starts', async () => {
    const { clock, started, q, want } = loads();
    for (let i = 0; i < 40; i++) want(`k${i}`);
    for (let i = 0; i < 10; i++) await turn();
    q.clear();
    clock.advance(60_000);
    for (let i = 0; i < 10; i++) await turn();
    assert.strictEqual(started.length, watchShare(KEYLESS));
    assert.strictEqual(clock.waits.length, 0, 'no wait left on the clock');
  });
});

describe('Drift: a contract read once, in flat arrays', () => {
  it('an annotation is read in place exactly as its text would be', () => {
    const comments = [
      ' #[env(simnet)]',
      '#[env(simnet)]',
      '  #[ env ( simnet ) ]  ',
      '\t#[env(simnet)]\t',
      ' #[env(simnet)] x',
      ' #[env(onchain)]',
      ' #[env(Simnet)]',
      ' # [env(simnet)]',
      ' #[env(simnet)',
      ' #[env simnet]',
      '; #[env(simnet)]',
      ' #[env(sim\rnet)]',
      ' #[env(simnet)]\r',
      ' #[envx(simnet)]',
      ' #[env((simnet))]',
    ];
    for (const c of comments) {
      const text = c.replace(/\r/g, '').slice(c.startsWith(';') ? 1 : 0);
      const expected = c.startsWith(';') ? false : isEnvSimnetAnnotation(text);
      const spans = envSimnetSpans(`;;${c}\n(define-constant A u1)\n`);
      assert.deepStrictEqual(spans, expected ? [{ startLine: 1, endLine: 2 }] : [], JSON.stringify(c));
    }
  });

  it('lists nested 100,000 deep: the spans are found without running out of stack', () => {
    const depth = 100_000;
    const source = `${'('.repeat(depth)};; #[env(simnet)]\nu1${')'.repeat(depth)}\n(define-read-only (b) u1)\n`;
    assert.deepStrictEqual(envSimnetSpans(source), [{ startLine: 1, endLine: 2 }]);
    assert.deepStrictEqual(
      onChainReadOnlyFunctions(source).map((f) => f.name),
      ['b'],
    );
    assert.strictEqual(compareWithDeployed(source, `\n\n(define-read-only (b) u1)\n`), 'same');
  });

  it('one local text compared with several deploys is worked out once', () => {
    const local = new LocalSource(';; #[env(simnet)]\n(define-read-only (a) u1)\n(define-read-only (b) u1)\n');
    assert.strictEqual(compareLocal(local, normalizeSource(local.text)), 'same');
    assert.strictEqual(compareLocal(local, '\n\n(define-read-only (b) u1)'), 'same');
    assert.strictEqual(compareLocal(local, '(define-read-only (b) u1)'), 'differs');
    assert.strictEqual(local.stripped, '\n\n(define-read-only (b) u1)');
  });
});
