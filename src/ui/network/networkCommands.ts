/** `Stacks: Select Network`, `Set API Key` and `Clear API Key`. */
import * as vscode from 'vscode';
import { isStacksApiError } from '../../api/errors';
import { checkBaseUrl } from '../../api/url';
import { NETWORK_IDS, NETWORK_LABELS } from '../../chain/networks';
import { Commands } from '../../constants';
import type { Config, NetworkId } from '../shared/config';
import { inertNotification } from '../shared/errorText';
import type { Log } from '../shared/log';
import { showError, showInfo } from '../shared/notify';
import type { NetworkService } from './network';

export interface NetworkCommandDeps {
  config: Config;
  networks: NetworkService;
  log: Log;
}

export function registerNetworkCommands(d: NetworkCommandDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Commands.selectNetwork, () => selectNetwork(d)),
    vscode.commands.registerCommand(Commands.setApiKey, () => setApiKey(d)),
    vscode.commands.registerCommand(Commands.clearApiKey, () => clearApiKey(d)),
  ];
}

interface NetworkPick extends vscode.QuickPickItem {
  network: NetworkId;
}

async function selectNetwork(d: NetworkCommandDeps): Promise<NetworkId | undefined> {
  const current = d.networks.current;
  const details: Partial<Record<NetworkId, string>> = {
    devnet: 'A local Clarinet devnet (clarinet devnet start)',
    custom: 'Any Stacks API: https, or http on localhost',
  };
  const items: NetworkPick[] = NETWORK_IDS.map((n) => {
    const detail = details[n];
    return {
      network: n,
      label: `${n === current ? '$(check) ' : ''}${NETWORK_LABELS[n]}`,
      description: n === 'custom' ? d.config.customApiUrl || 'Custom URL…' : d.config.apiUrl(n),
      ...(detail === undefined ? {} : { detail }),
    };
  });
  const pick = await vscode.window.showQuickPick(items, {
    title: 'Stacks: Select Network',
    placeHolder: `Current: ${NETWORK_LABELS[current]}`,
  });
  if (!pick) return undefined;
  if (pick.network === 'custom') {
    const url = await vscode.window.showInputBox({
      title: 'Stacks: Custom API URL',
      prompt: 'The base URL of a Stacks chain data API (https, or http on localhost)',
      value: d.config.customApiUrl || 'https://',
      ignoreFocusOut: true,
      validateInput: (s) => ((c) => (c.ok ? undefined : c.reason))(checkBaseUrl(s)),
    });
    if (!url) return undefined;
    const clean = url.trim().replace(/\/+$/, '');
    const ok = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: inertNotification(`Stacks: checking ${clean}`),
        cancellable: true,
      },
      async (_p, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        try {
          const status = await d.networks.probe(clean, controller.signal);
          d.log.info(`Custom API ${clean}: ${status.server_version} (${status.status})`);
          return true;
        } catch (e) {
          const msg = isStacksApiError(e) ? e.message : String(e);
          if (!(isStacksApiError(e) && e.kind === 'cancelled')) {
            void showError(`${clean} does not answer like a Stacks API: ${msg}`, 'Select Network').then(
              (c) => c && vscode.commands.executeCommand(Commands.selectNetwork),
            );
          }
          return false;
        }
      },
    );
    if (!ok) return undefined;
    await d.config.setCustomApiUrl(clean);
  }
  await d.config.setNetwork(pick.network);
  const u = d.networks.urlOf(pick.network);
  vscode.window.setStatusBarMessage(
    `$(globe) Stacks: ${NETWORK_LABELS[pick.network]}${u.ok ? ` (${u.url})` : ''}`,
    4000,
  );
  return pick.network;
}

async function setApiKey(d: NetworkCommandDeps): Promise<boolean> {
  const origins = d.networks.originsForNewKey();
  if (!origins.length) {
    const u = d.networks.urlOf(d.networks.current);
    void showError(`Set a valid API URL first: ${u.ok ? '' : u.reason}`, 'Select Network').then(
      (c) => c && vscode.commands.executeCommand(Commands.selectNetwork),
    );
    return false;
  }
  const hosts = origins.map((o) => new URL(o).host).join(' and ');
  const key = await vscode.window.showInputBox({
    title: 'Stacks: Set API Key',
    prompt: `Your API key for ${hosts}. It is kept in the system keychain and sent only to ${hosts}.`,
    password: true,
    ignoreFocusOut: true,
    validateInput: (s) =>
      /\s/.test(s.trim())
        ? 'An API key has no spaces.'
        : s.trim().length > 512
          ? 'That is too long for an API key.'
          : undefined,
  });
  if (!key?.trim()) return false;
  await d.networks.setKey(key.trim(), origins);
  void showInfo(`Stacks: API key saved for ${hosts}.`);
  return true;
}

async function clearApiKey(d: NetworkCommandDeps): Promise<boolean> {
  const origins = d.networks.originsForNewKey();
  await d.networks.clearKey(origins);
  void showInfo(
    `Stacks: API key removed${origins.length ? ` for ${origins.map((o) => new URL(o).host).join(' and ')}` : ''}.`,
  );
  return true;
}
