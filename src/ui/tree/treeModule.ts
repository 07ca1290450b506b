// The explorer's tree in the Node build: a bundle of its own (dist/tree.js), loaded the first time
// the view asks for its children or a tree command runs. The web build replaces this file with
// treeModule.web.ts (esbuild.js, `webVariants`).
import * as path from 'path';

export type TreeModule = typeof import('./explorerTree');
let loaded: TreeModule | undefined;

export function loadTreeModule(): TreeModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require(path.join(__dirname, 'tree.js')) as TreeModule;
  return loaded;
}
