/**
 * The scripted editing session of the request-economy measure: 200 hovers and lookups over 40
 * identifiers, replayed against the mock API by our client and by a naive client, and the ideal
 * request count computed from the freshness rules alone (not from the client's code).
 *
 * Time is simulated: each step advances a virtual clock by 0.5-2.5 s, so the 200 steps stand for
 * about five minutes of use while the replay itself takes well under a second. The client is
 * built while `Date.now` reads that clock (its cache and request budget take their clock when
 * they are built), so what it reuses depends on the simulated time only.
 */
import { createStacksClient, isStacksApiError, StacksApiError } from '../src/api';
import type { StacksClient } from '../src/api';
import { loadPanel } from '../src/ui/panels/models';
import type { ModelContext } from '../src/ui/panels/models';
import type { Target } from '../src/chain/target';
import type { MockApi } from '../test/mock-api/server';
import { ADDRESS, CONTRACT, TX, busyTxId, mockHash } from '../test/fixtures/ids';
import { loadFixture } from '../test/mock-api/server';
import { fixtureContracts } from '../test/mock-api/contracts';
import { data } from '../test/mock-api/data';

export type IdKind = 'confirmed-tx' | 'pending-tx' | 'address' | 'contract';
export interface SessionId {
  kind: IdKind;
  id: string;
}
export type Action = 'hover' | 'lookup' | 'hover+lookup';
export interface Step {
  /** Simulated milliseconds since the session started. */
  at: number;
  action: Action;
  target: SessionId;
}

/** Pending transactions the mock serves besides TX.pending and TX.dropped (added with override). */
export const EXTRA_PENDING = [0, 1, 2, 3].map((i) => mockHash('bench:pending:' + i));

const CONFIRMED: string[] = [
  TX.tokenTransfer,
  TX.contractCall,
  TX.smartContract,
  TX.coinbase,
  TX.tenureChange,
  TX.failed,
  TX.mainnetContractCall,
  TX.mainnetTokenTransfer,
  TX.manyEvents,
  ...[0, 1, 2, 3, 4, 5, 6].map(busyTxId),
];

/**
 * A transaction whose panel shows its costs as shares of the tenure budget: the node's `/v2/pox`
 * is read for it, and kept five minutes.
 */
function costly(id: string): boolean {
  const tx = data().txs.get(id.toLowerCase());
  return (
    !!tx &&
    [tx.execution_cost_runtime, tx.execution_cost_read_count, tx.execution_cost_write_count].some(
      (n) => typeof n === 'number' && n > 0,
    )
  );
}
const POX_FRESH_MS = 5 * 60_000;

/** The failed contract calls among them, and the contract each calls. */
const FAILED_CALLS: Record<string, string> = { [TX.failed]: CONTRACT.called };

/** The 40 identifiers: 16 confirmed txs, 6 pending (or dropped) txs, 10 addresses, 8 contracts. */
export const SESSION_IDS: readonly SessionId[] = [
  ...CONFIRMED.map((id) => ({ kind: 'confirmed-tx' as const, id })),
  ...[TX.pending, TX.dropped, ...EXTRA_PENDING].map((id) => ({ kind: 'pending-tx' as const, id })),
  ...[
    ADDRESS.mainnet,
    ADDRESS.testnet,
    ADDRESS.testnetRecipient,
    ADDRESS.sponsor,
    ADDRESS.contractCallSender,
    ADDRESS.miner,
    ADDRESS.pendingSender,
    ADDRESS.busy,
    ADDRESS.unknown,
    ADDRESS.bootMainnet,
  ].map((id) => ({ kind: 'address' as const, id })),
  ...[
    CONTRACT.deployed,
    CONTRACT.called,
    CONTRACT.bns,
    CONTRACT.sendManyMemo,
    CONTRACT.statusSuccess,
    CONTRACT.statusSuccess2,
    CONTRACT.statusContract1,
    CONTRACT.statusContract2,
  ].map((id) => ({ kind: 'contract' as const, id })),
];

