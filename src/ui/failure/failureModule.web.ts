// The web build's failure reasons: a part of its lazily compiled bundle (src/bundles/webLazy.ts), compiled
// and run on the first failed transaction, so activation does neither.
import { webPart } from '../../bundles/webLazy';

export function failureModule(): typeof import('./failure') {
  return webPart('failure', 'failure reasons') as typeof import('./failure');
}
