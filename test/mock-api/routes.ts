/**
 * The route table: the routes the extension reads, with the checks and error bodies of the real
 * API, then the replacements the API names for them (./replacementRoutes.ts). Add routes here.
 */
import { ADDRESS, TOKEN } from '../fixtures/ids';
import { data, findBlockV2, findBurnBlock, stacksBlocksOf, zeroBalance } from './data';
import { clone, ERROR_BODIES, Json, loadFixture } from './fixtures';
import { getBalancesV1, getFtBalancesV3, getNftBalancesV3, getPrincipalMempoolV3 } from './holdings';
import { toV3MempoolSummary } from './v3';
import { SDK_NODE_ROUTES } from './sdkNode';
import { TRACE_BLOCK_ROUTES } from './traceBlock';
import { getPox, postFeeEstimate, postSimulation } from './simulation';
import { getAccount } from './accounts';
import { getPrincipalBonds, getPrincipalStaking } from './staking';
import { EMILY_ROUTES } from './emily';
import { SBTC_ROUTES } from './sbtc';
import {
  getConstantVal,
  getContractInterface,
  getContractSource,
  getDataVar,
  postCallRead,
  postMapEntry,
} from './contracts';
import {
  getBlockTxsV2,
  getBlockTxsV3,
  getPrincipalTxsV3,
  getStxBalanceV2,
  getStxBalanceV3,
  getTxBalanceChangesV3,
  getTxEventsV3,
  getTxV3,
} from './replacementRoutes';
import {
  err,
  isValidPrincipal,
  normalizeHash,
  ok,
  page,
  paging,
  Reply,
  Route,
  RouteContext,
  TX_ID_RE,
  param,
} from './routing';

function getTx(ctx: RouteContext): Reply {
  const id = decodeURIComponent(param(ctx, 0));
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
  const principal = decodeURIComponent(param(ctx, 0));
  if (!isValidPrincipal(principal)) return err(400, ERROR_BODIES.invalidPrincipal(principal));
  const unanchored = ctx.query.get('unanchored');
  if (unanchored !== null && unanchored !== 'true' && unanchored !== 'false') {
    return err(400, ERROR_BODIES.validation('querystring/unanchored must be boolean'));
  }
  if (unanchored === 'true' && ctx.query.has('until_block')) return err(400, ERROR_BODIES.untilBlockAndUnanchored());
  return ok(clone(data().balances.get(principal) ?? zeroBalance()));
}

function getBlockV2(ctx: RouteContext): Reply {
  const key = decodeURIComponent(param(ctx, 0));
  if (key !== 'latest' && !/^\d+$/.test(key) && !TX_ID_RE.test(key)) {
    return err(400, ERROR_BODIES.validation('params/height_or_hash must match a schema in anyOf'));
  }
  const block = findBlockV2(key);
  return block ? ok(clone(block)) : err(404, ERROR_BODIES.v2BlockNotFound());
}

function getBlockV1ByHeight(ctx: RouteContext): Reply {
  const h = param(ctx, 0);
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
  const address = decodeURIComponent(param(ctx, 0));
  if (!isValidPrincipal(address)) return err(400, ERROR_BODIES.invalidPrincipal(address));
  const p = paging(ctx.query, 20, 50);
  if ('status' in p) return p;
  return ok(clone(page(data().addressTxs.get(address) ?? [], p)));
}

function getAddressTxEvents(ctx: RouteContext): Reply {
  const address = decodeURIComponent(param(ctx, 0));
  const txId = decodeURIComponent(param(ctx, 1));
  if (!isValidPrincipal(address)) return err(400, ERROR_BODIES.invalidPrincipal(address));
  if (!TX_ID_RE.test(txId)) return err(400, ERROR_BODIES.txIdPattern());
  const p = paging(ctx.query, 20, 50);
  if ('status' in p) return p;
  return ok(clone(page(data().addressEvents.get(`${address}|${normalizeHash(txId)}`) ?? [], p)));
}
/**
 * Nonces (v3): the pending sender has a gap (nonce 4 missing, 5 waiting), the mainnet address a
 * mempool transaction right after its confirmed ones, everyone else nothing; the bodies are the
 * ones the API's own tests assert. A contract has no nonces: 400, as the API answers.
 */
function getNoncesV3(ctx: RouteContext): Reply {
  const principal = decodeURIComponent(param(ctx, 0));
  if (!/^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}$/.test(principal) || !isValidPrincipal(principal))
    return err(
      400,
      ERROR_BODIES.validation('params/principal must match pattern "^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}$"'),
    );
  const file =
    principal === ADDRESS.pendingSender
      ? 'v3-nonces--gap.json'
      : principal === ADDRESS.mainnet
        ? 'v3-nonces--no-gap.json'
        : 'v3-nonces--none.json';
  return ok(clone(loadFixture(file)));
}

