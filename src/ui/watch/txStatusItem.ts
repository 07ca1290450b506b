/**
 * The watched transactions' status-bar item (how many, and which in its tooltip) and its menu:
 * open a watched transaction, or stop watching it. The watcher (txWatch.ts) renders it when its
 * list changes.
 */
import * as vscode from 'vscode';
import { NETWORK_LABELS, type NetworkId } from '../../chain/networks';
import type { WatchedTx } from '../../chain/txWatch';
import { Commands } from '../../constants';
import { OPEN } from '../failure/txFailure';
import { Disposable } from '../shared/lifecycle';
import { showInfo } from '../shared/notify';

export class TxStatusItem extends Disposable {
  readonly item: vscode.StatusBarItem;

  constructor() {
    super();
    this.item = this.register(
      vscode.window.createStatusBarItem('stacksLookup.watchedTransactions', vscode.StatusBarAlignment.Right, 99),
    );
    this.item.name = vscode.l10n.t('Stacks Watched Transactions');
    this.item.command = Commands.showWatchedTransactions;
  }

  /** Shows how many transactions `list` holds, or hides the item when it holds none. */
  render(list: readonly WatchedTx[]): void {
    if (!list.length) {
      this.item.hide();
      return;
    }
    this.item.text = `$(eye) ${list.length}`;
    const ids = list.map((w) => `${w.id.slice(0, 10)}…${w.id.slice(-8)} (${NETWORK_LABELS[w.network]})`).join('\n');
    this.item.tooltip =
      list.length === 1
        ? vscode.l10n.t('Watching 1 Stacks transaction until it lands:\n{0}', ids)
        : vscode.l10n.t('Watching {0} Stacks transactions until they land:\n{1}', list.length, ids);
    this.item.show();
  }
}

/** The status-bar item's menu: open a watched transaction, or stop watching it. */
export async function showWatchedMenu(
  list: readonly WatchedTx[],
  unwatch: (id: string, network: NetworkId) => Promise<void>,
): Promise<void> {
  if (!list.length) {
    void showInfo(vscode.l10n.t('No transaction is watched. Use "Stacks: Watch Transaction…" on a pending one.'));
    return;
  }
  type Item = vscode.QuickPickItem & { w: WatchedTx };
  const pick = await vscode.window.showQuickPick<Item>(
    list.map((w) => ({
      label: `$(eye) ${w.id.slice(0, 10)}…${w.id.slice(-8)}`,
      description: vscode.l10n.t('{0} · since {1}', NETWORK_LABELS[w.network], new Date(w.since).toLocaleTimeString()),
      w,
    })),
    {
      title: vscode.l10n.t('Stacks: Watched Transactions'),
      placeHolder: vscode.l10n.t('Pick a transaction to open it or stop watching it'),
    },
  );
  if (!pick) return;
  const stop = vscode.l10n.t('Stop Watching');
  const action = await vscode.window.showQuickPick([OPEN, stop], {
    title: vscode.l10n.t('Transaction {0}…', pick.w.id.slice(0, 10)),
  });
  if (action === OPEN)
    await vscode.commands.executeCommand(Commands.showTransaction, {
      kind: 'tx',
      id: pick.w.id,
      network: pick.w.network,
    });
  else if (action === stop) await unwatch(pick.w.id, pick.w.network);
}
