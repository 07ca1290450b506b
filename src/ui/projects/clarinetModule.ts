import { lazyBundle } from '../../bundles/lazyBundle';
import * as l10n from '../../chain/l10n';

type ClarinetModule = typeof import('../../chain/clarinet');

/**
 * The Clarinet reader with its TOML and YAML parsers is a bundle of its own (dist/clarinet.js),
 * loaded the first time a project is read so that activation stays small. The web build, one
 * file, replaces this module with clarinetModule.web.ts.
 */
export const clarinetModule = lazyBundle<ClarinetModule>(__dirname, 'clarinet.js', l10n.t('Clarinet project reader'));
