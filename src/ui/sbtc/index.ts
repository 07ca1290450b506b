/**
 * sBTC's commands, started with the services (src/services.ts): the deposit watch and its
 * `Stacks: Watch sBTC Deposit…` command. The deposit panel, the hover and the withdrawal section
 * of the transaction panel read through ./deposit.ts and ./gate.ts.
 */
import * as vscode from 'vscode';
import { formatTokenAmount } from '../../chain/format';
import { parseDepositId, SBTC_DECIMALS } from '../../chain/sbtc';
import type { SharedBudget } from '../../chain/watchBudget';
import { Commands } from '../../constants';
import type { WatchNetwork } from '../network/network';
import type { LogSink } from '../shared/log';
import { showWarning } from '../shared/notify';
import { DepositWatcher } from './depositWatch';

export interface SbtcDeps {
  networks: WatchNetwork;
  log: LogSink;
  state: vscode.Memento;
  shared: SharedBudget;
}

export function registerSbtc(deps: SbtcDeps): { watcher: DepositWatcher; disposables: vscode.Disposable[] } {
  const watcher = new DepositWatcher({
    ...deps,
    amountText: (sats) => `${formatTokenAmount(String(sats), SBTC_DECIMALS) ?? String(sats)} sBTC`,
  });
  const command = vscode.commands.registerCommand(Commands.watchSbtcDeposit, async (arg?: unknown) => {
    let raw: string | undefined;
    let network: string | undefined;
    if (typeof arg === 'string') raw = arg;
    else if (arg && typeof arg === 'object') {
      const t = arg as { kind?: unknown; id?: unknown; network?: unknown };
      if (t.kind === 'sbtcDeposit' && typeof t.id === 'string') raw = t.id;
      if (typeof t.network === 'string') network = t.network;
    } else
      raw = await vscode.window.showInputBox({
        title: vscode.l10n.t('Stacks: Watch sBTC Deposit'),
        prompt: vscode.l10n.t('The Bitcoin transaction id of a deposit: you are told once when it is minted or fails'),
        ignoreFocusOut: true,
        validateInput: (v) =>
          v.trim() === '' || parseDepositId(v) ? undefined : vscode.l10n.t('64 hex digits, with :output if you like'),
      });
    const ref = raw === undefined ? undefined : parseDepositId(raw);
    if (!ref) {
      if (raw?.trim())
        void showWarning(vscode.l10n.t('Give the Bitcoin transaction id (64 hex digits) of an sBTC deposit.'));
      return false;
    }
    const net =
      network === 'mainnet' || network === 'testnet' || network === 'devnet' || network === 'custom'
        ? network
        : deps.networks.current;
    return watcher.watch(ref, net);
  });
  return { watcher, disposables: [watcher, command] };
}