/** A small deterministic PRNG (mulberry32), so every run replays the same session. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The script: identifiers picked with a Zipf-like skew (a few are hovered again and again, as in
 * real editing), 75% hovers, 20% lookups, 5% a hover and the lookup it leads to at the same time.
 * Every identifier appears at least once.
 */
export function sessionScript(steps = 200, seed = 6): Step[] {
  const rand = prng(seed);
  const ids = SESSION_IDS;
  const weights = ids.map((_, i) => 1 / (1 + ((i * 7) % ids.length)));
  const total = weights.reduce((a, b) => a + b, 0);
  const pick = (): SessionId => {
    let r = rand() * total;
    for (let i = 0; i < ids.length; i++) {
      r -= weights[i]!;
      if (r <= 0) return ids[i]!;
    }
    return ids[ids.length - 1]!;
  };
  const order: SessionId[] = [];
  for (let i = 0; i < steps; i++) order.push(pick());
  // Each identifier at least once: replace repeats of the most frequent ones with the missing ones.
  const missing = ids.filter((id) => !order.includes(id));
  for (let i = order.length - 1; i >= 0 && missing.length; i--) {
    const count = order.filter((o) => o === order[i]).length;
    if (count > 3) order[i] = missing.pop()!;
  }
  let at = 0;
  return order.map((target) => {
    at += 500 + Math.floor(rand() * 2000);
    const r = rand();
    const action: Action = r < 0.75 ? 'hover' : r < 0.95 ? 'lookup' : 'hover+lookup';
    return { at, action, target };
  });
}

// ---- what each action asks for -----------------------------------------------------------------

/** How long a resource may be reused, by the freshness rules (Infinity: it cannot change). */
export const FRESHNESS_MS = {
  settledTx: Infinity,
  pendingTx: 3_000,
  balance: 3_000,
  addressTransactions: 3_000,
  nonces: 3_000,
  contractStatus: 10_000,
  contractInterface: Infinity,
} as const;

interface Resource {
  url: string;
  freshMs: number;
}

/** Contracts the mock reports as found (its status fixture); `mined`: only those whose deploy is in a block. */
function deployedContracts(mined = false): Set<string> {
  const status = loadFixture('contracts-status.json') as Record<
    string,
    { found?: boolean; result?: { status?: string } }
  >;
  return new Set(
    Object.entries(status)
      .filter(([, v]) => v.found && (!mined || v.result?.status === 'success'))
      .map(([k]) => k),
  );
}

const EVENTS_PER_PAGE = 50;
const TXS_PER_PAGE = 20;

