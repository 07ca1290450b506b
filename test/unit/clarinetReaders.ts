import * as fs from 'fs';
import * as path from 'path';
import type { ProjectFileReader } from '../../src/chain/clarinet';

export const CLARINET_FIXTURES = path.resolve(__dirname, '../../../test/fixtures/clarinet');

/**
 * A reader over a fixture folder that records every path asked for ("list <dir>" for a listing)
 * and refuses anything under settings/, which holds mnemonics, so a test fails if the reader ever
 * reaches for it.
 */
export function fixtureReader(name: string): { read: ProjectFileReader; asked: string[] } {
  const root = path.join(CLARINET_FIXTURES, name);
  const asked: string[] = [];
  const refuse = (rel: string) => {
    if (/^settings(\/|$)/i.test(rel.replace(/\\/g, '/')))
      throw new Error(`the reader opened ${rel}, which holds a mnemonic`);
  };
  const read = Object.assign(
    async (rel: string) => {
      asked.push(rel);
      refuse(rel);
      try {
        return await fs.promises.readFile(path.join(root, rel), 'utf8');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw e;
      }
    },
    {
      list: async (rel: string) => {
        asked.push(`list ${rel}`);
        refuse(rel);
        try {
          const entries = await fs.promises.readdir(path.join(root, rel), { withFileTypes: true });
          return entries.map((e) => (e.isDirectory() ? `${e.name}/` : e.name));
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
          throw e;
        }
      },
    },
  );
  return { read, asked };
}

/** A reader over files held in memory; `list` gives the names directly under a folder. */
export function memoryReader(files: Record<string, string>): ProjectFileReader {
  return Object.assign(async (rel: string) => files[rel], {
    list: async (dir: string) => {
      const prefix = `${dir}/`;
      const names = new Set<string>();
      for (const f of Object.keys(files)) {
        if (!f.startsWith(prefix)) continue;
        const rest = f.slice(prefix.length);
        const slash = rest.indexOf('/');
        names.add(slash < 0 ? rest : rest.slice(0, slash + 1));
      }
      return names.size ? [...names] : undefined;
    },
  });
}

/** A deployment plan for `network` with the given transactions (YAML, indented for one batch). */
export function deploymentPlan(network: string, transactions: string): string {
  return `---\nid: 0\nname: test\nnetwork: ${network}\nplan:\n  batches:\n    - id: 0\n      transactions:\n${transactions}      epoch: "3.0"\n`;
}

/** One contract-publish transaction of a plan, in Clarinet's nested form. */
export function nestedPublish(name: string, sender: string, file = `contracts/${name}.clar`): string {
  return `        - contract-publish:\n            contract-name: ${name}\n            expected-sender: ${sender}\n            cost: 100\n            path: ${file}\n`;
}

const DEVNET_DEPLOYER = 'ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM';

/** A manifest naming `n` contracts and a devnet plan publishing each: more than the reader keeps. */
export function manyContractsProject(n = 8000): Record<string, string> {
  let manifest = '[project]\nname = "big"\n';
  let entries = '';
  for (let i = 0; i < n; i++) {
    manifest += `[contracts.c${i}]\npath = "contracts/c${i}.clar"\nclarity_version = 2\nepoch = 2.5\n`;
    entries += nestedPublish(`c${i}`, DEVNET_DEPLOYER);
  }
  return { 'Clarinet.toml': manifest, 'deployments/default.devnet-plan.yaml': deploymentPlan('devnet', entries) };
}

/**
 * A 280 KB manifest of short contract tables, each published by a devnet plan padded to 1 MB with
 * a long comment: a reader that searched both files per contract took seconds on it.
 */
export function largeFilesProject(): Record<string, string> {
  let manifest = '[project]\nname = "big"\n';
  let entries = '';
  for (let i = 0; manifest.length < 280_000; i++) {
    manifest += `\n[contracts.c${i}]\npath = "c/c${i}.clar"\nclarity_version = 2\nepoch = 2.5\n`;
    entries += nestedPublish(`c${i}`, DEVNET_DEPLOYER, `c/c${i}.clar`);
  }
  let text = deploymentPlan('devnet', entries);
  while (text.length < 1_000_000) text += `# ${'x'.repeat(97)}\n`;
  return { 'Clarinet.toml': manifest, 'deployments/default.devnet-plan.yaml': text };
}

/**
 * A manifest of `contracts` contracts that all share one file, and `plans` testnet plans each
 * publishing that file under as many other names (as a plan written before the contracts were
 * renamed does): every publish is matched to a contract by its path alone.
 */
export function sharedPathProject(contracts: number, plans: number): Record<string, string> {
  let manifest = '[project]\nname = "shared"\n';
  for (let i = 0; i < contracts; i++) manifest += `[contracts.c${i}]\npath = "contracts/shared.clar"\n`;
  const files: Record<string, string> = { 'Clarinet.toml': manifest };
  for (let p = 0; p < plans; p++) {
    let entries = '';
    for (let i = 0; i < contracts; i++)
      entries += nestedPublish(`p${p}-${i}`, DEVNET_DEPLOYER, 'contracts/shared.clar');
    files[`deployments/p${String(p).padStart(2, '0')}.testnet-plan.yaml`] = deploymentPlan('testnet', entries);
  }
  return files;
}

/**
 * A testnet plan just under the 2 MB the reader reads, of nothing but transactions of a type
 * Clarinet does not know (`- x: 1`): each one a problem, some 160,000 of them.
 */
export function unknownTransactionsPlan(bytes = 2 * 1024 * 1024 - 1): string {
  const head = deploymentPlan('testnet', '');
  const item = '        - x: 1\n';
  const at = head.lastIndexOf('      epoch:');
  return head.slice(0, at) + item.repeat(Math.floor((bytes - head.length) / item.length)) + head.slice(at);
}

/** A project of one contract and `plans` testnet plans of 2 MB of unknown transactions each. */
export function unknownTransactionsProject(plans: number): Record<string, string> {
  const files: Record<string, string> = {
    'Clarinet.toml': '[project]\nname = "unknown"\n[contracts.token]\npath = "contracts/token.clar"\n',
  };
  const plan = unknownTransactionsPlan();
  for (let p = 0; p < plans; p++) files[`deployments/p${p}.testnet-plan.yaml`] = plan;
  return files;
}
