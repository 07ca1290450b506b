import * as assert from 'assert';
import {
  ClarinetProject,
  contractsAt,
  deployerFor,
  parsePlan,
  MAX_CONTRACTS,
  MAX_PROBLEMS_PER_FILE,
  problemText,
  readClarinetProject,
  ReadResult,
} from '../../src/chain/clarinet';
import { MAX_PLAN_NESTING } from '../../src/chain/planYaml';
import { largeFilesProject, manyContractsProject, memoryReader, sharedPathProject } from './clarinetReaders';

const DEVNET = 'ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM';
const TESTNET = 'ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG';
const TESTNET_2 = 'ST2JHG361ZXG51QTKY2NQCVBPPRRE2KZB1HR05NNC';
const MAINNET = 'SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9';

const MANIFEST = `[project]
name = "forms"

[contracts.token]
path = "contracts/token.clar"
clarity_version = 3
epoch = 3.0

[contracts.vault]
path = "contracts/vault.clar"
clarity_version = "latest"
epoch = "latest"
`;

function projectOf(r: ReadResult): ClarinetProject {
  if (!r.ok) assert.fail(`expected a project, got ${JSON.stringify(r)}`);
  return r.project;
}

function plan(network: string, transactions: string): string {
  return `---\nid: 0\nname: test\nnetwork: ${network}\nplan:\n  batches:\n    - id: 0\n      transactions:\n${transactions}      epoch: "3.0"\n`;
}

const nested = (name: string, sender: string) =>
  `        - contract-publish:\n            contract-name: ${name}\n            expected-sender: ${sender}\n            cost: 100\n            path: contracts/${name}.clar\n`;
const flat = (name: string, sender: string) =>
  `        - transaction-type: contract-publish\n          contract-name: ${name}\n          expected-sender: ${sender}\n          cost: 100\n          path: contracts/${name}.clar\n`;
const tagged = (name: string, sender: string) =>
  `        - !contract-publish\n          contract-name: ${name}\n          expected-sender: ${sender}\n          cost: 100\n          path: contracts/${name}.clar\n`;

