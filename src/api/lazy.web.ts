// The web build is one file (a web extension cannot load modules at run time): the client is in
// it, but as a `require` that esbuild turns into a module initialised on first use, so activation
// does not build the zod schemas.
import type { StacksClient, StacksClientOptions } from './client';

export function createStacksClient(options: StacksClientOptions): StacksClient {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('./client') as typeof import('./client')).createStacksClient(options);
}
