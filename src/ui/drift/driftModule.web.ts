// The web build is one file (a web extension cannot load modules at run time): the drift engine is
// in it, initialised on first use (esbuild turns the `require` into a lazily run module).
export type DriftEngineModule = typeof import('./driftBundle');

export function loadDriftModule(): DriftEngineModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./driftBundle') as DriftEngineModule;
}
