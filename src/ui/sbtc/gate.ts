/**
 * Whether Emily (the sBTC bridge's API) may be asked on a network, shared by every bundle (the
 * hover's, the panels', the chat tools'): the services install it once (`emily.ts`), and it is
 * kept on `globalThis` as chain/l10n.ts keeps its translator, since each lazily loaded bundle
 * carries its own copy of this module. No vscode here: the panel models read it.
 */
import type { EmilyClient } from '../../api/emily';

export type EmilyAccess =
  | { client: EmilyClient; timeoutMs: number }
  /** Why Emily is not asked, in a sentence the panel and the hover show. */
  | { off: string; consentNeeded?: boolean };

export interface EmilyGate {
  /**
   * Emily for a network. `ask`: when the user has not agreed yet in this window, ask now (an
   * explicit lookup); otherwise (a hover, a background round) answer `off` with `consentNeeded`.
   */
  access(network: string, ask: boolean): Promise<EmilyAccess>;
}

const KEY = Symbol.for('stacks-lookup.sbtc.emilyGate');
type Holder = { [KEY]?: EmilyGate | undefined };

export function setEmilyGate(gate: EmilyGate | undefined): void {
  (globalThis as Holder)[KEY] = gate;
}

const NONE: EmilyGate = {
  access: () => Promise.resolve({ off: 'Emily is off (stacksLookup.sbtc.emily.enabled).' }),
};

export function emilyGate(): EmilyGate {
  return (globalThis as Holder)[KEY] ?? NONE;
}
