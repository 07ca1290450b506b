// The part of the extension that starts on first use (src/services.ts: the lookups, the panels'
// manager facade, the history, the explorer's data, the hover's provider, the watches), loaded the
// first time one of the stand-ins activation registers is used (src/bundles/parts.ts).
import { loadPart } from './bundles/parts';
import * as l10n from './chain/l10n';

export type ServicesModule = typeof import('./services');

export function loadServices(): ServicesModule {
  return loadPart('services', l10n.t('lookups')) as ServicesModule;
}
