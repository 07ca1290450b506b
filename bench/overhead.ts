/**
 * Measure 4: what our client costs per request next to the official generated client
 * (@stacks/blockchain-api-client, openapi-fetch), doing the same calls against the mock API.
 * Ours runs with its cache off and full validation on; both use the same global fetch.
 * The mock runs in a child process, so process.cpuUsage() here is the clients' CPU (plus fetch).
 * Rounds alternate between the two clients (and which goes first) to spread drift evenly.
 */
import { createClient } from '@stacks/blockchain-api-client';
import { createStacksClient } from '../src/api';
import { ADDRESS, BLOCK, CONTRACT, TX } from '../test/fixtures/ids';
import { mockInChild } from './util';

type Call = () => Promise<unknown>;

export interface ClientRun {
  calls: number;
  requests: number;
  wallMs: number;
  cpuMs: number;
  requestsPerSecond: number;
  cpuMsPerRequest: number;
}

export interface OverheadResult {
  concurrency: number;
  rounds: number;
  ours: ClientRun;
  official: ClientRun;
  /** ours / official requests per second (>= 1: ours is not slower). */
  throughputRatio: number;
  /** official / ours CPU per request (>= 1: ours uses no more CPU). */
  cpuRatio: number;
}

function oursCalls(baseUrl: string): Call[] {
  // The rate limit is lifted: this measures the client's work, not its budget.
  const c = createStacksClient({ baseUrl, cache: false, rateLimit: { limit: 1e9, windowMs: 60_000 } });
  return [
    () => c.getTransaction(TX.tokenTransfer),
    () => c.getTransaction(TX.manyEvents, { eventLimit: 50, eventOffset: 0 }),
    () => c.getStxBalance(ADDRESS.mainnet),
    () => c.getAddressTransactions(ADDRESS.busy, { limit: 20, offset: 0 }),
    () => c.getContractsStatus([CONTRACT.statusSuccess]),
    () => c.getBlock(BLOCK.big.height),
    () => c.getTransaction(TX.contractCall),
    () => c.getStxBalance(ADDRESS.testnet),
    () => c.getMempoolStats(),
    () => c.getServerStatus(),
    () => c.getAddressTransactionEvents(ADDRESS.mainnet, TX.mainnetContractCall, { limit: 20, offset: 0 }),
    () => c.getTransaction(TX.smartContract),
  ];
}

function officialCalls(baseUrl: string): Call[] {
  const c = createClient({ baseUrl });
  const ok = async (p: Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<unknown> => {
    const r = await p;
    if (!r.response.ok) throw new Error(`official client: ${r.response.status} ${r.response.url}`);
    return r.data;
  };
  return [
    () => ok(c.GET('/extended/v1/tx/{tx_id}', { params: { path: { tx_id: TX.tokenTransfer } } })),
    () =>
      ok(
        c.GET('/extended/v1/tx/{tx_id}', {
          params: { path: { tx_id: TX.manyEvents }, query: { event_limit: 50, event_offset: 0 } },
        }),
      ),
    () => ok(c.GET('/extended/v1/address/{principal}/stx', { params: { path: { principal: ADDRESS.mainnet } } })),
    () =>
      ok(
        c.GET('/extended/v2/addresses/{address}/transactions', {
          params: { path: { address: ADDRESS.busy }, query: { limit: 20, offset: 0 } },
        }),
      ),
    () =>
      ok(
        c.GET('/extended/v2/smart-contracts/status', { params: { query: { contract_id: [CONTRACT.statusSuccess] } } }),
      ),
    () => ok(c.GET('/extended/v2/blocks/{height_or_hash}', { params: { path: { height_or_hash: BLOCK.big.height } } })),
    () => ok(c.GET('/extended/v1/tx/{tx_id}', { params: { path: { tx_id: TX.contractCall } } })),
    () => ok(c.GET('/extended/v1/address/{principal}/stx', { params: { path: { principal: ADDRESS.testnet } } })),
    () => ok(c.GET('/extended/v1/tx/mempool/stats', {})),
    () => ok(c.GET('/extended', {})),
    () =>
      ok(
        c.GET('/extended/v2/addresses/{address}/transactions/{tx_id}/events', {
          params: {
            path: { address: ADDRESS.mainnet, tx_id: TX.mainnetContractCall },
            query: { limit: 20, offset: 0 },
          },
        }),
      ),
    () => ok(c.GET('/extended/v1/tx/{tx_id}', { params: { path: { tx_id: TX.smartContract } } })),
  ];
}

/** `total` calls, cycling through the list, `concurrency` at a time (never the same call twice at once). */
async function drive(calls: Call[], total: number, concurrency: number): Promise<{ wallMs: number; cpuMs: number }> {
  let next = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        await calls[i % calls.length]!();
      }
    }),
  );
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

export async function measureOverhead(opts: {
  callsPerRound: number;
  rounds: number;
  concurrency: number;
}): Promise<OverheadResult> {
  const mock = await mockInChild();
  try {
    const clients = { ours: oursCalls(mock.url), official: officialCalls(mock.url) };
    const totals = { ours: { wallMs: 0, cpuMs: 0, requests: 0 }, official: { wallMs: 0, cpuMs: 0, requests: 0 } };
    // Warm-up (JIT, connection pool), not counted.
    for (const name of ['ours', 'official'] as const)
      await drive(clients[name], clients[name].length * 4, opts.concurrency);
    for (let r = 0; r < opts.rounds; r++) {
      const order = r % 2 === 0 ? (['ours', 'official'] as const) : (['official', 'ours'] as const);
      for (const name of order) {
        const before = await mock.requests();
        const run = await drive(clients[name], opts.callsPerRound, opts.concurrency);
        totals[name].wallMs += run.wallMs;
        totals[name].cpuMs += run.cpuMs;
        totals[name].requests += (await mock.requests()) - before;
      }
    }
    const summarize = (t: { wallMs: number; cpuMs: number; requests: number }): ClientRun => {
      const calls = opts.callsPerRound * opts.rounds;
      return {
        calls,
        requests: t.requests,
        wallMs: t.wallMs,
        cpuMs: t.cpuMs,
        requestsPerSecond: (calls / t.wallMs) * 1000,
        cpuMsPerRequest: t.cpuMs / calls,
      };
    };
    const ours = summarize(totals.ours);
    const official = summarize(totals.official);
    return {
      concurrency: opts.concurrency,
      rounds: opts.rounds,
      ours,
      official,
      throughputRatio: ours.requestsPerSecond / official.requestsPerSecond,
      cpuRatio: official.cpuMsPerRequest / ours.cpuMsPerRequest,
    };
  } finally {
    await mock.close();
  }
}