/** The resources (request URLs) one action needs: the hover provider's and the panel loader's calls. */
export function resourcesOf(step: Step): Resource[] {
  const { kind, id } = step.target;
  const hover = (): Resource[] => {
    switch (kind) {
      case 'confirmed-tx':
        return [{ url: `/extended/v1/tx/${id}`, freshMs: FRESHNESS_MS.settledTx }];
      case 'pending-tx':
        return [{ url: `/extended/v1/tx/${id}`, freshMs: FRESHNESS_MS.pendingTx }];
      case 'address':
        return [
          { url: `/extended/v1/address/${id}/stx`, freshMs: FRESHNESS_MS.balance },
          // What it holds: the counts and the largest tokens (their metadata is not asked on a custom network).
          { url: `/extended/v3/principals/${id}/balances/ft?limit=3`, freshMs: FRESHNESS_MS.balance },
          { url: `/extended/v3/principals/${id}/balances/nft?limit=1`, freshMs: FRESHNESS_MS.balance },
        ];
      case 'contract':
        return [
          { url: `/extended/v2/smart-contracts/status?contract_id=${id}`, freshMs: FRESHNESS_MS.contractStatus },
          { url: `/extended/v1/address/${id.split('.')[0]}/stx`, freshMs: FRESHNESS_MS.balance },
        ];
    }
  };
  const lookup = (): Resource[] => {
    switch (kind) {
      case 'confirmed-tx':
      case 'pending-tx':
        return [
          {
            url: `/extended/v1/tx/${id}?event_limit=${EVENTS_PER_PAGE}&event_offset=0`,
            freshMs: kind === 'confirmed-tx' ? FRESHNESS_MS.settledTx : FRESHNESS_MS.pendingTx,
          },
          // A failed contract call's panel names its error from the called contract's source, which
          // is read once a session (a contract the node does not know, once too).
          ...(FAILED_CALLS[id]
            ? [{ url: `/v2/contracts/source/${FAILED_CALLS[id].replace('.', '/')}?proof=0`, freshMs: Infinity }]
            : []),
          ...(costly(id) ? [{ url: '/v2/pox', freshMs: POX_FRESH_MS }] : []),
        ];
      case 'address':
        return [
          { url: `/extended/v1/address/${id}/stx`, freshMs: FRESHNESS_MS.balance },
          {
            url: `/extended/v2/addresses/${id}/transactions?limit=${TXS_PER_PAGE}&offset=0`,
            freshMs: FRESHNESS_MS.addressTransactions,
          },
          // A standard address's panel also shows where its nonces stand.
          ...(id.includes('.') ? [] : [{ url: `/extended/v3/principals/${id}/nonces`, freshMs: FRESHNESS_MS.nonces }]),
          // ... and what it holds, and its pending transactions.
          ...['balances/ft', 'balances/nft', 'mempool/transactions'].map((list) => ({
            url: `/extended/v3/principals/${id}/${list}?limit=${TXS_PER_PAGE}`,
            freshMs: FRESHNESS_MS.balance,
          })),
          // ... and its pox-5 staking (none of the session's addresses stakes: one request).
          { url: `/extended/v3/principals/${id}/staking`, freshMs: FRESHNESS_MS.balance },
        ];
      case 'contract':
        // The panel of a deployed contract also shows the contract's own balance.
        return [
          { url: `/extended/v2/smart-contracts/status?contract_id=${id}`, freshMs: FRESHNESS_MS.contractStatus },
          ...(deployedContracts().has(id)
            ? [{ url: `/extended/v1/address/${id}/stx`, freshMs: FRESHNESS_MS.balance }]
            : []),
          // ... and, once its deploy is in a block, its interface, which never changes (a node
          // that has none answers 404, which is not kept: asked again next time).
          ...(deployedContracts(true).has(id)
            ? [
                {
                  url: `/v2/contracts/interface/${id.replace('.', '/')}`,
                  freshMs: fixtureContracts()[id] ? FRESHNESS_MS.contractInterface : 0,
                },
                // ... and its source, for its contract-hash?: read once a session (a contract
                // the node does not know, once too).
                { url: `/v2/contracts/source/${id.replace('.', '/')}?proof=0`, freshMs: Infinity },
              ]
            : []),
        ];
    }
  };
  return step.action === 'hover' ? hover() : step.action === 'lookup' ? lookup() : [...hover(), ...lookup()];
}

/**
 * The fewest requests that serve the script without showing data older than the freshness rules
 * allow: a resource is fetched the first time it is needed and again once its copy is too old.
 */
export function idealRequests(script: readonly Step[]): { total: number; distinct: number; refreshes: number } {
  const fetchedAt = new Map<string, number>();
  let total = 0;
  for (const step of script) {
    const needed = new Map(resourcesOf(step).map((r) => [r.url, r]));
    for (const r of needed.values()) {
      const last = fetchedAt.get(r.url);
      if (last === undefined || step.at - last >= r.freshMs) {
        fetchedAt.set(r.url, step.at);
        total++;
      }
    }
  }
  return { total, distinct: fetchedAt.size, refreshes: total - fetchedAt.size };
}

