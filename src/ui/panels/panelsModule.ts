import { lazyBundle } from '../../bundles/lazyBundle';
import * as l10n from '../../chain/l10n';

type PanelsModule = typeof import('./');

/**
 * The detail panels' host side: a bundle of its own (dist/panels.js) in the Node build, required
 * on first use. The web build, one file, replaces this module with panelsModule.web.ts.
 */
export const loadPanelsModule = lazyBundle<PanelsModule>(__dirname, 'panels.js', l10n.t('detail panels'));
