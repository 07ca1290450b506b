// The web build's failure reasons: a part of its lazily compiled bundle (src/webLazy.ts), compiled
// and run on the first failed transaction, so activation does neither.
import { webPart } from '../../webLazy';

export function failureModule(): typeof import('./failure') {
  return webPart('failure', 'failure reasons') as typeof import('./failure');
}
