// The web build is one file: the chat tools' bodies are in it, as a `require` that esbuild turns
// into a module initialised on first use, so activation does not run it.
export function agentModule(): typeof import('./tools') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./tools') as typeof import('./tools');
}