// ---- replaying it ------------------------------------------------------------------------------

/** Adds the extra pending transactions to a running mock. */
export function preparePendingTxs(mock: MockApi): void {
  const pending = loadFixture('tx-pending.json') as Record<string, unknown>;
  for (const id of EXTRA_PENDING) mock.override(`/extended/v1/tx/${id}`, { ...pending, tx_id: id });
}

const MODEL_CTX = (baseUrl: string): ModelContext => ({
  network: 'custom',
  networkLabel: 'Custom',
  baseUrl,
  hasApiKey: false,
  now: Date.now(),
});

/** What the hover provider asks for (src/ui/editor/hover.ts), through any client. */
async function hover(client: StacksClient, t: SessionId): Promise<void> {
  const o = { budget: 'fail-fast' as const };
  switch (t.kind) {
    case 'confirmed-tx':
    case 'pending-tx':
      await client.getTransaction(t.id, o);
      return;
    case 'address':
      await Promise.all([
        client.getStxBalance(t.id, o),
        client.getFtHoldings(t.id, { ...o, limit: 3 }),
        client.getNftHoldings(t.id, { ...o, limit: 1 }),
      ]);
      return;
    case 'contract':
      await Promise.all([client.getContractsStatus([t.id], o), client.getStxBalance(t.id.split('.')[0]!, o)]);
      return;
  }
}

/** What opening the detail panel asks for: the panel loader itself. */
async function lookup(client: StacksClient, t: SessionId, baseUrl: string): Promise<void> {
  const target: Target = { kind: t.kind === 'confirmed-tx' || t.kind === 'pending-tx' ? 'tx' : t.kind, id: t.id };
  await loadPanel(target, {}, { client, ctx: MODEL_CTX(baseUrl), signal: new AbortController().signal });
}

export interface SessionResult {
  requests: number;
  failures: number;
  firstFailure?: string;
  ms: number;
}

export interface Clock {
  now: number;
}

/** Replays the script; `clock.now` is set to the start time plus each step's simulated time. */
export async function replay(
  client: StacksClient,
  script: readonly Step[],
  mock: MockApi,
  clock?: Clock,
): Promise<SessionResult> {
  const before = mock.requests.length;
  const start = clock?.now ?? 0;
  const t0 = performance.now();
  let failures = 0;
  let firstFailure: string | undefined;
  for (const step of script) {
    if (clock) clock.now = start + step.at;
    const jobs: Array<Promise<void>> = [];
    if (step.action !== 'lookup') jobs.push(hover(client, step.target));
    if (step.action !== 'hover') jobs.push(lookup(client, step.target, mock.url));
    for (const r of await Promise.allSettled(jobs)) {
      if (r.status === 'rejected') {
        failures++;
        firstFailure ??= `${step.action} ${step.target.id}: ${isStacksApiError(r.reason) ? `${r.reason.kind}: ` : ''}${String((r.reason as Error)?.message ?? r.reason)}`;
      }
    }
  }
  return {
    requests: mock.requests.length - before,
    failures,
    ...(firstFailure ? { firstFailure } : {}),
    ms: performance.now() - t0,
  };
}

/** Our client on a virtual clock, its rate limit out of the way (the rate-limit measure covers it). */
export function clientOnClock(baseUrl: string, clock: Clock): StacksClient {
  const realNow = Date.now;
  Date.now = () => clock.now;
  try {
    return createStacksClient({ baseUrl, rateLimit: { limit: 100_000, windowMs: 60_000 } });
  } finally {
    Date.now = realNow;
  }
}

/**
 * The client most code would start with: one `fetch` per call, the body parsed as JSON, nothing
 * validated, shared or kept.
 */
