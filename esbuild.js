// Bundles the extension (CommonJS, Node), the web extension (dist/web/extension.js, CommonJS for the
// web worker extension host) and each webview script (browser IIFE) into dist/.
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
 * The web build's module swaps: a module `x.ts` with an `x.web.ts` beside it is replaced by that
 * file. The swaps load the lazy bundles statically (a web extension is one file) and send requests
 * through `fetch` instead of Node's http module (src/api/platformExchange.web.ts).
 */
const webVariants = {
  name: 'web-variants',
  setup(build) {
    const path = require('path');
    const fs = require('fs');
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const file = path.resolve(args.resolveDir, args.path);
      if (!file.startsWith(path.resolve('src'))) return undefined;
      const web = `${file}.web.ts`;
      return fs.existsSync(web) ? { path: web } : undefined;
    });
  },
};

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
 * The web build's lazily compiled half (src/bundles/webLazy.ts): every part that loads on first use
 * (src/bundles/webLazyEntry.ts) is bundled apart and its text embedded in the web extension as one string,
 * deflated and in base64, which activation only scans; the first part asked for inflates and
 * compiles it. Inside that bundle the same import resolves to its own entry, so its parts load one
 * another in place. The lazy bundle's metafile is kept, for the web build's metafile to say what
 * fills the string too.
 */
