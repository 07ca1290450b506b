import * as assert from 'assert';
import {
  ClarinetProject,
  MAX_FILE_BYTES,
  MAX_PROBLEMS_PER_FILE,
  problemText,
  readClarinetProject,
  readClarinetProjects,
  ReadResult,
  type ProjectFileReader,
} from '../../src/chain/clarinet';
import {
  manyContractsProject,
  memoryReader,
  unknownTransactionsPlan,
  unknownTransactionsProject,
} from './clarinetReaders';

function projectOf(r: ReadResult): ClarinetProject {
  if (!r.ok) assert.fail(`expected a project, got ${JSON.stringify(r)}`);
  return r.project;
}

/**
 * The longest stretch of CPU time this process spent between two turns of the event loop while
 * `work` ran, and the CPU time of all of it (CPU time, not the clock: other processes on the
 * machine do not count).
 */
async function longestStretch<T>(work: () => Promise<T>): Promise<{ result: T; longestMs: number; totalMs: number }> {
  const cpuMs = (): number => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const start = cpuMs();
  let last = start;
  let longestMs = 0;
  let running = true;
  const tick = (): void => {
    const now = cpuMs();
    longestMs = Math.max(longestMs, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const result = await work().finally(() => (running = false));
  tick();
  return { result, longestMs, totalMs: cpuMs() - start };
}

describe('a Clarinet project of hostile size', () => {
  it('a plan of 2 MB of unknown transactions: the first problems, then "and N more", the plan still read', async function () {
    this.timeout(30_000);
    const plan = unknownTransactionsPlan();
    assert.ok(plan.length <= MAX_FILE_BYTES && plan.length > MAX_FILE_BYTES - 100);
    const unknown = plan.split('\n').filter((l) => l === '        - x: 1').length;
    const p = projectOf(await readClarinetProject(memoryReader(unknownTransactionsProject(1))));
    assert.strictEqual(p.problems.length, MAX_PROBLEMS_PER_FILE + 1);
    assert.deepStrictEqual(p.problems.slice(0, 2).map(problemText), [
      'deployments/p0.testnet-plan.yaml line 9: A transaction that is neither "- <type>:", "- transaction-type: <type>" nor "- !<type>".',
      'deployments/p0.testnet-plan.yaml line 10: A transaction that is neither "- <type>:", "- transaction-type: <type>" nor "- !<type>".',
    ]);
    assert.strictEqual(
      problemText(p.problems[MAX_PROBLEMS_PER_FILE]!),
      `deployments/p0.testnet-plan.yaml: and ${(unknown - MAX_PROBLEMS_PER_FILE).toLocaleString('en-US')} more problems in this file, not listed`,
    );
    assert.deepStrictEqual(
      p.plans.map((x) => [x.file, x.network, x.publishes]),
      [['deployments/p0.testnet-plan.yaml', 'testnet', 0]],
    );
    assert.deepStrictEqual(
      p.contracts.map((c) => c.name),
      ['token'],
    );
  });

  it('three such plans: each capped on its own, and the parse lets the event loop turn as it goes', async function () {
    this.timeout(30_000);
    const files = unknownTransactionsProject(3);
    const { result, longestMs, totalMs } = await longestStretch(() => readClarinetProject(memoryReader(files)));
    const p = projectOf(result);
    assert.strictEqual(p.problems.length, 3 * (MAX_PROBLEMS_PER_FILE + 1));
    for (const file of Object.keys(files).filter((f) => f.startsWith('deployments/'))) {
      const own = p.problems.filter((x) => x.file === file);
      assert.strictEqual(own.length, MAX_PROBLEMS_PER_FILE + 1, file);
      assert.match(own[MAX_PROBLEMS_PER_FILE]!.message, /^and [\d,]+ more problems in this file, not listed$/);
    }
    assert.strictEqual(p.plans.length, 3);
    // Some 160,000 lines a plan: read in stretches, each with a turn of the loop after it. Parsed
    // in one turn each, a plan was a third of the work.
    assert.ok(
      longestMs < totalMs / 8,
      `the longest stretch between two turns: ${longestMs.toFixed(0)} ms of CPU time, of ${totalMs.toFixed(0)} ms in all`,
    );
  });

  it('20 projects of 5,000 contracts are read one after the other, never two in the same turn', async function () {
    this.timeout(60_000);
    const files = manyContractsProject(5000);
    let turn = 0;
    const tick = (): void => {
      turn++;
      if (running) setImmediate(tick);
    };
    let running = true;
    setImmediate(tick);
    // The turn in which each project's manifest was asked for and its last file answered.
    const spans: Array<[number, number]> = [];
    const readers: ProjectFileReader[] = Array.from({ length: 20 }, (_, i) => {
      const inner = memoryReader(files);
      return Object.assign(
        async (rel: string) => {
          if (rel === 'Clarinet.toml') spans[i] = [turn, turn];
          const text = await inner(rel);
          spans[i]![1] = turn;
          return text;
        },
        { list: inner.list },
      );
    });
    let results: ReadResult[];
    try {
      results = await readClarinetProjects(readers);
    } finally {
      running = false;
    }
    assert.strictEqual(results.length, 20);
    for (const r of results) {
      const p = projectOf(r);
      assert.strictEqual(p.contracts.length, 5000);
      assert.strictEqual(p.contracts[4999]!.deployments.length, 1);
    }
    for (let i = 1; i < 20; i++)
      assert.ok(
        spans[i]![0] > spans[i - 1]![1],
        `project ${i} was asked for in turn ${spans[i]![0]}, while project ${i - 1} was read until turn ${spans[i - 1]![1]}`,
      );
  });

  it('a project that throws is a problem of its manifest, and the others are still read', async () => {
    const good = memoryReader(manyContractsProject(2));
    const bad = Object.assign(
      async () => {
        throw new Error('EACCES: permission denied');
      },
      { list: async () => undefined },
    );
    const results = await readClarinetProjects([bad, good]);
    assert.deepStrictEqual(results[0], {
      ok: false,
      missing: false,
      problem: { file: 'Clarinet.toml', message: 'EACCES: permission denied' },
    });
    assert.strictEqual(projectOf(results[1]!).contracts.length, 2);
  });
});
