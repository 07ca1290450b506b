// How a workspace contract's deployments read, in the view and in the CodeLens. Apart from
// contracts.ts so the CodeLens, registered at activation, does not pull the view's tree with it.
import type { ClarinetContract, ContractDeployment } from '../../chain/clarinet';
import { NETWORK_LABELS, PLAN_NETWORKS, type PlanNetwork } from '../../chain/networks';
import { formatInt } from '../../chain/format';
import type { NetworkId } from '../shared/config';
import type { ContractState } from './contractStatus';
import * as l10n from '../../chain/l10n';

/** "mainnet: deployed at #123,456", as the CodeLens and the tree say it. */
export function stateText(plan: PlanNetwork, s: ContractState, short = false): string {
  switch (s.state) {
    case 'deployed':
      return s.blockHeight !== undefined
        ? l10n.t('{0}: deployed at #{1}', plan, formatInt(s.blockHeight))
        : l10n.t('{0}: deploying ({1})', plan, s.status);
    case 'not-deployed':
      return l10n.t('{0}: not deployed', plan);
    case 'unknown':
      return l10n.t('{0}: unknown', plan);
    case 'not-asked':
      return short ? `${plan}: —` : l10n.t('{0}: select {1} to check', plan, NETWORK_LABELS[plan]);
  }
}

/**
 * The ids to check in the status panel: every id the selected network's plans give the contract,
 * or else those of the first network that has one.
 */
export function idsForPanel(c: Pick<ClarinetContract, 'deployments'>, current: NetworkId): string[] {
  const first: PlanNetwork = current === 'mainnet' ? 'mainnet' : current === 'devnet' ? 'devnet' : 'testnet';
  for (const network of [first, ...PLAN_NETWORKS.filter((n) => n !== first)]) {
    const ids = [...new Set(c.deployments.filter((d) => d.network === network).map((d) => d.id))];
    if (ids.length) return ids;
  }
  return [];
}

/** One deployment per network and id (two plans of a network publishing the same id show once), in network order. */
export function distinctDeployments(c: Pick<ClarinetContract, 'deployments'>): ContractDeployment[] {
  const seen = new Set<string>();
  return PLAN_NETWORKS.flatMap((n) =>
    c.deployments.filter((d) => {
      if (d.network !== n || seen.has(`${n} ${d.id}`)) return false;
      seen.add(`${n} ${d.id}`);
      return true;
    }),
  );
}

/** "default.testnet-plan.yaml" from "deployments/default.testnet-plan.yaml". */
export function planName(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1);
}
