// The web build is one file (a web extension cannot load modules at run time): the Clarity module
// (@stacks/transactions) is in it, initialised on first use (esbuild turns the `require` into a
// lazily run module), so activation does not run it.
type ClarityModule = typeof import('./clarity');

/** The whole Clarity module: the decoder, `clarityText` and the argument encoder of the contract workbench. */
export function clarityModule(): ClarityModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./clarity') as ClarityModule;
}

export function clarityDecoder(): ClarityModule['decodeClarity'] {
  return clarityModule().decodeClarity;
}
