// The drift engine (the deployed-versus-local comparison, the Clarity reader, Compare with
// Deployed), a part loaded the first time a deployed workspace contract is shown (src/bundles/parts.ts).
import { loadPart } from '../../bundles/parts';
import * as l10n from '../../chain/l10n';

export type DriftEngineModule = typeof import('./driftBundle');

export function loadDriftModule(): DriftEngineModule {
  return loadPart('drift', l10n.t('comparison with deployed sources')) as DriftEngineModule;
}
