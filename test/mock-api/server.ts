/**
 * Local mock of the Stacks chain data API (the nine endpoints the extension reads).
 *
 * Node `http` only, no framework, no vscode. Serves the fixtures in test/fixtures/api plus
 * deterministic generated data for paging tests (see test/fixtures/ids.ts), and can inject faults.
 *
 * Routes live in the ROUTES table below: add new ones (e.g. /extended/v3/...) there.
 */
import * as fs from 'fs';
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as path from 'path';
import { c32addressDecode } from 'c32check';
import { ADDRESS, BLOCK, GENERATED, TX, bigBlockFillerTxId, busyTxId, mockHash } from '../fixtures/ids';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  time: number;
}

export type Fault =
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'delay'; ms: number }
  | { kind: 'hang' }
  | { kind: 'reset' }
  | { kind: 'malformed' }
  | { kind: 'truncated' }
  | { kind: 'oversized'; bytes: number }
  | { kind: 'body'; body: unknown; status?: number; headers?: Record<string, string> }
  | { kind: 'redirect'; location: string; status?: number }
  | { kind: 'slowFirstByte'; ms: number }
  | { kind: 'headers'; headers: Record<string, string> };

export interface FaultRule {
  /** Tested against the request path + query: a string matches when it is a substring; a RegExp is tested. No match = every request. */
  match?: string | RegExp;
  /** How many requests the rule applies to (default: unlimited). */
  times?: number;
  fault: Fault;
}

export interface MockApi {
  readonly url: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  requestsTo(pathPrefixOrRegex: string | RegExp): RecordedRequest[];
  fault(rule: FaultRule | Fault): void;
  clearFaults(): void;
  reset(): void;
  override(path: string, body: unknown, status?: number): void;
  close(): Promise<void>;
}

export interface MockApiOptions {
  port?: number;
  host?: string;
  rateLimit?: { limit: number; windowMs: number };
  requireKey?: string;
}

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

