// The web build is one file (a web extension cannot load modules at run time): the panels are in
// it, initialised on first use (esbuild turns the `require` into a lazily run module).
type PanelsModule = typeof import('./');

export function loadPanelsModule(): PanelsModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./') as PanelsModule;
}
