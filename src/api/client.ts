import { CLARITY_NAME } from '../chain/abi';
import { checkBlockRef, checkContractId, checkPrincipal, checkTxId } from '../chain/identifiers';
import { blockSegment, intIn, invalid, MAX_EVENT_LIMIT, MAX_PAGE_LIMIT, must, pageQuery } from './arguments';
import { walkCursorPages } from './cursorPages';
import { LruCache } from './cache';
import { isStacksApiError, StacksApiError } from './errors';
import { Fallback, SwitchedOffRoutes } from './fallback';
import { ftHoldings, nftHoldings, principalMempool } from './holdings';
import { type ApiKeyMode, HttpTransport, LogFn, RequestOptions } from './http';
import type { Clock } from './clock';
import { defaultLimit, RateLimiter, RateLimitOptions } from './rateLimit';
import {
  addressEventsReplacement,
  addressTransactionsReplacement,
  balanceReplacement,
  blockTransactionsReplacement,
  blockV1Replacement,
  CursorMemo,
  transactionReplacement,
} from './replacements';
import type { ClientStats } from './call';
import { Requests } from './requests';
import * as S from './schemas';
import * as l10n from '../chain/l10n';

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

export type CallOptions = RequestOptions;

export interface TransactionOptions extends CallOptions {
  eventLimit?: number;
  eventOffset?: number;
}
export interface BalanceOptions extends CallOptions {
  unanchored?: boolean;
  /** A block height or block hash: the balance as it was at that block. */
  untilBlock?: number | string;
}
export interface PageOptions extends CallOptions {
  limit?: number;
  offset?: number;
}

export interface StacksClient {
  readonly baseUrl: string;
  readonly hasApiKey: boolean;
  readonly stats: ClientStats;
  getTransaction(txId: string, options?: TransactionOptions): Promise<S.Transaction>;
  getStxBalance(principal: string, options?: BalanceOptions): Promise<S.StxBalance>;
  getBlock(heightOrHash: number | string, options?: CallOptions): Promise<S.Block>;
  getBlockByHeightV1(height: number | string, options?: CallOptions): Promise<S.BlockV1>;
  /** A page of a block's transactions with their type, status and fee (events left out). */
  getBlockTransactions(heightOrHash: number | string, options?: PageOptions): Promise<S.Page<S.Transaction>>;
  /** A burn (Bitcoin) block: its height, hash, time and the hashes of the Stacks blocks it confirms. */
  getBurnBlock(heightOrHash: number | string, options?: CallOptions): Promise<S.BurnBlock>;
  /** A page of the Stacks blocks a burn block confirms, newest first. */
  getBurnBlockBlocks(heightOrHash: number | string, options?: PageOptions): Promise<S.Page<S.Block>>;
  getMempoolStats(options?: CallOptions): Promise<S.MempoolStats>;
  getContractsStatus(contractIds: readonly string[], options?: CallOptions): Promise<S.ContractsStatus>;
  getServerStatus(options?: CallOptions): Promise<S.ServerStatus>;
  getAddressTransactions(address: string, options?: PageOptions): Promise<S.Page<S.AddressTransaction>>;
  getAddressTransactionEvents(address: string, txId: string, options?: PageOptions): Promise<S.Page<S.AddressEvent>>;
  /** Where an account's nonces stand (standard addresses only: a contract has none). */
  getNonces(address: string, options?: CallOptions): Promise<S.PrincipalNonces>;
  /**
   * A fungible token's metadata (decimals, symbol) from the Token Metadata API on this client's
   * origin, by the token's contract id. Asked at most once per token a session: an answer is kept,
   * and a 404 or 422 (unknown token, metadata not fetched or invalid) is `null` from then on
   * without another request. Other errors (rate limit, network) throw and may be retried.
   */
  getFtMetadata(contractId: string, options?: CallOptions): Promise<S.FtMetadata | null>;
  /** Fee estimates (µSTX) at low, medium and high priority, per kind of transaction, from what is pending. */
  getMempoolFees(options?: CallOptions): Promise<S.MempoolFees>;
  /**
   * A page of the mempool's pending transactions, newest first. The API pages this list by cursor:
   * an offset is reached from the nearest page already seen (the one before, when paging forward),
   * so turning a page costs one request.
   */
  getMempoolTransactions(options?: PageOptions): Promise<S.Page<S.MempoolTransaction>>;
  /**
   * A deployed contract's interface (functions, variables, maps, tokens, Clarity version and
   * epoch), from the node's /v2 route. It never changes once deployed: kept until evicted. A
   * contract the node does not know (not deployed, or its deploy still pending) is `not-found`.
   */
  getContractInterface(contractId: string, options?: CallOptions): Promise<S.ContractInterface>;
  /** The interface `getContractInterface` already has for a contract, without asking; undefined otherwise. */
  knownContractInterface(contractId: string): S.ContractInterface | undefined;
  /**
   * A deployed contract's source, from the node's /v2 route (boot contracts included, which have no
   * deploy transaction). It never changes once deployed: each contract is asked at most once a
   * session (a `not-found` is remembered too), whoever asks (panels, hovers, notifications).
   */
  getContractSource(contractId: string, options?: CallOptions): Promise<S.ContractSource>;
  /** The source `getContractSource` already has for a contract, without asking; undefined otherwise. */
  knownContractSource(contractId: string): string | undefined;
  /**
   * Keeps a deployed source read another way (the successful deploy transaction of the contract
   * carries the same text), so `getContractSource` answers it without a request.
   */
  rememberContractSource(contractId: string, source: S.ContractSource): void;
  /**
   * Runs a read-only function on the node (POST, counted against the rate budget like any request):
   * `args` are the arguments as serialized Clarity (hex), `sender` the caller, `tip` an index block
   * hash to run at (latest when absent). The answer lives a few seconds.
   */
  callReadOnly(
    contractId: string,
    functionName: string,
    call: ReadOnlyCall,
    options?: CallOptions,
  ): Promise<S.ReadOnlyResult>;
  /** A data variable's value (serialized Clarity), at `tip` or the latest block. */
  getDataVar(contractId: string, name: string, at?: AtTip, options?: CallOptions): Promise<S.ClarityData>;
  /** A constant's value (serialized Clarity). */
  getConstant(contractId: string, name: string, at?: AtTip, options?: CallOptions): Promise<S.ClarityData>;
  /** A map's entry for a key (serialized Clarity): `(some value)` or `none`. */
  getMapEntry(
    contractId: string,
    map: string,
    keyHex: string,
    at?: AtTip,
    options?: CallOptions,
  ): Promise<S.ClarityData>;
  /**
   * What a principal holds besides STX (v3, paged by cursor like the mempool list; limit up to 200),
   * from the v1 balances route on an API without v3. NFTs from v1 are a count per collection.
   */
  getFtHoldings(principal: string, options?: PageOptions): Promise<S.Page<S.FtHolding>>;
  getNftHoldings(principal: string, options?: PageOptions): Promise<S.Page<S.NftHolding>>;
  /** A principal's pending transactions (sent, received, or calling its contract), newest first. */
  getPrincipalMempoolTransactions(principal: string, options?: PageOptions): Promise<S.Page<S.MempoolTransaction>>;
  /**
   * The node's fee estimate for a transaction payload (`POST /v2/fees/transaction`, hex of the
   * payload only): three estimations, low to high. A node that has none (400 `NoEstimateAvailable`,
   * estimation switched off, or a plain-text refusal) gives `{ none: why }` instead of failing.
   */
  estimateFee(
    payloadHex: string,
    estimatedLength: number,
    options?: CallOptions,
  ): Promise<{ estimate: S.FeeEstimate } | { none: string }>;
  /** The node's current epoch and each epoch's block limit (`GET /v2/pox`), kept five minutes. */
  getPoxEpochs(options?: CallOptions): Promise<S.PoxEpochs>;
  /**
   * The node's `GET /v2/pox`: the active PoX contract, the current cycle and each epoch's block
   * limit (the budget of a tenure), kept five minutes; the same request and answer as `getPoxEpochs`.
   */
  getPoxInfo(options?: CallOptions): Promise<S.PoxInfo>;
  /** A principal's pox-5 staking: its locked STX, its sBTC rewards and the totals of its bonds (v3). */
  getPrincipalStaking(principal: string, options?: CallOptions): Promise<S.PrincipalStaking>;
  /** The first page (up to `limit`, 20 by default) of a principal's bond positions (v3). */
  getPrincipalBonds(principal: string, options?: CallOptions & { limit?: number }): Promise<S.BondPositionsPage>;
  /** Forgets every cached response (in-flight requests are not affected). */
  clearCache(): void;
}

