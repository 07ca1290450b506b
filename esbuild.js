// Bundles the extension (CommonJS, Node), the web extension (dist/web/extension.js, CommonJS for the
// web worker extension host, with the half both share packed inside), the replay process and the
// webview script (browser IIFE) into dist/.
// Tests are compiled separately with tsc (test/tsconfig.json) and never bundled.
const esbuild = require('esbuild');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/**
 * Prints errors in the format the watch task's problem matcher reads (.vscode/tasks.json, the same
 * format as `$esbuild-watch`). The bundles build side by side; one "started" before the first and
 * one "finished" after the last, so the matcher sees one build with every error inside it.
 */
let building = 0;
const problemMatcher = {
  name: 'esbuild-problem-matcher',
  setup(build) {
    build.onStart(() => {
      if (watch && building++ === 0) console.log('[watch] build started');
    });
    build.onEnd((result) => {
      // In watch mode the errors go to stdout with the markers, so a reader of the output (the task's
      // terminal, a pipe) sees them between "started" and "finished", never after them.
      const say = watch ? console.log : console.error;
      for (const { text, location } of result.errors) {
        say(`✘ [ERROR] ${text}`);
        if (location) say(`    ${location.file}:${location.line}:${location.column}:`);
      }
      if (watch && --building === 0) console.log('[watch] build finished');
    });
  },
};

/**
 * One copy of the `vscode` API object per bundle. esbuild turns each module's
 * `import * as vscode from 'vscode'` into its own `__toESM(require("vscode"))`, which copies every
 * property of the API (some 250) into a new object: about 20 copies, several milliseconds of
 * activation. Here every such import resolves to one module that re-exports the external `vscode`.
 */
const vscodeOnce = {
  name: 'vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-once'
        ? { path: 'vscode', external: true }
        : { path: 'vscode', namespace: 'vscode-once' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => ({
      contents: "export * from 'vscode';",
      loader: 'js',
    }));
  },
};

/**
 * The module swaps. A module `x.ts` with `x.bundle.ts` beside it is replaced by that file in
 * every bundle (src/bundles/parts.ts: a part comes out of the shared half instead of being
 * required from a file of its own). A module `x.ts` with `x.web.ts` beside it differs by host
 * (Node's http module or `fetch`; Trace, which starts a Node process): `node` keeps `x.ts`, `web`
 * takes `x.web.ts`, and the half, which both hosts run, holds both and takes the one for the host
 * it runs in (`stacks-lookup:host`).
 */
function variants(mode) {
  const path = require('path');
  const fs = require('fs');
  return {
    name: `variants-${mode}`,
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        const file = path.resolve(args.resolveDir, args.path);
        if (!file.startsWith(path.resolve('src'))) return undefined;
        if (fs.existsSync(`${file}.bundle.ts`)) return { path: `${file}.bundle.ts` };
        const web = `${file}.web.ts`;
        if (!fs.existsSync(web) || mode === 'node') return undefined;
        if (mode === 'web') return { path: web };
        return { path: file, namespace: 'by-host' };
      });
      build.onLoad({ filter: /.*/, namespace: 'by-host' }, (args) => ({
        contents:
          `module.exports = require('stacks-lookup:host').node ? ` +
          `require(${JSON.stringify(`${args.path}.ts`)}) : require(${JSON.stringify(`${args.path}.web.ts`)});`,
        resolveDir: path.dirname(args.path),
        loader: 'js',
      }));
    },
  };
}

/** `stacks-lookup:host` in the outer builds (src/bundles/virtual.d.ts); the half takes it from them. */
function hostModule(node) {
  return {
    name: 'host-module',
    setup(build) {
      build.onResolve({ filter: /^stacks-lookup:host$/ }, () => ({ path: 'host', namespace: 'host-module' }));
      build.onLoad({ filter: /.*/, namespace: 'host-module' }, () => ({
        contents: `export default { node: ${node}, started: [] };`,
        loader: 'js',
      }));
    },
  };
}

/**
 * `c32check` (exactly, not its `lib/` modules) is src/api/shims/c32check.ts: its address decoder
 * without the base58 conversions and base-x, which the extension never uses.
 */
const c32checkDecoder = {
  name: 'c32check-decoder',
  setup(build) {
    build.onResolve({ filter: /^c32check$/ }, () => ({ path: require('path').resolve('src/api/shims/c32check.ts') }));
  },
};

/**
 * Node's modules, which only the half's Node variants import (`variants`), from the host's `require`.
 * Not `crypto`: what imports it in the half is a package whose browser field leaves it out.
 */