export function naiveClient(
  baseUrl: string,
  fetchFn: typeof fetch = (input, init) => fetch(input, init),
): StacksClient {
  const sources = new Map<string, string>();
  const get = async <T>(path: string, query: Array<[string, string]> = []): Promise<T> => {
    const qs = query.length ? '?' + new URLSearchParams(query).toString() : '';
    const res = await fetchFn(baseUrl + path + qs, { headers: { Accept: 'application/json' } });
    const body = (await res.json()) as T;
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    return body;
  };
  const page = (o: { limit?: number; offset?: number }): Array<[string, string]> => [
    ...(o.limit !== undefined ? [['limit', String(o.limit)] as [string, string]] : []),
    ...(o.offset !== undefined ? [['offset', String(o.offset)] as [string, string]] : []),
  ];
  return {
    baseUrl,
    hasApiKey: false,
    stats: { sent: 0, cacheHits: 0, shared: 0 },
    // A naive client keeps no budget of its own: as good as unlimited.
    rateBudget: () => ({ perMinute: 1_000_000, monthSpent: false }),
    clearCache: () => undefined,
    getNonces: (p) => get(`/extended/v3/principals/${p}/nonces`),
    getAccountAt: (p, tip) =>
      get(`/v2/accounts/${p}`, [
        ['proof', '0'],
        ['tip', tip.replace(/^0x/, '')],
      ]),
    getFtHoldings: (p, o = {}) => get(`/extended/v3/principals/${p}/balances/ft`, page(o)),
    getNftHoldings: (p, o = {}) => get(`/extended/v3/principals/${p}/balances/nft`, page(o)),
    getPrincipalMempoolTransactions: (p, o = {}) => get(`/extended/v3/principals/${p}/mempool/transactions`, page(o)),
    // A naive client asks every time; 404 and 422 mean "no metadata".
    getFtMetadata: async (c) => {
      try {
        return await get(`/metadata/v1/ft/${c}`);
      } catch (e) {
        if (/: 40[4]$|: 422$/.test(String((e as Error).message))) return null;
        throw e;
      }
    },
    getTransaction: (id, o = {}) =>
      get(`/extended/v1/tx/${id}`, [
        ...(o.eventLimit !== undefined ? [['event_limit', String(o.eventLimit)] as [string, string]] : []),
        ...(o.eventOffset !== undefined ? [['event_offset', String(o.eventOffset)] as [string, string]] : []),
      ]),
    getStxBalance: (p, o = {}) =>
      get(`/extended/v1/address/${p}/stx`, [
        ...(o.unanchored ? [['unanchored', 'true'] as [string, string]] : []),
        ...(o.untilBlock !== undefined ? [['until_block', String(o.untilBlock)] as [string, string]] : []),
      ]),
    getBlock: (h) => get(`/extended/v2/blocks/${h}`),
    getBlockByHeightV1: (h) => get(`/extended/v1/block/by_height/${h}`),
    getBlockTransactions: (h, o = {}) => get(`/extended/v2/blocks/${h}/transactions`, page(o)),
    getBurnBlock: (h) => get(`/extended/v2/burn-blocks/${h}`),
    getBurnBlockBlocks: (h, o = {}) => get(`/extended/v2/burn-blocks/${h}/blocks`, page(o)),
    getMempoolStats: () => get('/extended/v1/tx/mempool/stats'),
    getContractsStatus: (ids) =>
      get(
        '/extended/v2/smart-contracts/status',
        ids.map((id) => ['contract_id', id]),
      ),
    getServerStatus: () => get('/extended'),
    getAddressTransactions: (a, o = {}) => get(`/extended/v2/addresses/${a}/transactions`, page(o)),
    getAddressTransactionEvents: (a, tx, o = {}) =>
      get(`/extended/v2/addresses/${a}/transactions/${tx}/events`, page(o)),
    getMempoolFees: () => get('/extended/v2/mempool/fees'),
    estimateFee: () => Promise.reject(new Error('The bench baseline does not estimate fees.')),
    getPoxEpochs: () => get('/v2/pox'),
    getPoxInfo: () => get('/v2/pox'),
    getPrincipalStaking: (p) => get(`/extended/v3/principals/${p}/staking`),
    getPrincipalBonds: (p, o = {}) => get(`/extended/v3/principals/${p}/staking/bonds`, page(o)),
    // A contract the node does not know is a 404, which the panel shows as "no interface".
    getContractInterface: async (id) => {
      try {
        return await get(`/v2/contracts/interface/${id.replace('.', '/')}`);
      } catch (e) {
        if (/: 404$/.test(String((e as Error).message))) throw new StacksApiError('not-found', 'No interface.');
        throw e;
      }
    },
    getContractSource: async (id) => {
      try {
        const answer = await get<{ source: string; publish_height: number }>(
          `/v2/contracts/source/${id.replace('.', '/')}`,
          [['proof', '0']],
        );
        sources.set(id, answer.source);
        return answer;
      } catch (e) {
        if (/: 404$/.test(String((e as Error).message))) throw new StacksApiError('not-found', 'No source.');
        throw e;
      }
    },
    knownContractSource: (id) => sources.get(id),
    // A naive client keeps nothing it was handed, and knows no interface without asking.
    rememberContractSource: () => undefined,
    knownContractInterface: () => undefined,
    callReadOnly: async (id, fn, call) => {
      const res = await fetchFn(`${baseUrl}/v2/contracts/call-read/${id.replace('.', '/')}/${fn}`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ sender: call.sender, arguments: call.arguments }),
      });
      return (await res.json()) as never;
    },
    getDataVar: (id, v) => get(`/v2/data_var/${id.replace('.', '/')}/${v}`, [['proof', '0']]),
    getConstant: (id, c) => get(`/v2/constant_val/${id.replace('.', '/')}/${c}`),
    getMapEntry: async (id, m, key) => {
      const res = await fetchFn(`${baseUrl}/v2/map_entry/${id.replace('.', '/')}/${m}?proof=0`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(key),
      });
      return (await res.json()) as never;
    },
    // The list pages by cursor: without a memory of cursors, each offset is walked to from the start.
    getMempoolTransactions: async (o = {}) => {
      const limit = o.limit ?? 20;
      const offset = o.offset ?? 0;
      type P = { total: number; cursor: { next: string | null }; results: Array<{ tx_id: string }> };
      let cursor: string | null = null;
      for (let at = 0; ;) {
        const size = at === offset ? limit : Math.min(50, offset - at);
        const p: P = await get<P>('/extended/v3/mempool/transactions', [
          ['limit', String(size)],
          ...(cursor ? [['cursor', cursor] as [string, string]] : []),
        ]);
        if (at === offset || !p.cursor.next)
          return { limit, offset, total: p.total, results: at === offset ? p.results : [] } as never;
        at += p.results.length;
        cursor = p.cursor.next;
      }
    },
  };
}

export interface EconomyResult {
  steps: number;
  identifiers: number;
  simulatedMinutes: number;
  ideal: { total: number; distinct: number; refreshes: number };
  ours: SessionResult & { cacheHits: number; shared: number };
  naive: SessionResult;
}

/** The whole measure: the same script through our client and the naive one, against one mock. */
export async function requestEconomy(mock: MockApi, steps = 200): Promise<EconomyResult> {
  preparePendingTxs(mock);
  const script = sessionScript(steps);
  const clock: Clock = { now: Date.now() };
  const client = clientOnClock(mock.url, clock);
  const ours = await replay(client, script, mock, clock);
  const naive = await replay(naiveClient(mock.url), script, mock);
  const { cacheHits, shared } = client.stats;
  return {
    steps: script.length,
    identifiers: new Set(script.map((s) => s.target.id)).size,
    simulatedMinutes: Math.round((script[script.length - 1]?.at ?? 0) / 6000) / 10,
    ideal: idealRequests(script),
    ours: { ...ours, cacheHits, shared },
    naive,
  };
}
