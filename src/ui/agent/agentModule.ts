// The chat tools' bodies in the Node build: a bundle of their own (dist/agent.js), loaded on the
// first tool call. The web build replaces this file with agentModule.web.ts (esbuild.js,
// `webVariants`). Compiled for the unit tests it is ./tools.js here.
import { lazyBundle } from '../../bundles/lazyBundle';
import * as l10n from '../../chain/l10n';

export const agentModule = lazyBundle<typeof import('./tools')>(__dirname, 'agent.js', l10n.t('chat tools'));
