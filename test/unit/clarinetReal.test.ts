import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { ClarinetProject, contractsAt, deployerFor, readClarinetProject } from '../../src/chain/clarinet';
import { CLARINET_FIXTURES, fixtureReader } from './clarinetReaders';

/** The reader's output in the shape of expected.json: sorted lists, plan deployers as a set. */
function comparable(p: ClarinetProject): unknown {
  const byKey = (a: unknown, b: unknown) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);
  const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : 1);
  return {
    name: p.name,
    contracts: p.contracts
      .map((c) => ({ ...c, deployments: [...c.deployments].sort(byKey) }))
      .sort(byName)
      .map((c) => JSON.parse(JSON.stringify(c)) as unknown),
    requirements: p.requirements
      .map((r) => ({ contractId: r.contractId, deployments: [...r.deployments].sort(byKey) }))
      .sort((a, b) => (a.contractId < b.contractId ? -1 : 1)),
    plans: p.plans
      .map((x) => ({ file: x.file, network: x.network, publishes: x.publishes, deployers: [...x.deployers].sort() }))
      .sort((a, b) => (a.file < b.file ? -1 : 1)),
    problems: p.problems,
  };
}

/** Named, not listed from the folder: a project that went missing fails its test instead of vanishing. */
const REAL = ['real-alex', 'real-arkadiko', 'real-billboard', 'real-counter', 'real-pyth-bridge', 'real-sbtc'];

describe('real Clarinet projects read as their independent parse says', () => {
  for (const name of REAL) {
    it(`${name} (${firstLine(path.join(CLARINET_FIXTURES, name, 'SOURCE.md'))})`, async () => {
      const { read, asked } = fixtureReader(name);
      const r = await readClarinetProject(read);
      if (!r.ok) assert.fail(JSON.stringify(r));
      const expected = JSON.parse(
        fs.readFileSync(path.join(CLARINET_FIXTURES, name, 'expected.json'), 'utf8'),
      ) as unknown;
      assert.deepStrictEqual(comparable(r.project), expected);
      assert.deepStrictEqual(
        asked.filter((a) => /settings/i.test(a)),
        [],
      );
    });
  }

  it('what the projects show: the flat form, custom plan names, simnet only, shared files, no borrowed deployer', async () => {
    const read = async (name: string) => {
      const r = await readClarinetProject(fixtureReader(name).read);
      if (!r.ok) assert.fail(JSON.stringify(r));
      return r.project;
    };
    const counter = await read('real-counter');
    assert.deepStrictEqual(
      counter.plans.map((p) => p.file),
      [
        'deployments/default.devnet-plan.yaml',
        'deployments/increment.devnet-plan.yaml',
        'deployments/default.simnet-plan.yaml',
      ],
    );
    assert.strictEqual(
      deployerFor(counter, 'devnet', 'contracts/counter.clar'),
      'ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM',
    );
    assert.strictEqual(deployerFor(counter, 'mainnet', 'contracts/counter.clar'), undefined, 'no mainnet plan');

    const billboard = await read('real-billboard');
    assert.deepStrictEqual(
      [billboard.plans.map((p) => p.network), billboard.deployers, billboard.contracts[0]!.deployments],
      [['simnet'], [], []],
      'a simnet plan is recognised and gives no chain id or deployer',
    );

    const pyth = await read('real-pyth-bridge');
    assert.ok(!pyth.plans.some((p) => p.file.includes('/v1/')), 'plans in subfolders are not read');
    assert.strictEqual(
      deployerFor(pyth, 'mainnet', 'contracts/wormhole/wormhole-core-v3.clar'),
      'SP3R4F6C1J3JQWWCVZ3S7FRRYPMYG6ZW6RZK31FXY',
    );
    assert.strictEqual(pyth.contracts[0]!.epoch, '3.0', 'epoch = 3.0 as written');

    const sbtc = await read('real-sbtc');
    assert.deepStrictEqual(
      contractsAt(sbtc, 'contracts/sbtc-deposit.clar').map((c) => c.name),
      ['sbtc-deposit', 'sbtc-deposit-update-test'],
    );
    assert.ok(!sbtc.plans.some((p) => p.file.endsWith('devnet-docker.yaml')), 'not a *-plan.yaml');
  });
});

function firstLine(file: string): string {
  const m = /\[([^\]]+)\]\(https:\/\/github\.com\//.exec(fs.readFileSync(file, 'utf8'));
  return m ? m[1]! : 'source unknown';
}
