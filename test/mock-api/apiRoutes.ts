/**
 * Every `/extended` route of the hosted API (hirosystems/stacks-blockchain-api v9.0.2, commit
 * 759c4a58, read from src/api/routes/**), and whether it is deprecated: a route is deprecated when
 * its Fastify schema says `deprecated: true`. With `ENABLE_DEPRECATED_ENDPOINTS=false` (src/env.ts),
 * the API's deprecation plugin (src/api/deprecation-plugin.ts) answers every deprecated route with
 * `410 Gone` from an `onRequest` hook, before the route's handler or its parameter checks run.
 * The same table, with the replacement each route's description names, is in
 * test/fixtures/api/SOURCES.md.
 */

export interface ApiRoute {
  method: 'GET' | 'POST';
  /** The route as the API's router knows it: `{name}` is a path parameter, `*` the rest of the path. */
  template: string;
  deprecated: boolean;
}

// prettier-ignore
export const API_ROUTES: readonly ApiRoute[] = [
  { method: 'GET', template: '/extended/v1/tx', deprecated: true },
  { method: 'GET', template: '/extended/v1/tx/multiple', deprecated: false },
  { method: 'GET', template: '/extended/v1/tx/mempool', deprecated: true },
  { method: 'GET', template: '/extended/v1/tx/mempool/stats', deprecated: false },
  { method: 'GET', template: '/extended/v1/tx/events', deprecated: true },
  { method: 'GET', template: '/extended/v1/tx/{tx_id}', deprecated: true },
  { method: 'GET', template: '/extended/v1/tx/{tx_id}/raw', deprecated: true },
  { method: 'GET', template: '/extended/v1/tx/block/{block_hash}', deprecated: true },
  { method: 'GET', template: '/extended/v1/tx/block_height/{height}', deprecated: true },
  { method: 'GET', template: '/extended/v1/stx_supply', deprecated: true },
  { method: 'GET', template: '/extended/v1/stx_supply/total/plain', deprecated: true },
  { method: 'GET', template: '/extended/v1/stx_supply/circulating/plain', deprecated: true },
  { method: 'GET', template: '/extended/v1/stx_supply/legacy_format', deprecated: true },
  { method: 'GET', template: '/extended/v1/info/network_block_times', deprecated: false },
  { method: 'GET', template: '/extended/v1/info/network_block_time/{network}', deprecated: false },
  { method: 'GET', template: '/extended/v1/tokens/nft/holdings', deprecated: true },
  { method: 'GET', template: '/extended/v1/tokens/nft/history', deprecated: false },
  { method: 'GET', template: '/extended/v1/tokens/nft/mints', deprecated: false },
  { method: 'GET', template: '/extended/v1/tokens/ft/{token}/holders', deprecated: false },
  { method: 'GET', template: '/extended/v1/contract/by_trait', deprecated: false },
  { method: 'GET', template: '/extended/v1/contract/{contract_id}', deprecated: false },
  { method: 'GET', template: '/extended/v1/contract/{contract_id}/events', deprecated: true },
  { method: 'POST', template: '/extended/v1/fee_rate', deprecated: true },
  { method: 'GET', template: '/extended/v1/microblock', deprecated: true },
  { method: 'GET', template: '/extended/v1/microblock/{hash}', deprecated: true },
  { method: 'GET', template: '/extended/v1/microblock/unanchored/txs', deprecated: true },
  { method: 'GET', template: '/extended/v1/block', deprecated: true },
  { method: 'GET', template: '/extended/v1/block/by_height/{height}', deprecated: true },
  { method: 'GET', template: '/extended/v1/block/by_burn_block_height/{burn_block_height}', deprecated: true },
  { method: 'GET', template: '/extended/v1/block/{hash}', deprecated: true },
  { method: 'GET', template: '/extended/v1/block/by_burn_block_hash/{burn_block_hash}', deprecated: true },
  { method: 'GET', template: '/extended/v1/burnchain/reward_slot_holders', deprecated: false },
  { method: 'GET', template: '/extended/v1/burnchain/reward_slot_holders/{address}', deprecated: false },
  { method: 'GET', template: '/extended/v1/burnchain/rewards', deprecated: false },
  { method: 'GET', template: '/extended/v1/burnchain/rewards/{address}', deprecated: false },
  { method: 'GET', template: '/extended/v1/burnchain/rewards/{address}/total', deprecated: false },
  { method: 'GET', template: '/extended/v1/address/{principal}/stx', deprecated: true },
  { method: 'GET', template: '/extended/v1/address/{principal}/balances', deprecated: true },
  { method: 'GET', template: '/extended/v1/address/{principal}/transactions', deprecated: true },
  { method: 'GET', template: '/extended/v1/address/{principal}/{tx_id}/with_transfers', deprecated: true },
  { method: 'GET', template: '/extended/v1/address/{principal}/transactions_with_transfers', deprecated: true },
  { method: 'GET', template: '/extended/v1/address/{principal}/assets', deprecated: true },
  { method: 'GET', template: '/extended/v1/address/{principal}/stx_inbound', deprecated: true },
  { method: 'GET', template: '/extended/v1/address/{principal}/mempool', deprecated: true },
  { method: 'GET', template: '/extended/v1/address/{principal}/nonces', deprecated: true },
  { method: 'GET', template: '/extended/v1/search/{id}', deprecated: false },
  { method: 'GET', template: '/extended/v1/{pox}/*', deprecated: false },
  { method: 'GET', template: '/extended/v1/{pox}/events', deprecated: false },
  { method: 'GET', template: '/extended/v1/{pox}/tx/{tx_id}', deprecated: false },
  { method: 'GET', template: '/extended/v1/{pox}/stacker/{principal}', deprecated: false },
  { method: 'GET', template: '/extended/v1/{pox}/{pool_principal}/delegations', deprecated: false },
  { method: 'POST', template: '/extended/v1/faucets/btc', deprecated: false },
  { method: 'GET', template: '/extended/v1/faucets/btc/{address}', deprecated: true },
  { method: 'POST', template: '/extended/v1/faucets/stx', deprecated: false },
  { method: 'POST', template: '/extended/v1/faucets/sbtc', deprecated: false },
  { method: 'GET', template: '/extended', deprecated: false },
  { method: 'GET', template: '/extended/v1/status', deprecated: false },
  { method: 'GET', template: '/extended/v2/blocks', deprecated: false },
  { method: 'GET', template: '/extended/v2/blocks/average-times', deprecated: false },
  { method: 'GET', template: '/extended/v2/blocks/by-block-time/{timestamp}', deprecated: false },
  { method: 'GET', template: '/extended/v2/blocks/{height_or_hash}', deprecated: false },
  { method: 'GET', template: '/extended/v2/blocks/{height_or_hash}/transactions', deprecated: true },
  { method: 'GET', template: '/extended/v2/blocks/{height_or_hash}/signer-signatures', deprecated: false },
  { method: 'GET', template: '/extended/v2/burn-blocks', deprecated: false },
  { method: 'GET', template: '/extended/v2/burn-blocks/{height_or_hash}', deprecated: false },
  { method: 'GET', template: '/extended/v2/burn-blocks/{height_or_hash}/blocks', deprecated: false },
  { method: 'GET', template: '/extended/v2/burn-blocks/{height_or_hash}/pox-transactions', deprecated: false },
  { method: 'GET', template: '/extended/v2/block-tenures/{tenure_height}/blocks', deprecated: false },
  { method: 'GET', template: '/extended/v2/smart-contracts/status', deprecated: false },
  { method: 'GET', template: '/extended/v2/smart-contracts/{contract_id}/logs', deprecated: false },
  { method: 'GET', template: '/extended/v2/mempool/fees', deprecated: false },
  { method: 'GET', template: '/extended/v2/pox/cycles', deprecated: false },
  { method: 'GET', template: '/extended/v2/pox/cycles/{cycle_number}', deprecated: false },
  { method: 'GET', template: '/extended/v2/pox/cycles/{cycle_number}/signers', deprecated: false },
  { method: 'GET', template: '/extended/v2/pox/cycles/{cycle_number}/signers/{signer_key}', deprecated: false },
  { method: 'GET', template: '/extended/v2/pox/cycles/{cycle_number}/signers/{signer_key}/stackers', deprecated: false },
  { method: 'GET', template: '/extended/v2/addresses/{address}/transactions', deprecated: true },
  { method: 'GET', template: '/extended/v2/addresses/{address}/transactions/{tx_id}/events', deprecated: true },
  { method: 'GET', template: '/extended/v2/addresses/{principal}/balances/stx', deprecated: true },
  { method: 'GET', template: '/extended/v2/addresses/{principal}/balances/ft', deprecated: true },
  { method: 'GET', template: '/extended/v2/addresses/{principal}/balances/ft/{token}', deprecated: true },
  { method: 'GET', template: '/extended/v2/addresses/{burnchain_address}/pox-transactions', deprecated: false },
  { method: 'GET', template: '/extended/v3/blocks/{height_or_hash}/transactions', deprecated: false },
  { method: 'GET', template: '/extended/v3/mempool/transactions', deprecated: false },
  { method: 'GET', template: '/extended/v3/principals/{principal}/transactions', deprecated: false },
  { method: 'GET', template: '/extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes', deprecated: false },
  { method: 'GET', template: '/extended/v3/principals/{principal}/balance-changes', deprecated: false },
  { method: 'GET', template: '/extended/v3/principals/{principal}/staking', deprecated: false },
  { method: 'GET', template: '/extended/v3/principals/{principal}/staking/bonds', deprecated: false },
  { method: 'GET', template: '/extended/v3/principals/{principal}/balances/stx', deprecated: false },
  { method: 'GET', template: '/extended/v3/principals/{principal}/balances/ft', deprecated: false },
  { method: 'GET', template: '/extended/v3/principals/{principal}/balances/ft/{asset_identifier}', deprecated: false },
  { method: 'GET', template: '/extended/v3/principals/{principal}/balances/nft', deprecated: false },
  { method: 'GET', template: '/extended/v3/principals/{principal}/nonces', deprecated: false },
  { method: 'GET', template: '/extended/v3/principals/{principal}/mempool/transactions', deprecated: false },
  { method: 'GET', template: '/extended/v3/staking/bonds', deprecated: false },
  { method: 'GET', template: '/extended/v3/staking/bonds/{bond_index}', deprecated: false },
  { method: 'GET', template: '/extended/v3/staking/bonds/{bond_index}/allowlist', deprecated: false },
  { method: 'GET', template: '/extended/v3/staking/bonds/{bond_index}/allowlist/{principal}', deprecated: false },
  { method: 'GET', template: '/extended/v3/staking/bonds/{bond_index}/registrations', deprecated: false },
  { method: 'GET', template: '/extended/v3/staking/bonds/{bond_index}/registrations/{principal}', deprecated: false },
  { method: 'GET', template: '/extended/v3/staking/cycles/{cycle_number}/signers', deprecated: false },
  { method: 'GET', template: '/extended/v3/staking/signers', deprecated: false },
  { method: 'GET', template: '/extended/v3/staking/signers/{principal}', deprecated: false },
  { method: 'GET', template: '/extended/v3/staking/signers/{principal}/stakers', deprecated: false },
  { method: 'GET', template: '/extended/v3/tokens/stx/supply', deprecated: false },
  { method: 'GET', template: '/extended/v3/transactions', deprecated: false },
  { method: 'GET', template: '/extended/v3/transactions/{tx_id}', deprecated: false },
  { method: 'GET', template: '/extended/v3/transactions/{tx_id}/events', deprecated: false },
];

