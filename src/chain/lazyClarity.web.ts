// The web build leaves the Clarity decoder (@stacks/transactions) out to stay within its size
// budget: values show as the `repr` the API sends, not as an expandable tree.
import type { ClarityNode } from '../protocol';

export function clarityDecoder(): (hex: string) => ClarityNode | undefined {
  return () => undefined;
}
