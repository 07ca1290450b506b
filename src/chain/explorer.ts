import type { Target, NetworkId } from './target';

/**
 * The web explorer page of a target: `?chain=` names the network, and for devnet and custom
 * networks the explorer's `api` parameter points it at the same API the extension uses.
 */
export function explorerUrl(
  explorerBase: string,
  target: Target,
  network: NetworkId,
  apiUrl: string,
): string | undefined {
  const base = explorerBase.replace(/\/+$/, '');
  let path: string;
  switch (target.kind) {
    case 'tx':
      path = `/txid/${target.id}`;
      break;
    case 'contract':
      path = `/txid/${target.id}`;
      break;
    case 'address':
      path = `/address/${target.id}`;
      break;
    case 'block':
      path = target.id === 'latest' ? '/blocks' : `/block/${target.id}`;
      break;
    case 'mempool':
      path = '/mempool';
      break;
    case 'status':
      path = '/';
      break;
    default:
      return undefined;
  }
  const q = new URLSearchParams();
  if (network === 'mainnet') q.set('chain', 'mainnet');
  else if (network === 'testnet') q.set('chain', 'testnet');
  else {
    q.set('chain', network === 'devnet' ? 'devnet' : 'testnet');
    q.set('api', apiUrl);
  }
  return `${base}${path}?${q.toString()}`;
}
