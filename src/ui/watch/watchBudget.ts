import type { NetworkId } from '../../chain/networks';
import { leastPerMinute } from '../../chain/watchBudget';
import type { WatchNetwork } from '../network/network';

/**
 * The rate budget a minute the watchers plan with: the smallest among the clients of the APIs
 * they ask, each as its rate limit stands now (`StacksClient.rateBudget`: what the API's headers
 * last said, 500 with a key and 50 without before that), so no API's share is overdrawn.
 */
export async function budgetPerMinute(
  networks: Pick<WatchNetwork, 'endpoint'>,
  asked: Iterable<NetworkId>,
): Promise<number> {
  const clients = [];
  for (const n of new Set(asked)) clients.push((await networks.endpoint(n, { background: true })).client);
  return leastPerMinute(clients);
}
