import * as vscode from 'vscode';
import type { ServerStatus, StacksClient } from '../../api';
import { createStacksClient } from '../../api/lazy';
import { type Clock, realTime } from '../../api/clock';
import { checkBaseUrl } from '../../api/url';
import type { ChainNetwork } from '../../chain/identifiers';
import { ContextKeys, NETWORK_URLS, Settings } from '../../constants';
import { NETWORK_LABELS } from '../../chain/networks';
import { Config, NetworkId } from '../shared/config';
import type { ErrorContext } from '../shared/errorText';
import type { Log } from '../shared/log';
import { showInfo } from '../shared/notify';
import { Disposable } from '../shared/lifecycle';

const SECRET_KEY = 'stacksLookup.apiKeys';
/** A key set while a hosted network is selected serves both hosted APIs. */
const HOSTED_ORIGINS = [new URL(NETWORK_URLS.mainnet).origin, new URL(NETWORK_URLS.testnet).origin];

/** Where a lookup goes: the network, its URL and a client for it. */
export interface Endpoint {
  network: NetworkId;
  baseUrl: string;
  client: StacksClient;
}

/**
 * What the watchers (src/ui/watch) need of the network service, and no more: where a request
 * goes, whether a key raises the budget, the clock their rounds wait on, and whether the user has
 * asked for chain data in this window yet. `NetworkService` is one; a test can pass its own.
 */
export interface WatchNetwork {
  readonly current: NetworkId;
  readonly used: boolean;
  readonly onDidFirstUse: vscode.Event<void>;
  readonly clock: Clock;
  networkFor(chain?: ChainNetwork): NetworkId;
  endpoint(network?: NetworkId, options?: { background?: boolean }): Promise<Endpoint>;
  hasKeyFor(network?: NetworkId): Promise<boolean>;
}

/**
 * What a NetworkService keeps that its owner hands in (src/extension.ts builds it): the clients
 * made so far, the clock they and their rounds run on, the rate budget of the clients made from
 * now on, and whether the user has asked for chain data in this window. The in-host tests' probes
 * (src/testApi.ts) read and set it; the service itself has no member for them.
 */
export interface NetworkState {
  /** The clients made so far, each named by network, URL, timeout and whether a key is sent (never the key). */
  readonly clients: Map<string, StacksClient>;
  /** The clock of the clients made from now on (rate budget, cache) and of what they pace. */
  clock: Clock;
  /** Requests per minute for the clients made from now on (the benchmark's memory run); the client's own by default. */
  requestsPerMinute?: number;
  /** Whether the user has asked for chain data in this window (see `NetworkService.used`). */
  used: boolean;
}

/** The state of a service that has made no client, runs on real time and has not been used. */
export function networkState(): NetworkState {
  return { clients: new Map(), clock: realTime, used: false };
}

/**
 * Knows the selected network, the API URL of each network and which API key belongs to which
 * origin. A key is only handed to a client whose origin it was set for.
 */
export class NetworkService extends Disposable implements WatchNetwork {
  private readonly emitter = new vscode.EventEmitter<void>();
  /** Fires when the network, an API URL, the timeout or the key changes. */
  readonly onDidChange = this.emitter.event;
  private keys: Record<string, string> | undefined;
  /** Switched-off API routes the user has been told about this session. */
  private readonly fallbacksShown = new Set<string>();