interface Compiled {
  route: ApiRoute;
  pattern: RegExp;
  /** Path segments without a parameter: the router prefers a static segment to a parameter. */
  staticSegments: number;
}

const COMPILED: Compiled[] = API_ROUTES.map((route) => {
  const segments = route.template.split('/').filter(Boolean);
  const source = segments
    .map((s) => (s === '*' ? '.*' : /^\{[^}]+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('/');
  return {
    route,
    pattern: new RegExp(`^/${source}/?$`),
    staticSegments: segments.filter((s) => s !== '*' && !s.startsWith('{')).length,
  };
});

/**
 * The route of the API a request reaches, as its router picks it: of the routes whose template
 * matches, the one with the most static segments (`/extended/v1/tx/mempool/stats` before
 * `/extended/v1/tx/{tx_id}`).
 */
export function apiRouteOf(method: string, pathname: string): ApiRoute | undefined {
  let best: Compiled | undefined;
  for (const c of COMPILED) {
    if (c.route.method !== method && !(method === 'HEAD' && c.route.method === 'GET')) continue;
    if (!c.pattern.test(pathname)) continue;
    if (!best || c.staticSegments > best.staticSegments) best = c;
  }
  return best?.route;
}

/** Whether the API, with its deprecated routes switched off, answers this request with 410 Gone. */
export function isSwitchedOffInSunset(method: string, pathname: string): boolean {
  return apiRouteOf(method, pathname)?.deprecated === true;
}
