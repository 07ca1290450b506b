/**
 * The routes the API names as replacements when it switches a route off (410 Gone); the client
 * reads them only then. Shapes from the API server's own schemas (stacks-blockchain-api v9:
 * src/api/schemas/v3/entities, and the OpenAPI of the v3 routes in
 * test/fixtures/api/openapi-v3.yaml).
 */
import * as z from 'zod/mini';
import { amount } from './amount';
import { ClarityValue, int, opt, optNull, str } from './shared';
import { PostCondition } from './transactions';

const V3Sender = z.looseObject({ address: str, nonce: int });
const V3BurnBlock = z.looseObject({ height: int, time: opt(z.number()) });

/**
 * GET /extended/v3/transactions/{tx_id}: a mined transaction or a mempool one (no `block`); also
 * the transaction summaries of the v3 lists (no parent block, costs or heavy fields).
 */
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
  parent_block: opt(z.looseObject({ hash: str, index_hash: opt(str) })),
  /** Only with `include=post_conditions`. */
  post_conditions: opt(z.array(PostCondition)),
  post_condition_mode: opt(str),
  event_count: opt(int),
  execution_cost: opt(
    z.looseObject({ read_count: int, read_length: int, runtime: int, write_count: int, write_length: int }),
  ),
  vm_error: optNull(str),
  /** Only with `include=result`, and only for a mined transaction. */
  result: opt(ClarityValue),
  receipt_time: opt(int),
  receipt_block_height: opt(int),
  replaced_by_tx_id: optNull(str),
  /** `memo` is the decoded memo `{hex, repr}` (a string in v1). */
  token_transfer: opt(z.looseObject({ recipient: str, amount, memo: optNull(ClarityValue) })),
  /** `source_code` only with `include=source_code`. */
  smart_contract: opt(z.looseObject({ contract_id: str, clarity_version: optNull(z.number()), source_code: opt(str) })),
  /** `function_args` only with `include=function_args`. */
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
  affected_balances: opt(z.looseObject({ stx: z.boolean(), ft: z.boolean(), nft: z.boolean() })),
});
export const V3PrincipalTransactionsPage = cursorPage(V3PrincipalTransaction);

/** GET /extended/v3/principals/{principal}/balances/stx. */
export const V3StxBalance = z.looseObject({
  balance: amount,
  available: opt(amount),
  locked: optNull(
    z.looseObject({
      amount: amount,
      pox_version: opt(int),
      lock_tx_id: str,
      stacks_lock_height: int,
      burn_lock_height: int,
      burn_unlock_height: int,
    }),
  ),
  mempool: optNull(z.looseObject({ estimated_balance: amount, inbound: amount, outbound: amount })),
});

/** An item of GET /extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes. */
export const V3BalanceChange = z.looseObject({
  asset: z.looseObject({ type: str, identifier: opt(str) }),
  balance_change: z.looseObject({ sent: amount, received: amount, net: amount }),
});
export const V3BalanceChangesPage = cursorPage(V3BalanceChange);

/** GET /extended/v3/blocks/{height_or_hash}/transactions: transaction summaries, of which the ids and order are read. */
export const V3BlockTransactionsPage = cursorPage(
  z.looseObject({ tx_id: str, block: opt(z.looseObject({ tx_index: opt(int) })) }),
);

/** The same route read for the list a block panel shows: the summaries whole (type, status, fee, sender). */
export const V3BlockTransactionSummariesPage = cursorPage(V3Transaction);

export type V3Transaction = z.infer<typeof V3Transaction>;
export type V3TransactionEvent = z.infer<typeof V3TransactionEvent>;
export type V3PrincipalTransaction = z.infer<typeof V3PrincipalTransaction>;
export type V3StxBalance = z.infer<typeof V3StxBalance>;
export type V3BalanceChange = z.infer<typeof V3BalanceChange>;
