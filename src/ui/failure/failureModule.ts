// The failure reasons' module in the Node build: a bundle of its own (dist/failure.js, with the
// Clarity reader), loaded on the first failed transaction. The web build replaces this file with
// failureModule.web.ts (esbuild.js, `webVariants`). Compiled for the unit tests it is ./failure.js here.
import { lazyBundle } from '../../bundles/lazyBundle';
import * as l10n from '../../chain/l10n';

export const failureModule = lazyBundle<typeof import('./failure')>(__dirname, 'failure.js', l10n.t('failure reasons'));
