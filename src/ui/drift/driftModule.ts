// The drift engine's module in the Node build: a bundle of its own (dist/drift.js), loaded on first
// use. The web build replaces this file with driftModule.web.ts (esbuild.js, `webVariants`).
import { lazyBundle } from '../../lazyBundle';

export type DriftEngineModule = typeof import('./driftBundle');

export const loadDriftModule = lazyBundle<DriftEngineModule>(__dirname, 'drift.js', 'comparison with deployed sources');