/**
 * The Token Metadata API (hirosystems/token-metadata-api, on the hosted API's origin): one token with
 * metadata, one whose metadata is still being fetched (422), every other token 404, as its routes answer.
 */
function getFtMetadata(ctx: RouteContext): Reply {
  const principal = decodeURIComponent(param(ctx, 0));
  if (principal === TOKEN.mia) return ok(loadFixture('ft-metadata--miamicoin.json'));
  if (principal === TOKEN.fetching) return err(422, loadFixture('error-422-ft-metadata-fetch-in-progress.json'));
  return err(404, loadFixture('error-404-ft-metadata-token-not-found.json'));
}

/** `height_or_hash` of the burn-block routes: `latest`, a height, or a hash with or without 0x (BurnBlockParamsSchema). */
function burnBlockOf(ctx: RouteContext): Reply | { block: Json } {
  const key = decodeURIComponent(param(ctx, 0));
  if (key !== 'latest' && !/^\d+$/.test(key) && !TX_ID_RE.test(key))
    return err(400, ERROR_BODIES.validation('params/height_or_hash must match a schema in anyOf'));
  const block = findBurnBlock(key);
  return block ? { block } : err(404, { statusCode: 404, error: 'Not Found', message: 'Not found' });
}

function getBurnBlock(ctx: RouteContext): Reply {
  const b = burnBlockOf(ctx);
  return 'block' in b ? ok(clone(b.block)) : b;
}

function getBurnBlockBlocks(ctx: RouteContext): Reply {
  const b = burnBlockOf(ctx);
  if (!('block' in b)) return b;
  const p = paging(ctx.query, 20, 30);
  if ('status' in p) return p;
  return ok(clone(page(stacksBlocksOf(b.block.burn_block_hash), p)));
}

/** Cursor = `receipt_time:tx_id` of the first item; the API pages by key, so a cursor of a tx gone since still works. */
const MEMPOOL_CURSOR_RE = /^\d+:(0x)?[a-fA-F0-9]{64}$/;
const mempoolCursor = (t: Json): string => `${t.receipt_time}:${t.tx_id}`;
const newerFirst = (a: Json, b: Json): number =>
  b.receipt_time - a.receipt_time || (a.tx_id < b.tx_id ? 1 : a.tx_id > b.tx_id ? -1 : 0);
const atOrBefore = (t: Json, time: number, id: string): boolean =>
  t.receipt_time < time || (t.receipt_time === time && t.tx_id <= id);

/** GET /extended/v3/mempool/transactions, as the API's getMempoolTransactionSummaries: newest first, by key. */
function getMempoolTxsV3(ctx: RouteContext): Reply {
  const p = paging(ctx.query, 20, 50);
  if ('status' in p) return p;
  const items = [
    ...data()
      .mempoolTxs.filter((t) => t.tx_status === 'pending')
      .map(toV3MempoolSummary),
    ...data().mempoolListFixtures,
  ].sort(newerFirst);
  const cursor = ctx.query.get('cursor');
  let rest = items;
  if (cursor !== null) {
    if (!MEMPOOL_CURSOR_RE.test(cursor))
      return err(400, ERROR_BODIES.validation('querystring/cursor must match pattern "^\\d+:(0x)?[a-fA-F0-9]{64}$"'));
    const [time, id] = cursor.split(':') as [string, string];
    rest = items.filter((t) => atOrBefore(t, Number(time), normalizeHash(id)));
  }
  const slice = rest.slice(0, p.limit);
  const first = slice[0];
  const newer = first ? items.filter((t) => !atOrBefore(t, first.receipt_time, first.tx_id)) : [];
  const previous = newer.length > 0 ? newer[Math.max(0, newer.length - p.limit)] : undefined;
  return ok(
    clone({
      limit: p.limit,
      total: items.length,
      cursor: {
        next: rest[p.limit] ? mempoolCursor(rest[p.limit]) : null,
        previous: previous ? mempoolCursor(previous) : null,
        current: first ? mempoolCursor(first) : null,
      },
      results: slice,
    }),
  );
}

