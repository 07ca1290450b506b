/**
 * The typed client of the chain data API: its options, the `StacksClient` interface and the
 * wiring. The resources live one module each under resources/ (transactions, blocks, principals
 * with their holdings, the mempool, contract state and calls, the contract source and interface
 * memo, tokens, the node), each working on one shared core (resources/core.ts: the requests with
 * the response cache and the rate budget, the cursors, freshness, the clock, the log) that
 * `createStacksClient` builds and hands to each of them.
 */
import { LruCache } from './cache';
import { Fallback, SwitchedOffRoutes } from './fallback';
import { type ApiKeyMode, HttpTransport, LogFn } from './http';
import type { Clock } from './clock';
import { defaultLimit, type RateBudget, RateLimiter, RateLimitOptions } from './rateLimit';
import { CursorMemo } from './replacements';
import type { ClientStats } from './call';
import { Requests } from './requests';
import { blockResource, type BlockResource } from './resources/blocks';
import { contractMemo, type ContractMemo } from './resources/contractMemo';
import { contractResource, type ContractResource } from './resources/contracts';
import { type ClientCore, jsonLength } from './resources/core';
import { mempoolResource, type MempoolResource } from './resources/mempool';
import { nodeResource, type NodeResource } from './resources/node';
import { principalResource, type PrincipalResource } from './resources/principals';
import { tokenResource, type TokenResource } from './resources/tokens';
import { transactionResource, type TransactionResource } from './resources/transactions';

export type { CallOptions, PageOptions } from './resources/core';
export type { TransactionOptions } from './resources/transactions';
export type { BalanceOptions } from './resources/principals';
export type { AtTip, ReadOnlyCall } from './resources/contracts';
export type { RateBudget } from './rateLimit';
export { BURN_BLOCK_SETTLED_MS, MAX_BURN_BLOCK_PAGE } from './resources/blocks';
export {
  INTERFACES_MAX_BYTES,
  MAX_CONTRACT_SOURCE_CHARS,
  MAX_INTERFACES_REMEMBERED,
  MAX_SOURCES_REMEMBERED,
  SOURCES_MAX_BYTES,
} from './resources/contractMemo';

export interface StacksClientOptions {
  baseUrl: string;
  apiKey?: string;
  /** How the API takes the key (`X-API-Key` by default). */
  apiKeyMode?: ApiKeyMode;
  timeoutMs?: number;
  fetch?: typeof fetch;
  log?: LogFn;
  rateLimit?: RateLimitOptions;
  /** The time the rate budget and the cache's freshness are counted in; real time by default. */
  clock?: Clock;
  /** Set false to turn the response cache off (in-flight requests are still shared). */
  cache?: boolean;
  /** How long mutable data (balances, pending transactions, `latest`, the chain tip) may be reused. */
  freshMs?: number;
  /** Called once per route (template) the server marks as deprecated with a `Warning: 299` header. */
  onDeprecation?: (route: string, warning: string) => void;
  /**
   * Called once per route the server has switched off (410 Gone) when the client falls back to the
   * replacement the API names; later calls of this client go straight to the replacement.
   */
  onFallback?: (route: string, replacement: string) => void;
  /**
   * Where the client remembers the routes the server has switched off. Default: the memory shared
   * by every client of the same origin; tests give a fresh one to start from a clean slate.
   */
  switchedOff?: SwitchedOffRoutes;
}

/**
 * The resources of the API as methods: each checks its arguments, then describes its call. The
 * methods of each resource, with what they promise, are in its module under resources/.
 */
export interface StacksClient
  extends
    TransactionResource,
    BlockResource,
    PrincipalResource,
    MempoolResource,
    ContractResource,
    ContractMemo,
    TokenResource,
    NodeResource {
  readonly baseUrl: string;
  readonly hasApiKey: boolean;
  readonly stats: ClientStats;
  /**
   * The rate budget this client keeps to now: the requests a minute it allows (what the API's
   * `x-ratelimit-limit-stacks-minute` header last said, else 500 with a key and 50 without) and
   * whether the month's quota is spent. Read only; background work plans its share by it.
   */
  rateBudget(): RateBudget;
  /** Forgets every cached response (in-flight requests are not affected). */
  clearCache(): void;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_FRESH_MS = 3_000;
/** The response cache of one client holds at most this much (measured as JSON text). */
export const CACHE_MAX_BYTES = 20 * 1024 * 1024;
/**
 * No single answer larger than this is cached: it is used and let go. Real answers are far smaller
 * (a page of 50 transactions is about 100 KB); two answers near the 10 MB body cap would otherwise
 * hold most of the cache.
 */
export const CACHE_MAX_ENTRY_BYTES = 1024 * 1024;

/** One client: the transport and its rate budget, the shared core, and every resource on that core. */
export function createStacksClient(opts: StacksClientOptions): StacksClient {
  const limit = opts.rateLimit?.limit ?? defaultLimit(!!opts.apiKey);
  const limiter = new RateLimiter(
    limit,
    opts.rateLimit?.windowMs ?? 60_000,
    opts.clock?.now,
    opts.clock?.sleep,
    opts.rateLimit?.limit !== undefined,
  );
  const http = new HttpTransport({
    baseUrl: opts.baseUrl,
    ...(opts.apiKey ? { apiKey: opts.apiKey } : {}),
    ...(opts.apiKeyMode ? { apiKeyMode: opts.apiKeyMode } : {}),
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
    limiter,
    ...(opts.log ? { log: opts.log } : {}),
    ...(opts.onDeprecation ? { onDeprecation: opts.onDeprecation } : {}),
  });
  const requests = new Requests(
    http,
    opts.cache === false
      ? undefined
      : new LruCache<unknown>({
          maxEntries: 500,
          maxBytes: CACHE_MAX_BYTES,
          maxEntryBytes: CACHE_MAX_ENTRY_BYTES,
          sizeOf: jsonLength,
          ...(opts.clock ? { now: opts.clock.now } : {}),
        }),
    new Fallback(opts.log, opts.onFallback, opts.switchedOff ?? SwitchedOffRoutes.forOrigin(opts.baseUrl)),
  );
  const clock = opts.clock;
  const core: ClientCore = {
    requests,
    cursors: new CursorMemo(),
    freshMs: opts.freshMs ?? DEFAULT_FRESH_MS,
    now: clock ? () => clock.now() : () => Date.now(),
    absent: new Set<string>(),
    log: opts.log,
  };
  return {
    ...transactionResource(core),
    ...blockResource(core),
    ...principalResource(core),
    ...mempoolResource(core),
    ...contractResource(core),
    ...contractMemo(core),
    ...tokenResource(core),
    ...nodeResource(core),
    baseUrl: opts.baseUrl,
    get hasApiKey(): boolean {
      return http.hasKey;
    },
    get stats(): ClientStats {
      return requests.stats;
    },
    rateBudget: () => limiter.budget(),
    clearCache: () => requests.clearCache(),
  };
}
