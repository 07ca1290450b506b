import * as l10n from './l10n';
/**
 * What the read-only source document of a contract may show. The contract's status names a
 * transaction; only the source of a successful deploy of that very contract is its deployed source.
 * A pending or failed deploy still shows its source, under a header that says what it is; a
 * transaction that deploys something else (or nothing) shows nothing.
 */

/** The fields of a transaction this rule reads (a subset of the API's transaction). */
export interface DeployTransaction {
  tx_id: string;
  tx_type: string;
  tx_status: string;
  smart_contract?: { contract_id: string; source_code?: string | undefined } | undefined;
}

export type SourceDocument = { ok: true; text: string } | { ok: false; reason: string };

/** Words for the statuses a deploy can have; anything else the API may send reads as "unknown". */
const STATUS_WORDS: Record<string, string> = {
  pending: l10n.t('is pending: it is not on chain yet and may never be'),
  abort_by_response: l10n.t('failed (aborted by response): this source is not deployed'),
  abort_by_post_condition: l10n.t('failed (aborted by a post-condition): this source is not deployed'),
  dropped_replace_by_fee: l10n.t('was dropped (replaced by a higher fee): this source is not deployed'),
  dropped_replace_across_fork: l10n.t('was dropped (replaced across a fork): this source is not deployed'),
  dropped_too_expensive: l10n.t('was dropped (too expensive): this source is not deployed'),
  dropped_stale_garbage_collect: l10n.t('was dropped (stale, removed from the mempool): this source is not deployed'),
  dropped_problematic: l10n.t('was dropped (problematic): this source is not deployed'),
};

export function deployedSourceDocument(contractId: string, tx: DeployTransaction): SourceDocument {
  const deployed = tx.smart_contract;
  if (tx.tx_type !== 'smart_contract' || !deployed) {
    return {
      ok: false,
      reason: l10n.t('The transaction the API names for {0} does not deploy a contract.', contractId),
    };
  }
  if (deployed.contract_id !== contractId) {
    return { ok: false, reason: l10n.t('The transaction the API names for {0} deploys another contract.', contractId) };
  }
  if (deployed.source_code === undefined) {
    return { ok: false, reason: l10n.t('The deploy transaction of {0} carries no source code.', contractId) };
  }
  if (tx.tx_status === 'success') return { ok: true, text: deployed.source_code };
  const words = STATUS_WORDS[tx.tx_status] ?? l10n.t('has an unknown status: this source may not be deployed');
  // `contractId` and `tx_id` were checked by the caller and the client; the status is only ever
  // one of the words above, never the API's own text.
  const header = [
    l10n.t(';; Not the deployed source: the deploy of {0}', contractId),
    l10n.t(';; (transaction {0}) {1}.', tx.tx_id, words),
    '',
    '',
  ].join('\n');
  return { ok: true, text: header + deployed.source_code };
}
