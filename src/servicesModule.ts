// The part of the extension that starts on first use, in the Node build: a bundle of its own
// (dist/services.js), required the first time it starts, so activation neither loads nor compiles
// it. The web build replaces this file with servicesModule.web.ts (esbuild.js, `webVariants`).
import { lazyBundle } from './bundles/lazyBundle';
import * as l10n from './chain/l10n';

export type ServicesModule = typeof import('./services');

export const loadServices = lazyBundle<ServicesModule>(__dirname, 'services.js', l10n.t('lookups'));
