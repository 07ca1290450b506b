// The web build's explorer tree: a part of its lazily compiled bundle (src/bundles/webLazy.ts), compiled
// and run the first time the view asks for its children or a tree command runs.
import { webPart } from '../../bundles/webLazy';

export type TreeModule = typeof import('./explorerTree');

export function loadTreeModule(): TreeModule {
  return webPart('tree', 'explorer view') as TreeModule;
}
