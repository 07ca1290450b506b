// The web build's language features: a part of its lazily compiled bundle (src/bundles/webLazy.ts),
// compiled and run the first time the editor asks one of them.
import { webPart } from '../../bundles/webLazy';

export type LanguageModule = typeof import('./languageBundle');

export function loadLanguageModule(): LanguageModule {
  return webPart('language', 'navigation into deployed contracts') as LanguageModule;
}
