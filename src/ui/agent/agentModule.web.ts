// The web build's chat tools' bodies: a part of its lazily compiled bundle (src/bundles/webLazy.ts),
// compiled and run on the first tool call.
import { webPart } from '../../bundles/webLazy';

export function agentModule(): typeof import('./tools') {
  return webPart('agent', 'chat tools') as typeof import('./tools');
}
