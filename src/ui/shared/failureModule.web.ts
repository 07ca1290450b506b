// The web build is one file: the failure reasons are in it, as a `require` that esbuild turns into
// a module initialised on first use, so activation does not run it.
export function failureModule(): typeof import('./failure') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./failure') as typeof import('./failure');
}
