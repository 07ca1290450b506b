// The language features in Clarity code (definition, hover, completion, the requirements fix), a
// part loaded the first time the editor asks one of them (src/bundles/parts.ts).
import { loadPart } from '../../bundles/parts';
import * as l10n from '../../chain/l10n';

export type LanguageModule = typeof import('./languageBundle');

export function loadLanguageModule(): LanguageModule {
  return loadPart('language', l10n.t('navigation into deployed contracts')) as LanguageModule;
}