describe('Clarinet deployment plans', () => {
  it('the nested, flat and tagged forms Clarinet reads all read the same', async () => {
    const read = async (form: (n: string, s: string) => string) => {
      const p = projectOf(
        await readClarinetProject(
          memoryReader({
            'Clarinet.toml': MANIFEST,
            'deployments/default.devnet-plan.yaml': plan('devnet', form('token', DEVNET) + form('vault', DEVNET)),
          }),
        ),
      );
      assert.deepStrictEqual(p.problems, []);
      return p.contracts.map((c) => c.deployments);
    };
    const expected = [
      [{ network: 'devnet', id: `${DEVNET}.token`, plan: 'deployments/default.devnet-plan.yaml' }],
      [{ network: 'devnet', id: `${DEVNET}.vault`, plan: 'deployments/default.devnet-plan.yaml' }],
    ];
    assert.deepStrictEqual(await read(nested), expected, 'nested');
    assert.deepStrictEqual(await read(flat), expected, 'flat');
    assert.deepStrictEqual(await read(tagged), expected, 'tagged');
  });

  it('contract calls, transfers, requirements and simnet publishes do not break reading; simnet names no chain id', async () => {
    const others =
      '        - transaction-type: contract-call\n          contract-id: ' +
      `${DEVNET}.token\n          expected-sender: ${DEVNET}\n          method: mint\n          parameters:\n            - u1\n          cost: 100\n` +
      `        - stx-transfer:\n            expected-sender: ${DEVNET}\n            recipient: ${TESTNET}\n            mstx-amount: 1\n            cost: 100\n` +
      `        - !requirement-publish\n          contract-id: SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE.sip-010-trait-ft-standard\n          remap-sender: ${DEVNET}\n          remap-principals: {}\n          cost: 100\n          path: ./.cache/requirements/SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE.sip-010-trait-ft-standard.clar\n`;
    const simnet =
      `        - transaction-type: emulated-contract-publish\n          contract-name: token\n          emulated-sender: ${DEVNET}\n          path: contracts/token.clar\n` +
      `        - emulated-contract-call:\n            contract-id: ${DEVNET}.token\n            emulated-sender: ${DEVNET}\n            method: mint\n            parameters: []\n`;
    const p = projectOf(
      await readClarinetProject(
        memoryReader({
          'Clarinet.toml': MANIFEST,
          'deployments/default.devnet-plan.yaml': plan('devnet', others + flat('token', DEVNET)),
          'deployments/default.simnet-plan.yaml': plan('simnet', simnet),
        }),
      ),
    );
    assert.deepStrictEqual(p.problems, []);
    assert.deepStrictEqual(
      p.plans.map((x) => [x.file, x.network, x.publishes, x.deployers]),
      [
        ['deployments/default.devnet-plan.yaml', 'devnet', 1, [DEVNET]],
        ['deployments/default.simnet-plan.yaml', 'simnet', 1, []],
      ],
    );
    assert.deepStrictEqual(
      p.contracts.map((c) => c.deployments.map((d) => d.id)),
      [[`${DEVNET}.token`], []],
      'the simnet publish of token and vault gives no id',
    );
    assert.deepStrictEqual(p.deployers, [
      { network: 'devnet', address: DEVNET, plan: 'deployments/default.devnet-plan.yaml' },
    ]);
  });

  it('every plan ending in -plan.yaml directly in deployments/, its network from its own field', async () => {
    const p = projectOf(
      await readClarinetProject(
        memoryReader({
          'Clarinet.toml': MANIFEST,
          // Named like a devnet plan, but says testnet: the field wins.
          'deployments/devnet-plan.yaml': plan('testnet', nested('token', TESTNET)),
          'deployments/upgrade-v2.testnet-plan.yaml': plan('testnet', flat('vault', TESTNET_2)),
          'deployments/default.testnet-plan.yaml': plan('testnet', nested('token', TESTNET)),
          'deployments/notes.yaml': plan('mainnet', nested('token', MAINNET)),
          'deployments/old/default.mainnet-plan.yaml': plan('mainnet', nested('token', MAINNET)),
        }),
      ),
    );
    assert.deepStrictEqual(p.problems, []);
    assert.deepStrictEqual(
      p.plans.map((x) => [x.file, x.network]),
      [
        ['deployments/default.testnet-plan.yaml', 'testnet'],
        ['deployments/devnet-plan.yaml', 'testnet'],
        ['deployments/upgrade-v2.testnet-plan.yaml', 'testnet'],
      ],
      'the default plan first; notes.yaml and the plan in a subfolder are not read',
    );
    assert.deepStrictEqual(
      p.deployers.map((d) => [d.address, d.plan]),
      [
        [TESTNET, 'deployments/default.testnet-plan.yaml'],
        [TESTNET, 'deployments/devnet-plan.yaml'],
        [TESTNET_2, 'deployments/upgrade-v2.testnet-plan.yaml'],
      ],
      'every deployer, each with its plan',
    );
    assert.deepStrictEqual(
      p.contracts.map((c) => c.deployments.map((d) => `${d.id} ${d.plan}`)),
      [
        [`${TESTNET}.token deployments/default.testnet-plan.yaml`, `${TESTNET}.token deployments/devnet-plan.yaml`],
        [`${TESTNET_2}.vault deployments/upgrade-v2.testnet-plan.yaml`],
      ],
    );
    assert.strictEqual(deployerFor(p, 'testnet', 'contracts/vault.clar'), TESTNET_2, 'the sender of its own publish');
    assert.strictEqual(deployerFor(p, 'testnet'), TESTNET, 'the default plan first');
  });

  it('no deployer for a network without a plan: never one borrowed from another network', async () => {
    const p = projectOf(
      await readClarinetProject(
        memoryReader({
          'Clarinet.toml': MANIFEST,
          'deployments/default.devnet-plan.yaml': plan('devnet', nested('token', DEVNET)),
        }),
      ),
    );
    assert.strictEqual(deployerFor(p, 'devnet', 'contracts/token.clar'), DEVNET);
    assert.strictEqual(deployerFor(p, 'mainnet', 'contracts/token.clar'), undefined);
    assert.strictEqual(deployerFor(p, 'testnet'), undefined);
  });

  it('contracts sharing one file all resolve', async () => {
    const p = projectOf(
      await readClarinetProject(
        memoryReader({
          'Clarinet.toml':
            '[project]\nname = "shared"\n[contracts.token-a]\npath = "contracts/token.clar"\n[contracts.token-b]\npath = "./contracts/token.clar"\n',
          'deployments/default.devnet-plan.yaml': plan(
            'devnet',
            nested('token-a', DEVNET).replace('token-a.clar', 'token.clar') +
              nested('token-b', DEVNET).replace('token-b.clar', 'token.clar'),
          ),
        }),
      ),
    );
    assert.deepStrictEqual(
      contractsAt(p, 'contracts/token.clar').map((c) => [c.name, c.deployments.map((d) => d.id)]),
      [
        ['token-a', [`${DEVNET}.token-a`]],
        ['token-b', [`${DEVNET}.token-b`]],
      ],
    );
  });

  it('epochs and Clarity versions exactly as the manifest writes them', async () => {
    const p = projectOf(
      await readClarinetProject(
        memoryReader({
          'Clarinet.toml':
            MANIFEST +
            '\n[contracts."quoted-name"]\npath = "contracts/q.clar"\nclarity_version = 2 # a comment\nepoch = 2.05\n' +
            '\n[contracts]\ninline = { path = "contracts/i.clar", clarity_version = 1, epoch = 2.10 }\n',
        }),
      ),
    );
    assert.deepStrictEqual(
      p.contracts.map((c) => [c.name, c.clarityVersion, c.epoch]),
      [
        ['token', '3', '3.0'],
        ['vault', 'latest', 'latest'],
        ['quoted-name', '2', '2.05'],
        ['inline', '1', '2.10'],
      ],
    );
  });

  it('never asks for settings/Testnet.toml or settings/Mainnet.toml, even with every kind of plan', async () => {
    const asked: string[] = [];
    const files: Record<string, string> = {
      'Clarinet.toml': MANIFEST,
      'deployments/default.testnet-plan.yaml': plan('testnet', nested('token', TESTNET)),
      'deployments/default.mainnet-plan.yaml': plan('mainnet', flat('token', MAINNET)),
      'settings/Testnet.toml':
        '[accounts.deployer]\nmnemonic = "twice kind fence tip hidden tilt action fragile skin nothing glory cousin"\n',
      'settings/Mainnet.toml':
        '[accounts.deployer]\nmnemonic = "twice kind fence tip hidden tilt action fragile skin nothing glory cousin"\n',
    };
    const inner = memoryReader(files);
    const read = Object.assign(
      async (rel: string) => {
        asked.push(rel);
        return inner(rel);
      },
      {
        list: async (dir: string) => {
          asked.push(`list ${dir}`);
          return inner.list(dir);
        },
      },
    );
    const p = projectOf(await readClarinetProject(read));
    assert.strictEqual(p.deployers.length, 2);
    assert.deepStrictEqual(
      asked.filter((a) => /settings/i.test(a)),
      [],
    );
  });

  describe('a hostile project', () => {
    it('a contract path that leaves the project is refused, with a problem', async () => {
      const p = projectOf(
        await readClarinetProject(
          memoryReader({
            'Clarinet.toml':
              '[project]\nname = "x"\n[contracts.passwd]\npath = "../../../etc/passwd"\n[contracts.abs]\npath = "/etc/passwd"\n' +
              '[contracts.win]\npath = "C:\\\\Windows\\\\win.ini"\n[contracts.sneaky]\npath = "contracts/../../x.clar"\n[contracts.ok]\npath = "contracts/a/../ok.clar"\n',
            'deployments/default.devnet-plan.yaml': plan(
              'devnet',
              nested('ok', DEVNET).replace('contracts/ok.clar', '../../etc/passwd'),
            ),
          }),
        ),
      );
      assert.deepStrictEqual(
        p.contracts.map((c) => [c.name, c.path]),
        [['ok', 'contracts/ok.clar']],
      );
      assert.deepStrictEqual(p.problems.map(problemText), [
        'Clarinet.toml line 3: [contracts.passwd]: the path leads out of the project folder.',
        'Clarinet.toml line 5: [contracts.abs]: the path is absolute; it must be relative to the project folder.',
        'Clarinet.toml line 7: [contracts.win]: the path is absolute; it must be relative to the project folder.',
        'Clarinet.toml line 9: [contracts.sneaky]: the path leads out of the project folder.',
        'deployments/default.devnet-plan.yaml line 10: ok: the path leads out of the project folder; the path is ignored.',
      ]);
    });

    it('a manifest contract name that is not an identifier is a problem, never a name', async () => {
      const p = projectOf(
        await readClarinetProject(
          memoryReader({
            'Clarinet.toml':
              '[project]\nname = "x"\n[contracts."[Fix](command:workbench.action.terminal.new)"]\npath = "contracts/a.clar"\n[contracts.ok]\npath = "contracts/ok.clar"\n',
          }),
        ),
      );
      assert.deepStrictEqual(
        p.contracts.map((c) => c.name),
        ['ok'],
      );
      assert.strictEqual(p.problems.length, 1);
      assert.strictEqual(p.problems[0]!.line, 3);
      assert.doesNotMatch(problemText(p.problems[0]!), /command:|\[Fix\]/);
    });

    it('a plan contract-name or contract-id that is not an identifier is a problem, never a name', async () => {
      const link = '"[Fix](command:workbench.action.terminal.new)"';
      const p = projectOf(
        await readClarinetProject(
          memoryReader({
            'Clarinet.toml': MANIFEST,
            'deployments/default.devnet-plan.yaml': plan(
              'devnet',
              nested(link, DEVNET) +
                `        - requirement-publish:\n            contract-id: ${DEVNET}.${link}\n            remap-sender: ${DEVNET}\n            cost: 1\n            path: x.clar\n` +
                nested('token', link),
            ),
          }),
        ),
      );
      const text = p.problems.map(problemText).join('\n');
      assert.strictEqual(p.problems.length, 3, text);
      assert.doesNotMatch(text, /command:|\[Fix\]/, 'the hostile text is never repeated');
      assert.deepStrictEqual(
        p.contracts.flatMap((c) => c.deployments),
        [],
      );
      assert.deepStrictEqual(p.deployers, []);
    });

    it(`a manifest's problems past the first ${MAX_PROBLEMS_PER_FILE} are counted in one line, not listed`, async () => {
      // Contracts kept in a folder beside the project, which the extension refuses to open.
      const problems = async (contracts: number) => {
        const toml = Array.from({ length: contracts }, (_, i) => `[contracts.c${i}]\npath = "../shared/c${i}.clar"\n`);
        const p = projectOf(
          await readClarinetProject(memoryReader({ 'Clarinet.toml': `[project]\nname = "x"\n${toml.join('')}` })),
        );
        return p.problems.map(problemText);
      };
      const last = 'Clarinet.toml line 41: [contracts.c19]: the path leads out of the project folder.';
      assert.deepStrictEqual((await problems(MAX_PROBLEMS_PER_FILE)).slice(-2), [
        'Clarinet.toml line 39: [contracts.c18]: the path leads out of the project folder.',
        last,
      ]);
      assert.deepStrictEqual((await problems(MAX_PROBLEMS_PER_FILE + 2)).slice(-2), [
        last,
        'Clarinet.toml: and 2 more problems in this file, not listed',
      ]);
    });

    it('a manifest or plan over 2 MB is not read, and the view says which file and the limit', async () => {
      const big = `${MANIFEST}\n${'# padding\n'.repeat(220_000)}`;
      const r = await readClarinetProject(memoryReader({ 'Clarinet.toml': big }));
      assert.ok(!r.ok && !r.missing);
      assert.match(problemText(r.problem), /^Clarinet\.toml: Clarinet\.toml is 2\.1 MB, larger than the 2 MB/);
      const p = projectOf(
        await readClarinetProject(
          memoryReader({
            'Clarinet.toml': MANIFEST,
            'deployments/default.devnet-plan.yaml': plan('devnet', nested('token', DEVNET)) + big,
          }),
        ),
      );
      assert.deepStrictEqual(
        p.problems.map((x) => x.file),
        ['deployments/default.devnet-plan.yaml'],
      );
      assert.match(p.problems[0]!.message, /larger than the 2 MB this extension reads/);
    });

    // How long these take is measured by `npm run bench` (bench/clarinet.ts), not asserted here.
    it(`an 8,000-entry plan is read, capped at ${MAX_CONTRACTS} contracts with a problem`, async () => {
      const p = projectOf(await readClarinetProject(memoryReader(manyContractsProject(8000))));
      assert.strictEqual(p.contracts.length, MAX_CONTRACTS);
      assert.deepStrictEqual(
        p.problems.map((x) => x.file),
        ['Clarinet.toml', 'deployments/default.devnet-plan.yaml'],
      );
      assert.match(p.problems[0]!.message, /names 8000 contracts, more than the 5000/);
      assert.match(p.problems[1]!.message, /publishes more than 5000 contracts/);
      assert.strictEqual(p.contracts[MAX_CONTRACTS - 1]!.deployments.length, 1);
    });

    it('5,000 contracts on one path and three plans publishing it: each publish goes to the next contract', async () => {
      // Each publish used to search the contracts before it, and each of those its deployments:
      // 15 to 30 s of a frozen extension host with 20 plans. That shape's time is measured by
      // `npm run bench` (bench/hostile.ts); here, what each publish is given to, at the cap.
      const PLANS = 3;
      const p = projectOf(await readClarinetProject(memoryReader(sharedPathProject(MAX_CONTRACTS, PLANS))));
      assert.deepStrictEqual(p.problems, []);
      assert.strictEqual(p.plans.length, PLANS);
      assert.strictEqual(contractsAt(p, 'contracts/shared.clar').length, MAX_CONTRACTS);
      assert.deepStrictEqual(
        p.contracts.filter((c) => c.deployments.length !== PLANS).map((c) => c.name),
        [],
      );
      const plans = Array.from({ length: PLANS }, (_, k) => k);
      for (const i of [0, 1, 2500, MAX_CONTRACTS - 1])
        assert.deepStrictEqual(
          p.contracts[i]!.deployments.map((d) => [d.id, d.plan]),
          plans.map((k) => [`${DEVNET}.p${k}-${i}`, `deployments/p${String(k).padStart(2, '0')}.testnet-plan.yaml`]),
        );
    });

    it(`lists or maps nested more than ${MAX_PLAN_NESTING} deep are refused before parsing, with the plan, the line and what to do`, async () => {
      // 900,000 "[" kept the YAML parser busy for 10 s or more, on every change of the plan.
      const deep = (n: number) =>
        `${plan('testnet', nested('token', TESTNET))}extra: ${'['.repeat(n)}${']'.repeat(n)}\n`;
      const read = async (files: Record<string, string>) =>
        projectOf(await readClarinetProject(memoryReader({ 'Clarinet.toml': MANIFEST, ...files })));
      const p = await read({
        'deployments/default.devnet-plan.yaml': plan('devnet', nested('token', DEVNET)),
        'deployments/default.testnet-plan.yaml': deep(900_000),
        'deployments/dashes.testnet-plan.yaml': `${'- '.repeat(900_000)}x\n`,
      });
      assert.deepStrictEqual(
        p.problems.map((x) => [x.file, x.line]),
        [
          ['deployments/dashes.testnet-plan.yaml', 1],
          ['deployments/default.testnet-plan.yaml', 15],
        ],
      );
      for (const x of p.problems)
        assert.strictEqual(
          x.message,
          'Lists or maps are nested more than 64 deep here, where Clarinet writes a few levels at most, so the plan was not read. Remove the nesting, or write the plan again with "clarinet deployments generate".',
        );
      // The other plan is read as ever.
      assert.deepStrictEqual(
        p.contracts.find((c) => c.name === 'token')!.deployments.map((d) => d.id),
        [`${DEVNET}.token`],
      );

      // As deep as allowed, and brackets in quotes or comments (which nest nothing): read.
      const ok = await read({
        'deployments/default.testnet-plan.yaml': `${deep(MAX_PLAN_NESTING)}# ${'['.repeat(100)}\nq: "${'['.repeat(100)}"\nr: ['${'{'.repeat(100)}', [x]]\n`,
      });
      assert.deepStrictEqual(ok.problems, []);
      assert.deepStrictEqual(
        ok.contracts.find((c) => c.name === 'token')!.deployments.map((d) => d.id),
        [`${TESTNET}.token`],
      );
      assert.strictEqual(
        (await read({ 'deployments/default.testnet-plan.yaml': deep(MAX_PLAN_NESTING + 1) })).problems[0]?.line,
        15,
      );
    });

    it('a value of 100,000 digits and a letter is read at once, as text', async () => {
      // Whether a value was a number was asked of a regex that split a run of digits every way
      // before it failed: a minute and a half for this one.
      const name = `${'1'.repeat(100_000)}x`;
      const p = projectOf(
        await readClarinetProject(
          memoryReader({
            'Clarinet.toml': MANIFEST,
            'deployments/default.testnet-plan.yaml': plan('testnet', nested('token', TESTNET)).replace(
              'name: test',
              `name: ${name}`,
            ),
          }),
        ),
      );
      assert.deepStrictEqual(p.problems, []);
      assert.strictEqual(p.plans[0]!.name, name);
    });

    it('a 280 KB manifest and a 1 MB plan are read whole: every contract with its deployment', async () => {
      const p = projectOf(await readClarinetProject(memoryReader(largeFilesProject())));
      assert.deepStrictEqual(p.problems, []);
      assert.ok(p.contracts.length > 3500 && p.contracts.length <= MAX_CONTRACTS, `${p.contracts.length} contracts`);
      assert.deepStrictEqual(
        p.contracts.filter((c) => c.deployments.length !== 1).map((c) => c.name),
        [],
      );
    });
  });
});

