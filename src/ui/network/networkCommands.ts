/** `Stacks: Select Network`, `Set API Key` and `Clear API Key`. */
import * as vscode from 'vscode';
import { isStacksApiError } from '../../api/errors';
import { checkBaseUrl } from '../../api/url';
import { NETWORK_IDS, NETWORK_LABELS } from '../../chain/networks';
import { Commands } from '../../constants';
import type { Config, NetworkId } from '../shared/config';
import { actionLabel, inertNotification } from '../shared/errorText';
import type { Log } from '../shared/log';
import { showError, showInfo } from '../shared/notify';
import type { NetworkService } from './network';
import type { UserActivity } from '../shared/activity';

export interface NetworkCommandDeps {
  config: Config;
  networks: NetworkService;
  log: Log;
  activity: UserActivity;
}

export function registerNetworkCommands(deps: NetworkCommandDeps): vscode.Disposable[] {
  return [
    deps.activity.registerCommand(Commands.selectNetwork, () => selectNetwork(deps)),
    deps.activity.registerCommand(Commands.setApiKey, () => setApiKey(deps)),
    deps.activity.registerCommand(Commands.clearApiKey, () => clearApiKey(deps)),
  ];
}

interface NetworkPick extends vscode.QuickPickItem {
  network: NetworkId;
}

async function selectNetwork(deps: NetworkCommandDeps): Promise<NetworkId | undefined> {
  const current = deps.networks.current;
  const details: Partial<Record<NetworkId, string>> = {
    devnet: vscode.l10n.t('A local Clarinet devnet (clarinet devnet start)'),
    custom: vscode.l10n.t('Any Stacks API: https, or http on localhost'),
  };
  const items: NetworkPick[] = NETWORK_IDS.map((n) => {
    const detail = details[n];
    return {
      network: n,
      label: `${n === current ? '$(check) ' : ''}${NETWORK_LABELS[n]}`,
      description: n === 'custom' ? deps.config.customApiUrl || vscode.l10n.t('Custom URL…') : deps.config.apiUrl(n),
      ...(detail === undefined ? {} : { detail }),
    };
  });
  const pick = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Stacks: Select Network'),
    placeHolder: vscode.l10n.t('Current: {0}', NETWORK_LABELS[current]),
  });
  if (!pick) return undefined;
  if (pick.network === 'custom') {
    const url = await vscode.window.showInputBox({
      title: vscode.l10n.t('Stacks: Custom API URL'),
      prompt: vscode.l10n.t('The base URL of a Stacks chain data API (https, or http on localhost)'),
      value: deps.config.customApiUrl || 'https://',
      ignoreFocusOut: true,
      validateInput: (s) => ((c) => (c.ok ? undefined : c.reason))(checkBaseUrl(s)),
    });
    if (!url) return undefined;
    const clean = url.trim().replace(/\/+$/, '');
    const ok = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: inertNotification(vscode.l10n.t('Stacks: checking {0}', clean)),
        cancellable: true,
      },
      async (_p, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        try {
          const status = await deps.networks.probe(clean, controller.signal);
          deps.log.info(`Custom API ${clean}: ${status.server_version} (${status.status})`);
          return true;
        } catch (e) {
          const msg = isStacksApiError(e) ? e.message : String(e);
          if (!(isStacksApiError(e) && e.kind === 'cancelled')) {
            void showError(
              vscode.l10n.t('{0} does not answer like a Stacks API: {1}', clean, msg),
              actionLabel('Select Network'),
            ).then((c) => c && vscode.commands.executeCommand(Commands.selectNetwork));
          }
          return false;
        }
      },
    );
    if (!ok) return undefined;
    await deps.config.setCustomApiUrl(clean);
  }
  await deps.config.setNetwork(pick.network);
  const u = deps.networks.urlOf(pick.network);
  vscode.window.setStatusBarMessage(
    u.ok
      ? vscode.l10n.t('$(globe) Stacks: {0} ({1})', NETWORK_LABELS[pick.network], u.url)
      : vscode.l10n.t('$(globe) Stacks: {0}', NETWORK_LABELS[pick.network]),
    4000,
  );
  return pick.network;
}

async function setApiKey(deps: NetworkCommandDeps): Promise<boolean> {
  const origins = deps.networks.originsForNewKey();
  if (!origins.length) {
    const u = deps.networks.urlOf(deps.networks.current);
    void showError(
      vscode.l10n.t('Set a valid API URL first: {0}', u.ok ? '' : u.reason),
      actionLabel('Select Network'),
    ).then((c) => c && vscode.commands.executeCommand(Commands.selectNetwork));
    return false;
  }
  const hosts = hostList(origins);
  const key = await vscode.window.showInputBox({
    title: vscode.l10n.t('Stacks: Set API Key'),
    prompt: vscode.l10n.t('Your API key for {0}. It is kept in the system keychain and sent only to {0}.', hosts),
    password: true,
    ignoreFocusOut: true,
    validateInput: (s) =>
      /\s/.test(s.trim())
        ? vscode.l10n.t('An API key has no spaces.')
        : s.trim().length > 512
          ? vscode.l10n.t('That is too long for an API key.')
          : undefined,
  });
  if (!key?.trim()) return false;
  await deps.networks.setKey(key.trim(), origins);
  void showInfo(vscode.l10n.t('Stacks: API key saved for {0}.', hosts));
  return true;
}

async function clearApiKey(deps: NetworkCommandDeps): Promise<boolean> {
  const origins = deps.networks.originsForNewKey();
  await deps.networks.clearKey(origins);
  void showInfo(
    origins.length
      ? vscode.l10n.t('Stacks: API key removed for {0}.', hostList(origins))
      : vscode.l10n.t('Stacks: API key removed.'),
  );
  return true;
}

/** "a.example and b.example": the hosts a key is for. */
function hostList(origins: readonly string[]): string {
  return origins.map((o) => new URL(o).host).reduce((a, b) => vscode.l10n.t('{0} and {1}', a, b));
}