const NODE_MODULES = ['child_process', 'fs', 'http', 'https', 'net', 'os', 'path', 'zlib'];

/**
 * In the half, a Node module may come only from the Node side of a host variant (the `x.ts` of an
 * `x.web.ts`) and what only that side imports (Trace's engine, proxy and SDK finder): any other
 * importer would run in the web worker, where it does not exist, so the build stops and says so.
 */
const NODE_SIDE = [
  'src/api/nodeExchange.ts',
  'src/api/platformExchange.ts',
  'src/bundles/inflate.ts',
  'src/replay/',
  'src/ui/trace/locate.ts',
  'src/ui/trace/traceRun.ts',
];
const nodeOnlyOnTheNodeSide = {
  name: 'node-side',
  setup(build) {
    const path = require('path');
    const filter = new RegExp(`^(${NODE_MODULES.join('|')})$`);
    build.onResolve({ filter }, (args) => {
      const from = path.relative(process.cwd(), args.importer).split(path.sep).join('/');
      if (NODE_SIDE.some((p) => (p.endsWith('/') ? from.startsWith(p) : from === p))) return { external: true };
      if (from.includes('node_modules/')) return undefined;
      return {
        errors: [
          {
            text: `${from} imports Node's "${args.path}", which the web worker does not have: move that code to the Node side of a variant (x.ts beside x.web.ts)`,
          },
        ],
      };
    });
  },
};

/**
 * The half (src/bundles/half.ts): every part that loads on first use (src/bundles/partsEntry.ts),
 * bundled once for both hosts, and its text packed into the web extension as one string,
 * deflated and in base64 after a mark; the desktop build reads it from there
 * (src/bundles/halfFile.ts). Inside the half, `stacks-lookup:lazy-half` is its own entry, so its
 * parts load one another in place. The half's metafile is kept, for the web build's metafile to
 * say what fills the string too.
 */
function lazyHalf() {
  const path = require('path');
  const entry = path.resolve('src/bundles/partsEntry.ts');
  const state = { meta: undefined, bytes: 0, packed: 0 };
  const self = {
    name: 'lazy-half-self',
    setup(build) {
      build.onResolve({ filter: /^stacks-lookup:lazy-half$/ }, () => ({ path: entry, namespace: 'lazy-half-self' }));
      build.onLoad({ filter: /.*/, namespace: 'lazy-half-self' }, () => ({
        contents: `import * as parts from ${JSON.stringify(entry)}; export default parts;`,
        resolveDir: path.dirname(entry),
        loader: 'js',
      }));
    },
  };
  const halfOptions = {
    ...common,
    entryPoints: [entry],
    format: 'cjs',
    platform: 'browser',
    target: 'es2022',
    mainFields: ['browser', 'module', 'main'],
    external: ['vscode', 'stacks-lookup:host'],
    plugins: [vscodeOnce, variants('half'), c32checkDecoder, nodeOnlyOnTheNodeSide, self],
    // c32check's hashes: a compact SHA-256 instead of the package's sha2 module (see the shim).
    alias: {
      '@noble/hashes/sha256': './src/api/shims/nobleHashes.web.ts',
      '@noble/hashes/utils': './src/api/shims/nobleHashes.web.ts',
    },
    write: false,
    metafile: true,
    sourcemap: false,
    outfile: 'dist/parts.js',
  };
  const plugin = {
    name: 'lazy-half',
    setup(build) {
      build.onResolve({ filter: /^stacks-lookup:lazy-half$/ }, () => ({ path: 'lazy', namespace: 'lazy-half' }));
      build.onLoad({ filter: /.*/, namespace: 'lazy-half' }, async () => {
        const r = await esbuild.build(halfOptions);
        const text = r.outputFiles[0].text;
        // Deflated, then base64: the host scans a string under half the text's length, and base64
        // needs no escape, so the scan stays on V8's fast path.
        const packed = 'SLH1:' + require('zlib').deflateRawSync(text, { level: 9 }).toString('base64');
        state.meta = r.metafile;
        state.bytes = text.length;
        state.packed = packed.length;
        return {
          contents: `export default ${JSON.stringify(packed)};`,
          loader: 'js',
          watchFiles: Object.keys(r.metafile.inputs)
            .filter((f) => !f.includes(':'))
            .map((f) => path.resolve(f)),
        };
      });
    },
  };
  return { plugin, state };
}

/**
 * The desktop build's `stacks-lookup:lazy-half`: src/bundles/halfFile.ts, which reads the packed
 * half out of dist/web/extension.js on the first part asked for.
 */
