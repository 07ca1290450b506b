import { isLoopbackHost } from './loopback';
import type { Target, NetworkId } from './target';
import * as l10n from './l10n';

/**
 * The explorer base URL a setting may name: https (http only for a loopback explorer), with no
 * user name or password, query or fragment, since the links built on it go to `openExternal`.
 */
export function checkExplorerBase(raw: string): { ok: true; url: string } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: l10n.t('it is not a valid URL') };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname)))
    return {
      ok: false,
      reason: l10n.t('it must start with https:// (http:// only for localhost, 127.0.0.1 or [::1])'),
    };
  if (url.username || url.password) return { ok: false, reason: l10n.t('it must not contain a user name or password') };
  // `new URL` drops an empty `?` or `#`: look at the text as well.
  if (url.search || url.hash || /[?#]/.test(raw))
    return { ok: false, reason: l10n.t('it must not contain a query or fragment') };
  return { ok: true, url: url.href.replace(/\/+$/, '') };
}

/**
 * The explorer base to use for an explorer setting (`explorerUrl`, `bitcoinExplorerUrl`): the
 * setting when it keeps the rules, otherwise the default, with the sentence that tells the user why.
 */
export function explorerBaseFrom(
  setting: string,
  fallback: string,
  name = 'stacksLookup.explorerUrl',
): { url: string; problem?: string } {
  const raw = setting.trim();
  if (!raw) return { url: fallback };
  const c = checkExplorerBase(raw);
  return c.ok
    ? { url: c.url }
    : {
        url: fallback,
        problem: l10n.t(
          'The {0} setting "{1}" is not used: {2}. Explorer links open {3} instead.',
          name,
          raw,
          c.reason,
          fallback,
        ),
      };
}

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
  const checked = checkExplorerBase(explorerBase);
  if (!checked.ok) return undefined;
  const base = checked.url;
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

/**
 * The Bitcoin explorer page of an anchor transaction or a burn block, in the path form
 * mempool.space and Blockstream's explorer share (`/tx/<txid>`, `/block/<hash or height>`). The
 * id must be a Bitcoin hash (64 hex digits, `0x` optional, as the API writes it) or, for a block,
 * a height; anything else gives no link. The network is the base's business: a testnet explorer
 * is a different base (`https://mempool.space/testnet4`).
 */
export function bitcoinUrl(base: string, kind: 'tx' | 'block', id: string): string | undefined {
  const checked = checkExplorerBase(base);
  if (!checked.ok) return undefined;
  const hex = /^(0x)?([0-9a-fA-F]{64})$/.exec(id)?.[2]?.toLowerCase();
  if (kind === 'tx') return hex ? `${checked.url}/tx/${hex}` : undefined;
  if (hex) return `${checked.url}/block/${hex}`;
  return /^\d{1,9}$/.test(id) ? `${checked.url}/block/${Number(id)}` : undefined;
}
