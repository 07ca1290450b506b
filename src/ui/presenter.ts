import type { Target } from '../chain/target';
import type { CommandDeps } from './commands';

export interface OpenOptions {
  signal: AbortSignal;
  /** Called while the request waits for the rate-limit budget. */
  onWait?: (ms: number) => void;
  /** For a contract: the read-only function whose form the panel brings into view. */
  fn?: string;
}

/**
 * Shows a target to the user. `open` fetches what the target needs first and rejects with a
 * StacksApiError when that fails, so a command can report it; nothing is shown then.
 */
export interface Presenter {
  open(target: Target, options: OpenOptions): Promise<void>;
  /**
   * `Stacks: Call Read-Only Function…` (ui/workbenchCommand.ts): it lives in the panels bundle,
   * which it loads anyway to open the panel, so the main bundle does not carry it.
   */
  callReadOnlyFunction(
    d: CommandDeps,
    contractId?: unknown,
    fn?: unknown,
    network?: unknown,
  ): Promise<Target | undefined>;
}
