// What activate() hands to the in-host tests, and the one rule for when it does. Types only at
// run time (no `vscode` import), so the unit tests load this module as it is.
import type * as vscode from 'vscode';
import type { History } from './ui/shared/history';
import type { Log } from './ui/shared/log';
import type { PanelManager } from './ui/panels';
import type { NetworkService } from './ui/network/network';
import type { NetworkStatusBar } from './ui/network/statusBar';
import type { ExplorerTree } from './ui/tree';
import type { Watchlist } from './ui/watch/watchlist';
import type { TxWatcher } from './ui/watch/txWatch';
import type { AddressWatcher } from './ui/watch/addressWatch';

/** The extension's own state, for its in-host tests; other extensions get nothing from activate(). */
export interface TestApi {
  /** Where the extension's log files are written. */
  readonly logUri: vscode.Uri;
  /** The extension's log: a line a test writes is on disk once what was logged before it is. */
  readonly log: Log;
  /** The extension's global storage; the user's settings.json is two levels up. */
  readonly globalStorageUri: vscode.Uri;
  /** The extension context's own mementos, to check where state is really kept. */
  readonly workspaceState: vscode.Memento;
  readonly globalState: vscode.Memento;
  /** Whether the part of the extension that starts on first use (src/services.ts) has started; reading it starts nothing. */
  readonly servicesStarted: boolean;
  /** The detail panel: what it shows and a way to wait for its next render. Reading it (like the history, the tree, the watch list and the watches) starts the rest of the extension and loads the panels bundle. */
  readonly panels: PanelManager | undefined;
  /** The selected network, the URL of each, where a lookup goes. */
  readonly networks: NetworkService | undefined;
  /** The network item of the status bar. */
  readonly statusBar: NetworkStatusBar | undefined;
  /** The recent lookups (tests check that failures lose none). */
  readonly history: History | undefined;
  /** The explorer view's data provider and the watched addresses. */
  readonly tree: ExplorerTree | undefined;
  readonly watchlist: Watchlist | undefined;
  /** The watched transactions: the list, the rounds, the status-bar item. */
  readonly txWatch: TxWatcher | undefined;
  readonly addressWatch: AddressWatcher | undefined;
  /** The chat tools as registered with `vscode.lm.registerTool`, by name. */
  readonly agentTools: ReadonlyMap<string, vscode.LanguageModelTool<unknown>> | undefined;
}

/** `vscode.ExtensionMode.Test`, checked against the declared enum by its type. */
const TEST_MODE: vscode.ExtensionMode.Test = 3;

/**
 * What activate() returns: the internals only when VS Code runs the extension for its tests
 * (extensionTestsPath set), nothing in Production or Development. `internals` is called only then.
 */
export function testApiFor(mode: vscode.ExtensionMode, internals: () => TestApi): TestApi | undefined {
  return mode === TEST_MODE ? internals() : undefined;
}
