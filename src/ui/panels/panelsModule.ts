// The detail panels' host side, a part loaded when the first panel opens (src/bundles/parts.ts).
import { loadPart } from '../../bundles/parts';
import * as l10n from '../../chain/l10n';

type PanelsModule = typeof import('./');

export function loadPanelsModule(): PanelsModule {
  return loadPart('panels', l10n.t('detail panels')) as PanelsModule;
}