  constructor(
    private readonly config: Config,
    private readonly secrets: vscode.SecretStorage,
    private readonly log: Log,
    private readonly state: NetworkState = networkState(),
  ) {
    super();
    this.registerAll(
      this.emitter,
      this.usedEmitter,
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (
          config.affects(
            e,
            Settings.network,
            Settings.devnetApiUrl,
            Settings.customApiUrl,
            Settings.customApiKeyMode,
            Settings.requestTimeoutMs,
            Settings.autoNetwork,
          )
        ) {
          this.changed();
        }
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed()),
      secrets.onDidChange((e) => {
        if (e.key === SECRET_KEY) {
          this.keys = undefined;
          this.changed();
        }
      }),
    );
  }

  get current(): NetworkId {
    return this.config.network;
  }

  /**
   * The network to ask about a principal of the given chain: with auto network on, a testnet
   * address goes to testnet (or devnet while devnet is selected), a mainnet one to mainnet.
   */
  networkFor(chain?: ChainNetwork): NetworkId {
    const current = this.config.network;
    if (!chain || !this.config.autoNetwork || current === 'custom') return current;
    if (chain === 'mainnet') return 'mainnet';
    return current === 'devnet' ? 'devnet' : 'testnet';
  }

  /** The API URL of a network, or an explanation when it is missing or unsafe. */
  urlOf(network: NetworkId): { ok: true; url: string } | { ok: false; reason: string } {
    const raw = this.config.apiUrl(network);
    if (!raw)
      return { ok: false, reason: vscode.l10n.t('No custom API URL is set: choose "Custom URL…" in Select Network.') };
    const checked = checkBaseUrl(raw);
    return checked.ok ? { ok: true, url: raw.replace(/\/+$/, '') } : { ok: false, reason: checked.reason };
  }

  private readonly usedEmitter = new vscode.EventEmitter<void>();
  /** Fires once, when the user first asks for data in this window (not background requests). */
  readonly onDidFirstUse = this.usedEmitter.event;

  /**
   * Whether the user has asked for chain data in this window yet: a hover, a command, a lookup, a
   * click in a panel or the view. What VS Code restores after a reload (a panel, a document, the
   * view as it was left) does not count, so the status bar's poll, the watch rounds and the view
   * wait for one of those.
   */
  get used(): boolean {
    return this.state.used;
  }

  /** The user asked for chain data in this window: what waits for that starts now. */
  markUsed(): void {
    if (this.state.used) return;
    this.state.used = true;
    this.usedEmitter.fire();
  }

  /**
   * A client for the network; clients are kept so their caches and rate budgets persist.
   * `background` callers (the status bar, the watch rounds, what a reload restores) do not count
   * as the user asking for data.
   */
  async endpoint(network: NetworkId = this.current, options: { background?: boolean } = {}): Promise<Endpoint> {
    if (!options.background) this.markUsed();
    const u = this.urlOf(network);
    const baseUrl = u.ok ? u.url : this.config.apiUrl(network) || 'https://invalid.invalid';
    const key = u.ok ? await this.keyFor(baseUrl) : undefined;
    const timeoutMs = this.config.requestTimeoutMs;
    const keyMode = this.config.apiKeyMode(network);
    const id = `${network}|${baseUrl}|${timeoutMs}|${key ? `key:${keyMode}` : 'nokey'}`;
    let client = this.state.clients.get(id);
    if (!client) {
      client = createStacksClient({
        baseUrl,
        timeoutMs,
        log: this.log.write,
        ...(key ? { apiKey: key, apiKeyMode: keyMode } : {}),
        ...(this.state.requestsPerMinute ? { rateLimit: { limit: this.state.requestsPerMinute } } : {}),
        ...(this.state.clock !== realTime ? { clock: this.state.clock } : {}),
        // The client logs the fallback itself; the user hears about each route once a session.
        onFallback: (route, replacement) => {
          if (this.fallbacksShown.has(route)) return;
          this.fallbacksShown.add(route);
          void showInfo(
            vscode.l10n.t(
              vscode.l10n.t(
                'The Stacks API at {0} has switched off {1}; Stacks Lookup now uses {2} instead. A few details the replacement does not give show as "not available on this API".',
              ),
              safeOrigin(baseUrl) ?? baseUrl,
              route,
              replacement,
            ),
          );
        },
      });
      this.state.clients.set(id, client);
    }
    return { network, baseUrl, client };
  }

  /** The clock of the clients' rate budgets and caches, and of what they pace (the explorer's auto refresh, the watch rounds, the status bar's pause between tips). */
  get clock(): Clock {
    return this.state.clock;
  }

  /** The key bound to the origin of `baseUrl`, if any. */
  async keyFor(baseUrl: string): Promise<string | undefined> {
    const origin = safeOrigin(baseUrl);
    if (!origin) return undefined;
    const keys = await this.loadKeys();
    return keys[origin];
  }

  /**
   * Asks an API URL the user typed for its status before it is saved, with no key (a new URL is
   * not trusted with the key until the user sets one for it) and outside the session's clients.
   */
  async probe(baseUrl: string, signal: AbortSignal): Promise<ServerStatus> {
    return createStacksClient({
      baseUrl,
      timeoutMs: this.config.requestTimeoutMs,
      log: this.log.write,
    }).getServerStatus({ signal });
  }

  /** What an error sentence about a request to this network needs to name it. */
  async errorContext(network: NetworkId, what?: string): Promise<ErrorContext> {
    const u = this.urlOf(network);
    return {
      networkLabel: NETWORK_LABELS[network],
      baseUrl: u.ok ? u.url : this.config.apiUrl(network) || vscode.l10n.t('(no URL)'),
      ...(what ? { what } : {}),
      hasApiKey: await this.hasKeyFor(network),
    };
  }

  async hasKeyFor(network: NetworkId = this.current): Promise<boolean> {
    const u = this.urlOf(network);
    return u.ok ? (await this.keyFor(u.url)) !== undefined : false;
  }

  /** The origins a key set now would be bound to. */
  originsForNewKey(network: NetworkId = this.current): string[] {
    const u = this.urlOf(network);
    if (!u.ok) return [];
    const origin = safeOrigin(u.url)!;
    return HOSTED_ORIGINS.includes(origin) ? HOSTED_ORIGINS : [origin];
  }

  async setKey(key: string, origins: string[]): Promise<void> {
    const keys = { ...(await this.loadKeys()) };
    for (const o of origins) keys[o] = key;
    await this.secrets.store(SECRET_KEY, JSON.stringify(keys));
    this.keys = keys;
    this.changed();
  }

  async clearKey(origins: string[]): Promise<void> {
    const keys = { ...(await this.loadKeys()) };
    for (const o of origins) delete keys[o];
    if (Object.keys(keys).length) await this.secrets.store(SECRET_KEY, JSON.stringify(keys));
    else await this.secrets.delete(SECRET_KEY);
    this.keys = keys;
    this.changed();
  }

  /** Updates the `stacksLookup.hasApiKey` context key for menus. */
  async updateContext(): Promise<void> {
    await vscode.commands.executeCommand('setContext', ContextKeys.hasApiKey, await this.hasKeyFor());
    await vscode.commands.executeCommand('setContext', ContextKeys.network, this.current);
  }

  label(network: NetworkId = this.current): string {
    return NETWORK_LABELS[network];
  }

  private async loadKeys(): Promise<Record<string, string>> {
    if (this.keys) return this.keys;
    let parsed: Record<string, string> = {};
    try {
      const raw = await this.secrets.get(SECRET_KEY);
      const value: unknown = raw ? JSON.parse(raw) : {};
      if (value && typeof value === 'object') {
        parsed = Object.fromEntries(
          Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
        );
      }
    } catch {
      this.log.warn('The stored API keys could not be read; set the key again with "Stacks: Set API Key…".');
    }
    this.keys = parsed;
    return parsed;
  }

  private changed(): void {
    this.state.clients.clear();
    void this.updateContext();
    this.emitter.fire();
  }
}

function safeOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
