// The failure reasons (with the Clarity reader), a part loaded on the first failed transaction
// (src/bundles/parts.ts).
import { loadPart } from '../../bundles/parts';
import * as l10n from '../../chain/l10n';

export function failureModule(): typeof import('./failure') {
  return loadPart('failure', l10n.t('failure reasons')) as typeof import('./failure');
}