function webLazy(options) {
  const path = require('path');
  const entry = path.resolve('src/bundles/webLazyEntry.ts');
  const state = { meta: undefined, bytes: 0, packed: 0 };
  const inner = {
    name: 'web-lazy-inner',
    setup(build) {
      build.onResolve({ filter: /^stacks-lookup:web-lazy$/ }, () => ({ path: entry, namespace: 'web-lazy-self' }));
      build.onLoad({ filter: /.*/, namespace: 'web-lazy-self' }, () => ({
        contents: `import * as parts from ${JSON.stringify(entry)}; export default parts;`,
        resolveDir: path.dirname(entry),
        loader: 'js',
      }));
    },
  };
  const plugin = {
    name: 'web-lazy',
    setup(build) {
      build.onResolve({ filter: /^stacks-lookup:web-lazy$/ }, () => ({ path: 'lazy', namespace: 'web-lazy' }));
      build.onLoad({ filter: /.*/, namespace: 'web-lazy' }, async () => {
        const r = await esbuild.build({
          ...options,
          entryPoints: [entry],
          plugins: [...options.plugins.filter((p) => p !== problemMatcher), inner],
          write: false,
          metafile: true,
          sourcemap: false,
          outdir: undefined,
          outfile: 'dist/web/lazy.js',
        });
        const text = r.outputFiles[0].text;
        // Deflated, then base64: the host scans a string under half the text's length, and base64
        // needs no escape, so the scan stays on V8's fast path.
        const packed = require('zlib').deflateRawSync(text, { level: 9 }).toString('base64');
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
 * The web build's metafile with the lazy bundle's inputs in place of the string that holds them,
 * so `npm run bench` says what fills the one file; `lazy` gives the string's own size.
 */
function webMetafile(meta, lazy) {
  const out = meta.outputs['dist/web/extension.js'];
  const lazyOut = lazy.meta && Object.values(lazy.meta.outputs)[0];
  if (!out || !lazyOut) return meta;
  delete out.inputs['web-lazy:lazy'];
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
// github.dev and code-server: one CommonJS file with no Node module (platform browser), every part
// inside; what loads on first use is the lazily compiled string (`webLazy`). Its metafile feeds
// `npm run bench`.
const webOptions = {
  ...common,
  entryPoints: { extension: 'src/extension.ts' },
  outdir: 'dist/web',
  format: 'cjs',
  platform: 'browser',
  target: 'es2022',
  mainFields: ['browser', 'module', 'main'],
  external: ['vscode'],
  plugins: [...common.plugins, vscodeOnce, webVariants, c32checkDecoder],
  metafile: true,
  // c32check's hashes: a compact SHA-256 instead of the package's sha2 module (see the shim).
  alias: {
    '@noble/hashes/sha256': './src/api/shims/nobleHashes.web.ts',
    '@noble/hashes/utils': './src/api/shims/nobleHashes.web.ts',
  },
};
const lazy = webLazy(webOptions);
const webBuild = { ...webOptions, plugins: [...webOptions.plugins, lazy.plugin] };

const builds = [
  {
    ...common,
    // The detail panels' host side loads on first use (src/ui/panels/lazyPanels.ts), and so does the API
    // client with its schemas and c32check (src/api/lazy.ts): activation compiles neither.
    entryPoints: {
      extension: 'src/extension.ts',
      panels: 'src/ui/panels/index.ts',
      client: 'src/api/client.ts',
      // Drift (the deployed-versus-local comparison, the Clarity reader, Compare with Deployed)
      // loads the first time a deployed workspace contract is shown (src/ui/drift/drift.ts).
      drift: 'src/ui/drift/driftBundle.ts',
      // Failure reasons (the failed call's error named from its contract's source, with the Clarity
      // reader) load on the first failed transaction shown (src/ui/failure/failureModule.ts).
      failure: 'src/ui/failure/failure.ts',
      // Deployed contracts in Clarity code (the Clarity reader, definition, hover, completion, the
      // requirements fix) load the first time the editor asks one of them (src/ui/language/index.ts).
      language: 'src/ui/language/languageBundle.ts',
      // The chat tools' bodies load on the first tool call (src/ui/agent/agentModule.ts); activation
      // registers only the tools.
      agent: 'src/ui/agent/tools.ts',
      // The explorer view's tree (its sections and commands) loads the first time the view is shown
      // or a tree command runs (src/ui/tree/treeModule.ts); activation registers only the view.
      tree: 'src/ui/tree/explorerTree.ts',
      // What activation leaves for first use (src/services.ts: the lookups, the panels' manager
      // facade, the history, the explorer's data, the hover's provider, the watches) starts the
      // first time one of the stand-ins activation registers is used (src/servicesModule.ts).
      services: 'src/services.ts',
      // The replay process (src/replay/child.ts), forked by src/replay/engine.ts: it requires the
      // Clarinet SDK from the folder found at run time, never bundled.
      replay: 'src/replay/child.ts',
    },
    outdir: 'dist',
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['vscode'],
    plugins: [...common.plugins, vscodeOnce, c32checkDecoder],
    // c32check's hashes come from Node's crypto instead of a pure-JS copy, and only its decoder
    // is bundled, without the base58 conversions (see the shims).
    alias: {
      '@noble/hashes/sha256': './src/api/shims/nobleHashes.ts',
      '@noble/hashes/utils': './src/api/shims/nobleHashes.ts',
    },
  },
  {
    // The Clarinet reader and its TOML/YAML parsers load only when a workspace project is read.
    ...common,
    entryPoints: { clarinet: 'src/chain/clarinet.ts' },
    outdir: 'dist',
    format: 'cjs',
    platform: 'node',
    target: 'node20',
  },
  {
    // The Clarity decoder (@stacks/transactions) loads only when a panel has a value to decode
    // (src/chain/lazyClarity.ts). The library's ES module build tree-shakes; its CommonJS one does not.
    ...common,
    entryPoints: { clarity: 'src/chain/clarity.ts' },
    outdir: 'dist',
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    mainFields: ['module', 'main'],
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
  const present = builds.filter((b) => require('fs').existsSync(Object.values(b.entryPoints)[0]));
  const contexts = await Promise.all(present.map((b) => esbuild.context(b)));
  if (watch) {
    await Promise.all(contexts.map((c) => c.watch()));
  } else {
    const results = await Promise.all(contexts.map((c) => c.rebuild().catch((e) => e)));
    for (const r of results) {
      if (r && r.metafile)
        require('fs').writeFileSync('dist/web/meta.json', JSON.stringify(webMetafile(r.metafile, lazy.state)));
    }
    await Promise.all(contexts.map((c) => c.dispose()));
    if (results.some((r) => r instanceof Error || (r.errors && r.errors.length))) process.exit(1);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
