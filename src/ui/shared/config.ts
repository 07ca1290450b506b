import * as vscode from 'vscode';
import {
  CONFIG_SECTION,
  DEFAULT_BITCOIN_EXPLORER_URL,
  DEFAULT_EXPLORER_URL,
  NETWORK_URLS,
  RESTRICTED_SETTINGS,
  Settings,
} from '../../constants';

import { type ApiKeyMode, apiKeyModeOf } from '../../api/url';
import { explorerBaseFrom } from '../../chain/explorer';
import { isNetworkId, type NetworkId } from '../../chain/networks';
import { showWarning } from './notify';
export type { NetworkId };

/**
 * In an untrusted workspace only the user's own values of these count. VS Code itself hides the
 * workspace's values of the settings package.json lists as restricted; this is the second lock.
 */
const RESTRICTED = new Set<string>(RESTRICTED_SETTINGS);

/** The settings the watchers read (src/ui/watch): `Config` has them, and a test can pass its own. */
export type WatchSettings = Pick<Config, 'watchMaxMinutes' | 'watchedNotify' | 'affects'>;

/** Typed access to the `stacksLookup.*` settings. */
export class Config {
  /** Bad explorerUrl values the user has been told about. */
  private readonly explorerWarned = new Set<string>();

  private snapshot: vscode.WorkspaceConfiguration | undefined;

  /**
   * The section as VS Code has it now, read once per synchronous run: `getConfiguration` merges
   * every scope on each call, and the status bar alone reads five settings to draw itself. A change
   * of settings is an event, so it never lands inside one run; the snapshot is dropped as the run
   * ends.
   */
  private get section(): vscode.WorkspaceConfiguration {
    if (!this.snapshot) {
      this.snapshot = vscode.workspace.getConfiguration(CONFIG_SECTION);
      queueMicrotask(() => (this.snapshot = undefined));
    }
    return this.snapshot;
  }

  private read<T>(key: string, fallback: T): T {
    if (RESTRICTED.has(key) && !vscode.workspace.isTrusted) {
      const i = this.section.inspect<T>(key);
      return i?.globalValue ?? i?.defaultValue ?? fallback;
    }
    return this.section.get<T>(key, fallback);
  }

