/**
 * The routes the API names as replacements when it switches a route off: the v3 routes (and the
 * v2 balance and block transactions, which are deprecated themselves: they answer 410 in sunset
 * mode). The fixtures v3-*.json / v2-*.json hold real answers for some ids; every other id is
 * converted from the v1 data (./v3.ts).
 */
import { ADDRESS, TX } from '../fixtures/ids';
import { data, findBlockV2, zeroBalance } from './data';
import { clone, ERROR_BODIES, Json, loadFixture } from './fixtures';
import {
  err,
  isValidPrincipal,
  normalizeHash,
  ok,
  page,
  paging,
  Reply,
  RouteContext,
  TX_ID_RE,
  param,
} from './routing';
import {
  toV3BalanceChanges,
  toV3Event,
  toV3StxBalance,
  toV3Summary,
  toV3Transaction,
  V3_INCLUDE_FIELDS,
  withIncludes,
} from './v3';

const V3_TX_FIXTURES: Record<string, string> = {
  [TX.tokenTransfer]: 'v3-transaction--token_transfer.json',
  [TX.pending]: 'v3-transaction--pending.json',
};
const V2_BALANCE_FIXTURES: Record<string, string> = { [ADDRESS.mainnet]: 'v2-balances-stx--locked.json' };
const V3_PRINCIPAL_TX_FIXTURES: Record<string, string> = {
  [ADDRESS.mainnet]: 'v3-principal-transactions--mainnet.json',
};

/** `include` as the API reads it: repeated or comma-separated, each value one of the heavy fields. */
function includes(query: URLSearchParams): string[] | Reply {
  const values = query.getAll('include').flatMap((v) => v.split(','));
  for (const v of values) {
    if (!(V3_INCLUDE_FIELDS as readonly string[]).includes(v))
      return err(400, ERROR_BODIES.validation(`querystring/include/0 must be equal to one of the allowed values`));
  }
  return values;
}

/** The full v3 transaction (every heavy field) of an id, or undefined. */
export function fullTxV3(id: string): Json | undefined {
  const key = normalizeHash(id);
  const fixture = V3_TX_FIXTURES[key];
  if (fixture) return loadFixture(fixture);
  const tx = data().txs.get(key);
  return tx ? toV3Transaction(tx) : undefined;
}

export function getTxV3(ctx: RouteContext): Reply {
  const id = decodeURIComponent(param(ctx, 0));
  if (!TX_ID_RE.test(id)) return err(400, ERROR_BODIES.txIdPattern());
  const include = includes(ctx.query);
  if (!Array.isArray(include)) return include;
  const tx = fullTxV3(id);
  return tx
    ? ok(withIncludes(tx, include))
    : err(404, { error: 'Not Found', message: 'Transaction not found', statusCode: 404 });
}

