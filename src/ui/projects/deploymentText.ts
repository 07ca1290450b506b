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

/** Contracts of one file with a status lens; the others are counted in one more lens. */
export const LENS_CONTRACTS = 3;
/** Successful deploys of one file with a drift lens and "Call on" lenses; the others are counted in one more lens. */
export const LENS_DEPLOYS = 3;
/** "Call on" lenses of one file at most: every function has one while they fit, each deploy shown while they fit. */
export const MAX_CALL_LENSES = 900;

/** How many lenses of each kind one file gets: a constant bound, however many contracts, deploys and functions. */
export interface LensLayout {
  /** The first contracts have a status lens each, the rest one lens that counts them. */
  contracts: number;
  moreContracts: number;
  /** The first deploys have a drift lens each, the rest one lens that counts them. */
  deploys: number;
  moreDeploys: number;
  /** The first functions have a "Call on" lens for each of the first `callsPerFunction` deploys. */
  functions: number;
  callsPerFunction: number;
}

/**
 * The lenses of a file of `contracts` contracts with `deploys` successful deploys and `functions`
 * read-only functions: at most `LENS_CONTRACTS + LENS_DEPLOYS + 2 + MAX_CALL_LENSES` in all. A
 * file of a thousand contracts sharing one path, each deployed, is one such file.
 */
export function lensLayout(contracts: number, deploys: number, functions: number): LensLayout {
  const shown = Math.min(contracts, LENS_CONTRACTS);
  const shownDeploys = Math.min(deploys, LENS_DEPLOYS);
  const fns = shownDeploys ? Math.min(functions, MAX_CALL_LENSES) : 0;
  const callsPerFunction = fns ? Math.min(shownDeploys, Math.max(1, Math.floor(MAX_CALL_LENSES / fns))) : 0;
  return {
    contracts: shown,
    moreContracts: contracts - shown,
    deploys: shownDeploys,
    moreDeploys: deploys - shownDeploys,
    functions: fns,
    callsPerFunction,
  };
}

/** How many lenses a layout makes. */
export function lensCount(l: LensLayout): number {
  return (
    l.contracts + (l.moreContracts ? 1 : 0) + l.deploys + (l.moreDeploys ? 1 : 0) + l.functions * l.callsPerFunction
  );
}
