// The part of the extension that starts on first use, in the web build: a part of its lazily
// compiled bundle (src/bundles/webLazy.ts), so activation compiles none of it.
import { webPart } from './bundles/webLazy';
import * as l10n from './chain/l10n';

export type ServicesModule = typeof import('./services');

export function loadServices(): ServicesModule {
  return webPart('services', l10n.t('lookups')) as ServicesModule;
}
