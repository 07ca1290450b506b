/**
 * The rules of watching a transaction until it lands: what a fetched transaction means for the
 * watch, what the user is told, and how long to wait before asking again. Pure, so the rules are
 * tested in plain Node; src/ui/watch/txWatch.ts carries them out.
 */
import type { NetworkId } from './networks';
import { clip, formatCount } from './format';
import * as l10n from './l10n';
import { isSkipped, rawStatus, statusMeaning } from './txStatus';

/** One watched transaction, as kept in the workspace state. */
export interface WatchedTx {
  id: string;
  network: NetworkId;
  /** When the watch began (ms since the epoch). */
  since: number;
}

/** What the API said of a watched transaction, reduced to what the watch needs. */
export interface TxSeen {
  tx_status: string;
  tx_type?: string | undefined;
  block_height?: number | undefined;
  replaced_by_tx_id?: string | null | undefined;
}

export type Outcome =
  { ended: false } | { ended: true; kind: 'mined' | 'aborted' | 'dropped'; message: string; tone: 'info' | 'warning' };

const short = (id: string): string => `${id.slice(0, 10)}…${id.slice(-8)}`;

/** The end of a watch, or that it goes on (pending, or not known to the API yet). */
export function outcomeOf(id: string, seen: TxSeen | undefined): Outcome {
  if (!seen || seen.tx_status === 'pending') return { ended: false };
  const s = seen.tx_status;
  const at = seen.block_height !== undefined ? l10n.t(' in block #{0}', formatCount(seen.block_height)) : '';
  if (s === 'success')
    return {
      ended: true,
      kind: 'mined',
      tone: 'info',
      message: l10n.t('Transaction {0} was mined{1}: success.', short(id), at),
    };
  if (isSkipped(s))
    return {
      ended: true,
      kind: 'aborted',
      tone: 'warning',
      message: l10n.t('Transaction {0} was skipped{1}. {2}', short(id), at, statusMeaning(s)),
    };
  if (s.startsWith('abort'))
    return {
      ended: true,
      kind: 'aborted',
      tone: 'warning',
      message: l10n.t('Transaction {0} was mined{1} but failed ({2}).', short(id), at, clip(s.replace(/_/g, ' '), 60)),
    };
  if (s.startsWith('dropped'))
    return {
      ended: true,
      kind: 'dropped',
      tone: 'warning',
      message: `Transaction ${short(id)} was dropped from the mempool (${clip(s.replace(/^dropped_/, '').replace(/_/g, ' '), 60)})${
        seen.replaced_by_tx_id ? l10n.t('; it was replaced by {0}', short(seen.replaced_by_tx_id)) : ''
      }.`,
    };
  // A status this version does not know yet: it left the mempool, so the watch ends.
  return {
    ended: true,
    kind: 'mined',
    tone: 'info',
    message: l10n.t(
      'Transaction {0} left the mempool{1} with a status this version does not know ({2}): whether it ran and whether its fee was paid are not known.',
      short(id),
      at,
      rawStatus(s),
    ),
  };
}

/** The message when a watch reaches its time limit. */
export function expiredMessage(id: string, minutes: number): string {
  return l10n.t('Stopped watching transaction {0} after {1} minutes; it was still pending.', short(id), minutes);
}

/** True when the watch has run longer than the limit. */
export function isExpired(w: WatchedTx, maxMinutes: number, now: number): boolean {
  return now - w.since >= maxMinutes * 60_000;
}

/** The most transactions watched at once: each is one request a turn, and the turns share half the budget. */
export const MAX_WATCHED_TXS = 100;

/** What a user at the cap is told, and what to do about it. */
export function capMessage(): string {
  return l10n.t(
    'You are watching {0} transactions, the most Stacks Lookup follows at once. Stop watching one ("Stacks: Show Watched Transactions") to watch another.',
    MAX_WATCHED_TXS,
  );
}

export const FIRST_DELAY_MS = 5_000;
export const MAX_DELAY_MS = 60_000;

/** The rounds' pace while some watches wait for their turn (a quarter of the minute the share is counted in). */
export const TURN_DELAY_MS = 15_000;

/**
 * The wait before the next round: 5 s, then half as long again each round up to a minute, and
 * the rate budget's own wait when it is low (never sooner than it allows). While some watches
 * wait for their turn (the list is longer than the share asks at once), rounds stay 15 s apart:
 * each asks only what the share earned meanwhile, so the requests come evenly, not in bursts.
 */
export function nextDelay(rounds: number, budgetWaitMs = 0, waiting = false): number {
  const backoff = Math.min(MAX_DELAY_MS, Math.round(FIRST_DELAY_MS * 1.5 ** Math.max(0, rounds)));
  return Math.max(waiting ? Math.min(backoff, TURN_DELAY_MS) : backoff, budgetWaitMs);
}

/**
 * Parses the kept list: anything that is not a well-formed entry is dropped, and nothing past the
 * cap is read (a list kept by hand or by another tool may be any length).
 */
export function readWatched(raw: unknown, isNetwork: (s: string) => s is NetworkId): WatchedTx[] {
  if (!Array.isArray(raw)) return [];
  const out: WatchedTx[] = [];
  const seen = new Set<string>();
  for (const e of raw as unknown[]) {
    if (out.length >= MAX_WATCHED_TXS) break;
    if (typeof e !== 'object' || e === null) continue;
    const { id, network, since } = e as Record<string, unknown>;
    if (typeof id !== 'string' || !/^0x[0-9a-f]{64}$/.test(id)) continue;
    if (typeof network !== 'string' || !isNetwork(network)) continue;
    if (typeof since !== 'number' || !Number.isFinite(since)) continue;
    if (seen.has(`${network}|${id}`)) continue;
    seen.add(`${network}|${id}`);
    out.push({ id, network, since });
  }
  return out;
}