export const ROUTES: Route[] = [
  // sBTC: the registry's read-only answers and a withdrawal (./sbtc.ts), Emily under /emily (./emily.ts)
  ...SBTC_ROUTES,
  ...EMILY_ROUTES,
  // the node routes a local replay reads, and its fixture blocks and transactions, before the general ones
  // (./traceBlock.ts, ./sdkNode.ts)
  ...TRACE_BLOCK_ROUTES,
  ...SDK_NODE_ROUTES,
  { pattern: /^\/metadata\/v1\/ft\/([^/]+)$/, handler: getFtMetadata },
  { pattern: /^\/extended\/?$/, handler: () => ok(clone(data().serverStatus)) },
  // must precede /extended/v1/tx/{tx_id}
  { pattern: /^\/extended\/v1\/tx\/mempool\/stats$/, handler: () => ok(clone(data().mempoolStats)) },
  { pattern: /^\/extended\/v1\/tx\/([^/]+)$/, handler: getTx },
  { pattern: /^\/extended\/v1\/address\/([^/]+)\/stx$/, handler: getStxBalance },
  { pattern: /^\/extended\/v2\/blocks\/([^/]+)$/, handler: getBlockV2 },
  { pattern: /^\/extended\/v2\/burn-blocks\/([^/]+)$/, handler: getBurnBlock },
  { pattern: /^\/extended\/v2\/burn-blocks\/([^/]+)\/blocks$/, handler: getBurnBlockBlocks },
  { pattern: /^\/extended\/v1\/block\/by_height\/([^/]+)$/, handler: getBlockV1ByHeight },
  { pattern: /^\/extended\/v2\/smart-contracts\/status$/, handler: getContractsStatus },
  { pattern: /^\/extended\/v2\/mempool\/fees$/, handler: () => ok(clone(data().mempoolFees)) },
  { pattern: /^\/extended\/v3\/mempool\/transactions$/, handler: getMempoolTxsV3 },
  { pattern: /^\/extended\/v2\/addresses\/([^/]+)\/transactions$/, handler: getAddressTxs },
  { pattern: /^\/extended\/v2\/addresses\/([^/]+)\/transactions\/([^/]+)\/events$/, handler: getAddressTxEvents },
  // replacements of deprecated routes
  { pattern: /^\/extended\/v3\/transactions\/([^/]+)$/, handler: getTxV3 },
  { pattern: /^\/extended\/v3\/transactions\/([^/]+)\/events$/, handler: getTxEventsV3 },
  { pattern: /^\/extended\/v2\/addresses\/([^/]+)\/balances\/stx$/, handler: getStxBalanceV2 },
  { pattern: /^\/extended\/v3\/principals\/([^/]+)\/transactions$/, handler: getPrincipalTxsV3 },
  { pattern: /^\/extended\/v2\/blocks\/([^/]+)\/transactions$/, handler: getBlockTxsV2 },
  { pattern: /^\/extended\/v3\/principals\/([^/]+)\/balances\/stx$/, handler: getStxBalanceV3 },
  {
    pattern: /^\/extended\/v3\/principals\/([^/]+)\/transactions\/([^/]+)\/balance-changes$/,
    handler: getTxBalanceChangesV3,
  },
  { pattern: /^\/extended\/v3\/blocks\/([^/]+)\/transactions$/, handler: getBlockTxsV3 },
  { pattern: /^\/extended\/v3\/principals\/([^/]+)\/nonces$/, handler: getNoncesV3 },
  // the node's contract routes, which the API serves under /v2 (./contracts.ts)
  { pattern: /^\/v2\/contracts\/interface\/([^/]+)\/([^/]+)$/, handler: getContractInterface },
  { pattern: /^\/v2\/contracts\/source\/([^/]+)\/([^/]+)$/, handler: getContractSource },
  { pattern: /^\/v2\/contracts\/call-read\/([^/]+)\/([^/]+)\/([^/]+)$/, handler: postCallRead, post: true },
  { pattern: /^\/v2\/data_var\/([^/]+)\/([^/]+)\/([^/]+)$/, handler: getDataVar },
  { pattern: /^\/v2\/constant_val\/([^/]+)\/([^/]+)\/([^/]+)$/, handler: getConstantVal },
  { pattern: /^\/v2\/map_entry\/([^/]+)\/([^/]+)\/([^/]+)$/, handler: postMapEntry, post: true },
  // the node's fee estimate, and a simulation service mounted under /simulation (./simulation.ts)
  { pattern: /^\/v2\/fees\/transaction$/, handler: postFeeEstimate, post: true },
  { pattern: /^\/v2\/pox$/, handler: getPox },
  { pattern: /^\/v2\/accounts\/([^/]+)$/, handler: getAccount },
  { pattern: /^\/simulation\/devtools\/v2\/simulations:instant$/, handler: postSimulation, post: true },
  // what a principal holds, and its pending transactions (./holdings.ts)
  { pattern: /^\/extended\/v3\/principals\/([^/]+)\/balances\/ft$/, handler: getFtBalancesV3 },
  { pattern: /^\/extended\/v3\/principals\/([^/]+)\/balances\/nft$/, handler: getNftBalancesV3 },
  { pattern: /^\/extended\/v3\/principals\/([^/]+)\/mempool\/transactions$/, handler: getPrincipalMempoolV3 },
  { pattern: /^\/extended\/v1\/address\/([^/]+)\/balances$/, handler: getBalancesV1 },
  // a principal's pox-5 staking (./staking.ts)
  { pattern: /^\/extended\/v3\/principals\/([^/]+)\/staking$/, handler: getPrincipalStaking },
  { pattern: /^\/extended\/v3\/principals\/([^/]+)\/staking\/bonds$/, handler: getPrincipalBonds },
];