export const FIXTURE_DIR = path.resolve(__dirname, '../../../test/fixtures/api');

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export function loadFixture(name: string): Json {
  return JSON.parse(fs.readFileSync(path.join(FIXTURE_DIR, name), 'utf8'));
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Real error bodies (from the upstream examples). */
export const ERROR_BODIES = {
  txIdPattern: (): Json => loadFixture('error-400-validation-txid-pattern.json'),
  limitTooLarge: (): Json => loadFixture('error-400-limit-too-large.json'),
  untilBlockAndUnanchored: (): Json => loadFixture('error-400-until-block-and-unanchored.json'),
  invalidPrincipal: (principal: string): Json => ({
    ...loadFixture('error-400-invalid-principal.json'),
    message: `invalid STX address "${principal}"`,
  }),
  txNotFound: (): Json => loadFixture('error-404-not-found-tx.json'),
  blockByHeightNotFound: (): Json => loadFixture('error-404-block-by-height.json'),
  v2BlockNotFound: (): Json => loadFixture('error-404-v2-block.json'),
  unknownRoute: (method: string, url: string): Json => ({
    message: `Route ${method}:${url} not found`,
    error: 'Not Found',
    statusCode: 404,
  }),
  gone: (): Json => loadFixture('error-410-deprecated-disabled.json'),
  dbUnavailable: (): Json => loadFixture('error-503-db-unavailable.json'),
  validation: (message: string): Json => ({
    statusCode: 400,
    code: 'FST_ERR_VALIDATION',
    error: 'Bad Request',
    message,
  }),
  missingKey: (): Json => ({ error: 'Unauthorized', message: 'No API key found in request' }),
  invalidKey: (): Json => ({ error: 'Forbidden', message: 'Invalid authentication credentials' }),
  tooManyRequests: (): Json => ({ error: 'Too Many Requests', message: 'API rate limit exceeded' }),
  internal: (): Json => ({
    statusCode: 500,
    error: 'Internal Server Error',
    message: 'An internal server error occurred',
  }),
  badGateway: (): Json => ({
    error: 'Bad Gateway',
    message: 'An invalid response was received from the upstream server',
  }),
};

/** Default body of a `status` fault. */
export function defaultErrorBody(status: number): Json {
  switch (status) {
    case 400:
      return ERROR_BODIES.txIdPattern();
    case 401:
      return ERROR_BODIES.missingKey();
    case 403:
      return ERROR_BODIES.invalidKey();
    case 404:
      return ERROR_BODIES.txNotFound();
    case 410:
      return ERROR_BODIES.gone();
    case 429:
      return ERROR_BODIES.tooManyRequests();
    case 500:
      return ERROR_BODIES.internal();
    case 502:
      return ERROR_BODIES.badGateway();
    case 503:
      return ERROR_BODIES.dbUnavailable();
    default:
      return {
        statusCode: status,
        error: http.STATUS_CODES[status] ?? 'Error',
        message: http.STATUS_CODES[status] ?? 'Error',
      };
  }
}

interface Data {
  txs: Map<string, Json>;
  balances: Map<string, Json>;
  blocksV2: Json[]; // sorted by height, highest last
  blocksV1: Map<number, Json>;
  latest: Json;
  mempoolStats: Json;
  contractsStatus: Record<string, Json>;
  serverStatus: Json;
  addressTxs: Map<string, Json[]>; // address -> items (tx + counts), newest first
  addressEvents: Map<string, Json[]>; // `${address}|${txId}` -> items
}

const TX_FIXTURES = [
  'tx-token_transfer.json',
  'tx-contract_call-sponsored.json',
  'tx-smart_contract.json',
  'tx-coinbase.json',
  'tx-tenure_change.json',
  'tx-failed.json',
  'tx-pending.json',
  'tx-dropped.json',
];

function stxAssetEvent(txId: string, i: number, sender: string, recipient: string, amount: string): Json {
  return {
    event_index: i,
    event_type: 'stx_asset',
    tx_id: txId,
    asset: { asset_event_type: 'transfer', sender, recipient, amount },
  };
}

function uintHex(n: number): string {
  return '0x01' + n.toString(16).padStart(32, '0');
}

/** Builds all data (fixtures + deterministic generated data). */
function buildData(): Data {
  const txs = new Map<string, Json>();
  for (const f of TX_FIXTURES) {
    const tx = loadFixture(f);
    txs.set(tx.tx_id, tx);
  }
  const latestV2 = loadFixture('block-v2--latest.json');
  const latestV1 = loadFixture('block-v1--by_height-latest.json');
  const nakamoto = loadFixture('block-v2--nakamoto-tenure.json');

  // --- BLOCK.big: parent of the latest block, 300 txs -------------------------------------
  const bigTxIds: string[] = [TX.manyEvents];
  for (let i = 0; i < GENERATED.busyTxCount; i++) bigTxIds.push(busyTxId(i));
  for (let i = 0; bigTxIds.length < GENERATED.bigBlockTxCount; i++) bigTxIds.push(bigBlockFillerTxId(i));
  const bigV1: Json = {
    ...clone(latestV1),
    height: BLOCK.big.height,
    hash: BLOCK.big.hash,
    index_block_hash: BLOCK.big.indexBlockHash,
    parent_block_hash: mockHash('block:big:parent'),
    block_time: latestV1.block_time - 5,
    block_time_iso: new Date((latestV1.block_time - 5) * 1000).toISOString(),
    burn_block_hash: mockHash('block:big:burn'),
    burn_block_height: latestV1.burn_block_height - 1,
    miner_txid: mockHash('block:big:miner_txid'),
    parent_microblock_hash: '0x',
    parent_microblock_sequence: 0,
    txs: bigTxIds,
    microblocks_accepted: [],
    microblocks_streamed: [],
    microblock_tx_count: {},
  };
  const bigV2: Json = {
    ...clone(latestV2),
    height: bigV1.height,
    hash: bigV1.hash,
    block_time: bigV1.block_time,
    block_time_iso: bigV1.block_time_iso,
    index_block_hash: bigV1.index_block_hash,
    parent_block_hash: bigV1.parent_block_hash,
    parent_index_block_hash: mockHash('block:big:parent_index'),
    burn_block_hash: bigV1.burn_block_hash,
    burn_block_height: bigV1.burn_block_height,
    miner_txid: bigV1.miner_txid,
    tx_count: bigTxIds.length,
  };

  // --- generated txs ----------------------------------------------------------------------
  const template = loadFixture('tx-token_transfer.json');
  const inBig = (tx: Json, index: number): Json => ({
    ...tx,
    block_hash: BLOCK.big.hash,
    block_height: BLOCK.big.height,
    parent_block_hash: bigV1.parent_block_hash,
    tx_index: index,
  });
  const addressTxs = new Map<string, Json[]>();
  const addressEvents = new Map<string, Json[]>();

  // manyEvents: contract_call with 300 events
  const cc = loadFixture('tx-contract_call-sponsored.json');
  const many: Json = inBig({ ...cc, tx_id: TX.manyEvents, sponsored: false, sender_address: ADDRESS.mainnet }, 0);
  delete many.sponsor_address;
  delete many.sponsor_nonce;
  many.contract_call = { ...cc.contract_call, contract_id: `${ADDRESS.mainnet}.send-many-memo` };
  const manyEvents: Json[] = [];
  const manyAddrEvents: Json[] = [];
  for (let i = 0; i < GENERATED.manyEventsCount; i++) {
    const recipient = i % 2 === 0 ? ADDRESS.busy : ADDRESS.unknown;
    if (i % 3 === 0) {
      manyEvents.push({
        event_index: i,
        event_type: 'smart_contract_log',
        tx_id: TX.manyEvents,
        contract_log: {
          contract_id: many.contract_call.contract_id,
          topic: 'print',
          value: { hex: uintHex(i), repr: `u${i}` },
        },
      });
    } else if (i % 3 === 1) {
      const amount = String(1000 + i);
      manyEvents.push(stxAssetEvent(TX.manyEvents, i, ADDRESS.mainnet, recipient, amount));
      manyAddrEvents.push({
        type: 'stx',
        event_index: i,
        data: { type: 'transfer', amount, sender: ADDRESS.mainnet, recipient },
      });
    } else {
      const amount = String(i);
      const assetId = `${ADDRESS.mainnet}.send-many-memo::token`;
      manyEvents.push({
        event_index: i,
        event_type: 'fungible_token_asset',
        tx_id: TX.manyEvents,
        asset: { asset_event_type: 'transfer', asset_id: assetId, sender: ADDRESS.mainnet, recipient, amount },
      });
      manyAddrEvents.push({
        type: 'ft',
        event_index: i,
        data: { type: 'transfer', amount, asset_identifier: assetId, sender: ADDRESS.mainnet, recipient },
      });
    }
  }
  many.events = manyEvents;
  many.event_count = manyEvents.length;
  txs.set(TX.manyEvents, many);
  addressEvents.set(`${ADDRESS.mainnet}|${TX.manyEvents}`, manyAddrEvents);

  // busy address: 200 token transfers (newest first = highest tx_index first)
  const busyItems: Json[] = [];
  for (let i = 0; i < GENERATED.busyTxCount; i++) {
    const id = busyTxId(i);
    const outgoing = i % 2 === 0;
    const amount = String(100 + i);
    const sender = outgoing ? ADDRESS.busy : ADDRESS.mainnet;
    const recipient = outgoing ? ADDRESS.mainnet : ADDRESS.busy;
    const tx: Json = inBig(
      {
        ...template,
        tx_id: id,
        nonce: i,
        sender_address: sender,
        token_transfer: { ...template.token_transfer, recipient_address: recipient, amount },
        events: [stxAssetEvent(id, 0, sender, recipient, amount)],
        event_count: 1,
      },
      1 + i,
    );
    txs.set(id, tx);
    addressEvents.set(`${ADDRESS.busy}|${id}`, [
      { type: 'stx', event_index: 0, data: { type: 'transfer', amount, sender, recipient } },
    ]);
    busyItems.push({
      tx: { ...tx, events: [] },
      stx_sent: outgoing ? String(Number(amount) + Number(template.fee_rate)) : '0',
      stx_received: outgoing ? '0' : amount,
      events: {
        stx: { transfer: 1, mint: 0, burn: 0 },
        ft: { transfer: 0, mint: 0, burn: 0 },
        nft: { transfer: 0, mint: 0, burn: 0 },
      },
    });
  }
  busyItems.reverse();
  addressTxs.set(ADDRESS.busy, busyItems);
  // filler txs of the big block
  for (let i = 0, idx = 1 + GENERATED.busyTxCount; idx < bigTxIds.length; i++, idx++) {
    const id = bigBlockFillerTxId(i);
    txs.set(id, inBig({ ...template, tx_id: id, nonce: 1000 + i, events: [], event_count: 0 }, idx));
  }

  // --- address fixtures ------------------------------------------------------------------
  const addFixtureList = (address: string, file: string): void => {
    const items: Json[] = loadFixture(file).results;
    addressTxs.set(address, items);
    for (const item of items) if (!txs.has(item.tx.tx_id)) txs.set(item.tx.tx_id, item.tx);
  };
  addFixtureList(ADDRESS.mainnet, 'address-transactions--mainnet.json');
  addFixtureList(ADDRESS.testnet, 'address-transactions--testnet.json');
  addressEvents.set(
    `${ADDRESS.mainnet}|${TX.mainnetContractCall}`,
    loadFixture('address-tx-events--mainnet.json').results,
  );
  addressEvents.set(`${ADDRESS.testnet}|${TX.tokenTransfer}`, loadFixture('address-tx-events--testnet.json').results);

  const balances = new Map<string, Json>([
    [ADDRESS.mainnet, loadFixture('stx-balance--locked.json')],
    [ADDRESS.testnet, loadFixture('stx-balance--token-offering-locked.json')],
    [ADDRESS.sponsor, loadFixture('stx-balance--sponsored.json')],
  ]);

  const blocksV2 = [nakamoto, bigV2, latestV2].sort((a, b) => a.height - b.height);
  return {
    txs,
    balances,
    blocksV2,
    blocksV1: new Map<number, Json>([
      [latestV1.height, latestV1],
      [bigV1.height, bigV1],
    ]),
    latest: latestV2,
    mempoolStats: loadFixture('mempool-stats.json'),
    contractsStatus: loadFixture('contracts-status.json'),
    serverStatus: loadFixture('server-status.json'),
    addressTxs,
    addressEvents,
  };
}

let cachedData: Data | undefined;
function data(): Data {
  cachedData ??= buildData();
  return cachedData;
}

/** The zero balance the real API returns for a valid principal it has never seen. */
export function zeroBalance(): Json {
  return {
    balance: '0',
    estimated_balance: '0',
    pending_balance_inbound: '0',
    pending_balance_outbound: '0',
    total_sent: '0',
    total_received: '0',
    total_fees_sent: '0',
    total_miner_rewards_received: '0',
    lock_tx_id: '',
    locked: '0',
    lock_height: 0,
    burnchain_lock_height: 0,
    burnchain_unlock_height: 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Validation helpers
// ---------------------------------------------------------------------------------------------

const TX_ID_RE = /^(0x)?[a-fA-F0-9]{64}$/;
const CONTRACT_NAME_RE = /^[a-zA-Z]([a-zA-Z0-9]|[-_])*$/;

export function normalizeHash(id: string): string {
  return ('0x' + id.replace(/^0x/, '')).toLowerCase();
}

export function isValidStxAddress(address: string): boolean {
  try {
    const [version] = c32addressDecode(address);
    return [20, 21, 22, 26].includes(version);
  } catch {
    return false;
  }
}

export function isValidPrincipal(principal: string): boolean {
  const parts = principal.split('.');
  if (parts.length === 1) return isValidStxAddress(principal);
  if (parts.length !== 2) return false;
  return isValidStxAddress(parts[0]) && parts[1].length <= 128 && CONTRACT_NAME_RE.test(parts[1]);
}

interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const ok = (body: unknown): Reply => ({ status: 200, body });
const err = (status: number, body: unknown): Reply => ({ status, body });

/** Parses limit/offset like the real API (Fastify/TypeBox): 400 with the validation body. */
function paging(query: URLSearchParams, defLimit: number, maxLimit: number): { limit: number; offset: number } | Reply {
  let limit = defLimit;
  let offset = 0;
  const l = query.get('limit');
  if (l !== null) {
    if (!/^-?\d+$/.test(l)) return err(400, ERROR_BODIES.validation('querystring/limit must be integer'));
    limit = Number(l);
    if (limit > maxLimit)
      return err(400, { ...ERROR_BODIES.limitTooLarge(), message: `querystring/limit must be <= ${maxLimit}` });
    if (limit < 1) return err(400, ERROR_BODIES.validation('querystring/limit must be >= 1'));
  }
  const o = query.get('offset');
  if (o !== null) {
    if (!/^-?\d+$/.test(o)) return err(400, ERROR_BODIES.validation('querystring/offset must be integer'));
    offset = Number(o);
    if (offset < 0) return err(400, ERROR_BODIES.validation('querystring/offset must be >= 0'));
  }
  return { limit, offset };
}

function page(items: Json[], p: { limit: number; offset: number }): Json {
  return { limit: p.limit, offset: p.offset, total: items.length, results: items.slice(p.offset, p.offset + p.limit) };
}

// ---------------------------------------------------------------------------------------------
// Route table. Add routes here (e.g. the /extended/v3/... replacements).
// ---------------------------------------------------------------------------------------------

export interface RouteContext {
  params: string[];
  query: URLSearchParams;
  method: string;
  url: string;
}

export interface Route {
  pattern: RegExp;
  handler: (ctx: RouteContext) => Reply;
}

function getTx(ctx: RouteContext): Reply {
  const id = decodeURIComponent(ctx.params[0]);
  if (!TX_ID_RE.test(id)) return err(400, ERROR_BODIES.txIdPattern());
  const tx = data().txs.get(normalizeHash(id));
  if (!tx) return err(404, ERROR_BODIES.txNotFound());
  const out = clone(tx);
  if (Array.isArray(out.events)) {
    const limitStr = ctx.query.get('event_limit');
    const offsetStr = ctx.query.get('event_offset');
    if (limitStr !== null && !/^\d+$/.test(limitStr))
      return err(400, ERROR_BODIES.validation('querystring/event_limit must be integer'));
    if (offsetStr !== null && !/^\d+$/.test(offsetStr))
      return err(400, ERROR_BODIES.validation('querystring/event_offset must be integer'));
    const limit = limitStr === null ? 96 : Number(limitStr);
    const offset = offsetStr === null ? 0 : Number(offsetStr);
    out.event_count = typeof tx.event_count === 'number' ? tx.event_count : tx.events.length;
    out.events = tx.events.slice(offset, offset + limit);
  }
  return ok(out);
}

function getStxBalance(ctx: RouteContext): Reply {
  const principal = decodeURIComponent(ctx.params[0]);
  if (!isValidPrincipal(principal)) return err(400, ERROR_BODIES.invalidPrincipal(principal));
  const unanchored = ctx.query.get('unanchored');
  if (unanchored !== null && unanchored !== 'true' && unanchored !== 'false') {
    return err(400, ERROR_BODIES.validation('querystring/unanchored must be boolean'));
  }
  if (unanchored === 'true' && ctx.query.has('until_block')) return err(400, ERROR_BODIES.untilBlockAndUnanchored());
  return ok(clone(data().balances.get(principal) ?? zeroBalance()));
}

function findBlockV2(key: string): Json | undefined {
  const blocks = data().blocksV2;
  if (key === 'latest') return data().latest;
  if (/^\d+$/.test(key)) return blocks.find((b) => b.height === Number(key));
  const h = normalizeHash(key);
  return blocks.find((b) => b.hash === h || b.index_block_hash === h);
}

function getBlockV2(ctx: RouteContext): Reply {
  const key = decodeURIComponent(ctx.params[0]);
  if (key !== 'latest' && !/^\d+$/.test(key) && !TX_ID_RE.test(key)) {
    return err(400, ERROR_BODIES.validation('params/height_or_hash must match a schema in anyOf'));
  }
  const block = findBlockV2(key);
  return block ? ok(clone(block)) : err(404, ERROR_BODIES.v2BlockNotFound());
}

function getBlockV1ByHeight(ctx: RouteContext): Reply {
  const h = ctx.params[0];
  if (!/^\d+$/.test(h)) return err(400, ERROR_BODIES.validation('params/height must be integer'));
  const block = data().blocksV1.get(Number(h));
  return block ? ok(clone(block)) : err(404, ERROR_BODIES.blockByHeightNotFound());
}

function getContractsStatus(ctx: RouteContext): Reply {
  const ids = ctx.query.getAll('contract_id');
  if (ids.length === 0)
    return err(400, ERROR_BODIES.validation("querystring must have required property 'contract_id'"));
  const out: Record<string, Json> = {};
  for (const id of ids) {
    if (!isValidPrincipal(id) || !id.includes('.')) {
      return err(
        400,
        ERROR_BODIES.validation(
          `querystring/contract_id must match pattern "^[0-9A-Z]{28,41}\\.[a-zA-Z]([a-zA-Z0-9]|[-_]){0,127}$"`,
        ),
      );
    }
    const known = data().contractsStatus[id];
    out[id] = known && known.found ? clone(known) : { found: false };
  }
  return ok(out);
}

function getAddressTxs(ctx: RouteContext): Reply {
  const address = decodeURIComponent(ctx.params[0]);
  if (!isValidPrincipal(address)) return err(400, ERROR_BODIES.invalidPrincipal(address));
  const p = paging(ctx.query, 20, 50);
  if ('status' in p) return p;
  return ok(clone(page(data().addressTxs.get(address) ?? [], p)));
}

function getAddressTxEvents(ctx: RouteContext): Reply {
  const address = decodeURIComponent(ctx.params[0]);
  const txId = decodeURIComponent(ctx.params[1]);
  if (!isValidPrincipal(address)) return err(400, ERROR_BODIES.invalidPrincipal(address));
  if (!TX_ID_RE.test(txId)) return err(400, ERROR_BODIES.txIdPattern());
  const p = paging(ctx.query, 20, 50);
  if ('status' in p) return p;
  return ok(clone(page(data().addressEvents.get(`${address}|${normalizeHash(txId)}`) ?? [], p)));
}

// --- Replacement routes (v3 / v2) the API names for deprecated routes ------------------------
// Shapes from the API's own schemas; the fixtures v3-*.json / v2-*.json hold real-shaped examples
// for some ids, every other id is converted from the v1 data so all ids stay consistent.

const V3_TX_FIXTURES: Record<string, string> = {
  [TX.tokenTransfer]: 'v3-transaction--token_transfer.json',
  [TX.pending]: 'v3-transaction--pending.json',
};
const V2_BALANCE_FIXTURES: Record<string, string> = { [ADDRESS.mainnet]: 'v2-balances-stx--locked.json' };
const V3_PRINCIPAL_TX_FIXTURES: Record<string, string> = {
  [ADDRESS.mainnet]: 'v3-principal-transactions--mainnet.json',
};

/** A v1 transaction in the v3 shape (src/api/schemas/v3/entities/transactions.ts, mempool-transactions.ts). */
export function toV3Transaction(tx: Json): Json {
  const sender = { address: tx.sender_address, nonce: tx.nonce ?? 0 };
  const sponsor = tx.sponsored ? { address: tx.sponsor_address, nonce: tx.sponsor_nonce ?? 0 } : null;
  const out: Json = { tx_id: tx.tx_id, sender, sponsor, fee_rate: tx.fee_rate };
  const mempool = tx.tx_status === 'pending' || String(tx.tx_status).startsWith('dropped');
  if (mempool) {
    Object.assign(out, {
      receipt_time: tx.receipt_time ?? 0,
      receipt_block_height: tx.block_height ?? 0,
      status: tx.tx_status,
      post_conditions: tx.post_conditions ?? [],
      replaced_by_tx_id: tx.replaced_by_tx_id ?? null,
    });
  } else {
    Object.assign(out, {
      block: {
        height: tx.block_height,
        hash: tx.block_hash,
        index_hash: tx.index_block_hash ?? mockHash(`index:${tx.block_hash}`),
        time: tx.block_time ?? tx.burn_block_time ?? 0,
        tx_index: tx.tx_index ?? 0,
      },
      bitcoin_block: { height: tx.burn_block_height ?? 0, time: tx.burn_block_time ?? 0 },
      status: tx.tx_status,
      parent_block: {
        hash: tx.parent_block_hash ?? mockHash(`parent:${tx.block_hash}`),
        index_hash: mockHash(`parent-index:${tx.block_hash}`),
      },
      post_conditions: tx.post_conditions ?? [],
      event_count: tx.event_count ?? (Array.isArray(tx.events) ? tx.events.length : 0),
      execution_cost: {
        read_count: tx.execution_cost_read_count ?? 0,
        read_length: tx.execution_cost_read_length ?? 0,
        runtime: tx.execution_cost_runtime ?? 0,
        write_count: tx.execution_cost_write_count ?? 0,
        write_length: tx.execution_cost_write_length ?? 0,
      },
      vm_error: tx.vm_error ?? null,
    });
  }
  out.type = tx.tx_type;
  if (tx.token_transfer)
    out.token_transfer = {
      recipient: tx.token_transfer.recipient_address,
      amount: tx.token_transfer.amount,
      memo: tx.token_transfer.memo ?? null,
    };
  if (tx.contract_call)
    out.contract_call = {
      contract_id: tx.contract_call.contract_id,
      function_name: tx.contract_call.function_name,
      function_args: (tx.contract_call.function_args ?? []).map((a: Json) => ({ hex: a.hex, repr: a.repr })),
    };
  if (tx.smart_contract)
    out.smart_contract = {
      contract_id: tx.smart_contract.contract_id,
      clarity_version: tx.smart_contract.clarity_version ?? null,
      source_code: tx.smart_contract.source_code ?? '',
    };
  if (tx.coinbase_payload)
    out.coinbase = {
      payload: tx.coinbase_payload.data ?? '0x',
      alt_recipient: tx.coinbase_payload.alt_recipient ?? null,
      vrf_proof: tx.coinbase_payload.vrf_proof ?? null,
    };
  if (tx.tenure_change_payload) out.tenure_change = { ...tx.tenure_change_payload };
  return out;
}

/** A v1 event in the v3 shape (src/api/schemas/v3/entities/transaction-events.ts). */
export function toV3Event(e: Json): Json {
  const a = e.asset ?? {};
  switch (e.event_type) {
    case 'smart_contract_log':
      return { event_index: e.event_index, type: 'contract_log', contract_log: e.contract_log };
    case 'stx_lock':
      return {
        event_index: e.event_index,
        type: 'stx_lock',
        stx_lock: {
          amount: e.stx_lock_event.locked_amount,
          unlock_bitcoin_height: e.stx_lock_event.unlock_height,
          address: e.stx_lock_event.locked_address,
        },
      };
    case 'stx_asset':
      return {
        event_index: e.event_index,
        type: 'stx_asset',
        stx_asset: {
          type: a.asset_event_type,
          sender: a.sender,
          recipient: a.recipient,
          amount: a.amount,
          memo: a.memo ? { hex: a.memo, repr: a.memo } : null,
        },
      };
    case 'fungible_token_asset':
      return {
        event_index: e.event_index,
        type: 'ft_asset',
        ft_asset: {
          type: a.asset_event_type,
          asset_identifier: a.asset_id,
          sender: a.sender,
          recipient: a.recipient,
          amount: a.amount,
        },
      };
    default:
      return {
        event_index: e.event_index,
        type: 'nft_asset',
        nft_asset: {
          type: a.asset_event_type,
          asset_identifier: a.asset_id,
          sender: a.sender,
          recipient: a.recipient,
          value: a.value,
        },
      };
  }
}

function getTxV3(ctx: RouteContext): Reply {
  const id = decodeURIComponent(ctx.params[0]);
  if (!TX_ID_RE.test(id)) return err(400, ERROR_BODIES.txIdPattern());
  const key = normalizeHash(id);
  const fixture = V3_TX_FIXTURES[key];
  if (fixture) return ok(loadFixture(fixture));
  const tx = data().txs.get(key);
  return tx
    ? ok(toV3Transaction(tx))
    : err(404, { error: 'Not Found', message: 'Transaction not found', statusCode: 404 });
}

/** Cursor = the event_index to start at (src/api/schemas/v3/cursors.ts TransactionEventCursorSchema). */
function getTxEventsV3(ctx: RouteContext): Reply {
  const id = decodeURIComponent(ctx.params[0]);
  if (!TX_ID_RE.test(id)) return err(400, ERROR_BODIES.txIdPattern());
  const tx = data().txs.get(normalizeHash(id));
  if (!tx) return err(404, { error: 'Not Found', message: 'Transaction not found', statusCode: 404 });
  const p = paging(ctx.query, 20, 100);
  if ('status' in p) return p;
  const events: Json[] = tx.events ?? [];
  const cursor = ctx.query.get('cursor');
  let start = 0;
  if (cursor !== null) {
    if (!/^[0-9]+$/.test(cursor))
      return err(400, ERROR_BODIES.validation('querystring/cursor must match pattern "^[0-9]+$"'));
    start = events.findIndex((e) => e.event_index === Number(cursor));
    if (start < 0) return err(404, { error: 'Not Found', message: 'Cursor not found', statusCode: 404 });
  }
  const slice = events.slice(start, start + p.limit);
  const next = events[start + p.limit];
  const prev = start > 0 ? events[Math.max(0, start - p.limit)] : undefined;
  return ok({
    total: events.length,
    limit: p.limit,
    cursor: {
      next: next ? String(next.event_index) : null,
      previous: prev ? String(prev.event_index) : null,
      current: slice[0] ? String(slice[0].event_index) : null,
    },
    results: slice.map(toV3Event),
  });
}

function getStxBalanceV2(ctx: RouteContext): Reply {
  const principal = decodeURIComponent(ctx.params[0]);
  if (!isValidPrincipal(principal)) return err(400, ERROR_BODIES.invalidPrincipal(principal));
  const mempool = ctx.query.get('include_mempool') === 'true';
  const fixture = V2_BALANCE_FIXTURES[principal];
  const b: Json = fixture
    ? loadFixture(fixture)
    : (() => {
        const v1 = data().balances.get(principal) ?? zeroBalance();
        return {
          balance: v1.balance,
          total_miner_rewards_received: v1.total_miner_rewards_received ?? '0',
          lock_tx_id: v1.lock_tx_id ?? '',
          locked: v1.locked,
          lock_height: v1.lock_height ?? 0,
          burnchain_lock_height: v1.burnchain_lock_height ?? 0,
          burnchain_unlock_height: v1.burnchain_unlock_height ?? 0,
          estimated_balance: v1.estimated_balance ?? v1.balance,
          pending_balance_inbound: v1.pending_balance_inbound ?? '0',
          pending_balance_outbound: v1.pending_balance_outbound ?? '0',
        };
      })();
  if (!mempool) {
    delete b.estimated_balance;
    delete b.pending_balance_inbound;
    delete b.pending_balance_outbound;
  }
  return ok(b);
}

/** Cursor = block_height:microblock_sequence:tx_index of the first item (src/api/schemas/v3/cursors.ts). */
function principalTxCursor(item: Json, i: number): string {
  return `${item.transaction.block?.height ?? 0}:0:${item.transaction.block?.tx_index ?? i}`;
}

function getPrincipalTxsV3(ctx: RouteContext): Reply {
  const principal = decodeURIComponent(ctx.params[0]);
  if (!isValidPrincipal(principal)) return err(400, ERROR_BODIES.invalidPrincipal(principal));
  const p = paging(ctx.query, 20, 50);
  if ('status' in p) return p;
  const fixture = V3_PRINCIPAL_TX_FIXTURES[principal];
  const items: Json[] = fixture
    ? loadFixture(fixture).results
    : (data().addressTxs.get(principal) ?? []).map((r: Json) => ({
        transaction: toV3Transaction(r.tx),
        involvement:
          r.tx.sender_address === principal ? 'sender' : r.tx.sponsor_address === principal ? 'sponsor' : 'affected',
        balance_changes: {
          stx: { sent: r.stx_sent, received: r.stx_received, net: String(BigInt(r.stx_received) - BigInt(r.stx_sent)) },
        },
        affected_asset_types: {
          stx: r.events.stx.transfer + r.events.stx.mint + r.events.stx.burn > 0,
          ft: r.events.ft.transfer + r.events.ft.mint + r.events.ft.burn > 0,
          nft: r.events.nft.transfer + r.events.nft.mint + r.events.nft.burn > 0,
        },
      }));
  const cursors = items.map(principalTxCursor);
  const cursor = ctx.query.get('cursor');
  let start = 0;
  if (cursor !== null) {
    if (!/^[0-9]+:[0-9]+:[0-9]+$/.test(cursor))
      return err(400, ERROR_BODIES.validation('querystring/cursor must match pattern "^[0-9]+:[0-9]+:[0-9]+$"'));
    start = cursors.indexOf(cursor);
    if (start < 0) return err(404, { error: 'Not Found', message: 'Cursor not found', statusCode: 404 });
  }
  return ok({
    total: items.length,
    limit: p.limit,
    cursor: {
      next: cursors[start + p.limit] ?? null,
      previous: start > 0 ? cursors[Math.max(0, start - p.limit)]! : null,
      current: cursors[start] ?? null,
    },
    results: items.slice(start, start + p.limit),
  });
}

function getBlockTxsV2(ctx: RouteContext): Reply {
  const key = decodeURIComponent(ctx.params[0]);
  if (key !== 'latest' && !/^\d+$/.test(key) && !TX_ID_RE.test(key))
    return err(400, ERROR_BODIES.validation('params/height_or_hash must match a schema in anyOf'));
  const block = findBlockV2(key);
  if (!block) return err(404, ERROR_BODIES.v2BlockNotFound());
  const p = paging(ctx.query, 20, 50);
  if ('status' in p) return p;
  const ids: string[] =
    data().blocksV1.get(block.height)?.txs ??
    [...data().txs.values()].filter((t) => t.block_hash === block.hash).map((t) => t.tx_id);
  const txs = ids
    .map((id) => data().txs.get(id))
    .filter((t): t is Json => !!t)
    .map((t) => {
      const { events: _events, ...rest } = t;
      return rest;
    });
  return ok(clone(page(txs, p)));
}

export const ROUTES: Route[] = [
  { pattern: /^\/extended\/?$/, handler: () => ok(clone(data().serverStatus)) },
  // must precede /extended/v1/tx/{tx_id}
  { pattern: /^\/extended\/v1\/tx\/mempool\/stats$/, handler: () => ok(clone(data().mempoolStats)) },
  { pattern: /^\/extended\/v1\/tx\/([^/]+)$/, handler: getTx },
  { pattern: /^\/extended\/v1\/address\/([^/]+)\/stx$/, handler: getStxBalance },
  { pattern: /^\/extended\/v2\/blocks\/([^/]+)$/, handler: getBlockV2 },
  { pattern: /^\/extended\/v1\/block\/by_height\/([^/]+)$/, handler: getBlockV1ByHeight },
  { pattern: /^\/extended\/v2\/smart-contracts\/status$/, handler: getContractsStatus },
  { pattern: /^\/extended\/v2\/addresses\/([^/]+)\/transactions$/, handler: getAddressTxs },
  { pattern: /^\/extended\/v2\/addresses\/([^/]+)\/transactions\/([^/]+)\/events$/, handler: getAddressTxEvents },
  // replacements of deprecated routes
  { pattern: /^\/extended\/v3\/transactions\/([^/]+)$/, handler: getTxV3 },
  { pattern: /^\/extended\/v3\/transactions\/([^/]+)\/events$/, handler: getTxEventsV3 },
  { pattern: /^\/extended\/v2\/addresses\/([^/]+)\/balances\/stx$/, handler: getStxBalanceV2 },
  { pattern: /^\/extended\/v3\/principals\/([^/]+)\/transactions$/, handler: getPrincipalTxsV3 },
  { pattern: /^\/extended\/v2\/blocks\/([^/]+)\/transactions$/, handler: getBlockTxsV2 },
];

/** A fault rule that switches a route off the way the API operator does (410 with the real body). */
export function switchedOff(match: RegExp): FaultRule {
  return { match, fault: { kind: 'status', status: 410, body: ERROR_BODIES.gone() } };
}

/** A fault rule that marks a route deprecated with the API's `Warning: 299` header. */
export function deprecated(
  match: RegExp,
  text = 'Deprecated: this endpoint will be removed; use its replacement',
): FaultRule {
  return { match, fault: { kind: 'headers', headers: { warning: `299 - "${text}"` } } };
}

// ---------------------------------------------------------------------------------------------
// Server
// ---------------------------------------------------------------------------------------------

export async function startMockApi(options: MockApiOptions = {}): Promise<MockApi> {
  data(); // load fixtures eagerly so a broken fixture fails at start
  const host = options.host ?? '127.0.0.1';
  const requests: RecordedRequest[] = [];
  let rules: Array<{ match?: string | RegExp; remaining: number; fault: Fault }> = [];
  const overrides = new Map<string, Reply>();
  const hanging = new Set<http.ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  let window = { start: Date.now(), count: 0 };

  const wait = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  function takeFault(target: string): Fault | undefined {
    for (const rule of rules) {
      const m = rule.match;
      let hit = true;
      if (typeof m === 'string') hit = target.includes(m);
      else if (m instanceof RegExp) {
        m.lastIndex = 0;
        hit = m.test(target);
      }
      if (!hit) continue;
      rule.remaining--;
      if (rule.remaining <= 0) rules = rules.filter((r) => r !== rule);
      return rule.fault;
    }
    return undefined;
  }

  function rateHeaders(): Record<string, string> {
    if (!options.rateLimit) return {};
    const { limit, windowMs } = options.rateLimit;
    const now = Date.now();
    if (now - window.start >= windowMs) window = { start: now, count: 0 };
    return {
      'ratelimit-limit': String(limit),
      'ratelimit-remaining': String(Math.max(0, limit - window.count)),
      'ratelimit-reset': String(Math.max(1, Math.ceil((window.start + windowMs - now) / 1000))),
    };
  }

  function send(res: http.ServerResponse, reply: Reply, method: string, extra: Record<string, string> = {}): void {
    if (res.destroyed || res.writableEnded) return;
    const body = reply.body === undefined ? '' : JSON.stringify(reply.body);
    res.writeHead(reply.status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      ...rateHeaders(),
      ...extra,
      ...(reply.headers ?? {}),
    });
    res.end(method === 'HEAD' ? undefined : body);
  }

  function route(method: string, pathname: string, query: URLSearchParams, url: string): Reply {
    const o = overrides.get(pathname);
    if (o) return { ...o, body: clone(o.body) };
    if (method !== 'GET' && method !== 'HEAD') return err(404, ERROR_BODIES.unknownRoute(method, url));
    for (const r of ROUTES) {
      const m = r.pattern.exec(pathname);
      if (m) return r.handler({ params: m.slice(1), query, method, url });
    }
    return err(404, ERROR_BODIES.unknownRoute(method, url));
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const parsed = new URL(url, 'http://mock.invalid');
    const method = req.method ?? 'GET';
    requests.push({
      method,
      path: parsed.pathname,
      query: parsed.searchParams,
      url,
      headers: { ...req.headers },
      time: Date.now(),
    });
    const target = parsed.pathname + parsed.search;
    const extra: Record<string, string> = {};
    const fault = takeFault(target);
    let slowBodyMs = 0;
    if (fault) {
      switch (fault.kind) {
        case 'status':
          send(
            res,
            {
              status: fault.status,
              body: fault.body === undefined ? defaultErrorBody(fault.status) : fault.body,
              headers: fault.headers,
            },
            method,
          );
          return;
        case 'body':
          send(res, { status: fault.status ?? 200, body: fault.body, headers: fault.headers }, method);
          return;
        case 'delay':
          await wait(fault.ms);
          break;
        case 'slowFirstByte':
          slowBodyMs = fault.ms;
          break;
        case 'hang':
          hanging.add(res);
          res.on('close', () => hanging.delete(res));
          return;
        case 'reset':
          req.socket.destroy();
          return;
        case 'malformed': {
          const body =
            '{"tx_id": "0x03807fdb726b3cb843e0330c564a4974037be8f9ea58ec7f8ebe03c34b890009", "tx_status": succ';
          res.writeHead(200, {
            'content-type': 'application/json; charset=utf-8',
            'content-length': String(Buffer.byteLength(body)),
          });
          res.end(body);
          return;
        }
        case 'truncated': {
          const normal = JSON.stringify(route(method, parsed.pathname, parsed.searchParams, url).body ?? {});
          const part = normal.slice(0, Math.max(1, Math.floor(normal.length / 2)));
          res.writeHead(200, {
            'content-type': 'application/json; charset=utf-8',
            'content-length': String(Buffer.byteLength(normal) + 100),
          });
          res.write(part, () => setImmediate(() => res.socket?.destroy()));
          return;
        }
        case 'oversized':
          await streamOversized(res, fault.bytes);
          return;
        case 'redirect':
          res.writeHead(fault.status ?? 302, {
            location: fault.location,
            'content-type': 'application/json; charset=utf-8',
            'content-length': '2',
          });
          res.end('{}');
          return;
        case 'headers':
          Object.assign(extra, fault.headers);
          break;
      }
    }

    if (options.rateLimit) {
      rateHeaders(); // roll the window
      window.count++;
      if (window.count > options.rateLimit.limit) {
        const h = rateHeaders();
        send(res, { status: 429, body: ERROR_BODIES.tooManyRequests() }, method, {
          'retry-after': h['ratelimit-reset'],
          ...extra,
        });
        return;
      }
    }
    if (options.requireKey !== undefined) {
      const key = req.headers['x-api-key'];
      if (key === undefined || key === '') {
        send(res, { status: 401, body: ERROR_BODIES.missingKey() }, method, extra);
        return;
      }
      if (key !== options.requireKey) {
        send(res, { status: 403, body: ERROR_BODIES.invalidKey() }, method, extra);
        return;
      }
    }

    let reply: Reply;
    try {
      reply = route(method, parsed.pathname, parsed.searchParams, url);
    } catch (e) {
      reply = err(500, { ...ERROR_BODIES.internal(), message: String(e) });
    }
    if (slowBodyMs > 0) {
      // headers now, body after the delay
      const body = JSON.stringify(reply.body ?? '');
      res.writeHead(reply.status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        ...rateHeaders(),
        ...extra,
        ...(reply.headers ?? {}),
      });
      res.flushHeaders();
      await wait(slowBodyMs);
      if (!res.destroyed) res.end(method === 'HEAD' ? undefined : body);
      return;
    }
    send(res, reply, method, extra);
  }

  async function streamOversized(res: http.ServerResponse, bytes: number): Promise<void> {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    const head = '{"tx_id":"' + TX.tokenTransfer + '","padding":"';
    const tail = '"}';
    let remaining = Math.max(0, bytes - head.length - tail.length);
    const chunk = 'a'.repeat(64 * 1024);
    const write = async (s: string): Promise<boolean> => {
      if (res.destroyed) return false;
      if (!res.write(s)) {
        await new Promise<void>((resolve) => {
          const done = (): void => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.on('drain', done);
          res.on('close', done);
        });
      }
      return !res.destroyed;
    };
    if (!(await write(head))) return;
    while (remaining > 0) {
      const n = Math.min(remaining, chunk.length);
      if (!(await write(n === chunk.length ? chunk : chunk.slice(0, n)))) return;
      remaining -= n;
    }
    if (!res.destroyed) res.end(tail);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent && !res.destroyed)
        send(res, err(500, { ...ERROR_BODIES.internal(), message: String(e) }), 'GET');
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  const api: MockApi = {
    url: `http://${urlHost}:${port}`,
    port,
    requests,
    requestsTo(p: string | RegExp): RecordedRequest[] {
      return requests.filter((r) => {
        if (typeof p === 'string') return r.path.startsWith(p);
        p.lastIndex = 0;
        return p.test(r.url);
      });
    },
    fault(rule: FaultRule | Fault): void {
      const r: FaultRule = 'kind' in rule ? { fault: rule } : rule;
      rules.push({ match: r.match, remaining: r.times ?? Infinity, fault: r.fault });
    },
    clearFaults(): void {
      rules = [];
    },
    reset(): void {
      rules = [];
      requests.length = 0;
      overrides.clear();
      window = { start: Date.now(), count: 0 };
    },
    override(p: string, body: unknown, status = 200): void {
      overrides.set(p, { status, body });
    },
    close(): Promise<void> {
      if (closed) return Promise.resolve();
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const res of hanging) res.destroy();
      hanging.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return api;
}
