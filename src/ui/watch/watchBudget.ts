import type { NetworkId } from '../../chain/networks';
import type { WatchNetwork } from '../network/network';

/**
 * The rate budget a minute the watchers plan with: the smallest among the APIs they ask (a client
 * allows 500 requests a minute with an API key, 50 without), so no API's share is overdrawn.
 */
export async function budgetPerMinute(networks: WatchNetwork, asked: Iterable<NetworkId>): Promise<number> {
  let least = Number.POSITIVE_INFINITY;
  for (const n of new Set(asked)) least = Math.min(least, (await networks.hasKeyFor(n)) ? 500 : 50);
  return Number.isFinite(least) ? least : 50;
}
