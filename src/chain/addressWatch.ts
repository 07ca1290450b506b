/**
 * The rules of telling the user when a watched address gets a new transaction: which of the
 * newest transactions are new since the last look, what the notification says, and how long to
 * wait before looking again. Pure, so the rules are tested in plain Node; src/ui/watch/addressWatch.ts
 * carries them out.
 */
import { clip, statusLabel, txTypeLabel, formatCount } from './format';
import { shortenMiddle } from './target';
import * as l10n from './l10n';

/** The transactions of each round's look, newest first: enough to tell a few new ones apart. */
export const ADDRESS_LOOK_LIMIT = 5;
/** New transactions told one by one in a round, over all watched addresses; one more notification counts the rest. */
export const TOLD_PER_ROUND = 3;
export const ADDRESS_ROUND_MS = 60_000;
export const MAX_ADDRESS_ROUND_MS = 5 * 60_000;

export interface SeenTx {
  tx_id: string;
  tx_type: string;
  tx_status: string;
  /** Unix seconds of its block (or when the node received it), when known. */
  time?: number | undefined;
}

/**
 * The head of an address's list at the last look: its id, and its time to compare when it is gone;
 * and how many transactions the list had then, to count the new ones beyond the look. An address
 * with none yet has the empty head (id ''), so its first transaction is new.
 */
export interface Head {
  id: string;
  time: number;
  total?: number;
}

export const headOf = (t: SeenTx | undefined, total?: number): Head => ({
  id: t?.tx_id ?? '',
  time: t?.time ?? 0,
  ...(total !== undefined ? { total } : {}),
});

/**
 * How many new transactions lie beyond the look (more arrived than it shows): only when every one
 * it shows is new, from the list's totals then and now; 0 when either total is unknown.
 */
export function unlistedSince(last: Head | undefined, fresh: number, shown: number, total?: number): number {
  if (last?.total === undefined || total === undefined || fresh < shown || shown === 0) return 0;
  return Math.max(0, total - last.total - fresh);
}

/**
 * The transactions newer than the one last seen at the head of the list, newest first. The first
 * look (nothing seen yet) only notes the head: what was there before the watch began is not new.
 * When the last head is no longer among the newest (many new ones, or the head was reorganised
 * away), the ones later than it are new: never the whole list again.
 */
export function newSince(last: Head | undefined, newest: readonly SeenTx[]): SeenTx[] {
  if (last === undefined) return [];
  const at = newest.findIndex((t) => t.tx_id === last.id);
  return at >= 0 ? newest.slice(0, at) : newest.filter((t) => t.time !== undefined && t.time > last.time);
}

/** A kept head, or undefined when the kept value is not one (an older or damaged entry). */
export function readHead(raw: unknown): Head | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { id, time, total } = raw as Record<string, unknown>;
  if (typeof id !== 'string' || typeof time !== 'number' || !Number.isFinite(time)) return undefined;
  return Number.isSafeInteger(total) && (total as number) >= 0 ? { id, time, total: total as number } : { id, time };
}

/** One address's new transactions of a round, newest first. */
export interface Fresh<N> {
  address: string;
  network: N;
  txs: readonly SeenTx[];
  /** New ones beyond the look (`unlistedSince`): counted in the summary, never told one by one. */
  unlisted?: number;
}

/** A notification of one new transaction, with what its button opens. */
export interface Told<N> {
  message: string;
  txId: string;
  network: N;
}

/**
 * The notifications of a round: the first few new transactions one by one (the newest of each
 * address first, so they name different addresses), and how many more there are, which one
 * summary tells (`moreMessage`). However many addresses are watched, a round shows at most
 * TOLD_PER_ROUND + 1 notifications.
 */
export function roundNotifications<N>(fresh: ReadonlyArray<Fresh<N>>): { told: Array<Told<N>>; more: number } {
  const told: Array<Told<N>> = [];
  let total = 0;
  let unlisted = 0;
  for (const f of fresh) {
    total += f.txs.length;
    unlisted += f.unlisted ?? 0;
  }
  for (let depth = 0; told.length < TOLD_PER_ROUND && told.length < total; depth++) {
    for (const f of fresh) {
      const t = f.txs[depth];
      if (!t || told.length >= TOLD_PER_ROUND) continue;
      told.push({ message: newTxMessage(f.address, t), txId: t.tx_id, network: f.network });
    }
  }
  return { told, more: total - told.length + unlisted };
}

export function newTxMessage(address: string, t: SeenTx): string {
  return `New transaction for watched address ${shortenMiddle(address)}: ${txTypeLabel(t.tx_type)} ${shortenMiddle(
    t.tx_id,
    6,
  )} (${clip(statusLabel(t.tx_status), 40)}).`;
}

/** The summary of the new transactions a round did not tell one by one. */
export function moreMessage(more: number): string {
  return more === 1
    ? l10n.t('1 more new transaction on watched addresses.')
    : l10n.t('{0} more new transactions on watched addresses.', formatCount(more));
}

/**
 * The wait before the next round: a minute (each round asks the addresses whose turn it is, see
 * src/chain/watchBudget.ts), doubling after failed rounds up to five minutes, and never sooner than
 * the rate limit allows.
 */
export function addressRoundDelay(failures: number, budgetWaitMs = 0): number {
  const backedOff = Math.min(MAX_ADDRESS_ROUND_MS, ADDRESS_ROUND_MS * 2 ** Math.max(0, failures));
  return Math.max(backedOff, budgetWaitMs);
}
