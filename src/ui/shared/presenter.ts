import type { Target } from '../../chain/target';

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
}
