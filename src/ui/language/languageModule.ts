// The language features' module in the Node build: a bundle of its own (dist/language.js), loaded
// on first use. The web build replaces this file with languageModule.web.ts (esbuild.js, `webVariants`).
import { lazyBundle } from '../../bundles/lazyBundle';
import * as l10n from '../../chain/l10n';

export type LanguageModule = typeof import('./languageBundle');

export const loadLanguageModule = lazyBundle<LanguageModule>(
  __dirname,
  'language.js',
  l10n.t('navigation into deployed contracts'),
);
