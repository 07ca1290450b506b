// The explorer's tree, a part loaded the first time the view asks for its children or a tree
// command runs (src/bundles/parts.ts).
import { loadPart } from '../../bundles/parts';
import * as l10n from '../../chain/l10n';

export type TreeModule = typeof import('./explorerTree');

export function loadTreeModule(): TreeModule {
  return loadPart('tree', l10n.t('explorer view')) as TreeModule;
}
