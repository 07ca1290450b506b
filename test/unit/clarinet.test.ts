import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import {
  ClarinetProject,
  contractsAt,
  MAX_FILE_BYTES,
  problemText,
  readClarinetProject,
  ReadResult,
} from '../../src/chain/clarinet';
import { fixtureReader, memoryReader } from './clarinetReaders';

const FIXTURES = path.resolve(__dirname, '../../../test/fixtures/clarinet');
const dep = (network: string, id: string, plan = `deployments/default.${network}-plan.yaml`) => ({ network, id, plan });
const DEVNET_DEPLOYER = 'ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM';
const TESTNET_DEPLOYER = 'ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG';
const MAINNET_DEPLOYER = 'SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9';

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
        clarityVersion: '2',
        epoch: '2.5',
        deployments: [dep('devnet', `${DEVNET_DEPLOYER}.counter`)],
      },
    ]);
    assert.deepStrictEqual(p.deployers, [
      { network: 'devnet', address: DEVNET_DEPLOYER, plan: 'deployments/default.devnet-plan.yaml' },
    ]);
    assert.deepStrictEqual(
      p.plans.map((x) => [x.file, x.network]),
      [['deployments/default.devnet-plan.yaml', 'devnet']],
    );
    assert.deepStrictEqual(p.problems, []);
  });

  it('several contracts across three plans: every id per network, paths normalised', async () => {
    const p = projectOf(await readClarinetProject(fixtureReader('several').read));
    assert.strictEqual(p.name, 'defi-suite');
    const ids = Object.fromEntries(p.contracts.map((c) => [c.name, c.deployments]));
    assert.deepStrictEqual(ids, {
      token: [
        dep('mainnet', `${MAINNET_DEPLOYER}.token`),
        dep('testnet', `${TESTNET_DEPLOYER}.token`),
        dep('devnet', `${DEVNET_DEPLOYER}.token`),
      ],
      vault: [dep('testnet', `${TESTNET_DEPLOYER}.vault`), dep('devnet', `${DEVNET_DEPLOYER}.vault`)],
      'pool-v1': [dep('devnet', `${DEVNET_DEPLOYER}.pool-v1`)],
    });
    assert.deepStrictEqual(
      p.deployers.map((d) => [d.network, d.address]),
      [
        ['mainnet', MAINNET_DEPLOYER],
        ['testnet', TESTNET_DEPLOYER],
        ['devnet', DEVNET_DEPLOYER],
      ],
    );
    assert.deepStrictEqual(
      p.plans.map((x) => x.network),
      ['mainnet', 'testnet', 'devnet'],
    );
    assert.deepStrictEqual(
      contractsAt(p, './contracts/pool/pool-v1.clar').map((c) => c.name),
      ['pool-v1'],
      'the "./" of the manifest path is dropped',
    );
    const vault = p.contracts.find((c) => c.name === 'vault')!;
    assert.deepStrictEqual([vault.clarityVersion, vault.epoch], ['3', '3.0'], 'epoch 3.0 as written, not 3');
    assert.deepStrictEqual(p.problems, []);
  });

  it('a requirement remapped for devnet: its mainnet id and the devnet address it is published under', async () => {
    const p = projectOf(await readClarinetProject(fixtureReader('several').read));
    assert.deepStrictEqual(p.requirements, [
      {
        contractId: 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE.sip-010-trait-ft-standard',
        deployments: [dep('devnet', `${DEVNET_DEPLOYER}.sip-010-trait-ft-standard`)],
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
    assert.deepStrictEqual(p.contracts, [{ name: 'draft', path: 'contracts/draft.clar', deployments: [] }]);
    assert.deepStrictEqual(p.deployers, []);
    assert.deepStrictEqual(p.plans, []);
    assert.deepStrictEqual(p.problems, []);
    assert.deepStrictEqual(asked, ['Clarinet.toml', 'list deployments']);
  });

  it('no Clarinet.toml: says the project is missing', async () => {
    const r = await readClarinetProject(memoryReader({}));
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
    assert.ok(problem.line === 11 || problem.line === 12, `line ${problem.line} is where the unclosed bracket is`);
    assert.match(problemText(problem), /^deployments\/default\.devnet-plan\.yaml line 1[12]: Flow sequence/);
    assert.deepStrictEqual(
      p.plans.map((x) => x.network),
      ['testnet'],
    );
    assert.deepStrictEqual(p.contracts[0]!.deployments, [dep('testnet', `${TESTNET_DEPLOYER}.alpha`)]);
  });

  it('a plan that is YAML but not a deployment plan is a problem, not a crash', async () => {
    const p = projectOf(
      await readClarinetProject(
        memoryReader({
          'Clarinet.toml': '[project]\nname = "x"\n[contracts.a]\npath = "contracts/a.clar"\n',
          'deployments/default.devnet-plan.yaml': 'network: devnet\njust: a map\n',
          'deployments/other-plan.yaml': 'just: a map\n',
        }),
      ),
    );
    assert.deepStrictEqual(p.problems.map(problemText), [
      'deployments/default.devnet-plan.yaml: This is not a deployment plan: "plan.batches" is missing.',
      'deployments/other-plan.yaml: This plan has no "network" field.',
    ]);
  });

  it('a contract without a path and an invalid sender are reported with their lines', async () => {
    const files = {
      'Clarinet.toml':
        '[project]\nname = "x"\n\n[contracts.nopath]\nclarity_version = 2\n\n[contracts.ok]\npath = "contracts/ok.clar"\n',
      'deployments/default.devnet-plan.yaml':
        'network: devnet\nplan:\n  batches:\n    - id: 0\n      transactions:\n        - contract-publish:\n            contract-name: ok\n            expected-sender: NOT-AN-ADDRESS\n            path: contracts/ok.clar\n',
    };
    const p = projectOf(await readClarinetProject(memoryReader(files)));
    assert.deepStrictEqual(p.problems.map(problemText), [
      'Clarinet.toml line 4: [contracts.nopath] has no "path".',
      'deployments/default.devnet-plan.yaml line 7: ok: the sender "NOT-AN-ADDRESS" is not a Stacks address.',
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
          (a) => a === 'Clarinet.toml' || a === 'list deployments' || /^deployments\/[^/]+-plan\.yaml$/.test(a),
        ),
        `${name}: only the manifest, the deployments folder and its plans are read: ${asked.join(', ')}`,
      );
    }
    assert.ok(
      fs.existsSync(path.join(FIXTURES, 'several/settings/Mainnet.toml')),
      'the trap files are there to be (not) read',
    );
  });
});

