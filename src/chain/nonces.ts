import * as l10n from './l10n';
/**
 * Why an account's pending transactions are stuck: the mempool holds nonces above a missing one,
 * and a node mines an account's transactions in nonce order only. Pure, for the panel and tests.
 */

export interface NonceState {
  next_nonce: number;
  last_confirmed_nonce: number | null;
  mempool: { last_nonce: number | null; pending_nonces: number[]; missing_nonces: number[] };
}

export interface NonceGap {
  /** The nonces no transaction in the mempool or on chain has, lowest first. */
  missing: number[];
  /** The nonces in the mempool that wait behind the lowest missing one. */
  blocked: number[];
  /** One sentence for the user. */
  message: string;
}

const list = (ns: number[]): string =>
  ns.length <= 1 ? String(ns[0]) : `${ns.slice(0, -1).join(', ')} and ${ns[ns.length - 1]}`;

/** The gap that keeps pending transactions from being mined, or undefined when there is none. */
export function nonceGap(n: NonceState): NonceGap | undefined {
  const missing = [...new Set(n.mempool.missing_nonces)].sort((a, b) => a - b);
  if (!missing.length) return undefined;
  const first = missing[0]!;
  const inMempool = [...n.mempool.pending_nonces, ...(n.mempool.last_nonce === null ? [] : [n.mempool.last_nonce])];
  const blocked = [...new Set(inMempool.filter((x) => x > first))].sort((a, b) => a - b);
  const shownMissing = missing.slice(0, 10);
  const more =
    missing.length > shownMissing.length ? l10n.t(' (and {0} more)', missing.length - shownMissing.length) : '';
  const waiting = blocked.length
    ? blocked.length === 1
      ? l10n.t('the pending transaction with nonce {0} cannot be mined', list(blocked))
      : blocked.length > 10
        ? l10n.t('the pending transactions with nonces {0} and more cannot be mined', list(blocked.slice(0, 10)))
        : l10n.t('the pending transactions with nonces {0} cannot be mined', list(blocked))
    : l10n.t('later transactions cannot be mined');
  const message = `${missing.length === 1 ? 'Nonce' : 'Nonces'} ${list(shownMissing)}${more} ${
    missing.length === 1 ? 'is' : 'are'
  } missing: ${waiting} until a transaction with nonce ${first} is sent (or the stuck ones are replaced).`;
  return { missing, blocked, message };
}