describe('parsePlan: what a plan gives, and what it says of a transaction it cannot take', () => {
  const FILE = 'deployments/default.devnet-plan.yaml';
  const TRAIT = 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE.sip-010-trait-ft-standard';
  /** The problems of a devnet plan with these transactions, as [line, message]. */
  const problemsOf = (transactions: string) => {
    const r = parsePlan(plan('devnet', transactions), FILE);
    assert.ok(r.ok);
    return r.problems.map((p) => [p.line, p.message]);
  };

  it('a plan that is broken YAML, or not a map, or names no known network, is not read, and says why', () => {
    const broken = parsePlan('network: devnet\nplan: [\n', FILE);
    assert.strictEqual(broken.ok, false);
    assert.strictEqual(broken.problems.length, 1);
    const list = parsePlan('- network: devnet\n', FILE);
    assert.deepStrictEqual(
      [list.ok, list.problems.map((p) => p.message)],
      [false, ['This is not a deployment plan: it is not a map.']],
    );
    const moon = parsePlan('id: 0\nnetwork: moonnet\nplan:\n  batches: []\n', FILE);
    assert.deepStrictEqual(
      [moon.ok, moon.problems.map((p) => [p.line, p.message])],
      [false, [[2, 'The "network" field is not one of mainnet, testnet, devnet or simnet.']]],
    );
  });

  it('a field the scanner leaves to the full parser (a plan name that is a number) is read by it', () => {
    const text = plan('devnet', nested('token', DEVNET)).replace('name: test', 'name: 2024');
    const r = parsePlan(text, FILE);
    assert.deepStrictEqual(r.problems, []);
    assert.strictEqual(r.name, '2024');
    assert.deepStrictEqual(
      r.publishes.map((p) => p.contractName),
      ['token'],
    );
  });

  it('a map tagged !!map is read in its flat form, not taken for a type', () => {
    const text = plan(
      'devnet',
      flat('token', DEVNET).replace('- transaction-type', '- !!map\n          transaction-type'),
    );
    const r = parsePlan(text, FILE);
    assert.deepStrictEqual(r.problems, []);
    assert.deepStrictEqual(
      r.publishes.map((p) => [p.kind, p.contractName, p.sender]),
      [['contract', 'token', DEVNET]],
    );
  });

  it('each transaction it cannot take is a problem at its line, saying what is wrong', () => {
    assert.deepStrictEqual(problemsOf('        - just-text\n'), [
      [9, 'A transaction that is neither "- <type>:", "- transaction-type: <type>" nor "- !<type>".'],
    ]);
    assert.deepStrictEqual(problemsOf('        - !contract-publish [token]\n'), [
      [9, 'A transaction that is neither "- <type>:", "- transaction-type: <type>" nor "- !<type>".'],
    ]);
    assert.deepStrictEqual(
      problemsOf(`        - transaction-type: contract-deploy\n          contract-name: token\n`),
      [[9, 'A transaction of a type Clarinet does not know.']],
    );
    assert.deepStrictEqual(problemsOf(`        - contract-publish:\n            expected-sender: ${DEVNET}\n`), [
      [9, 'A contract-publish without "contract-name" and "expected-sender".'],
    ]);
    assert.deepStrictEqual(problemsOf(`        - requirement-publish:\n            remap-sender: ${DEVNET}\n`), [
      [9, 'A requirement-publish without "contract-id" and "remap-sender".'],
    ]);
    assert.deepStrictEqual(
      problemsOf(
        `        - requirement-publish:\n            remap-sender: ${DEVNET}\n            contract-id: not-an-id\n`,
      ),
      [[11, 'A requirement-publish whose "contract-id" is not a contract id; skipped.']],
    );
    assert.deepStrictEqual(
      problemsOf(
        `        - contract-publish:\n            expected-sender: ${DEVNET}\n            contract-name: 9lives\n`,
      ),
      [
        [
          11,
          'A contract-publish whose "contract-name" is not a Clarity contract name (a letter, then letters, digits, - or _, at most 40); skipped.',
        ],
      ],
    );
    // A sender quoted in the problem only when it is plain letters and digits, whole.
    assert.deepStrictEqual(
      problemsOf(
        '        - contract-publish:\n            contract-name: a\n            expected-sender: bad!sender\n' +
          '        - contract-publish:\n            contract-name: b\n            expected-sender: nobody\n',
      ),
      [
        [10, 'a: the sender is not a Stacks address.'],
        [13, 'b: the sender "nobody" is not a Stacks address.'],
      ],
    );
  });

  it(`past the first ${MAX_PROBLEMS_PER_FILE} problems of a plan, the rest are counted in one line, not listed`, () => {
    // Publishes whose sender is the name of a Devnet.toml account, not its address.
    const publishes = (n: number) => Array.from({ length: n }, (_, i) => nested(`c${i}`, 'deployer')).join('');
    const last = [105, 'c19: the sender "deployer" is not a Stacks address.'];
    assert.deepStrictEqual(problemsOf(publishes(MAX_PROBLEMS_PER_FILE)).slice(-2), [
      [100, 'c18: the sender "deployer" is not a Stacks address.'],
      last,
    ]);
    assert.deepStrictEqual(problemsOf(publishes(MAX_PROBLEMS_PER_FILE + 2)).slice(-2), [
      last,
      [undefined, 'and 2 more problems in this file, not listed'],
    ]);
  });

  it('a requirement is at the line of its contract-id; its path outside the project is no problem', () => {
    const r = parsePlan(
      plan(
        'devnet',
        `        - requirement-publish:\n            remap-sender: ${DEVNET}\n            contract-id: ${TRAIT}\n` +
          `            path: /home/user/.clarinet/cache/requirements/${TRAIT}.clar\n`,
      ),
      FILE,
    );
    assert.deepStrictEqual(r.problems, []);
    assert.deepStrictEqual(r.publishes, [
      { kind: 'requirement', contractName: 'sip-010-trait-ft-standard', sender: DEVNET, originalId: TRAIT, line: 11 },
    ]);
  });
});
