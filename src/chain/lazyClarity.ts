import { lazyBundle } from '../bundles/lazyBundle';

type ClarityModule = typeof import('./clarity');

/**
 * The Clarity decoder, loaded on first use: `@stacks/transactions` is a bundle of its own,
 * dist/clarity.js beside the panels bundle, so neither activation nor a panel without a value to
 * decode loads it. Compiled for the unit tests it is ./clarity.js here.
 */
export function clarityDecoder(): ClarityModule['decodeClarity'] {
  return clarityModule().decodeClarity;
}

/** The whole Clarity module: the decoder, `clarityText` and the argument encoder of the contract workbench. */
export const clarityModule = lazyBundle<ClarityModule>(__dirname, 'clarity.js', 'Clarity decoder');
