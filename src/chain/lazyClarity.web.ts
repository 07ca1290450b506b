// The web build leaves the Clarity module (@stacks/transactions) out to stay within its size
// budget: values show as the `repr` the API sends, not as an expandable tree, and the contract
// workbench shows the interface and state forms but cannot encode a call's arguments.
import type { ClarityNode } from './clarityNode';

type ClarityModule = typeof import('./clarity');

export function clarityDecoder(): (hex: string) => ClarityNode | undefined {
  return () => undefined;
}

/** The encoder the contract workbench needs: not in the web build. */
export function clarityModule(): ClarityModule {
  throw new Error('Read-only calls and state reads need the desktop version of Stacks Lookup.');
}
