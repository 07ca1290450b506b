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
