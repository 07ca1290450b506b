/**
 * Execution costs against the tenure budget. Since Nakamoto the block limit a node reports for an
 * epoch (`/v2/pox`, `epochs[].block_limit`) is the budget of a whole tenure, which its blocks share;
 * a miner with stacks-core's default settings lets one block use at most 25 % of what the tenure
 * has left (`miner.tenure_cost_limit_per_block_percentage`, `DEFAULT_TENURE_COST_LIMIT_PER_BLOCK_PERCENTAGE`
 * in stackslib/src/config/mod.rs, applied in stackslib/src/chainstate/nakamoto/miner.rs). A call
 * above 25 % of the whole budget in any dimension fits no block of a tenure that has begun using
 * it, so it may wait for a new tenure. Pure.
 */
import { BLOCK_LIMITS, COST_DIMENSIONS, costShares, percentText, type Cost } from './simulation';
import * as l10n from './l10n';

export type CostDimension = (typeof COST_DIMENSIONS)[number];
export type Budget = Record<CostDimension, number>;

/** stacks-core's default share of the remaining tenure budget one block may use, in percent. */
export const BLOCK_SHARE_OF_TENURE = 25;

export interface TenureBudget {
  /** Where the budget comes from, in words (the epoch as the node reports it, or the constants). */
  label: string;
  cost: Budget;
}

/** What `/v2/pox` says of epochs, as far as the budget needs it. */
export interface PoxEpochsLike {
  current_epoch?: string | undefined;
  epochs?:
    ReadonlyArray<{ epoch_id: string; block_limit?: Record<CostDimension, number | string> | undefined }> | undefined;
}

/**
 * The tenure budget of the node's current epoch, as its `/v2/pox` reports it; stacks-core's
 * constants for that epoch (or for 2.1 to 3.4 when the node names none) when it reports none.
 */
export function tenureBudgetOf(pox: PoxEpochsLike | undefined): TenureBudget {
  const epoch = pox?.current_epoch;
  const own = pox?.epochs?.find((x) => x.epoch_id === epoch)?.block_limit;
  if (epoch && own) {
    const cost = Object.fromEntries(COST_DIMENSIONS.map((d) => [d, Number(own[d])])) as Budget;
    if (COST_DIMENSIONS.every((d) => Number.isFinite(cost[d]) && cost[d] > 0))
      return { label: l10n.t('{0}, as the node reports it (/v2/pox)', epoch), cost };
  }
  const fallback = epoch && /^Epoch[4-9]/.test(epoch) ? BLOCK_LIMITS.epoch40 : BLOCK_LIMITS.epoch21;
  return { label: l10n.t('{0}; the node reported no limit', fallback.label), cost: fallback.cost };
}

export interface TenureShare {
  dimension: CostDimension;
  used: number;
  budget: number;
  percent: number;
  /** Above the share of the tenure budget one block may use. */
  over: boolean;
}

/** Each dimension's share of the tenure budget, and whether it is above what one block may use. */
export function tenureShares(cost: Cost, budget: Budget): TenureShare[] {
  return costShares(cost, budget).map((s) => ({
    dimension: s.dimension,
    used: s.used,
    budget: s.limit,
    percent: s.percent,
    over: s.percent > BLOCK_SHARE_OF_TENURE,
  }));
}

/** The sentence for a call above 25 % of the tenure budget (undefined when none is). */
export function tenureWarning(shares: readonly TenureShare[]): string | undefined {
  const over = shares.filter((s) => s.over);
  if (!over.length) return undefined;
  const list = over.map((s) => `${s.dimension} ${percentText(s.percent)}`).join(', ');
  return l10n.t(
    'Above {0} % of the tenure budget ({1}): a miner lets one block use at most {0} % of what the tenure has left, so this call may wait for a new tenure.',
    BLOCK_SHARE_OF_TENURE,
    list,
  );
}
