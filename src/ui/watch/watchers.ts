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
  d: AddressWatchDeps,
  toTarget: (arg: unknown) => { kind: string; id: string; network?: NetworkId } | undefined,
  /** The background budget they spend from, shared with drift's fetches (services.ts). */
  shared: SharedBudget,
): Watchers {
  // The two share half the rate budget: their rounds are paced by every item both follow.
  const txWatch = new TxWatcher({ networks: d.networks, config: d.config, log: d.log, state: d.state, shared });
  const addressWatch = new AddressWatcher({ ...d, shared });
  return {
    txWatch,
    addressWatch,
    disposables: [txWatch, ...registerTxWatchCommands(txWatch, d.networks, toTarget), addressWatch],
  };
}