describe('reading a Clarinet project: failing reads, many plans, and which plan comes first', () => {
  const MANIFEST = '[project]\nname = "p"\n[contracts.token]\npath = "contracts/token.clar"\n';
  const plan = (network: string, transactions: string) =>
    `---\nid: 0\nname: test\nnetwork: ${network}\nplan:\n  batches:\n    - id: 0\n      transactions:\n${transactions}      epoch: "3.0"\n`;
  const publish = (name: string, sender: string, kind = 'contract-publish', senderKey = 'expected-sender') =>
    `        - ${kind}:\n            contract-name: ${name}\n            ${senderKey}: ${sender}\n            path: contracts/${name}.clar\n`;

  /** A reader over files in memory that records what was asked, and throws where told to. */
  function reader(files: Record<string, string>, fail: { list?: boolean; file?: string } = {}) {
    const asked: string[] = [];
    const read = Object.assign(
      async (rel: string) => {
        asked.push(rel);
        if (rel === fail.file) throw new Error(`EACCES: permission denied, open '${rel}'`);
        return files[rel];
      },
      {
        list: async (dir: string) => {
          asked.push(`list ${dir}`);
          if (fail.list) throw new Error('EACCES: permission denied, scandir');
          const names = Object.keys(files)
            .filter((f) => f.startsWith(`${dir}/`))
            .map((f) => f.slice(dir.length + 1));
          return names.length ? names : undefined;
        },
      },
    );
    return { read, asked };
  }

  it('a manifest that cannot be read is a problem with the reason, not a missing project', async () => {
    const { read } = reader({ 'Clarinet.toml': MANIFEST }, { file: 'Clarinet.toml' });
    assert.deepStrictEqual(await readClarinetProject(read), {
      ok: false,
      missing: false,
      problem: { file: 'Clarinet.toml', message: "EACCES: permission denied, open 'Clarinet.toml'" },
    });
  });

  it('a deployments folder that cannot be listed: no plan is read, and the folder is named with the reason', async () => {
    const { read, asked } = reader(
      {
        'Clarinet.toml': MANIFEST,
        'deployments/default.devnet-plan.yaml': plan('devnet', publish('token', DEVNET_DEPLOYER)),
      },
      { list: true },
    );
    const p = projectOf(await readClarinetProject(read));
    assert.deepStrictEqual(p.problems, [{ file: 'deployments/', message: 'EACCES: permission denied, scandir' }]);
    assert.deepStrictEqual(asked, ['Clarinet.toml', 'list deployments']);
    assert.deepStrictEqual(p.plans, []);
  });

  it('a plan that cannot be read is a problem with its file; the other plans are read', async () => {
    const { read } = reader(
      {
        'Clarinet.toml': MANIFEST,
        'deployments/default.devnet-plan.yaml': plan('devnet', publish('token', DEVNET_DEPLOYER)),
        'deployments/default.testnet-plan.yaml': plan('testnet', publish('token', TESTNET_DEPLOYER)),
      },
      { file: 'deployments/default.devnet-plan.yaml' },
    );
    const p = projectOf(await readClarinetProject(read));
    assert.deepStrictEqual(p.problems, [
      {
        file: 'deployments/default.devnet-plan.yaml',
        message: "EACCES: permission denied, open 'deployments/default.devnet-plan.yaml'",
      },
    ]);
    assert.deepStrictEqual(
      p.plans.map((x) => x.file),
      ['deployments/default.testnet-plan.yaml'],
    );
  });

  it('past 100 plans, the first 100 by name are read, and the folder says how many it holds', async () => {
    const files: Record<string, string> = { 'Clarinet.toml': MANIFEST };
    for (let i = 0; i < 101; i++)
      files[`deployments/p${String(i).padStart(3, '0')}.devnet-plan.yaml`] = plan(
        'devnet',
        publish('token', DEVNET_DEPLOYER),
      );
    const hundred = { ...files };
    delete hundred['deployments/p100.devnet-plan.yaml'];
    const all = projectOf(await readClarinetProject(reader(hundred).read));
    assert.deepStrictEqual([all.problems, all.plans.length], [[], 100], 'exactly 100 plans: all read, nothing said');
    const { read, asked } = reader(files);
    const p = projectOf(await readClarinetProject(read));
    assert.deepStrictEqual(p.problems, [
      {
        file: 'deployments/',
        message: 'deployments/ holds 101 plans, more than the 100 this extension reads; the first 100 were read.',
      },
    ]);
    assert.strictEqual(p.plans.length, 100);
    assert.ok(!asked.includes('deployments/p100.devnet-plan.yaml'), 'the 101st plan is not read');
  });

  it('a plan of exactly 2 MB is read; one byte more is not', async () => {
    const base = plan('devnet', publish('token', DEVNET_DEPLOYER));
    const exact = base + '#'.repeat(MAX_FILE_BYTES - base.length);
    assert.strictEqual(exact.length, MAX_FILE_BYTES);
    const p = projectOf(
      await readClarinetProject(
        reader({ 'Clarinet.toml': MANIFEST, 'deployments/default.devnet-plan.yaml': exact }).read,
      ),
    );
    assert.deepStrictEqual(p.problems, []);
    assert.deepStrictEqual(p.contracts[0]!.deployments, [dep('devnet', `${DEVNET_DEPLOYER}.token`)]);
    const over = projectOf(
      await readClarinetProject(
        reader({ 'Clarinet.toml': MANIFEST, 'deployments/default.devnet-plan.yaml': `${exact}#` }).read,
      ),
    );
    assert.strictEqual(over.problems.length, 1);
    assert.deepStrictEqual(over.contracts[0]!.deployments, []);
  });

  it('a manifest of exactly 2 MB is read; one byte more is not', async () => {
    const exact = MANIFEST + '#'.repeat(MAX_FILE_BYTES - MANIFEST.length);
    const p = projectOf(await readClarinetProject(reader({ 'Clarinet.toml': exact }).read));
    assert.deepStrictEqual([p.problems, p.contracts.length > 0], [[], true]);
    const over = await readClarinetProject(reader({ 'Clarinet.toml': `${exact}#` }).read);
    assert.ok(!over.ok && !over.missing && over.problem.file === 'Clarinet.toml', 'one byte over is refused');
  });

  it('plans by network, the default plan of a network first, then the others by name', async () => {
    const files: Record<string, string> = { 'Clarinet.toml': MANIFEST };
    for (const name of ['gamma', 'alpha', 'default', 'beta'])
      files[`deployments/${name}.devnet-plan.yaml`] = plan('devnet', publish('token', DEVNET_DEPLOYER));
    files['deployments/a.testnet-plan.yaml'] = plan('testnet', publish('token', TESTNET_DEPLOYER));
    const p = projectOf(await readClarinetProject(reader(files).read));
    assert.deepStrictEqual(
      p.plans.map((x) => x.file),
      [
        'deployments/a.testnet-plan.yaml',
        'deployments/default.devnet-plan.yaml',
        'deployments/alpha.devnet-plan.yaml',
        'deployments/beta.devnet-plan.yaml',
        'deployments/gamma.devnet-plan.yaml',
      ],
    );
    assert.deepStrictEqual(
      p.plans.filter((x) => x.network === 'testnet').map((x) => x.file),
      ['deployments/a.testnet-plan.yaml'],
    );
  });

  it('a simnet plan counts its emulated publishes only; a chain plan leaves emulated ones out', async () => {
    const emulated = (name: string) => publish(name, DEVNET_DEPLOYER, 'emulated-contract-publish', 'emulated-sender');
    const p = projectOf(
      await readClarinetProject(
        reader({
          'Clarinet.toml': MANIFEST,
          'deployments/default.simnet-plan.yaml': plan(
            'simnet',
            emulated('token') + emulated('other') + publish('x', DEVNET_DEPLOYER),
          ),
          'deployments/default.devnet-plan.yaml': plan(
            'devnet',
            emulated('token').replace(DEVNET_DEPLOYER, TESTNET_DEPLOYER) + publish('other', DEVNET_DEPLOYER),
          ),
        }).read,
      ),
    );
    assert.deepStrictEqual(p.problems, []);
    assert.deepStrictEqual(
      p.plans.map((x) => [x.network, x.publishes, x.deployers]),
      [
        ['devnet', 1, [DEVNET_DEPLOYER]],
        ['simnet', 2, []],
      ],
    );
    assert.deepStrictEqual(p.contracts[0]!.deployments, []);
  });

  it('a contract published twice alike by one plan has one deployment; the most frequent sender is its first deployer', async () => {
    const manifest = `${MANIFEST}[contracts.vault]\npath = "contracts/vault.clar"\n[contracts.pool]\npath = "contracts/pool.clar"\n`;
    const p = projectOf(
      await readClarinetProject(
        reader({
          'Clarinet.toml': manifest,
          'deployments/default.devnet-plan.yaml': plan(
            'devnet',
            publish('token', DEVNET_DEPLOYER) +
              publish('token', DEVNET_DEPLOYER) +
              publish('vault', TESTNET_DEPLOYER) +
              publish('pool', TESTNET_DEPLOYER) +
              publish('extra', TESTNET_DEPLOYER),
          ),
        }).read,
      ),
    );
    assert.deepStrictEqual(p.contracts[0]!.deployments, [dep('devnet', `${DEVNET_DEPLOYER}.token`)]);
    assert.deepStrictEqual(p.plans[0]!.deployers, [TESTNET_DEPLOYER, DEVNET_DEPLOYER]);
  });
});
