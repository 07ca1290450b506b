/**
 * The routes the API names as replacements when it switches a route off (410 Gone); the client
 * reads them only then. Shapes from the API server's own schemas (stacks-blockchain-api:
 * src/api/schemas/v3/entities, src/api/routes/v2/*).
 */
import * as z from 'zod/mini';
import { amount } from './amount';
import { ClarityValue, int, opt, optNull, page, str } from './shared';
import { PostCondition } from './transactions';

const V3Sender = z.looseObject({ address: str, nonce: int });
const V3BurnBlock = z.looseObject({ height: int, time: opt(z.number()) });

/** GET /extended/v3/transactions/{tx_id}: a mined transaction or a mempool one (no `block`). */
export const V3Transaction = z.looseObject({
  tx_id: str,
  type: str,
  status: str,
  sender: V3Sender,
  sponsor: optNull(V3Sender),
  fee_rate: amount,
  block: opt(
    z.looseObject({
      height: int,
      hash: str,
      index_hash: opt(str),
      time: opt(z.number()),
      tx_index: opt(int),
      tenure_height: opt(int),
    }),
  ),
  bitcoin_block: opt(V3BurnBlock),
  /** Earlier releases named it `burn_block`. */
  burn_block: opt(V3BurnBlock),
  canonical: opt(z.boolean()),
  parent_block: opt(z.looseObject({ hash: str, index_hash: opt(str) })),
  post_conditions: opt(z.array(PostCondition)),
  post_condition_mode: opt(str),
  event_count: opt(int),
  execution_cost: opt(
    z.looseObject({ read_count: int, read_length: int, runtime: int, write_count: int, write_length: int }),
  ),
  vm_error: optNull(str),
  receipt_time: opt(int),
  receipt_block_height: opt(int),
  replaced_by_tx_id: optNull(str),
  token_transfer: opt(z.looseObject({ recipient: str, amount, memo: optNull(str) })),
  smart_contract: opt(z.looseObject({ contract_id: str, clarity_version: optNull(z.number()), source_code: opt(str) })),
  contract_call: opt(
    z.looseObject({ contract_id: str, function_name: str, function_args: opt(z.array(ClarityValue)) }),
  ),
  coinbase: opt(z.looseObject({ payload: opt(str), alt_recipient: optNull(str), vrf_proof: optNull(str) })),
  tenure_change: opt(z.looseObject({ cause: opt(str) })),
});

/** An event of GET /extended/v3/transactions/{tx_id}/events. */
export const V3TransactionEvent = z.looseObject({
  event_index: int,
  type: str,
  contract_log: opt(z.looseObject({ contract_id: str, topic: str, value: ClarityValue })),
  stx_lock: opt(z.looseObject({ amount, unlock_bitcoin_height: opt(int), address: str })),
  stx_asset: opt(
    z.looseObject({
      type: str,
      sender: optNull(str),
      recipient: optNull(str),
      amount,
      memo: optNull(ClarityValue),
    }),
  ),
  ft_asset: opt(
    z.looseObject({ type: str, asset_identifier: str, sender: optNull(str), recipient: optNull(str), amount }),
  ),
  nft_asset: opt(
    z.looseObject({
      type: str,
      asset_identifier: str,
      sender: optNull(str),
      recipient: optNull(str),
      value: ClarityValue,
    }),
  ),
});

function cursorPage<T extends z.ZodMiniType>(item: T) {
  return z.looseObject({
    limit: int,
    total: int,
    cursor: opt(z.looseObject({ next: optNull(str), previous: optNull(str), current: optNull(str) })),
    /** Earlier releases gave the cursors at the top level. */
    next_cursor: optNull(str),
    results: z.array(item),
  });
}
export const V3TransactionEventsPage = cursorPage(V3TransactionEvent);

/** An item of GET /extended/v3/principals/{principal}/transactions. */
export const V3PrincipalTransaction = z.looseObject({
  transaction: V3Transaction,
  involvement: str,
  balance_changes: z.looseObject({ stx: z.looseObject({ sent: amount, received: amount, net: opt(amount) }) }),
  affected_asset_types: opt(z.looseObject({ stx: z.boolean(), ft: z.boolean(), nft: z.boolean() })),
});
export const V3PrincipalTransactionsPage = cursorPage(V3PrincipalTransaction);

/** GET /extended/v2/addresses/{principal}/balances/stx (the pending fields with include_mempool=true). */
export const V2StxBalance = z.looseObject({
  balance: amount,
  locked: amount,
  total_miner_rewards_received: opt(amount),
  lock_tx_id: opt(str),
  lock_height: opt(int),
  burnchain_lock_height: opt(int),
  burnchain_unlock_height: opt(int),
  estimated_balance: opt(amount),
  pending_balance_inbound: opt(amount),
  pending_balance_outbound: opt(amount),
});

/** GET /extended/v2/blocks/{height_or_hash}/transactions: only the ids and order are read. */
export const V2BlockTransactionsPage = page(z.looseObject({ tx_id: str, tx_index: opt(int) }));

export type V3Transaction = z.infer<typeof V3Transaction>;
export type V3TransactionEvent = z.infer<typeof V3TransactionEvent>;
export type V3PrincipalTransaction = z.infer<typeof V3PrincipalTransaction>;
export type V2StxBalance = z.infer<typeof V2StxBalance>;
