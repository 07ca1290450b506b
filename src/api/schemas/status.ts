/**
 * The state of the API and the chain: the server status (GET /extended), the mempool statistics
 * (GET /extended/v1/tx/mempool/stats) and the deployment status of contracts
 * (GET /extended/v2/smart-contracts/status).
 */
import * as z from 'zod/mini';
import { int, opt, optNull, str } from './shared';

const Percentiles = z.looseObject({
  p25: z.nullable(int),
  p50: z.nullable(int),
  p75: z.nullable(int),
  p95: z.nullable(int),
});

export const MempoolStats = z.looseObject({
  tx_type_counts: z.record(str, int),
  tx_simple_fee_averages: z.record(str, Percentiles),
  tx_ages: z.record(str, Percentiles),
  tx_byte_sizes: z.record(str, Percentiles),
});

export const ContractStatus = z.looseObject({
  found: z.boolean(),
  result: opt(z.looseObject({ status: str, tx_id: str, contract_id: str, block_height: opt(int) })),
});
export const ContractsStatus = z.record(str, ContractStatus);

export const ServerStatus = z.looseObject({
  server_version: str,
  status: str,
  pox_v1_unlock_height: optNull(int),
  pox_v2_unlock_height: optNull(int),
  pox_v3_unlock_height: optNull(int),
  chain_tip: optNull(
    z.looseObject({
      block_height: int,
      block_hash: str,
      index_block_hash: opt(str),
      microblock_hash: opt(str),
      microblock_sequence: opt(int),
      burn_block_height: opt(int),
    }),
  ),
});

export type Percentiles = z.infer<typeof Percentiles>;
export type MempoolStats = z.infer<typeof MempoolStats>;
export type ContractStatus = z.infer<typeof ContractStatus>;
export type ContractsStatus = z.infer<typeof ContractsStatus>;
export type ServerStatus = z.infer<typeof ServerStatus>;
