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