/** Where a state read or a call runs: an index block hash (0x and 64 hex digits); absent for the latest block. */
export interface AtTip {
  tip?: string;
}

export interface ReadOnlyCall extends AtTip {
  sender: string;
  /** Each argument as serialized Clarity: 0x and hex digits. */
  arguments: readonly string[];
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** The largest `limit` of a burn block's list of Stacks blocks. */
export const MAX_BURN_BLOCK_PAGE = 30;
/**
 * A burn block older than this has so many Bitcoin blocks on top of it that it, and the Stacks
 * blocks it confirms, no longer change: cached until evicted. A younger one may still gain Stacks
 * blocks (its tenure goes on) or be reorganised away.
 */
export const BURN_BLOCK_SETTLED_MS = 2 * 60 * 60 * 1000;
const DEFAULT_FRESH_MS = 3_000;
/** The page size the API uses when none is asked for. */
const DEFAULT_PAGE_LIMIT = 20;
/** The response cache of one client holds at most this much (measured as JSON text). */
export const CACHE_MAX_BYTES = 20 * 1024 * 1024;
/**
 * No single answer larger than this is cached: it is used and let go. Real answers are far smaller
 * (a page of 50 transactions is about 100 KB); two answers near the 10 MB body cap would otherwise
 * hold most of the cache.
 */
export const CACHE_MAX_ENTRY_BYTES = 1024 * 1024;

/** Deployed sources a client keeps: a deploy never changes, so these bound memory, not staleness. */
export const MAX_SOURCES_REMEMBERED = 200;
export const SOURCES_MAX_BYTES = 8 * 1024 * 1024;
/** Deployed interfaces a client keeps, beside the response cache so no other answer evicts them. */
export const MAX_INTERFACES_REMEMBERED = 200;
export const INTERFACES_MAX_BYTES = 8 * 1024 * 1024;
/** No Stacks transaction is over 2 MiB (`MAX_TRANSACTION_LEN` of stacks-core), so no deployed source is. */
export const MAX_CONTRACT_SOURCE_CHARS = 2 * 1024 * 1024;

export function createStacksClient(options: StacksClientOptions): StacksClient {
  return new Client(options);
}

/** The resources of the API as methods: each checks its arguments, then describes its call. */
class Client implements StacksClient {
  readonly baseUrl: string;
  private readonly http: HttpTransport;
  private readonly requests: Requests;
  private readonly freshMs: number;
  private readonly cursors = new CursorMemo();
  /** Token metadata answers of this session, by contract id (`null`: the API has none). */
  private readonly tokens = new LruCache<S.FtMetadata | null>({
    maxEntries: MAX_TOKENS_REMEMBERED,
    maxBytes: TOKENS_MAX_BYTES,
    sizeOf: jsonLength,
  });
  /** Deployed sources of this session, by contract id, or why there is none (see `getContractSource`). */
  private readonly sources = new LruCache<S.ContractSource | StacksApiError>({
    maxEntries: MAX_SOURCES_REMEMBERED,
    maxBytes: SOURCES_MAX_BYTES,
    sizeOf: (s) => (s instanceof StacksApiError ? 1024 : s.source.length),
  });
  /**
   * Deployed interfaces of this session, by contract id: a deploy never changes, and the editor's
   * features (definition, hover, completion, signature help) read one on every request.
   */
  private readonly interfaces = new LruCache<S.ContractInterface>({
    maxEntries: MAX_INTERFACES_REMEMBERED,
    maxBytes: INTERFACES_MAX_BYTES,
    sizeOf: jsonLength,
  });
  /** v3 routes this client's API turned out not to have (see holdings.ts). */
  private readonly absent = new Set<string>();
  private readonly log: LogFn | undefined;

