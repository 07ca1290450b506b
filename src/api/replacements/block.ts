/** v1 block by height: /extended/v1/block/by_height/{height} -> /extended/v2/blocks/{height} + /extended/v3/blocks/{height}/transactions. */
import * as S from '../schemas';
import { defined, Replacement, STEP } from './shared';

/** At most this many pages of a block's transactions (50 each). */
const MAX_BLOCK_TX_PAGES = 40;

/** Unknown in v2: parent_microblock_hash/sequence; microblock lists are empty (there are none after Nakamoto). */
function v2ToBlockV1(b: S.Block, txs: string[]): S.BlockV1 {
  return defined({
    canonical: b.canonical,
    height: b.height,
    hash: b.hash,
    index_block_hash: b.index_block_hash,
    parent_block_hash: b.parent_block_hash,
    burn_block_height: b.burn_block_height,
    burn_block_time: b.burn_block_time,
    burn_block_time_iso: b.burn_block_time_iso,
    burn_block_hash: b.burn_block_hash,
    block_time: b.block_time,
    block_time_iso: b.block_time_iso,
    miner_txid: b.miner_txid,
    tenure_height: b.tenure_height,
    execution_cost_read_count: b.execution_cost_read_count,
    execution_cost_read_length: b.execution_cost_read_length,
    execution_cost_runtime: b.execution_cost_runtime,
    execution_cost_write_count: b.execution_cost_write_count,
    execution_cost_write_length: b.execution_cost_write_length,
    txs,
    microblocks_accepted: [],
    microblocks_streamed: [],
    microblock_tx_count: {},
  });
}

/**
 * The block (the v2 route, not deprecated), then the ids of all its transactions from the v3 list
 * (pages of 50 following the server's cursor, at most 40 pages), in the order the server lists them.
 */
export function blockV1Replacement(height: number): Replacement<S.BlockV1> {
  const route = '/extended/v3/blocks/{height_or_hash}/transactions';
  return {
    route,
    async load(fetch) {
      const block = await fetch(
        '/extended/v2/blocks/{height_or_hash}',
        `/extended/v2/blocks/${height}`,
        [],
        S.Block,
        'block',
      );
      const ids: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_BLOCK_TX_PAGES && ids.length < block.tx_count; page++) {
        const query: Array<[string, string]> = [['limit', String(STEP)]];
        if (cursor !== undefined) query.push(['cursor', cursor]);
        const p = await fetch(
          route,
          `/extended/v3/blocks/${height}/transactions`,
          query,
          S.V3BlockTransactionsPage,
          'block transaction list',
        );
        for (const t of p.results) ids.push(t.tx_id);
        const next = p.cursor?.next ?? p.next_cursor ?? undefined;
        if (!next || p.results.length === 0 || ids.length >= p.total) break;
        cursor = next;
      }
      return v2ToBlockV1(block, [...new Set(ids)]);
    },
  };
}
