// The web build's Clarinet reader: a part of its lazily compiled bundle (src/bundles/webLazy.ts), compiled
// and run when a workspace project is first read.
import { webPart } from '../../bundles/webLazy';

type ClarinetModule = typeof import('../../chain/clarinet');

export function clarinetModule(): ClarinetModule {
  return webPart('clarinet', 'Clarinet project reader') as ClarinetModule;
}
