// The drift engine's module in the Node build: a bundle of its own (dist/drift.js), loaded on first
// use. The web build replaces this file with driftModule.web.ts (esbuild.js, `webVariants`).
import * as path from 'path';

export type DriftEngineModule = typeof import('./driftBundle');

export function loadDriftModule(): DriftEngineModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.join(__dirname, 'drift.js')) as DriftEngineModule;
}
