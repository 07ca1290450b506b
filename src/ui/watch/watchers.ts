// The watched transactions and the watched addresses' notifications, started at activation. The
// web build leaves both out and replaces this file with watchers.web.ts (esbuild.js, `webVariants`).
import type * as vscode from 'vscode';
import type { NetworkId } from '../../chain/networks';
import { AddressWatcher, type AddressWatchDeps } from './addressWatch';
import { registerTxWatchCommands, TxWatcher } from './txWatch';

export interface Watchers {
  txWatch: TxWatcher | undefined;
  addressWatch: AddressWatcher | undefined;
  disposables: vscode.Disposable[];
}

export function startWatchers(
  d: AddressWatchDeps,
  toTarget: (arg: unknown) => { kind: string; id: string; network?: NetworkId } | undefined,
): Watchers {
  const txWatch = new TxWatcher({ networks: d.networks, config: d.config, log: d.log, state: d.state });
  const addressWatch = new AddressWatcher(d);
  return {
    txWatch,
    addressWatch,
    disposables: [txWatch, ...registerTxWatchCommands(txWatch, d.networks, toTarget), addressWatch],
  };
}
