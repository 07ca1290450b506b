/**
 * A fee for a simulated call when the node has no estimate for it, worked out the way stacks-core
 * prices a transaction (stacks-core at 1efa4a9): its fee estimator turns an execution cost and a
 * length into one number, the scalar cost (`ProportionalDotProduct` in
 * stackslib/src/cost_estimates/metrics.rs, with `ExecutionCost::proportion_dot_product` of
 * clarity/src/vm/costs/execution_cost.rs), and keeps fee rates as fee / scalar cost
 * (`ScalarFeeRateEstimator`, fee_scalar.rs). A fee is then rate × scalar cost, never less than
 * the length in bytes × `MINIMUM_TX_FEE_RATE_PER_BYTE` (1 µSTX; net/api/postfeerate.rs).
 *
 * The rates come from what pending STX transfers pay (the API's mempool fee priorities): a
 * single-signature transfer is 180 bytes of zero execution cost, so its scalar cost is exactly
 * `TRANSFER_SCALAR` (6), and its fee / 6 is its rate.
 */
import type { Cost } from './simulation';

/** `PROPORTION_RESOLUTION` of metrics.rs. */
export const PROPORTION_RESOLUTION = 10_000;
/** `MAX_BLOCK_LEN` (stacks-codec/src/transaction.rs), the block size the node's metric is built with. */
export const MAX_BLOCK_LEN = 2 * 1024 * 1024;
/** `MINIMUM_TX_FEE_RATE_PER_BYTE` (stackslib/src/chainstate/stacks/db/blocks.rs), µSTX. */
export const MINIMUM_FEE_PER_BYTE = 1;
/** A single-signature STX transfer's length (`SINGLESIG_TX_TRANSFER_LEN`, net/api/getstxtransfercost.rs). */
export const TRANSFER_LEN = 180;

type Dimensions = Record<'runtime' | 'read_count' | 'read_length' | 'write_count' | 'write_length', number>;

/** One dimension's share: `max(1, floor(r × min(1, used / max(1, limit))))`, as stacks-core folds it. */
function share(used: number, limit: number): number {
  return Math.max(Math.floor(PROPORTION_RESOLUTION * Math.min(1, used / Math.max(1, limit))), 1);
}

/** The scalar cost stacks-core's fee estimator gives a transaction of this cost and length. */
export function scalarCost(cost: Cost, limit: Dimensions, length: number): number {
  const dims = ['runtime', 'read_count', 'write_count', 'read_length', 'write_length'] as const;
  const exec = dims.reduce((sum, d) => sum + share(Number(cost[d]), limit[d]), 0);
  return exec + share(length, MAX_BLOCK_LEN);
}

/** A transfer's scalar cost: zero execution cost, 180 bytes (6 with any block limit). */
export const TRANSFER_SCALAR = scalarCost(
  { runtime: 0, read_count: 0, read_length: 0, write_count: 0, write_length: 0 },
  { runtime: 1, read_count: 1, read_length: 1, write_count: 1, write_length: 1 },
  TRANSFER_LEN,
);

/** The fee (µSTX) at `rate` µSTX per unit of scalar cost: `floor(rate × scalar)`, at least the length's minimum. */
export function feeAtRate(rate: number, scalar: number, length: number): bigint {
  const fee = BigInt(Math.floor(rate * scalar));
  const floor = BigInt(length * MINIMUM_FEE_PER_BYTE);
  return fee < floor ? floor : fee;
}

export interface FallbackFees {
  scalar: number;
  /** µSTX per unit of scalar cost, from the transfer fees. */
  rates: { low: number; medium: number; high: number };
  /** µSTX. */
  fees: { low: bigint; medium: bigint; high: bigint };
}

/**
 * Low, medium and high fees for a call of this simulated cost and length, at the rates pending
 * transfers pay (their low, medium and high priority fees, µSTX, each / `TRANSFER_SCALAR`).
 */
export function fallbackFees(
  cost: Cost,
  limit: Dimensions,
  length: number,
  transferFees: { low: number; medium: number; high: number },
): FallbackFees {
  const scalar = scalarCost(cost, limit, length);
  const rate = (fee: number) => fee / TRANSFER_SCALAR;
  const rates = { low: rate(transferFees.low), medium: rate(transferFees.medium), high: rate(transferFees.high) };
  return {
    scalar,
    rates,
    fees: {
      low: feeAtRate(rates.low, scalar, length),
      medium: feeAtRate(rates.medium, scalar, length),
      high: feeAtRate(rates.high, scalar, length),
    },
  };
}
