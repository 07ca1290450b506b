// The watched transactions and the watched addresses' notifications, started with the rest of the
// extension (src/services.ts).
import type * as vscode from 'vscode';
import type { NetworkId } from '../../chain/networks';
import type { SharedBudget } from '../../chain/watchBudget';
import { AddressWatcher, type AddressWatchDeps } from './addressWatch';
import { registerTxWatchCommands, TxWatcher } from './txWatch';

export interface Watchers {
  txWatch: TxWatcher;
  addressWatch: AddressWatcher;
  disposables: vscode.Disposable[];
}

export function startWatchers(
  deps: AddressWatchDeps,
  toTarget: (arg: unknown) => { kind: string; id: string; network?: NetworkId } | undefined,
  /** The background budget they spend from, shared with drift's fetches (services.ts). */
  shared: SharedBudget,
): Watchers {
  // The two share half the rate budget: their rounds are paced by every item both follow.
  const txWatch = new TxWatcher({
    networks: deps.networks,
    config: deps.config,
    log: deps.log,
    state: deps.state,
    shared,
  });
  const addressWatch = new AddressWatcher({ ...deps, shared });
  return {
    txWatch,
    addressWatch,
    disposables: [txWatch, ...registerTxWatchCommands(txWatch, deps.networks, toTarget), addressWatch],
  };
}
