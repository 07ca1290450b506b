// The explorer's tree in the Node build: a bundle of its own (dist/tree.js), loaded the first time
// the view asks for its children or a tree command runs. The web build replaces this file with
// treeModule.web.ts (esbuild.js, `webVariants`).
import { lazyBundle } from '../../bundles/lazyBundle';
import * as l10n from '../../chain/l10n';

export type TreeModule = typeof import('./explorerTree');

export const loadTreeModule = lazyBundle<TreeModule>(__dirname, 'tree.js', l10n.t('explorer view'));
