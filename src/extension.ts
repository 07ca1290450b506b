import * as vscode from 'vscode';
import { Config } from './ui/config';
import { registerCommands } from './ui/commands';
import { History } from './ui/history';
import { Log } from './ui/log';
import { NetworkService } from './ui/network';
import { PanelManager } from './ui/panels';
import { NetworkStatusBar } from './ui/statusBar';

/**
 * Builds the few services and registers everything; nothing here asks the API, so activation
 * stays cheap and makes no request.
 */
export function activate(context: vscode.ExtensionContext): void {
  const log = new Log();
  context.subscriptions.push(log);
  try {
    const config = new Config();
    const networks = new NetworkService(config, context.secrets, log);
    const history = new History(context.globalState);
    const panels = new PanelManager();
    context.subscriptions.push(networks, history, panels, new NetworkStatusBar(networks));
    context.subscriptions.push(...registerCommands({ config, networks, presenter: panels, history, log }));
    void networks.updateContext();
  } catch (e) {
    log.error(`Activation failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
    void vscode.window.showErrorMessage(`Stacks Lookup could not start: ${e instanceof Error ? e.message : String(e)}`, 'Show Log').then((c) => c && log.channel.show());
  }
}

export function deactivate(): void {}
