// The drift engine's module in the Node build: a bundle of its own (dist/drift.js), loaded on first
// use. The web build replaces this file with driftModule.web.ts (esbuild.js, `webVariants`).
import { lazyBundle } from '../../bundles/lazyBundle';
import * as l10n from '../../chain/l10n';

export type DriftEngineModule = typeof import('./driftBundle');

export const loadDriftModule = lazyBundle<DriftEngineModule>(
  __dirname,
  'drift.js',
  l10n.t('comparison with deployed sources'),
);