  get network(): NetworkId {
    const n = this.read<string>(Settings.network, 'mainnet');
    return isNetworkId(n) ? n : 'mainnet';
  }
  get autoNetwork(): boolean {
    return this.read(Settings.autoNetwork, true);
  }
  get devnetApiUrl(): string {
    return this.read(Settings.devnetApiUrl, NETWORK_URLS.devnet).trim() || NETWORK_URLS.devnet;
  }
  get customApiUrl(): string {
    return this.read(Settings.customApiUrl, '').trim();
  }
  /** Ask the custom API's origin for token metadata too (it serves the Token Metadata API, as the hosted ones do). */
  get customTokenMetadata(): boolean {
    return this.read(Settings.customTokenMetadata, false);
  }
  /** How the custom API takes its key (`X-API-Key`, `x-token`, or a token in the path). */
  get customApiKeyMode(): ApiKeyMode {
    return apiKeyModeOf(this.read<string>(Settings.customApiKeyMode, 'x-api-key'));
  }
  /** How a network's API takes the key: the hosted ones and a devnet by `X-API-Key`, a custom one as set. */
  apiKeyMode(network: NetworkId): ApiKeyMode {
    return network === 'custom' ? this.customApiKeyMode : 'x-api-key';
  }
  get requestTimeoutMs(): number {
    const n = this.read(Settings.requestTimeoutMs, 15_000);
    return Number.isFinite(n) ? Math.min(120_000, Math.max(1_000, n)) : 15_000;
  }
  /** The explorer links are built on: the setting when it is https (no user info, query or fragment), else the default. */
  get explorerUrl(): string {
    const e = explorerBaseFrom(this.read(Settings.explorerUrl, DEFAULT_EXPLORER_URL), DEFAULT_EXPLORER_URL);
    if (e.problem && !this.explorerWarned.has(e.problem)) {
      this.explorerWarned.add(e.problem);
      void showWarning(e.problem);
    }
    return e.url;
  }
  /** The Bitcoin explorer anchor transactions and burn blocks open in, by the same rules as `explorerUrl`. */
  get bitcoinExplorerUrl(): string {
    const e = explorerBaseFrom(
      this.read(Settings.bitcoinExplorerUrl, DEFAULT_BITCOIN_EXPLORER_URL),
      DEFAULT_BITCOIN_EXPLORER_URL,
      `${CONFIG_SECTION}.${Settings.bitcoinExplorerUrl}`,
    );
    if (e.problem && !this.explorerWarned.has(e.problem)) {
      this.explorerWarned.add(e.problem);
      void showWarning(e.problem);
    }
    return e.url;
  }
  get hoverEnabled(): boolean {
    return this.read(Settings.hoverEnabled, true);
  }
  get hoverAllFiles(): boolean {
    return this.read(Settings.hoverAllFiles, false);
  }
  get watchedGlobal(): boolean {
    return this.read(Settings.watchedGlobal, false);
  }
  /** Notify when a watched address gets a new transaction (off by default: it polls in the background). */
  get watchedNotify(): boolean {
    return this.read(Settings.watchedNotify, false);
  }
  get autoRefreshSeconds(): number {
    const n = this.read(Settings.autoRefreshSeconds, 0);
    return Number.isFinite(n) && n > 0 ? Math.max(10, n) : 0;
  }
  get codeLensEnabled(): boolean {
    return this.read(Settings.codeLensEnabled, true);
  }
  get statusBarChainTip(): boolean {
    return this.read(Settings.statusBarChainTip, true);
  }
  /** How long a transaction is watched before the watch gives up, in minutes (1 to 1,440). */
  get watchMaxMinutes(): number {
    const n = this.read(Settings.watchMaxMinutes, 60);
    return Number.isFinite(n) ? Math.min(1440, Math.max(1, n)) : 60;
  }

  /** The simulation service the workbench's Simulate sends a call to ('' when off, the default). */
  get simulationServiceUrl(): string {
    return this.read(Settings.simulationServiceUrl, '').trim();
  }

  /** The folder of `@stacks/clarinet-sdk` a trace runs (restricted: a workspace value needs trust). */
  get replaySdkPath(): string {
    return this.read(Settings.replaySdkPath, '').trim();
  }

  /**
   * Emily, the sBTC bridge's API, for a network: '' when it is off (the default), in an untrusted
   * workspace, or when the network's URL is empty (devnet and custom use the custom URL).
   */
  sbtcEmilyUrl(network: NetworkId): string {
    if (!vscode.workspace.isTrusted || !this.read(Settings.sbtcEmilyEnabled, false)) return '';
    const key =
      network === 'mainnet'
        ? Settings.sbtcEmilyMainnetUrl
        : network === 'testnet'
          ? Settings.sbtcEmilyTestnetUrl
          : Settings.sbtcEmilyCustomUrl;
    return this.read(key, '').trim();
  }

  /** The API URL of a network, as configured (not yet checked for safety). */
  apiUrl(network: NetworkId): string {
    switch (network) {
      case 'mainnet':
        return NETWORK_URLS.mainnet;
      case 'testnet':
        return NETWORK_URLS.testnet;
      case 'devnet':
        return this.devnetApiUrl;
      case 'custom':
        return this.customApiUrl;
    }
  }

  async setNetwork(network: NetworkId): Promise<void> {
    await this.section.update(Settings.network, network, vscode.ConfigurationTarget.Global);
  }

  async setCustomApiUrl(url: string): Promise<void> {
    await this.section.update(Settings.customApiUrl, url, vscode.ConfigurationTarget.Global);
  }

  affects(e: vscode.ConfigurationChangeEvent, ...keys: string[]): boolean {
    return keys.some((k) => e.affectsConfiguration(`${CONFIG_SECTION}.${k}`));
  }
}
