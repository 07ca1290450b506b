import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';

// The compiled test runs from out/test/unit; the sources are read as text.
const SRC = path.resolve(__dirname, '..', '..', '..', 'src');

function sources(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) sources(p, out);
    else if (e.name.endsWith('.ts')) out.push(p);
  }
  return out;
}

/** Every relative import, `import type` and `typeof import()` included. */
const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]*)['"]/g;

/**
 * The import graph of one build: the Node build reads `x.ts`; the web build reads `x.web.ts`
 * where there is one (esbuild.js swaps them).
 */
function graph(build: 'node' | 'web'): Map<string, string[]> {
  const files = sources(SRC);
  const present = new Set(files);
  const resolve = (from: string, spec: string): string | undefined => {
    const base = path.resolve(path.dirname(from), spec);
    for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')]) {
      if (!present.has(candidate)) continue;
      const web = candidate.replace(/\.ts$/, '.web.ts');
      return build === 'web' && present.has(web) ? web : candidate;
    }
    return undefined;
  };
  const g = new Map<string, string[]>();
  for (const f of files) {
    if (f.endsWith('.web.ts') !== (build === 'web') && present.has(f.replace(/\.ts$/, '.web.ts'))) continue;
    if (build === 'node' && f.endsWith('.web.ts')) continue;
    const text = fs.readFileSync(f, 'utf8');
    const deps: string[] = [];
    for (const m of text.matchAll(IMPORT)) {
      const to = resolve(f, m[1]!);
      if (to) deps.push(to);
    }
    g.set(f, deps);
  }
  return g;
}

/** The strongly connected components with more than one module (Tarjan's algorithm). */
function circles(g: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        c.push(path.relative(SRC, w));
      } while (w !== v);
      if (c.length > 1 || (g.get(v) ?? []).includes(v)) out.push(c.sort());
    }
  };
  for (const v of g.keys()) if (!index.has(v)) visit(v);
  return out;
}

/**
 * The feature folders of src/ui, lowest first: a folder imports only the folders before it. The
 * same list as `uiOrder` in eslint.config.mjs (lint names the line; this test also runs where lint
 * does not, and fails on a folder the list leaves out).
 */
const UI_ORDER = [
  'shared',
  'failure',
  'network',
  'projects',
  'drift',
  'watch',
  'sbtc',
  'lookup',
  'welcome',
  'workbench',
  'agent',
  'panels',
  'trace',
  'language',
  'editor',
  'tree',
];

/** The feature folder of src/ui a module is in, or undefined outside src/ui. */
function uiFolder(file: string): string | undefined {
  const parts = path.relative(path.join(SRC, 'ui'), file).split(path.sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
}

/** Every import from a folder of src/ui into a folder after it in UI_ORDER, as "from -> to". */
function upwardImports(g: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [from, deps] of g) {
    const low = uiFolder(from);
    if (low === undefined) continue;
    for (const to of deps) {
      const high = uiFolder(to);
      if (high !== undefined && UI_ORDER.indexOf(high) > UI_ORDER.indexOf(low))
        out.push(`${path.relative(SRC, from)} -> ${path.relative(SRC, to)}`);
    }
  }
  return out.sort();
}

describe('architecture of src/', () => {
  it('reads the imports it checks (a graph with edges, so an empty one cannot pass)', () => {
    const g = graph('node');
    assert.ok(g.size > 100, `${g.size} modules`);
    const panels = [...g.entries()].find(([f]) => f.endsWith(path.join('ui', 'panels', 'index.ts')));
    assert.ok(panels && panels[1].length > 10, 'the panel manager imports its parts');
  });

  for (const build of ['node', 'web'] as const) {
    it(`has no import circle in the ${build} build, type imports included`, () => {
      assert.deepStrictEqual(circles(graph(build)), []);
    });
  }

  it('names every folder of src/ui in its layer order', () => {
    const folders = fs
      .readdirSync(path.join(SRC, 'ui'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    assert.deepStrictEqual(
      folders.filter((f) => !UI_ORDER.includes(f)),
      [],
      'a folder of src/ui without a place in UI_ORDER here and uiOrder in eslint.config.mjs',
    );
    assert.deepStrictEqual(
      [
        ...new Set(
          fs
            .readFileSync(path.join(SRC, '..', 'eslint.config.mjs'), 'utf8')
            .match(/const uiOrder = \[([^\]]*)\]/)?.[1]
            ?.match(/'[a-z]+'/g),
        ),
      ],
      UI_ORDER.map((f) => `'${f}'`),
      'the same order as eslint.config.mjs',
    );
  });

  for (const build of ['node', 'web'] as const) {
    it(`imports only down the layer order of src/ui in the ${build} build`, () => {
      assert.deepStrictEqual(upwardImports(graph(build)), []);
    });
  }

  it('finds an import up the layer order when there is one', () => {
    const shared = path.join(SRC, 'ui', 'shared', 'a.ts');
    const tree = path.join(SRC, 'ui', 'tree', 'b.ts');
    assert.deepStrictEqual(
      upwardImports(
        new Map([
          [shared, [tree]],
          [tree, [shared]],
        ]),
      ),
      [`ui${path.sep}shared${path.sep}a.ts -> ui${path.sep}tree${path.sep}b.ts`],
    );
  });

  it('keeps the loader of the parts free of the project (every layer uses it)', () => {
    const g = graph('node');
    const bundles = path.join(SRC, 'bundles');
    for (const f of ['parts.ts', 'parts.bundle.ts', 'half.ts', 'halfFile.ts', 'inflate.ts']) {
      const deps = g.get(path.join(bundles, f));
      assert.ok(deps, `no src/bundles/${f}`);
      assert.deepStrictEqual(
        deps.filter((d) => path.dirname(d) !== bundles),
        [],
        `src/bundles/${f} imports the project`,
      );
    }
  });

  it('finds a circle when there is one', () => {
    const a = path.join(SRC, 'a.ts');
    const b = path.join(SRC, 'b.ts');
    assert.deepStrictEqual(
      circles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
      [['a.ts', 'b.ts']],
    );
  });
});
