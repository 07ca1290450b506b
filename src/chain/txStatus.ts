/**
 * A transaction's status in words: its label, its tone and one sentence that says what happened,
 * whether it ran and whether its fee was paid. The statuses are those of the API's schemas
 * (stacks-blockchain-api: src/api/schemas/v1/entities/transactions.ts, `tx_status` of a mined and
 * of a mempool transaction; the same in src/api/schemas/v3/entities/); what each means is in its
 * `DbTxStatus` (src/datastore/common.ts). A status those schemas do not have reads as unknown,
 * with its raw value. Pure.
 */
import * as l10n from './l10n';

/** A mined transaction's statuses. */
export const MINED_STATUSES = [
  'success',
  'abort_by_response',
  'abort_by_post_condition',
  'problematic_skipped',
] as const;
/** A mempool transaction's statuses. */
export const MEMPOOL_STATUSES = [
  'pending',
  'dropped_replace_by_fee',
  'dropped_replace_across_fork',
  'dropped_too_expensive',
  'dropped_stale_garbage_collect',
  'dropped_problematic',
] as const;

export type KnownStatus = (typeof MINED_STATUSES)[number] | (typeof MEMPOOL_STATUSES)[number];
export type StatusTone = 'success' | 'failed' | 'pending' | 'dropped' | 'other';

/** The most characters of an unknown status shown (the API's own are under 40). */
const MAX_RAW = 60;

const KNOWN = new Set<string>([...MINED_STATUSES, ...MEMPOOL_STATUSES]);

export function isKnownStatus(status: string): status is KnownStatus {
  return KNOWN.has(status);
}

/** An unknown status as shown: cut, and without line breaks. The caller escapes it for where it goes. */
export function rawStatus(status: string): string {
  const flat = status.replace(/[\r\n\u2028\u2029]+/g, ' ');
  return flat.length > MAX_RAW ? `${flat.slice(0, MAX_RAW - 1)}…` : flat;
}

/** Human words for a transaction status: "Success", "Skipped (problematic)", "Unknown status (x)". */
export function statusLabel(status: string): string {
  switch (status) {
    case 'success':
      return l10n.t('Success');
    case 'pending':
      return l10n.t('Pending');
    case 'abort_by_response':
      return l10n.t('Failed (aborted by response)');
    case 'abort_by_post_condition':
      return l10n.t('Failed (post-condition)');
    case 'problematic_skipped':
      return l10n.t('Skipped (problematic)');
    default:
      if (isKnownStatus(status)) return l10n.t('Dropped ({0})', status.slice(8).replace(/_/g, ' '));
      return l10n.t('Unknown status ({0})', rawStatus(status));
  }
}

/**
 * The tone a status is shown in. A skipped transaction is in a block but did nothing it was sent
 * for, and its fee was paid: it reads as a failure, as an aborted one does.
 */
export function statusTone(status: string): StatusTone {
  if (status === 'success') return 'success';
  if (status === 'pending') return 'pending';
  if (status === 'abort_by_response' || status === 'abort_by_post_condition' || status === 'problematic_skipped')
    return 'failed';
  if (isKnownStatus(status)) return 'dropped';
  return 'other';
}

/** Whether the transaction was skipped by the miner without running. */
export function isSkipped(status: string): boolean {
  return status === 'problematic_skipped';
}

/** One sentence: what happened to the transaction, whether it ran, whether its fee was paid. */
export function statusMeaning(status: string): string {
  switch (status) {
    case 'success':
      return l10n.t('It ran in a block and succeeded; its fee was paid.');
    case 'pending':
      return l10n.t('It is waiting in the mempool: it has not run yet and no fee has been paid.');
    case 'abort_by_response':
      return l10n.t(
        'It ran in a block, but its function returned an error, so every change it made was undone; its fee was still paid.',
      );
    case 'abort_by_post_condition':
      return l10n.t(
        'It ran in a block, but a post-condition did not hold, so every change it made was undone; its fee was still paid.',
      );
    case 'problematic_skipped':
      return l10n.t(
        'The miner put it in a block but skipped it as problematic, without running it: it did nothing, but its fee was paid and its nonce was used.',
      );
    case 'dropped_replace_by_fee':
      return l10n.t(
        'It left the mempool without running: another transaction with the same nonce and a higher fee replaced it. No fee was paid.',
      );
    case 'dropped_replace_across_fork':
      return l10n.t(
        'It left the mempool without running: a transaction with the same nonce was mined in the canonical fork. No fee was paid.',
      );
    case 'dropped_too_expensive':
      return l10n.t('It left the mempool without running: it costs too much to fit in a block. No fee was paid.');
    case 'dropped_stale_garbage_collect':
      return l10n.t('It left the mempool without running: it waited there too long and was removed. No fee was paid.');
    case 'dropped_problematic':
      return l10n.t(
        'It left the mempool without running: the node marked it as problematic (one that could harm the network). No fee was paid.',
      );
    default:
      return l10n.t(
        'This version does not know the status {0}: what happened, whether it ran and whether its fee was paid are not known.',
        rawStatus(status),
      );
  }
}
