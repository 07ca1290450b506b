/**
 * A block: GET /extended/v2/blocks/{height_or_hash}, and the v1 block by height with its transaction
 * ids; a burn (Bitcoin) block: GET /extended/v2/burn-blocks/{height_or_hash}, and its Stacks blocks.
 */
import * as z from 'zod/mini';
import { int, opt, page, str } from './shared';

const executionCosts = {
  execution_cost_read_count: opt(int),
  execution_cost_read_length: opt(int),
  execution_cost_runtime: opt(int),
  execution_cost_write_count: opt(int),
  execution_cost_write_length: opt(int),
};

export const Block = z.looseObject({
  canonical: z.boolean(),
  height: int,
  hash: str,
  index_block_hash: str,
  parent_block_hash: str,
  burn_block_height: int,
  tx_count: int,
  block_time: opt(int),
  block_time_iso: opt(str),
  parent_index_block_hash: opt(str),
  burn_block_time: opt(int),
  burn_block_time_iso: opt(str),
  burn_block_hash: opt(str),
  miner_txid: opt(str),
  tenure_height: opt(int),
  ...executionCosts,
});

export const BlockV1 = z.looseObject({
  canonical: z.boolean(),
  height: int,
  hash: str,
  index_block_hash: str,
  parent_block_hash: str,
  burn_block_height: int,
  txs: z.array(str),
  block_time: opt(int),
  block_time_iso: opt(str),
  burn_block_time: opt(int),
  burn_block_time_iso: opt(str),
  burn_block_hash: opt(str),
  miner_txid: opt(str),
  parent_microblock_hash: opt(str),
  parent_microblock_sequence: opt(int),
  microblocks_accepted: opt(z.array(str)),
  microblocks_streamed: opt(z.array(str)),
  microblock_tx_count: opt(z.record(str, int)),
  tenure_height: opt(int),
  ...executionCosts,
});

/** The API server's BurnBlockSchema (src/api/schemas/v1/entities/burn-blocks.ts). */
export const BurnBlock = z.looseObject({
  burn_block_time: z.number(),
  burn_block_time_iso: opt(str),
  burn_block_hash: str,
  burn_block_height: int,
  /** Hashes of the Stacks blocks the burn block confirms, newest first. */
  stacks_blocks: z.array(str),
  avg_block_time: opt(z.number()),
  total_tx_count: opt(int),
});

/** GET /extended/v2/burn-blocks/{height_or_hash}/blocks: v2 blocks, by limit and offset. */
export const BlocksPage = page(Block);

export type Block = z.infer<typeof Block>;
export type BurnBlock = z.infer<typeof BurnBlock>;
export type BlockV1 = z.infer<typeof BlockV1>;
