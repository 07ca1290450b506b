// Bundles the extension (CommonJS, Node) and each webview script (browser IIFE) into dist/.
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
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
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

const common = {
  bundle: true,
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'silent',
  plugins: [problemMatcher],
  legalComments: 'none',
};

const builds = [
  {
    ...common,
    // The detail panels' host side loads on first use (src/ui/lazyPanels.ts), and so does the API
    // client with its schemas and c32check (src/api/lazy.ts): activation compiles neither.
    entryPoints: {
      extension: 'src/extension.ts',
      panels: 'src/ui/panels/index.ts',
      client: 'src/api/client.ts',
      // Drift (the deployed-versus-local comparison, the Clarity reader, Compare with Deployed)
      // loads the first time a deployed workspace contract is shown (src/ui/drift.ts).
      drift: 'src/ui/driftEngine.ts',
    },
    outdir: 'dist',
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['vscode'],
    plugins: [...common.plugins, vscodeOnce],
    // c32check's hashes come from Node's crypto instead of a pure-JS copy (see the shim).
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
    await Promise.all(contexts.map((c) => c.dispose()));
    if (results.some((r) => r instanceof Error || (r.errors && r.errors.length))) process.exit(1);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
