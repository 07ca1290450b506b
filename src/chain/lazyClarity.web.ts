// The web build's Clarity module (@stacks/transactions): a part of its lazily compiled bundle
// (src/bundles/webLazy.ts), compiled and run when a value is first decoded or encoded.
import { webPart } from '../bundles/webLazy';

type ClarityModule = typeof import('./clarity');

/** The whole Clarity module: the decoder, `clarityText` and the argument encoder of the contract workbench. */
export function clarityModule(): ClarityModule {
  return webPart('clarity', 'Clarity decoder') as ClarityModule;
}

export function clarityDecoder(): ClarityModule['decodeClarity'] {
  return clarityModule().decodeClarity;
}
