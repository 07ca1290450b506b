// The chat tools' bodies, a part loaded on the first tool call (src/bundles/parts.ts); activation
// registers only the tools.
import { loadPart } from '../../bundles/parts';
import * as l10n from '../../chain/l10n';

export function agentModule(): typeof import('./tools') {
  return loadPart('agent', l10n.t('chat tools')) as typeof import('./tools');
}
