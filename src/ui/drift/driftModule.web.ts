// The web build's drift engine: a part of its lazily compiled bundle (src/bundles/webLazy.ts), compiled
// and run on first use.
import { webPart } from '../../bundles/webLazy';

export type DriftEngineModule = typeof import('./driftBundle');

export function loadDriftModule(): DriftEngineModule {
  return webPart('drift', 'comparison with deployed sources') as DriftEngineModule;
}