const halfFromFile = {
  name: 'lazy-half-file',
  setup(build) {
    build.onResolve({ filter: /^stacks-lookup:lazy-half$/ }, () => ({
      path: require('path').resolve('src/bundles/halfFile.ts'),
    }));
  },
};

/**
 * The web build's metafile with the half's inputs in place of the string that holds them,
 * so `npm run bench` says what fills the one file; `lazy` gives the string's own size.
 */
function webMetafile(meta, lazy) {
  const out = meta.outputs['dist/web/extension.js'];
  const lazyOut = lazy.meta && Object.values(lazy.meta.outputs)[0];
  if (!out || !lazyOut) return meta;
  delete out.inputs['lazy-half:lazy'];
  for (const [name, i] of Object.entries(lazyOut.inputs)) {
    const had = out.inputs[name];
    out.inputs[name] = { bytesInOutput: (had ? had.bytesInOutput : 0) + i.bytesInOutput };
  }
  return {
    ...meta,
    lazy: { bytes: lazy.bytes, packedBytes: lazy.packed, inputs: Object.keys(lazyOut.inputs).length },
  };
}

const common = {
  bundle: true,
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'silent',
  plugins: [problemMatcher],
  legalComments: 'none',
};

// The web extension (package.json `browser`) for the web worker extension host of vscode.dev,
// github.dev and code-server: one CommonJS file with no Node module (platform browser), the half
// packed inside (`lazyHalf`). Its metafile feeds `npm run bench`.
const half = lazyHalf();
const webBuild = {
  ...common,
  entryPoints: { extension: 'src/extension.ts' },
  outdir: 'dist/web',
  format: 'cjs',
  platform: 'browser',
  target: 'es2022',
  mainFields: ['browser', 'module', 'main'],
  external: ['vscode'],
  plugins: [...common.plugins, vscodeOnce, variants('web'), hostModule(false), c32checkDecoder, half.plugin],
  metafile: true,
  // c32check's hashes: a compact SHA-256 instead of the package's sha2 module (see the shim).
  alias: {
    '@noble/hashes/sha256': './src/api/shims/nobleHashes.web.ts',
    '@noble/hashes/utils': './src/api/shims/nobleHashes.web.ts',
  },
};

const builds = [
  {
    ...common,
    // The desktop extension: what activation runs. Every part that loads on first use comes out
    // of the half the web build holds (src/bundles/half.ts), so the package carries it once.
    entryPoints: {
      extension: 'src/extension.ts',
      // The replay process (src/replay/child.ts), forked by src/replay/engine.ts: it requires the
      // Clarinet SDK from the folder found at run time, never bundled.
      replay: 'src/replay/child.ts',
    },
    outdir: 'dist',
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['vscode'],
    plugins: [...common.plugins, vscodeOnce, variants('node'), hostModule(true), c32checkDecoder, halfFromFile],
    // c32check's hashes come from Node's crypto instead of a pure-JS copy, and only its decoder
    // is bundled, without the base58 conversions (see the shims).
    alias: {
      '@noble/hashes/sha256': './src/api/shims/nobleHashes.ts',
      '@noble/hashes/utils': './src/api/shims/nobleHashes.ts',
    },
  },
  webBuild,
  {
    ...common,
    entryPoints: { webview: 'src/webview/main.ts' },
    outdir: 'dist',
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    // The stylesheet the script imports becomes dist/webview.css; the codicon font sits next to it.
    loader: { '.ttf': 'file' },
    assetNames: '[name]',
  },
];

async function main() {
  // A build writes dist/ whole: what an earlier build left there (a bundle since merged into the
  // half, a source map beside a production bundle) would otherwise be packaged and loaded.
  if (!watch) require('fs').rmSync('dist', { recursive: true, force: true });
  const present = builds.filter((b) => require('fs').existsSync(Object.values(b.entryPoints)[0]));
  const contexts = await Promise.all(present.map((b) => esbuild.context(b)));
  if (watch) {
    await Promise.all(contexts.map((c) => c.watch()));
  } else {
    const results = await Promise.all(contexts.map((c) => c.rebuild().catch((e) => e)));
    for (const r of results) {
      if (r && r.metafile)
        require('fs').writeFileSync('dist/web/meta.json', JSON.stringify(webMetafile(r.metafile, half.state)));
    }
    await Promise.all(contexts.map((c) => c.dispose()));
    if (results.some((r) => r instanceof Error || (r.errors && r.errors.length))) process.exit(1);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
