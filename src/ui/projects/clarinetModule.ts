import * as path from 'path';

type ClarinetModule = typeof import('../../chain/clarinet');
let clarinet: ClarinetModule | undefined;

/**
 * The Clarinet reader with its TOML and YAML parsers is a bundle of its own (dist/clarinet.js),
 * loaded the first time a project is read so that activation stays small. The web build, one
 * file, replaces this module with clarinetModule.web.ts.
 */
export function clarinetModule(): ClarinetModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  clarinet ??= require(path.join(__dirname, 'clarinet.js')) as ClarinetModule;
  return clarinet;
}