/** Cursor = the event_index to start at (the API server's TransactionEventCursorSchema). */
export function getTxEventsV3(ctx: RouteContext): Reply {
  const id = decodeURIComponent(param(ctx, 0));
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

export function getStxBalanceV2(ctx: RouteContext): Reply {
  const principal = decodeURIComponent(param(ctx, 0));
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

/** Cursor = block_height:microblock_sequence:tx_index of the first item (as the API server's v3 cursors are). */
function principalTxCursor(item: Json, i: number): string {
  return `${item.transaction.block?.height ?? 0}:0:${item.transaction.block?.tx_index ?? i}`;
}

export function getPrincipalTxsV3(ctx: RouteContext): Reply {
  const principal = decodeURIComponent(param(ctx, 0));
  if (!isValidPrincipal(principal)) return err(400, ERROR_BODIES.invalidPrincipal(principal));
  const p = paging(ctx.query, 20, 50);
  if ('status' in p) return p;
  const fixture = V3_PRINCIPAL_TX_FIXTURES[principal];
  const items: Json[] = fixture
    ? loadFixture(fixture).results
    : (data().addressTxs.get(principal) ?? []).map((r: Json) => ({
        transaction: toV3Summary(toV3Transaction(r.tx)),
        involvement:
          r.tx.sender_address === principal ? 'sender' : r.tx.sponsor_address === principal ? 'sponsor' : 'affected',
        balance_changes: {
          stx: { sent: r.stx_sent, received: r.stx_received, net: String(BigInt(r.stx_received) - BigInt(r.stx_sent)) },
        },
        affected_balances: {
          stx: r.events.stx.transfer + r.events.stx.mint + r.events.stx.burn > 0,
          ft: r.events.ft.transfer + r.events.ft.mint + r.events.ft.burn > 0,
          nft: r.events.nft.transfer + r.events.nft.mint + r.events.nft.burn > 0,
        },
      }));
  const cursors = items.map(principalTxCursor);
  return cursorPage(
    items,
    cursors,
    ctx.query.get('cursor'),
    p.limit,
    /^[0-9]+:[0-9]+:[0-9]+$/,
    '^[0-9]+:[0-9]+:[0-9]+$',
  );
}

export function getBlockTxsV2(ctx: RouteContext): Reply {
  const b = blockTxsOf(ctx);
  if ('status' in b) return b;
  const txs = b.txs.map((t) => {
    const { events: _events, ...rest } = t;
    return rest;
  });
  return ok(clone(page(txs, b.p)));
}

/** The v1 balance data in the v3 shape, so both routes agree on every address. */
export function getStxBalanceV3(ctx: RouteContext): Reply {
  const principal = decodeURIComponent(param(ctx, 0));
  if (!isValidPrincipal(principal)) return err(400, ERROR_BODIES.invalidPrincipal(principal));
  return ok(toV3StxBalance(data().balances.get(principal) ?? zeroBalance()));
}

/** Cursor = `<asset type tag>:<asset identifier>` of the first item (1 = STX, 2 = FT, 3 = NFT), as the API's. */
function balanceChangeCursor(c: Json): string {
  const tag = c.asset.type === 'stx' ? 1 : c.asset.type === 'ft' ? 2 : 3;
  return `${tag}:${c.asset.identifier ?? '<stx>'}`;
}

export function getTxBalanceChangesV3(ctx: RouteContext): Reply {
  const principal = decodeURIComponent(param(ctx, 0));
  const txId = decodeURIComponent(param(ctx, 1));
  if (!isValidPrincipal(principal)) return err(400, ERROR_BODIES.invalidPrincipal(principal));
  if (!TX_ID_RE.test(txId)) return err(400, ERROR_BODIES.txIdPattern());
  if (!data().txs.has(normalizeHash(txId)))
    return err(404, { error: 'Not Found', message: 'Transaction not found', statusCode: 404 });
  const p = paging(ctx.query, 20, 50);
  if ('status' in p) return p;
  const changes = toV3BalanceChanges(principal, data().addressEvents.get(`${principal}|${normalizeHash(txId)}`) ?? []);
  const cursors = changes.map(balanceChangeCursor);
  return cursorPage(changes, cursors, ctx.query.get('cursor'), p.limit, /^[0-9]+:\S+$/, '^[0-9]+:\\S+$');
}

/** Cursor = block_height:microblock_sequence:tx_index of the first item, as the API's. */
export function getBlockTxsV3(ctx: RouteContext): Reply {
  const b = blockTxsOf(ctx);
  if ('status' in b) return b;
  const { block, p } = b;
  const txs = b.txs.map((t) => toV3Summary(toV3Transaction(t)));
  const cursors = txs.map((t, i) => `${block.height}:0:${t.block?.tx_index ?? i}`);
  return cursorPage(txs, cursors, ctx.query.get('cursor'), p.limit, /^[0-9]+:[0-9]+:[0-9]+$/, '^[0-9]+:[0-9]+:[0-9]+$');
}

/**
 * A page of a v3 list, which pages by the cursor of a page's first item (`cursors[i]` is item i's):
 * an ill-formed cursor is a 400 and an unknown one a 404, as the API answers.
 */
export function cursorPage(
  items: Json[],
  cursors: string[],
  cursor: string | null,
  limit: number,
  pattern: RegExp,
  patternText: string,
): Reply {
  let start = 0;
  if (cursor !== null) {
    if (!pattern.test(cursor))
      return err(400, ERROR_BODIES.validation(`querystring/cursor must match pattern "${patternText}"`));
    start = cursors.indexOf(cursor);
    if (start < 0) return err(404, { error: 'Not Found', message: 'Cursor not found', statusCode: 404 });
  }
  return ok({
    total: items.length,
    limit,
    cursor: {
      next: cursors[start + limit] ?? null,
      previous: start > 0 ? cursors[Math.max(0, start - limit)]! : null,
      current: cursors[start] ?? null,
    },
    results: items.slice(start, start + limit),
  });
}

/** The block a block-transactions route names, its paging, and its transactions (v1 shape), or the API's error. */
function blockTxsOf(ctx: RouteContext): Reply | { block: Json; p: { limit: number; offset: number }; txs: Json[] } {
  const key = decodeURIComponent(param(ctx, 0));
  if (key !== 'latest' && !/^\d+$/.test(key) && !TX_ID_RE.test(key))
    return err(400, ERROR_BODIES.validation('params/height_or_hash must match a schema in anyOf'));
  const block = findBlockV2(key);
  if (!block) return err(404, ERROR_BODIES.v2BlockNotFound());
  const p = paging(ctx.query, 20, 50);
  if ('status' in p) return p;
  const ids: string[] =
    data().blocksV1.get(block.height)?.txs ??
    [...data().txs.values()].filter((t) => t.block_hash === block.hash).map((t) => t.tx_id);
  return { block, p, txs: ids.map((id) => data().txs.get(id)).filter((t): t is Json => !!t) };
}