  constructor(opts: StacksClientOptions) {
    this.baseUrl = opts.baseUrl;
    this.log = opts.log;
    const limit = opts.rateLimit?.limit ?? defaultLimit(!!opts.apiKey);
    this.http = new HttpTransport({
      baseUrl: opts.baseUrl,
      ...(opts.apiKey ? { apiKey: opts.apiKey } : {}),
      ...(opts.apiKeyMode ? { apiKeyMode: opts.apiKeyMode } : {}),
      timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
      limiter: new RateLimiter(
        limit,
        opts.rateLimit?.windowMs ?? 60_000,
        opts.clock?.now,
        opts.clock?.sleep,
        opts.rateLimit?.limit !== undefined,
      ),
      ...(opts.log ? { log: opts.log } : {}),
      ...(opts.onDeprecation ? { onDeprecation: opts.onDeprecation } : {}),
    });
    this.requests = new Requests(
      this.http,
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
    this.freshMs = opts.freshMs ?? DEFAULT_FRESH_MS;
  }

  get hasApiKey(): boolean {
    return this.http.hasKey;
  }

  get stats(): ClientStats {
    return this.requests.stats;
  }

  clearCache(): void {
    this.requests.clearCache();
  }

  async getTransaction(txId: string, o: TransactionOptions = {}): Promise<S.Transaction> {
    const id = must(checkTxId(String(txId)));
    const query: Array<[string, string]> = [];
    const eventLimit =
      o.eventLimit === undefined ? undefined : must(intIn(o.eventLimit, 'eventLimit', 1, MAX_EVENT_LIMIT));
    const eventOffset = o.eventOffset === undefined ? undefined : must(intIn(o.eventOffset, 'eventOffset', 0));
    if (eventLimit !== undefined) query.push(['event_limit', String(eventLimit)]);
    if (eventOffset !== undefined) query.push(['event_offset', String(eventOffset)]);
    return this.requests.call(
      {
        route: '/extended/v1/tx/{tx_id}',
        path: `/extended/v1/tx/${id}`,
        query,
        schema: S.Transaction,
        what: 'transaction',
        ttl: (tx) => (isSettled(tx) ? Infinity : this.freshMs),
        replacement: transactionReplacement(id, eventLimit, eventOffset),
        bound: (tx) => withEventsUpTo(tx, eventLimit ?? MAX_EVENT_LIMIT),
      },
      o,
    );
  }

  async getStxBalance(principal: string, o: BalanceOptions = {}): Promise<S.StxBalance> {
    const p = must(checkPrincipal(String(principal))).principal;
    const query: Array<[string, string]> = [];
    if (o.unanchored && o.untilBlock !== undefined) {
      throw invalid(
        l10n.t(
          'Use either "unanchored" or "untilBlock", not both: the balance is either up to the latest microblock or as it was at one block.',
        ),
      );
    }
    if (o.unanchored) query.push(['unanchored', 'true']);
    if (o.untilBlock !== undefined) {
      const ref = must(checkBlockRef(o.untilBlock));
      if (ref.kind === 'latest')
        throw invalid(
          l10n.t('"untilBlock" takes a block height or hash, not "latest": leave it out for the current balance.'),
        );
      query.push(['until_block', ref.kind === 'height' ? String(ref.height) : ref.hash]);
    }
    // A balance at a past block hash cannot change; at a height it could in a reorg, so keep it briefly.
    const settled = o.untilBlock !== undefined && typeof o.untilBlock === 'string' && o.untilBlock.startsWith('0x');
    return this.requests.call(
      {
        route: '/extended/v1/address/{principal}/stx',
        path: `/extended/v1/address/${p}/stx`,
        query,
        schema: S.StxBalance,
        what: 'balance',
        ttl: () => (settled ? Infinity : this.freshMs),
        // The replacement knows only the current, anchored balance (v3 has no `until_block` and no
        // `unanchored`): a past or unanchored one stays an error once the route is switched off.
        ...(o.untilBlock === undefined && !o.unanchored ? { replacement: balanceReplacement(p) } : {}),
      },
      o,
    );
  }

  async getBlock(heightOrHash: number | string, o: CallOptions = {}): Promise<S.Block> {
    const ref = must(checkBlockRef(heightOrHash));
    const seg = blockSegment(ref);
    return this.requests.call(
      {
        route: '/extended/v2/blocks/{height_or_hash}',
        path: `/extended/v2/blocks/${seg}`,
        schema: S.Block,
        what: 'block',
        ttl: (b) =>
          ref.kind === 'hash' && b.canonical
            ? Infinity
            : ref.kind === 'latest'
              ? this.freshMs
              : b.canonical
                ? 30_000
                : this.freshMs,
      },
      o,
    );
  }

  async getBlockByHeightV1(height: number | string, o: CallOptions = {}): Promise<S.BlockV1> {
    const ref = must(checkBlockRef(height));
    if (ref.kind !== 'height') throw invalid(l10n.t('The v1 block endpoint takes a block height (a whole number).'));
    return this.requests.call(
      {
        route: '/extended/v1/block/by_height/{height}',
        path: `/extended/v1/block/by_height/${ref.height}`,
        schema: S.BlockV1,
        what: 'block',
        ttl: (b) => (b.canonical ? 30_000 : this.freshMs),
        replacement: blockV1Replacement(ref.height),
      },
      o,
    );
  }

  async getBlockTransactions(heightOrHash: number | string, o: PageOptions = {}): Promise<S.Page<S.Transaction>> {
    const ref = must(checkBlockRef(heightOrHash));
    const seg = blockSegment(ref);
    const query = pageQuery(o);
    const limit = o.limit ?? MAX_PAGE_LIMIT;
    return this.requests.call(
      {
        route: '/extended/v2/blocks/{height_or_hash}/transactions',
        path: `/extended/v2/blocks/${seg}/transactions`,
        query,
        schema: S.BlockTransactionsPage,
        what: l10n.t('block transaction list'),
        // The transactions of a canonical block named by its hash never change; at a height they
        // could after a reorg, and `latest` moves.
        ttl: (p) =>
          ref.kind === 'latest'
            ? this.freshMs
            : ref.kind === 'hash' && p.results.every((t) => t.canonical !== false)
              ? Infinity
              : 30_000,
        bound: (p) => pageUpTo({ ...p, results: p.results.map(withoutEvents) }, limit),
        replacement: blockTransactionsReplacement(seg, o.limit, o.offset, this.cursors),
      },
      o,
    );
  }

  async getBurnBlock(heightOrHash: number | string, o: CallOptions = {}): Promise<S.BurnBlock> {
    const ref = must(checkBlockRef(heightOrHash));
    const seg = blockSegment(ref);
    return this.requests.call(
      {
        route: '/extended/v2/burn-blocks/{height_or_hash}',
        path: `/extended/v2/burn-blocks/${seg}`,
        schema: S.BurnBlock,
        what: l10n.t('burn block'),
        ttl: (b) => (ref.kind !== 'latest' && burnSettled(b.burn_block_time) ? Infinity : this.freshMs),
      },
      o,
    );
  }

  async getBurnBlockBlocks(heightOrHash: number | string, o: PageOptions = {}): Promise<S.Page<S.Block>> {
    const ref = must(checkBlockRef(heightOrHash));
    const seg = blockSegment(ref);
    // The API lists at most 30 blocks of a burn block at once (its BurnBlock page limit).
    if (o.limit !== undefined) must(intIn(o.limit, 'limit', 1, MAX_BURN_BLOCK_PAGE));
    const query = pageQuery(o);
    const limit = o.limit ?? MAX_BURN_BLOCK_PAGE;
    return this.requests.call(
      {
        route: '/extended/v2/burn-blocks/{height_or_hash}/blocks',
        path: `/extended/v2/burn-blocks/${seg}/blocks`,
        query,
        schema: S.BlocksPage,
        what: l10n.t('list of blocks'),
        ttl: (p) =>
          ref.kind !== 'latest' &&
          p.results.length > 0 &&
          p.results.every((b) => b.canonical && burnSettled(b.burn_block_time))
            ? Infinity
            : this.freshMs,
        bound: (p) => pageUpTo(p, limit),
      },
      o,
    );
  }

  async getMempoolStats(o: CallOptions = {}): Promise<S.MempoolStats> {
    return this.requests.call(
      {
        route: '/extended/v1/tx/mempool/stats',
        path: '/extended/v1/tx/mempool/stats',
        schema: S.MempoolStats,
        what: l10n.t('mempool statistics'),
        ttl: () => this.freshMs,
      },
      o,
    );
  }

  async getContractsStatus(contractIds: readonly string[], o: CallOptions = {}): Promise<S.ContractsStatus> {
    if (!Array.isArray(contractIds) || contractIds.length === 0)
      throw invalid(l10n.t('Give at least one contract id (<address>.<contract-name>).'));
    const ids = [...new Set(contractIds.map((c) => must(checkContractId(String(c))).contractId))];
    if (ids.length > 100) throw invalid(l10n.t('Check at most 100 contracts at once (got {0}).', ids.length));
    return this.requests.call(
      {
        route: '/extended/v2/smart-contracts/status',
        path: '/extended/v2/smart-contracts/status',
        query: ids.map((id) => ['contract_id', id]),
        schema: S.ContractsStatus,
        what: l10n.t('contract status'),
        ttl: () => 10_000,
        bound: (statuses) =>
          Object.fromEntries(ids.filter((id) => Object.hasOwn(statuses, id)).map((id) => [id, statuses[id]!])),
      },
      o,
    );
  }

  async getServerStatus(o: CallOptions = {}): Promise<S.ServerStatus> {
    return this.requests.call(
      {
        route: '/extended',
        path: '/extended',
        schema: S.ServerStatus,
        what: l10n.t('server status'),
        ttl: () => this.freshMs,
      },
      o,
    );
  }

  async getAddressTransactions(address: string, o: PageOptions = {}): Promise<S.Page<S.AddressTransaction>> {
    const p = must(checkPrincipal(String(address))).principal;
    const query = pageQuery(o);
    const limit = query.find(([k]) => k === 'limit')?.[1];
    const offset = query.find(([k]) => k === 'offset')?.[1];
    return this.requests.call(
      {
        route: '/extended/v2/addresses/{address}/transactions',
        path: `/extended/v2/addresses/${p}/transactions`,
        query,
        schema: S.AddressTransactionsPage,
        what: l10n.t('transaction list'),
        ttl: () => this.freshMs,
        bound: (p) => pageUpTo(p, limit === undefined ? MAX_PAGE_LIMIT : Number(limit)),
        replacement: addressTransactionsReplacement(
          p,
          limit === undefined ? undefined : Number(limit),
          offset === undefined ? undefined : Number(offset),
          this.cursors,
        ),
      },
      o,
    );
  }

  async getAddressTransactionEvents(
    address: string,
    txId: string,
    o: PageOptions = {},
  ): Promise<S.Page<S.AddressEvent>> {
    const p = must(checkPrincipal(String(address))).principal;
    const id = must(checkTxId(String(txId)));
    const query = pageQuery(o);
    const limit = query.find(([k]) => k === 'limit')?.[1];
    const offset = query.find(([k]) => k === 'offset')?.[1];
    return this.requests.call(
      {
        route: '/extended/v2/addresses/{address}/transactions/{tx_id}/events',
        path: `/extended/v2/addresses/${p}/transactions/${id}/events`,
        query,
        schema: S.AddressEventsPage,
        what: l10n.t('event list'),
        ttl: () => 30_000,
        replacement: addressEventsReplacement(
          p,
          id,
          limit === undefined ? undefined : Number(limit),
          offset === undefined ? undefined : Number(offset),
        ),
        bound: (page) => pageUpTo(page, o.limit ?? MAX_PAGE_LIMIT),
      },
      o,
    );
  }
  async getNonces(address: string, o: CallOptions = {}): Promise<S.PrincipalNonces> {
    const p = must(checkPrincipal(String(address))).principal;
    if (p.includes('.'))
      throw invalid(l10n.t('{0} is a contract: only a standard address sends transactions with nonces.', p));
    return this.requests.call(
      {
        route: '/extended/v3/principals/{principal}/nonces',
        path: `/extended/v3/principals/${p}/nonces`,
        schema: S.PrincipalNonces,
        what: l10n.t('nonce state'),
        ttl: () => this.freshMs,
      },
      o,
    );
  }

  async getMempoolFees(o: CallOptions = {}): Promise<S.MempoolFees> {
    return this.requests.call(
      {
        route: '/extended/v2/mempool/fees',
        path: '/extended/v2/mempool/fees',
        schema: S.MempoolFees,
        what: l10n.t('fee estimates'),
        ttl: () => this.freshMs,
      },
      o,
    );
  }

  async getFtMetadata(contractId: string, o: CallOptions = {}): Promise<S.FtMetadata | null> {
    const id = must(checkContractId(String(contractId))).contractId;
    const known = this.tokens.get(id);
    if (known !== undefined) return known;
    try {
      const meta = await this.requests.call(
        {
          route: '/metadata/v1/ft/{principal}',
          path: `/metadata/v1/ft/${id}`,
          schema: S.FtMetadata,
          what: l10n.t('token metadata'),
          ttl: () => Infinity,
          bound: S.withShortTexts,
        },
        o,
      );
      this.tokens.set(id, meta, Infinity);
      return meta;
    } catch (e) {
      if (isStacksApiError(e) && (e.status === 404 || e.status === 422)) {
        this.tokens.set(id, null, Infinity);
        return null;
      }
      throw e;
    }
  }

  async getContractInterface(contractId: string, o: CallOptions = {}): Promise<S.ContractInterface> {
    const [address, name] = contractParts(contractId);
    const id = `${address}.${name}`;
    const known = this.interfaces.get(id);
    if (known) return known;
    // Callers at the same time share one request (`Requests.shared`); the answer is kept here.
    const iface = await this.requests.call(
      {
        route: '/v2/contracts/interface/{address}/{name}',
        path: `/v2/contracts/interface/${address}/${name}`,
        schema: S.ContractInterface,
        what: l10n.t('contract interface'),
        ttl: () => 0,
      },
      o,
    );
    this.interfaces.set(id, iface, Infinity);
    return iface;
  }

  knownContractInterface(contractId: string): S.ContractInterface | undefined {
    return this.interfaces.get(String(contractId));
  }

  async getContractSource(contractId: string, o: CallOptions = {}): Promise<S.ContractSource> {
    const [address, name] = contractParts(contractId);
    const id = `${address}.${name}`;
    const known = this.sources.get(id);
    if (known instanceof StacksApiError) throw known;
    if (known) return known;
    try {
      const answer = await this.requests.call(
        {
          route: '/v2/contracts/source/{address}/{name}',
          path: `/v2/contracts/source/${address}/${name}`,
          query: [['proof', '0']],
          schema: S.ContractSource,
          what: l10n.t('contract source'),
          // Kept below, whole (a source may be over the cache's 1 MB for one answer).
          ttl: () => 0,
        },
        o,
      );
      if (answer.source.length > MAX_CONTRACT_SOURCE_CHARS)
        throw new StacksApiError(
          'invalid-response',
          l10n.t(
            'The API sent a contract source of {0} MB; no Stacks transaction is larger than 2 MB, so it was not used.',
            (answer.source.length / 1024 / 1024).toFixed(1),
          ),
          { path: `/v2/contracts/source/${address}/${name}` },
        );
      this.sources.set(id, { source: answer.source, publish_height: answer.publish_height }, Infinity);
      return answer;
    } catch (e) {
      // A contract the node does not know, or an answer that cannot be one, is not asked again this session.
      if (isStacksApiError(e) && (e.kind === 'not-found' || e.kind === 'invalid-response'))
        this.sources.set(id, e, Infinity);
      throw e;
    }
  }

  rememberContractSource(contractId: string, answer: S.ContractSource): void {
    const [address, name] = contractParts(contractId);
    if (typeof answer.source !== 'string' || answer.source.length > MAX_CONTRACT_SOURCE_CHARS) return;
    const id = `${address}.${name}`;
    if (this.sources.get(id) instanceof StacksApiError) this.sources.delete(id);
    if (!this.sources.get(id))
      this.sources.set(id, { source: answer.source, publish_height: answer.publish_height }, Infinity);
  }

  knownContractSource(contractId: string): string | undefined {
    const known = this.sources.get(String(contractId));
    return known && !(known instanceof StacksApiError) ? known.source : undefined;
  }

  async callReadOnly(
    contractId: string,
    functionName: string,
    call: ReadOnlyCall,
    o: CallOptions = {},
  ): Promise<S.ReadOnlyResult> {
    const [address, name] = contractParts(contractId);
    const fn = must(clarityName(functionName, l10n.t('function name')));
    const sender = must(checkPrincipal(String(call.sender))).principal;
    if (!Array.isArray(call.arguments))
      throw invalid(l10n.t('The arguments of a read-only call must be a list of serialized Clarity values.'));
    if (call.arguments.length > MAX_CALL_ARGUMENTS)
      throw invalid(l10n.t('A read-only call takes at most {0} arguments.', MAX_CALL_ARGUMENTS));
    const args = call.arguments.map((a, i) => {
      if (typeof a !== 'string' || a.length > MAX_ARGUMENT_HEX || !HEX_VALUE.test(a))
        throw invalid(l10n.t('Argument {0} is not a serialized Clarity value (0x and hex digits).', i + 1));
      return a;
    });
    return this.requests.call(
      {
        route: '/v2/contracts/call-read/{address}/{name}/{function}',
        path: `/v2/contracts/call-read/${address}/${name}/${pathName(fn)}`,
        query: tipQuery(call.tip),
        body: { sender, arguments: args },
        schema: S.ReadOnlyResult,
        what: l10n.t('read-only call result'),
        ttl: () => this.freshMs,
      },
      o,
    );
  }

  async getPoxEpochs(o: CallOptions = {}): Promise<S.PoxEpochs> {
    return this.getPoxInfo(o);
  }

  async getPrincipalStaking(principal: string, o: CallOptions = {}): Promise<S.PrincipalStaking> {
    const p = must(checkPrincipal(String(principal))).principal;
    return this.requests.call(
      {
        route: '/extended/v3/principals/{principal}/staking',
        path: `/extended/v3/principals/${p}/staking`,
        schema: S.PrincipalStaking,
        what: l10n.t('staking summary'),
        ttl: () => this.freshMs,
      },
      o,
    );
  }

  async getPrincipalBonds(principal: string, o: CallOptions & { limit?: number } = {}): Promise<S.BondPositionsPage> {
    const p = must(checkPrincipal(String(principal))).principal;
    const limit = Math.max(1, Math.min(50, Math.floor(o.limit ?? 20)));
    return this.requests.call(
      {
        route: '/extended/v3/principals/{principal}/staking/bonds',
        path: `/extended/v3/principals/${p}/staking/bonds`,
        query: [['limit', String(limit)]],
        schema: S.BondPositionsPage,
        what: l10n.t('bond positions'),
        ttl: () => this.freshMs,
        bound: (v) => (v.results.length > limit ? { ...v, results: v.results.slice(0, limit) } : v),
      },
      o,
    );
  }

  async getPoxInfo(o: CallOptions = {}): Promise<S.PoxInfo> {
    return this.requests.call(
      {
        route: '/v2/pox',
        path: '/v2/pox',
        schema: S.PoxInfo,
        what: l10n.t('PoX information'),
        ttl: () => 5 * 60_000,
      },
      o,
    );
  }

  async estimateFee(
    payloadHex: string,
    estimatedLength: number,
    o: CallOptions = {},
  ): Promise<{ estimate: S.FeeEstimate } | { none: string }> {
    if (typeof payloadHex !== 'string' || !/^([0-9a-fA-F]{2}){1,2000000}$/.test(payloadHex))
      throw invalid(l10n.t('A transaction payload is hex digits.'));
    const len = Number.isSafeInteger(estimatedLength) && estimatedLength > 0 ? estimatedLength : undefined;
    try {
      const estimate = await this.requests.call(
        {
          route: '/v2/fees/transaction',
          path: '/v2/fees/transaction',
          body: { transaction_payload: payloadHex, ...(len ? { estimated_len: len } : {}) },
          schema: S.FeeEstimate,
          what: l10n.t('fee estimate'),
          ttl: () => this.freshMs,
        },
        o,
      );
      return { estimate };
    } catch (e) {
      if (isStacksApiError(e) && e.kind === 'bad-request') return { none: e.message };
      throw e;
    }
  }

  async getDataVar(contractId: string, varName: string, at: AtTip = {}, o: CallOptions = {}): Promise<S.ClarityData> {
    const [address, name] = contractParts(contractId);
    const v = must(clarityName(varName, l10n.t('variable name')));
    return this.requests.call(
      {
        route: '/v2/data_var/{address}/{name}/{var}',
        path: `/v2/data_var/${address}/${name}/${pathName(v)}`,
        query: [['proof', '0'], ...tipQuery(at.tip)],
        schema: S.ClarityData,
        what: l10n.t('data variable'),
        ttl: () => this.freshMs,
      },
      o,
    );
  }

  async getConstant(
    contractId: string,
    constName: string,
    at: AtTip = {},
    o: CallOptions = {},
  ): Promise<S.ClarityData> {
    const [address, name] = contractParts(contractId);
    const c = must(clarityName(constName, l10n.t('constant name')));
    return this.requests.call(
      {
        route: '/v2/constant_val/{address}/{name}/{constant}',
        path: `/v2/constant_val/${address}/${name}/${pathName(c)}`,
        query: tipQuery(at.tip),
        schema: S.ClarityData,
        what: 'constant',
        // A constant is set once, when the contract is deployed.
        ttl: () => (at.tip ? Infinity : 60_000),
      },
      o,
    );
  }

  async getMapEntry(
    contractId: string,
    mapName: string,
    keyHex: string,
    at: AtTip = {},
    o: CallOptions = {},
  ): Promise<S.ClarityData> {
    const [address, name] = contractParts(contractId);
    const m = must(clarityName(mapName, l10n.t('map name')));
    if (typeof keyHex !== 'string' || keyHex.length > MAX_ARGUMENT_HEX || !HEX_VALUE.test(keyHex))
      throw invalid(l10n.t('The map key is not a serialized Clarity value (0x and hex digits).'));
    return this.requests.call(
      {
        route: '/v2/map_entry/{address}/{name}/{map}',
        path: `/v2/map_entry/${address}/${name}/${pathName(m)}`,
        query: [['proof', '0'], ...tipQuery(at.tip)],
        body: keyHex,
        schema: S.ClarityData,
        what: l10n.t('map entry'),
        ttl: () => this.freshMs,
      },
      o,
    );
  }

  async getFtHoldings(principal: string, o: PageOptions = {}): Promise<S.Page<S.FtHolding>> {
    return ftHoldings(this.lists, must(checkPrincipal(String(principal))).principal, o);
  }

  async getNftHoldings(principal: string, o: PageOptions = {}): Promise<S.Page<S.NftHolding>> {
    return nftHoldings(this.lists, must(checkPrincipal(String(principal))).principal, o);
  }

  async getPrincipalMempoolTransactions(principal: string, o: PageOptions = {}): Promise<S.Page<S.MempoolTransaction>> {
    return principalMempool(this.lists, must(checkPrincipal(String(principal))).principal, o);
  }

  private get lists() {
    const { requests, cursors, freshMs, absent, log } = this;
    return { requests, cursors, freshMs, absent, log };
  }

  async getMempoolTransactions(o: PageOptions = {}): Promise<S.Page<S.MempoolTransaction>> {
    pageQuery(o); // checks limit and offset; the v3 list itself takes a cursor, not an offset
    const limit = o.limit === undefined ? DEFAULT_PAGE_LIMIT : Number(o.limit);
    const offset = o.offset === undefined ? 0 : Number(o.offset);
    const route = '/extended/v3/mempool/transactions';
    return walkCursorPages({
      memo: this.cursors,
      key: route,
      limit,
      offset,
      what: l10n.t('mempool transaction list'),
      volatile: true,
      // Never settled: each page lives as briefly as a balance.
      page: (size, cursor) =>
        this.requests.call(
          {
            route,
            path: route,
            query: [['limit', String(size)], ...(cursor === undefined ? [] : [['cursor', cursor] as [string, string]])],
            schema: S.MempoolTransactionsPage,
            what: l10n.t('mempool transaction list'),
            ttl: () => this.freshMs,
          },
          o,
        ),
    });
  }
}

/** The most arguments a call sends, and the largest one (Clarity's values are at most 1 MB). */
const MAX_CALL_ARGUMENTS = 256;
const MAX_ARGUMENT_HEX = 2 + 2 * 1_048_576;
// No capturing group: one capture per byte made a 1 MB value take some 400 ms to check.
const HEX_VALUE = /^0x(?:[0-9a-fA-F]{2})+$/;

function clarityName(v: unknown, what: string): { ok: true; value: string } | { ok: false; reason: string } {
  return typeof v === 'string' && v.length <= 128 && CLARITY_NAME.test(v)
    ? { ok: true, value: v }
    : { ok: false, reason: l10n.t('"{0}" is not a Clarity {1}.', String(v).slice(0, 140), what) };
}

/** A Clarity name in a path: the characters a URL path would read otherwise are escaped. */
function pathName(n: string): string {
  return n.replace(/[?#%<>]/g, (c) => encodeURIComponent(c));
}

/** A contract id's address and name, checked. */
function contractParts(contractId: string): [string, string] {
  const id = must(checkContractId(String(contractId))).contractId;
  const dot = id.indexOf('.');
  return [id.slice(0, dot), id.slice(dot + 1)];
}

/**
 * The `tip` of a call or state read: only an index block hash. The node reads anything else that
 * is not `latest` as the latest block without a word, so nothing else is ever sent.
 */
function tipQuery(tip: string | undefined): Array<[string, string]> {
  if (tip === undefined) return [];
  if (typeof tip !== 'string' || !/^(0x)?[0-9a-fA-F]{64}$/.test(tip))
    throw invalid(l10n.t('The block to call at must be given by its index block hash (0x and 64 hex digits).'));
  return [['tip', tip.replace(/^0x/, '').toLowerCase()]];
}

/** Tokens whose metadata one client keeps for the session. */
const MAX_TOKENS_REMEMBERED = 5_000;
/** ... and their size at most, measured as JSON text (a kept answer is a few dozen bytes). */
const TOKENS_MAX_BYTES = 1024 * 1024;

/** A transaction that can no longer change: confirmed in a canonical block, not from a microblock stream. */
function isSettled(tx: S.Transaction): boolean {
  return (
    tx.tx_status !== 'pending' &&
    !tx.tx_status.startsWith('dropped') &&
    tx.block_height !== undefined &&
    tx.canonical === true &&
    tx.microblock_canonical !== false &&
    tx.is_unanchored !== true
  );
}

/**
 * A page with no more items than were asked for (`limit`, or the most the API gives), whatever
 * the server sent: a list of 100,000 must not become 100,000 rows. Its `limit` is no larger either,
 * since the panel pages by it.
 */
function pageUpTo<T>(p: S.Page<T>, limit: number): S.Page<T> {
  const n = Number.isSafeInteger(p.limit) && p.limit > 0 && p.limit <= limit ? p.limit : limit;
  return p.results.length <= n && p.limit === n ? p : { ...p, limit: n, results: p.results.slice(0, n) };
}

/** A burn block time (seconds) long enough ago that nothing about it changes any more. */
function burnSettled(seconds: number | undefined): boolean {
  return seconds !== undefined && Number.isFinite(seconds) && seconds * 1000 < Date.now() - BURN_BLOCK_SETTLED_MS;
}

/** A list row needs no events: a server that sends them anyway does not fill the cache with them. */
function withoutEvents(tx: S.Transaction): S.Transaction {
  if (tx.events === undefined) return tx;
  const { events: _events, ...rest } = tx;
  return rest;
}

/** A transaction with no more events than were asked for. */
function withEventsUpTo(tx: S.Transaction, limit: number): S.Transaction {
  return tx.events && tx.events.length > limit ? { ...tx, events: tx.events.slice(0, limit) } : tx;
}

/** The size of a cached value: the length of its JSON, which is close to what the wire carried. */
function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return Infinity;
  }
}
