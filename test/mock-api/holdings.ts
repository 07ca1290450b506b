/**
 * What principals hold (the v3 FT and NFT balance lists, and the v1 balances route an API without
 * v3 answers instead), a principal's pending transactions (v3), and a new transaction for an
 * address after some requests (for watched addresses). The bodies are the ones the API's own
 * tests assert (test/fixtures/api/v3-balances-*.json); the pending sender also holds MiamiCoin,
 * the token the mock's Token Metadata API knows, in the same shape.
 */
import { ADDRESS, mockHash, TOKEN } from '../fixtures/ids';
import { data, zeroBalance } from './data';
import { clone, ERROR_BODIES, Json, loadFixture } from './fixtures';
import { cursorPage } from './replacementRoutes';
import { err, isValidPrincipal, normalizeHash, ok, paging, Reply, RouteContext, param } from './routing';
import { toV3MempoolSummary } from './v3';

/** The address of the API tests' FT, NFT and mempool blocks. */
export const HOLDER = 'ST1SJ3DTE5DN7X54YDH5D64R3BCB6A2AG2ZQ8YPD5';
/** MiamiCoin's asset identifier (decimals 6, symbol MIA in the mock's metadata). */
export const MIA_ASSET = `${TOKEN.mia}::miamicoin`;

/** Tokens the busy address holds, for paging: in the shape of the API's items, largest first. */
export const BUSY_TOKEN_COUNT = 45;

function ftOf(principal: string): Json[] {
  const three: Json[] = loadFixture('v3-balances-ft--three.json').results;
  if (principal === HOLDER) return three;
  if (principal === ADDRESS.pendingSender) return [{ asset_identifier: MIA_ASSET, balance: '1234567890' }, ...three];
  if (principal === ADDRESS.busy)
    return Array.from({ length: BUSY_TOKEN_COUNT }, (_, i) => ({
      asset_identifier: `SP000000000000000000002Q6VF78.token-${i}::t${i}`,
      balance: String(1_000_000 - i),
    }));
  return [];
}

function nftOf(principal: string): Json[] {
  const three: Json[] = loadFixture('v3-balances-nft--three.json').results;
  return principal === HOLDER || principal === ADDRESS.pendingSender ? three : [];
}

function principalOf(ctx: RouteContext): string | Reply {
  const p = decodeURIComponent(param(ctx, 0));
  return isValidPrincipal(p) ? p : err(400, ERROR_BODIES.invalidPrincipal(p));
}

/** GET /extended/v3/principals/{p}/balances/ft: largest first, cursor `balance:asset_identifier`. */
export function getFtBalancesV3(ctx: RouteContext): Reply {
  const p = principalOf(ctx);
  if (typeof p !== 'string') return p;
  const q = paging(ctx.query, 100, 200);
  if ('status' in q) return q;
  const items = ftOf(p);
  const cursors = items.map((h) => `${h.balance}:${h.asset_identifier}`);
  return cursorPage(clone(items), cursors, ctx.query.get('cursor'), q.limit, /^\d+:.+$/, '^\\d+:.+$');
}

/** GET /extended/v3/principals/{p}/balances/nft: by asset identifier then value, cursor `value:asset_identifier`. */
export function getNftBalancesV3(ctx: RouteContext): Reply {
  const p = principalOf(ctx);
  if (typeof p !== 'string') return p;
  const q = paging(ctx.query, 100, 200);
  if ('status' in q) return q;
  const items = nftOf(p);
  const cursors = items.map((h) => `${h.value.hex}:${h.asset_identifier}`);
  return cursorPage(
    clone(items),
    cursors,
    ctx.query.get('cursor'),
    q.limit,
    /^0x[0-9a-fA-F]*:.+$/,
    '^0x[0-9a-fA-F]*:.+$',
  );
}

/** GET /extended/v1/address/{p}/balances: the same holdings in the v1 maps (counts per collection). */
export function getBalancesV1(ctx: RouteContext): Reply {
  const p = principalOf(ctx);
  if (typeof p !== 'string') return p;
  const fungible: Record<string, Json> = {};
  for (const h of ftOf(p))
    fungible[h.asset_identifier] = { balance: h.balance, total_sent: '0', total_received: h.balance };
  const nonFungible: Record<string, Json> = {};
  for (const h of nftOf(p)) {
    const n = Number(nonFungible[h.asset_identifier]?.count ?? 0) + 1;
    nonFungible[h.asset_identifier] = { count: String(n), total_sent: '0', total_received: String(n) };
  }
  return ok({
    stx: clone(data().balances.get(p) ?? zeroBalance()),
    fungible_tokens: fungible,
    non_fungible_tokens: nonFungible,
  });
}

const involves = (t: Json, p: string): boolean =>
  t.sender?.address === p ||
  t.token_transfer?.recipient === p ||
  t.contract_call?.contract_id === p ||
  t.smart_contract?.contract_id === p;

/** GET /extended/v3/principals/{p}/mempool/transactions: sent, received or calling it; newest first. */
export function getPrincipalMempoolV3(ctx: RouteContext): Reply {
  const p = principalOf(ctx);
  if (typeof p !== 'string') return p;
  const q = paging(ctx.query, 20, 50);
  if ('status' in q) return q;
  const items = [
    ...data()
      .mempoolTxs.filter((t) => t.tx_status === 'pending')
      .map(toV3MempoolSummary),
    ...data().mempoolListFixtures,
  ]
    .filter((t) => involves(t, p))
    .sort((a, b) => b.receipt_time - a.receipt_time || (a.tx_id < b.tx_id ? 1 : -1));
  const cursors = items.map((t) => `${t.receipt_time}:${normalizeHash(t.tx_id)}`);
  return cursorPage(
    clone(items),
    cursors,
    ctx.query.get('cursor'),
    q.limit,
    /^\d+:(0x)?[a-fA-F0-9]{64}$/,
    '^\\d+:(0x)?[a-fA-F0-9]{64}$',
  );
}

let made = 0;

/**
 * The body of an address's transaction list once `count` new transactions reached it: confirmed
 * transfers to the address (copies of the real `tx-token_transfer.json` with new ids, the newest
 * first, each in a later block than the one made before it), ahead of `earlier` (the entries of
 * new transactions made before, newest first) and of what the list held. The transactions
 * themselves are served from then on too.
 */
export function listWithNewTransaction(address: string, count = 1, earlier: readonly Json[] = []): Json {
  const fresh: Json[] = [];
  for (let i = 0; i < count; i++) {
    const tx = clone(loadFixture('tx-token_transfer.json'));
    // Each one in a later block than the one before, as on a chain.
    tx.block_time += made + 1;
    tx.block_time_iso = new Date(tx.block_time * 1000).toISOString().replace(/\.\d{3}Z$/, '.000Z');
    tx.tx_id = mockHash(`new-tx-for:${address}:${made++}`);
    tx.token_transfer.recipient_address = address;
    data().txs.set(tx.tx_id, tx);
    fresh.unshift({
      tx,
      stx_sent: '0',
      stx_received: tx.token_transfer.amount,
      events: {
        stx: { transfer: 1, mint: 0, burn: 0 },
        ft: { transfer: 0, mint: 0, burn: 0 },
        nft: { transfer: 0, mint: 0, burn: 0 },
      },
    });
  }
  const old: Json[] = clone(data().addressTxs.get(address) ?? []);
  const results = [...fresh, ...earlier, ...old];
  // The whole list: the server answers it a page at a time (`limit`, `offset`).
  return { limit: 20, offset: 0, total: results.length, results };
}
