/**
 * The deployed sources drift fetches in the background (a lens, a row of the view, a restored
 * diff), inside the background budget: with the watchers' rule (src/chain/watchBudget.ts), at most
 * half the rate budget in any minute, so hovers and lookups keep the other half however many
 * contracts a workspace names. What waits is the newest asked first (the file just opened before a
 * view's rows asked long ago), at most `MAX_WAITING`; one asked again moves to the front. No
 * `vscode` here, so the rule is tested and measured in plain Node.
 */
import type { Clock } from '../../api/clock';
import { SharedBudget, watchShare } from '../../chain/watchBudget';

/** Loads waiting for the budget at most: the oldest asked are dropped (asked again, they wait again). */
export const MAX_WAITING = 100;

export interface BackgroundLoad {
  /** The rate budget a minute of the API the load asks, as its client keeps it now (`StacksClient.rateBudget`). */
  perMinute(): Promise<number>;
  /** Starts the load; undefined when nothing is to be asked any more (it arrived meanwhile). */
  start(): Promise<unknown> | undefined;
}

export class BackgroundLoads {
  /** Oldest asked first. */
  private readonly waiting = new Map<string, BackgroundLoad>();
  private draining: AbortController | undefined;

  constructor(
    private readonly clock: () => Clock,
    /** What the loads spend; the watchers' budget when it is handed in, so that together they keep to it. */
    private readonly budget: SharedBudget = new SharedBudget(),
  ) {}

  /** How many loads wait for the budget. */
  get size(): number {
    return this.waiting.size;
  }

  /** Asks for a load: started when the budget has room, the newest asked first. */
  want(key: string, load: BackgroundLoad): void {
    this.waiting.delete(key);
    this.waiting.set(key, load);
    for (const oldest of this.waiting.keys()) {
      if (this.waiting.size <= MAX_WAITING) break;
      this.waiting.delete(oldest);
    }
    if (!this.draining) void this.drain();
  }

  /** Forgets what waits (what asked will ask again if it still wants it). */
  clear(): void {
    this.waiting.clear();
    this.draining?.abort();
    this.draining = undefined;
  }

  dispose(): void {
    this.clear();
  }

  private async drain(): Promise<void> {
    const controller = new AbortController();
    this.draining = controller;
    try {
      while (this.waiting.size && !controller.signal.aborted) {
        let key = '';
        let load: BackgroundLoad | undefined;
        for (const [k, l] of this.waiting) [key, load] = [k, l];
        const perMinute = await load!.perMinute();
        if (controller.signal.aborted) return;
        const now = this.clock().now();
        if (this.budget.room(now, perMinute) <= 0) {
          // One request of the share comes back at most this often: look again then.
          await this.clock().sleep(60_000 / watchShare(perMinute), controller.signal);
          continue;
        }
        // It may have been asked again, or dropped, while the budget was read.
        if (this.waiting.get(key) !== load) continue;
        this.waiting.delete(key);
        const started = load!.start();
        if (started) {
          this.budget.spend(now);
          started.catch(() => undefined);
        }
      }
    } catch {
      // Cancelled: `clear` dropped what waited.
    } finally {
      if (this.draining === controller) this.draining = undefined;
    }
  }
}
