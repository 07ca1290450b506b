// The web build's detail panels: a part of its lazily compiled bundle (src/bundles/webLazy.ts), compiled
// and run when the first panel opens.
import { webPart } from '../../bundles/webLazy';

type PanelsModule = typeof import('./');

export function loadPanelsModule(): PanelsModule {
  return webPart('panels', 'detail panels') as PanelsModule;
}
