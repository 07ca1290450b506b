import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import {
  ClarinetProject,
  contractAt,
  problemText,
  ProjectFileReader,
  readClarinetProject,
  ReadResult,
} from '../../src/chain/clarinet';

const FIXTURES = path.resolve(__dirname, '../../../test/fixtures/clarinet');
const DEVNET_DEPLOYER = 'ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM';
const TESTNET_DEPLOYER = 'ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG';
const MAINNET_DEPLOYER = 'SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9';

/**
 * A reader over a fixture folder that records every path asked for and refuses the settings
 * files that hold mnemonics, so a test fails if the reader ever reaches for one.
 */
function fixtureReader(name: string): { read: ProjectFileReader; asked: string[] } {
  const root = path.join(FIXTURES, name);
  const asked: string[] = [];
  const read: ProjectFileReader = async (rel) => {
    asked.push(rel);
    if (/^settings\//i.test(rel.replace(/\\/g, '/')))
      throw new Error(`the reader opened ${rel}, which holds a mnemonic`);
    try {
      return await fs.promises.readFile(path.join(root, rel), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  };
  return { read, asked };
}

function projectOf(r: ReadResult): ClarinetProject {
  if (!r.ok) assert.fail(`expected a project, got ${JSON.stringify(r)}`);
  return r.project;
}

describe('reading a Clarinet project', () => {
  it('one contract with a devnet plan: its devnet id and the devnet deployer', async () => {
    const { read } = fixtureReader('one-contract');
    const p = projectOf(await readClarinetProject(read));
    assert.strictEqual(p.name, 'counter');
    assert.deepStrictEqual(p.contracts, [
      {
        name: 'counter',
        path: 'contracts/counter.clar',
        clarityVersion: 2,
        epoch: '2.5',
        ids: { devnet: `${DEVNET_DEPLOYER}.counter` },
      },
    ]);
    assert.deepStrictEqual(p.deployers, { devnet: DEVNET_DEPLOYER });
    assert.deepStrictEqual(p.plans, ['devnet']);
    assert.deepStrictEqual(p.problems, []);
  });

  it('several contracts across three plans: every id per network, paths normalised', async () => {
    const p = projectOf(await readClarinetProject(fixtureReader('several').read));
    assert.strictEqual(p.name, 'defi-suite');
    const ids = Object.fromEntries(p.contracts.map((c) => [c.name, c.ids]));
    assert.deepStrictEqual(ids, {
      token: {
        mainnet: `${MAINNET_DEPLOYER}.token`,
        testnet: `${TESTNET_DEPLOYER}.token`,
        devnet: `${DEVNET_DEPLOYER}.token`,
      },
      vault: { testnet: `${TESTNET_DEPLOYER}.vault`, devnet: `${DEVNET_DEPLOYER}.vault` },
      'pool-v1': { devnet: `${DEVNET_DEPLOYER}.pool-v1` },
    });
    assert.deepStrictEqual(p.deployers, {
      mainnet: MAINNET_DEPLOYER,
      testnet: TESTNET_DEPLOYER,
      devnet: DEVNET_DEPLOYER,
    });
    assert.deepStrictEqual(p.plans, ['mainnet', 'testnet', 'devnet']);
    assert.strictEqual(
      contractAt(p, './contracts/pool/pool-v1.clar')?.name,
      'pool-v1',
      'the "./" of the manifest path is dropped',
    );
    assert.strictEqual(p.contracts.find((c) => c.name === 'vault')?.clarityVersion, 3);
    assert.deepStrictEqual(p.problems, []);
  });

  it('a requirement remapped for devnet: its mainnet id and the devnet address it is published under', async () => {
    const p = projectOf(await readClarinetProject(fixtureReader('several').read));
    assert.deepStrictEqual(p.requirements, [
      {
        contractId: 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE.sip-010-trait-ft-standard',
        ids: {
          mainnet: 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE.sip-010-trait-ft-standard',
          devnet: `${DEVNET_DEPLOYER}.sip-010-trait-ft-standard`,
        },
      },
    ]);
    assert.ok(
      !p.contracts.some((c) => c.name === 'sip-010-trait-ft-standard'),
      'a requirement is not one of the project contracts',
    );
  });

  it('no deployment plans: contracts without ids, no deployer, and no problem', async () => {
    const { read, asked } = fixtureReader('no-plans');
    const p = projectOf(await readClarinetProject(read));
    assert.deepStrictEqual(p.contracts, [{ name: 'draft', path: 'contracts/draft.clar', ids: {} }]);
    assert.deepStrictEqual(p.deployers, {});
    assert.deepStrictEqual(p.plans, []);
    assert.deepStrictEqual(p.problems, []);
    assert.deepStrictEqual(asked, [
      'Clarinet.toml',
      'deployments/default.mainnet-plan.yaml',
      'deployments/default.testnet-plan.yaml',
      'deployments/default.devnet-plan.yaml',
    ]);
  });

  it('no Clarinet.toml: says the project is missing', async () => {
    const r = await readClarinetProject(async () => undefined);
    assert.deepStrictEqual(r, { ok: false, missing: true });
  });

  it('malformed TOML: names the file and the line', async () => {
    const r = await readClarinetProject(fixtureReader('bad-toml').read);
    assert.ok(!r.ok && !r.missing, 'a broken manifest is a problem, not a missing project');
    assert.strictEqual(r.problem.file, 'Clarinet.toml');
    assert.strictEqual(r.problem.line, 6);
    assert.match(problemText(r.problem), /^Clarinet\.toml line 6: invalid value/);
  });

  it('malformed YAML in one plan: names the plan and the line, and still reads the other plans', async () => {
    const p = projectOf(await readClarinetProject(fixtureReader('bad-yaml').read));
    assert.strictEqual(p.problems.length, 1);
    const problem = p.problems[0]!;
    assert.strictEqual(problem.file, 'deployments/default.devnet-plan.yaml');
    assert.ok(problem.line === 10 || problem.line === 11, `line ${problem.line} is where the unclosed bracket is`);
    assert.match(problemText(problem), /^deployments\/default\.devnet-plan\.yaml line 1[01]: Flow sequence/);
    assert.deepStrictEqual(p.plans, ['testnet']);
    assert.deepStrictEqual(p.contracts[0]!.ids, { testnet: `${TESTNET_DEPLOYER}.alpha` });
  });

  it('a plan that is YAML but not a deployment plan is a problem, not a crash', async () => {
    const files: Record<string, string> = {
      'Clarinet.toml': '[project]\nname = "x"\n[contracts.a]\npath = "contracts/a.clar"\n',
      'deployments/default.devnet-plan.yaml': 'just: a map\n',
    };
    const p = projectOf(await readClarinetProject(async (rel) => files[rel]));
    assert.deepStrictEqual(p.problems.map(problemText), [
      'deployments/default.devnet-plan.yaml: This is not a deployment plan: "plan.batches" is missing.',
    ]);
  });

  it('a contract without a path and an invalid sender are reported with their lines', async () => {
    const files: Record<string, string> = {
      'Clarinet.toml':
        '[project]\nname = "x"\n\n[contracts.nopath]\nclarity_version = 2\n\n[contracts.ok]\npath = "contracts/ok.clar"\n',
      'deployments/default.devnet-plan.yaml':
        'plan:\n  batches:\n    - id: 0\n      transactions:\n        - contract-publish:\n            contract-name: ok\n            expected-sender: NOT-AN-ADDRESS\n            path: contracts/ok.clar\n',
    };
    const p = projectOf(await readClarinetProject(async (rel) => files[rel]));
    assert.deepStrictEqual(p.problems.map(problemText), [
      'Clarinet.toml line 4: [contracts.nopath] has no "path".',
      'deployments/default.devnet-plan.yaml line 6: ok: the sender "NOT-AN-ADDRESS" is not a Stacks address.',
    ]);
    assert.deepStrictEqual(
      p.contracts.map((c) => c.name),
      ['ok'],
    );
  });

  it('never opens settings/Testnet.toml or settings/Mainnet.toml, which hold mnemonics', async () => {
    for (const name of ['one-contract', 'several', 'no-plans', 'bad-toml', 'bad-yaml']) {
      const { read, asked } = fixtureReader(name);
      await readClarinetProject(read);
      assert.ok(asked.length > 0);
      assert.deepStrictEqual(
        asked.filter((a) => /settings/i.test(a)),
        [],
        `${name}: asked for ${asked.join(', ')}`,
      );
      assert.ok(
        asked.every(
          (a) => a === 'Clarinet.toml' || /^deployments\/default\.(devnet|testnet|mainnet)-plan\.yaml$/.test(a),
        ),
        `${name}: only the manifest and the plans are read`,
      );
    }
    assert.ok(
      fs.existsSync(path.join(FIXTURES, 'several/settings/Mainnet.toml')),
      'the trap files are there to be (not) read',
    );
  });
});
