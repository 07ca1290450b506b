/** A transaction with its post-conditions and events (GET /extended/v1/tx/{tx_id}). */
import * as z from 'zod/mini';
import { amount } from './amount';
import { ClarityValue, int, opt, optNull, page, str, Unavailable } from './shared';

export const PostCondition = z.looseObject({
  type: str,
  condition_code: opt(str),
  amount: opt(amount),
  principal: opt(z.looseObject({ type_id: str, address: opt(str), contract_name: opt(str) })),
  asset: opt(z.looseObject({ asset_name: opt(str), contract_address: opt(str), contract_name: opt(str) })),
  asset_value: opt(ClarityValue),
});

export const TransactionEvent = z.looseObject({
  event_index: int,
  event_type: str,
  tx_id: opt(str),
  contract_log: opt(z.looseObject({ contract_id: str, topic: str, value: ClarityValue })),
  asset: opt(
    z.looseObject({
      asset_event_type: opt(str),
      asset_id: opt(str),
      sender: opt(str),
      recipient: opt(str),
      amount: opt(amount),
      value: opt(ClarityValue),
      memo: opt(str),
    }),
  ),
  stx_lock_event: opt(z.looseObject({ locked_amount: opt(amount), unlock_height: opt(int), locked_address: opt(str) })),
});

export const Transaction = z.looseObject({
  tx_id: str,
  tx_type: str,
  tx_status: str,
  sender_address: str,
  fee_rate: amount,
  sponsored: z.boolean(),
  /** Not in the v3 replacement's shape: absent when the transaction came from there. */
  post_condition_mode: opt(str),
  nonce: opt(int),
  sponsor_nonce: opt(int),
  sponsor_address: opt(str),
  post_conditions: opt(z.array(PostCondition)),
  anchor_mode: opt(str),
  block_hash: opt(str),
  block_height: opt(int),
  block_time: opt(int),
  block_time_iso: opt(str),
  burn_block_height: opt(int),
  burn_block_time: opt(int),
  burn_block_time_iso: opt(str),
  parent_burn_block_time: opt(int),
  parent_burn_block_time_iso: opt(str),
  canonical: opt(z.boolean()),
  tx_index: opt(int),
  tx_result: opt(ClarityValue),
  event_count: opt(int),
  parent_block_hash: opt(str),
  is_unanchored: opt(z.boolean()),
  microblock_hash: opt(str),
  microblock_sequence: opt(int),
  microblock_canonical: opt(z.boolean()),
  execution_cost_read_count: opt(int),
  execution_cost_read_length: opt(int),
  execution_cost_runtime: opt(int),
  execution_cost_write_count: opt(int),
  execution_cost_write_length: opt(int),
  events: opt(z.array(TransactionEvent)),
  vm_error: optNull(str),
  receipt_time: opt(int),
  receipt_time_iso: opt(str),
  replaced_by_tx_id: optNull(str),
  token_transfer: opt(z.looseObject({ recipient_address: str, amount, memo: opt(str) })),
  contract_call: opt(
    z.looseObject({
      contract_id: str,
      function_name: str,
      function_signature: opt(str),
      function_args: opt(z.array(z.looseObject({ hex: opt(str), repr: str, name: opt(str), type: opt(str) }))),
    }),
  ),
  smart_contract: opt(z.looseObject({ contract_id: str, source_code: opt(str), clarity_version: optNull(int) })),
  coinbase_payload: opt(z.looseObject({ data: opt(str), alt_recipient: optNull(str), vrf_proof: optNull(str) })),
  tenure_change_payload: opt(z.looseObject({ cause: opt(str) })),
  poison_microblock: opt(z.looseObject({})),
  unavailable: Unavailable,
});

export type PostCondition = z.infer<typeof PostCondition>;
export type TransactionEvent = z.infer<typeof TransactionEvent>;
export type Transaction = z.infer<typeof Transaction>;

/** GET /extended/v2/blocks/{height_or_hash}/transactions (deprecated): full v1 transactions, by limit and offset. */
export const BlockTransactionsPage = page(Transaction);
