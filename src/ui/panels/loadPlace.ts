import { NETWORK_LABELS } from '../../chain/networks';
import type { Config } from '../shared/config';
import type { NetworkService } from '../network/network';
import { loadPanel, type Loaded, type Parts } from './models';
import type { Entry } from './places';

/**
 * Loads what a place of the panel shows, through the client of its network. A place restored after
 * a reload is a background load: it fails fast on the rate budget and is not the user asking.
 */
export async function loadPlace(
  d: {
    networks: NetworkService;
    config: Config;
    localContract?: (contractId: string) => Promise<{ file: string; text: string } | undefined>;
  },
  entry: Entry,
  o: { signal: AbortSignal; restored: boolean; onWait?: (ms: number) => void; previous?: Parts },
): Promise<Loaded> {
  const network = entry.target.network;
  const ep = await d.networks.endpoint(network, { background: o.restored });
  return loadPanel(entry.target, entry.params, {
    ...(o.restored ? { budget: 'fail-fast' as const } : {}),
    client: ep.client,
    ctx: {
      network,
      networkLabel: NETWORK_LABELS[network],
      baseUrl: ep.baseUrl,
      hasApiKey: ep.client.hasApiKey,
      now: Date.now(),
      ...(network === 'custom' && d.config.customTokenMetadata ? { customTokenMetadata: true } : {}),
    },
    signal: o.signal,
    ...(o.onWait ? { onWait: o.onWait } : {}),
    ...(o.previous ? { previous: o.previous } : {}),
    ...(d.localContract ? { localContract: d.localContract } : {}),
  });
}
