import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';

const REPO = path.resolve(__dirname, '..', '..', '..');

/**
 * Paths of other repositories that comments and documents cite as sources (the API's, stacks-core's,
 * the simulation service's): not this repository's files.
 */
const FOREIGN = new Set([
  'src/datastore/v3/pg-store-v3.ts',
  'src/datastore/common.ts',
  'src/api/schemas/v1/entities/burn-blocks.ts',
  'src/api/schemas/v1/entities/transactions.ts',
  'src/api/schemas/v3/entities/mempool-transaction-summaries.ts',
  'src/api/schemas/v3/entities/principal-bond-positions.ts',
  'src/api/routes/v2/mempool.ts',
  'docs/rpc/openapi.yaml',
  'docs/rpc/components/schemas/contract-source.schema.yaml',
  'docs/rpc/components/schemas/pox-info.schema.yaml',
  'src/types.ts',
  'src/simulation-api.ts',
  'src/simulation.ts',
  // What a command writes (the benchmark's results) or a reader creates (a new language's bundle).
  'bench/results.json',
  'l10n/bundle.l10n.de.json',
]);

function* files(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (e.name.endsWith('.ts')) yield p;
  }
}

const PATH =
  /(?<![\w./-])((?:src|test|bench|scripts|media|docs|l10n)\/[\w./-]*[\w-]\.(?:json|ts|mjs|js|md|css|png|webp|clar|toml|yaml))(?![\w-])/g;

describe('paths that comments and documents name', () => {
  it('every file path in src/ comments, the README, ARCHITECTURE, CONTRIBUTING and docs/ exists', () => {
    const docs = ['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md', ...fs.readdirSync(path.join(REPO, 'docs'))]
      .filter((f) => f.endsWith('.md'))
      .map((f) => path.join(REPO, f.includes('/') || !fs.existsSync(path.join(REPO, 'docs', f)) ? f : `docs/${f}`));
    const stale: string[] = [];
    for (const file of [...files(path.join(REPO, 'src')), ...docs]) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(PATH)) {
        const p = m[1]!;
        if (FOREIGN.has(p) || fs.existsSync(path.join(REPO, p))) continue;
        stale.push(`${path.relative(REPO, file)}: ${p}`);
      }
    }
    assert.deepStrictEqual(stale, [], 'paths that no longer exist (moved or renamed)');
  });
});
