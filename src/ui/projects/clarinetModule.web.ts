// The web build is one file (a web extension cannot load modules at run time): the reader is in
// it, initialised on first use (esbuild turns the `require` into a lazily run module).
type ClarinetModule = typeof import('../../chain/clarinet');

export function clarinetModule(): ClarinetModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('../../chain/clarinet') as ClarinetModule;
}
