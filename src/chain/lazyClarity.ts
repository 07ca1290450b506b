import { loadPart } from '../bundles/parts';

type ClarityModule = typeof import('./clarity');

/**
 * The Clarity decoder (`@stacks/transactions`), a part loaded when a value is first decoded or
 * encoded (src/bundles/parts.ts), so neither activation nor a panel without a value to decode loads it.
 */
export function clarityDecoder(): ClarityModule['decodeClarity'] {
  return clarityModule().decodeClarity;
}

/** The whole Clarity module: the decoder, `clarityText` and the argument encoder of the contract workbench. */
export function clarityModule(): ClarityModule {
  return loadPart('clarity', 'Clarity decoder') as ClarityModule;
}
