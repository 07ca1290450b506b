import * as path from 'path';

type PanelsModule = typeof import('./');
let loaded: PanelsModule | undefined;

/**
 * The detail panels' host side: a bundle of its own (dist/panels.js) in the Node build, required
 * on first use. The web build, one file, replaces this module with panelsModule.web.ts.
 */
export function loadPanelsModule(): PanelsModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require(path.join(__dirname, 'panels.js')) as PanelsModule;
  return loaded;
}
