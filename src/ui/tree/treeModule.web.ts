// The web build is one file (a web extension cannot load modules at run time): the tree is in it,
// initialised on first use (esbuild turns the `require` into a lazily run module).
export type TreeModule = typeof import('./explorerTree');

export function loadTreeModule(): TreeModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./explorerTree') as TreeModule;
}
