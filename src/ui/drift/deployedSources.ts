/**
 * The deployed sources a session keeps for drift and the `stacks-deployed:` documents: one per
 * deploy transaction (which never changes), asked once, bounded by count and by size. No `vscode`
 * here, so the bounds are tested and measured in plain Node.
 */
import type { BudgetMode, StacksClient } from '../../api';
import { LruCache } from '../../api/cache';
import { StacksApiError } from '../../api/errors';
import { deployedSourceDocument } from '../../chain/deployedSource';
import * as l10n from '../../chain/l10n';

/** Sources kept: a deploy never changes, so these bound memory, not staleness. */
export const MAX_SOURCES = 200;
export const SOURCES_MAX_BYTES = 8 * 1024 * 1024;
/**
 * A Stacks transaction is at most 2 MiB (`MAX_TRANSACTION_LEN` of stacks-core), so no deployed
 * source is longer: a longer one is an API's mistake, refused rather than kept.
 */
export const MAX_SOURCE_CHARS = 2 * 1024 * 1024;
/** What a remembered failure counts for (its message is short). */
const FAILURE_BYTES = 1024;

export type Settled = { ok: true; text: string } | { ok: false; error: unknown };

export class DeployedSources {
  private readonly inflight = new Map<string, Promise<string>>();
  /** The keys whose last load failed (a subset of what `settled` may hold). */
  private readonly failed = new Set<string>();
  private readonly settled = new LruCache<Settled>({
    maxEntries: MAX_SOURCES,
    maxBytes: SOURCES_MAX_BYTES,
    sizeOf: (s) => (s.ok ? s.text.length : FAILURE_BYTES),
  });

  /** What is known of a source without asking: its text, the failure shown until a refresh, or nothing. */
  known(key: string): Settled | undefined {
    return this.settled.get(key);
  }

  /** Whether the source of `key` is being fetched. */
  loading(key: string): boolean {
    return this.inflight.has(key);
  }

  /** The source of `key`: from memory, or from `load` once however many ask at the same time. */
  get(key: string, load: () => Promise<string>): Promise<string> {
    const s = this.settled.get(key);
    if (s?.ok) return Promise.resolve(s.text);
    let p = this.inflight.get(key);
    if (!p) {
      p = load().then((text) => {
        if (text.length > MAX_SOURCE_CHARS)
          throw new StacksApiError(
            'invalid-response',
            l10n.t(
              'The API sent a deployed source of {0} MB; no Stacks transaction is larger than 2 MB, so it was not used.',
              (text.length / 1024 / 1024).toFixed(1),
            ),
          );
        return text;
      });
      this.inflight.set(key, p);
      p.then(
        (text) => this.settle(key, { ok: true, text }),
        (error: unknown) => this.settle(key, { ok: false, error }),
      );
    }
    return p;
  }

  /** Forgets the failures, so the next look asks again; a source that arrived is kept. */
  forgetFailures(): void {
    for (const key of this.failed) this.settled.delete(key);
    this.failed.clear();
  }

  /** How much is kept: sources and their size in characters. */
  get kept(): { sources: number; chars: number } {
    return { sources: this.settled.size, chars: this.settled.bytes };
  }

  private settle(key: string, s: Settled): void {
    this.inflight.delete(key);
    if (s.ok) this.failed.delete(key);
    else this.failed.add(key);
    this.settled.set(key, s, Infinity);
  }
}

/**
 * The source a deploy transaction carries, as the transaction panel and "Open Deployed Source" ask
 * for it (same options, so their answers are shared), or the one the client already holds for the
 * contract. Only a successful deploy has one.
 */
export async function loadDeployedSource(
  client: StacksClient,
  contractId: string,
  txId: string,
  budget: BudgetMode,
): Promise<string> {
  // The source the client already read from the node (a definition, a hover, a failed call) is
  // this deploy's: a successful deploy is what the node holds.
  const known = client.knownContractSource(contractId);
  if (known !== undefined) return known;
  const tx = await client.getTransaction(txId, { eventLimit: 50, eventOffset: 0, budget });
  if (tx.tx_status !== 'success')
    throw new StacksApiError(
      'invalid-response',
      l10n.t('The deploy of {0} did not succeed: it has no deployed source.', contractId),
    );
  const doc = deployedSourceDocument(contractId, tx);
  if (!doc.ok) throw new StacksApiError('invalid-response', doc.reason);
  // Shared with every other reader of the contract's source, so none of them asks again.
  client.rememberContractSource(contractId, { source: doc.text, publish_height: tx.block_height ?? 0 });
  return doc.text;
}
