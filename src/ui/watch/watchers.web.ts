// The web build leaves out watching transactions and the watched addresses' notifications: both
// poll in the background, which a browser tab does poorly, and together they are ~10 KB of the
// one-file web extension. Their commands stay registered and say so; package.json hides them from
// the palette where `stacksLookup.web` is set. The watched addresses themselves (the view's
// section) work as on the desktop.
import * as vscode from 'vscode';
import type { NetworkId } from '../../chain/networks';
import { Commands, Settings } from '../../constants';
import type { AddressWatchDeps } from './addressWatch';
import { showInfo } from '../shared/notify';
import { desktopOnly } from '../shared/webBuild';

export interface Watchers {
  txWatch: undefined;
  addressWatch: undefined;
  disposables: vscode.Disposable[];
}

export function startWatchers(
  d: AddressWatchDeps,
  _toTarget: (arg: unknown) => { kind: string; id: string; network?: NetworkId } | undefined,
): Watchers {
  const watching = () => void showInfo(desktopOnly('Watching a transaction until it lands'));
  const notifyOff = () => {
    if (d.config.watchedNotify) void showInfo(desktopOnly('Notifying new transactions of watched addresses'));
  };
  notifyOff();
  return {
    txWatch: undefined,
    addressWatch: undefined,
    disposables: [
      vscode.commands.registerCommand(Commands.watchTransaction, () => {
        watching();
        return false;
      }),
      vscode.commands.registerCommand(Commands.showWatchedTransactions, watching),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (d.config.affects(e, Settings.watchedNotify)) notifyOff();
      }),
    ],
  };
}
