/**
 * The part of the extension that starts the first time it is used (src/extension.ts says when):
 * the lookups and their panels, the recent lookups, the explorer view's data (the watch list, the
 * Clarinet projects, the deployment table, drift), the hover's provider, the language features,
 * the watches and the workbench. Building it asks the API nothing and reads no file. The web
 * build compiles it with the other parts it loads on first use (src/webLazy.ts), so activation
 * compiles none of it.
 */
import * as vscode from 'vscode';
import type { Config } from './ui/shared/config';
import { registerLookupCommands } from './ui/lookup/commands';
import { toTarget } from './ui/shared/targets';
import { registerWorkbenchCommands } from './ui/workbench';
import { History } from './ui/shared/history';
import { StacksHoverProvider } from './ui/editor/hover';
import type { Log } from './ui/shared/log';
import type { UserActivity } from './ui/shared/activity';
import type { NetworkService } from './ui/network/network';
import { LazyPanels } from './ui/panels/lazyPanels';
import { registerExplorer, type Explorer } from './ui/tree';
import type { TxWatcher } from './ui/watch/txWatch';
import type { AddressWatcher } from './ui/watch/addressWatch';
import { startWatchers } from './ui/watch/watchers';
import { SharedBudget } from './chain/watchBudget';
import { LazyLanguage } from './ui/language';
import { PoxDiagnostics } from './ui/language/poxDiagnostics';
import { disposeAll } from './ui/shared/lifecycle';

export interface ServiceDeps {
  context: vscode.ExtensionContext;
  config: Config;
  networks: NetworkService;
  log: Log;
  activity: UserActivity;
  /** The explorer view at its Watched Addresses section (the view is activation's). */
  revealWatched(): Promise<void>;
}

export interface Services extends vscode.Disposable {
  panels: LazyPanels;
  history: History;
  explorer: Explorer;
  hover: vscode.HoverProvider;
  language: LazyLanguage;
  txWatch: TxWatcher;
  addressWatch: AddressWatcher;
}

/** Builds the services and registers their commands; undoes what it did when one part throws. */
export function startServices(d: ServiceDeps): Services {
  const { context, config, networks, log } = d;
  const parts: vscode.Disposable[] = [];
  try {
    const history = new History(context.globalState);
    const panels = new LazyPanels({ networks, config, history, log, extensionUri: context.extensionUri });
    parts.push(history, panels);
    const lookup = { config, networks, presenter: panels, history, log, activity: d.activity };
    parts.push(...registerLookupCommands(lookup), ...registerWorkbenchCommands(lookup));
    // One background budget (half the rate budget) for the watch rounds and drift's fetches.
    const background = new SharedBudget();
    const explorer = registerExplorer({ config, networks, history, log, context, background });
    parts.push(explorer);
    const language = new LazyLanguage({ networks, projects: explorer.projects, log });
    const hover = new StacksHoverProvider({ config, networks, log, language });
    // Warnings on calls into a PoX contract no longer active, from the first lookup on.
    parts.push(new PoxDiagnostics({ networks, log }));
    const watchers = startWatchers(
      {
        networks,
        config,
        log,
        watchlist: explorer.watchlist,
        state: context.workspaceState,
        revealWatched: d.revealWatched,
      },
      toTarget,
      background,
    );
    parts.push(...watchers.disposables);
    return {
      panels,
      history,
      explorer,
      hover,
      language,
      txWatch: watchers.txWatch,
      addressWatch: watchers.addressWatch,
      dispose: () => disposeAll(parts),
    };
  } catch (e) {
    disposeAll(parts);
    throw e;
  }
}
