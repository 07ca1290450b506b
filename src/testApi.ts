// What activate() hands to the in-host tests, the one rule for when it does, and the probes the
// tests read instead of test members on production classes. No `vscode` import, so the unit tests
// load this module as it is (and the web tests bundle it).
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
import type { NetworkState } from './ui/network/network';
import type { PanelTap } from './ui/panels/panelTap';
import type { HostMessage } from './protocol';
import type { RoundDriver } from './ui/watch/rounds';
import type { ReplayTap } from './ui/trace/traceTypes';
import { AdjustableClock } from './api/clock';

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
  /** What the tests read and move that no production class offers (below). */
  readonly probe: Probe;
}

/** A listener list, as `vscode.Event` is used by the tests (this module loads without `vscode`). */
export type ProbeEvent<T> = (listener: (value: T) => void) => { dispose(): void };

/**
 * The in-host tests' probes, built here from the narrow internals src/extension.ts hands over (the
 * network service's state, the panel's tap), so that no production class carries a test member.
 */
export interface Probe {
  /**
   * A clock the tests move forward, for the clients made from now on (rate budget, cache), the
   * explorer's auto refresh and the watch rounds: a rate-limit block, a cache lifetime or an
   * interval then passes without being waited out. The same clock on every call.
   */
  clock(): AdjustableClock;
  /** As in a window just reloaded: the user has not asked for chain data yet (what started goes on). */
  forgetUse(): void;
  /** The clients made so far, each named by network, URL, timeout and whether a key is sent (never the key). */
  clientIds(): string[];
  /** Drops the clients: the next request starts with an empty cache and a full rate budget. */
  dropClients(): void;
  /** The rate budget of the clients made from now on (0: the client's own), for the benchmark's runs. */
  raiseRateBudget(requestsPerMinute: number): void;
  /** Each message posted to the detail panel's webview, replays and form results included. */
  readonly onDidPost: ProbeEvent<HostMessage>;
  /** Each message from the webview (or a test) as the panel takes it. */
  readonly onDidReceive: ProbeEvent<unknown>;
  /** The HTML document of the panel's webview as VS Code holds it ('' with no panel open). */
  panelHtml(): string;
  /** How long the replay process (Trace) may sit idle before it is stopped, from its next idle on; undefined: a minute. */
  replayIdle(ms: number | undefined): void;
  /** The id of the replay process while it runs; undefined when none runs (or none was started). */
  replayPid(): number | undefined;
  /** The parts loaded on first use so far (src/bundles/partsEntry.ts), in order. */
  startedParts(): string[];
}

/** The internals the probes are built from (src/extension.ts builds them before the services). */
export interface ProbeParts {
  network: NetworkState;
  /** The panel's tap, to hand to the panels (PanelDeps.tap). */
  tap: PanelTap;
  /** The replay's tap, to hand to Trace (TraceDeps.tap). */
  replay: ReplayTap;
  probe: Probe;
}

function listeners<T>(): { fire(value: T): void; event: ProbeEvent<T> } {
  const all = new Set<(value: T) => void>();
  return {
    fire: (value) => {
      for (const l of [...all]) l(value);
    },
    event: (listener) => {
      all.add(listener);
      return { dispose: () => void all.delete(listener) };
    },
  };
}

/**
 * The probes of a network service's state, of the panel's traffic (the tap returned goes to the
 * panels) and of the parts loaded (src/bundles/parts.ts `startedParts`).
 */
export function probeParts(network: NetworkState, startedParts: () => string[]): ProbeParts {
  const posted = listeners<HostMessage>();
  const received = listeners<unknown>();
  let webview: { readonly html: string } | undefined;
  let clock: AdjustableClock | undefined;
  let replayIdleMs: number | undefined;
  let replayEngine: { readonly pid: number | undefined } | undefined;
  return {
    network,
    tap: { posted: posted.fire, received: received.fire, shows: (w) => (webview = w) },
    replay: { idleMs: () => replayIdleMs, engine: (e) => (replayEngine = e) },
    probe: {
      clock: () => {
        if (!clock) {
          clock = new AdjustableClock();
          network.clock = clock;
          network.clients.clear();
        }
        return clock;
      },
      forgetUse: () => {
        network.used = false;
      },
      clientIds: () => [...network.clients.keys()],
      startedParts: () => startedParts(),
      dropClients: () => network.clients.clear(),
      raiseRateBudget: (requestsPerMinute) => {
        if (requestsPerMinute > 0) network.requestsPerMinute = requestsPerMinute;
        else delete network.requestsPerMinute;
        network.clients.clear();
      },
      onDidPost: posted.event,
      onDidReceive: received.event,
      panelHtml: () => webview?.html ?? '',
      replayIdle: (ms) => {
        replayIdleMs = ms;
      },
      replayPid: () => replayEngine?.pid,
    },
  };
}

/** Runs a watcher's round now (after the one in flight, if any), as its timer would. */
export async function roundNow(rounds: RoundDriver): Promise<void> {
  if (rounds.inFlight) await rounds.nextRound();
  rounds.clearTimer();
  await rounds.run();
}

/** What the watched transactions' status-bar item shows ('' while hidden). */
export function statusText(watcher: TxWatcher): string {
  return watcher.watched.length ? watcher.statusItem.item.text : '';
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
