/** What a comparison with the deployed source says, and what names a deployed source. */
import * as vscode from 'vscode';
import type { BudgetMode } from '../../api';
import type { Drift } from '../../chain/drift';
import { DEPLOYED_SOURCE_SCHEME } from '../../constants';
import type { NetworkService } from '../network/network';
import type { ClarinetWorkspace } from '../projects/projects';
import type { ContractStatuses, Deployment } from '../projects/contractStatus';
import type { Config, NetworkId } from '../shared/config';
import type { Log } from '../shared/log';

/** What names a deployed source: the API, the contract and its deploy transaction. */
export type SourceId = Pick<Deployment, 'api' | 'id' | 'txId'>;

export type DriftState = { state: Drift } | { state: 'checking' } | { state: 'error'; error: unknown; api: NetworkId };

/** "same as deployed", "differs from deployed", as the view and the CodeLens say it. */
export function driftText(d: DriftState): string {
  switch (d.state) {
    case 'same':
      return vscode.l10n.t('same as deployed');
    case 'differs':
      return vscode.l10n.t('differs from deployed');
    case 'checking':
      return vscode.l10n.t('comparing with deployed…');
    case 'error':
      return vscode.l10n.t('not compared');
  }
}

/**
 * `stacks-deployed:/testnet/0x…/ST….name.clar`: the source a deploy transaction carries, read-only.
 * The transaction is part of the identity, so a document is never stale.
 */
export function deployedSourceUri(dep: SourceId): vscode.Uri {
  return vscode.Uri.from({ scheme: DEPLOYED_SOURCE_SCHEME, path: `/${dep.api}/${dep.txId}/${dep.id}.clar` });
}

/** The comparisons Compare with Deployed reads and starts. */
export interface Comparisons {
  get(uri: vscode.Uri, dep: SourceId): DriftState;
  compare(uri: vscode.Uri, dep: SourceId): Promise<Drift>;
  source(dep: SourceId, budget?: BudgetMode): Promise<string>;
}

export interface CompareDeps {
  config: Config;
  networks: NetworkService;
  projects: ClarinetWorkspace;
  statuses: ContractStatuses;
  drift: Comparisons;
  log: Log;
}
