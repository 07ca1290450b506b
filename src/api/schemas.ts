/**
 * A schema for every resource of section 2 of the API document. Where the document and the real
 * responses disagree, the real responses win. Objects keep fields they do not know
 * (`looseObject`), and enumerated strings are plain strings so values the API adds later parse.
 */
import * as z from 'zod/mini';

const str = z.string();
const int = z.number();
const opt = <T extends z.ZodMiniType>(t: T) => z.optional(t);
const optNull = <T extends z.ZodMiniType>(t: T) => z.optional(z.nullable(t));

export const ClarityValue = z.looseObject({ hex: str, repr: str });

export const PostCondition = z.looseObject({
  type: str,
  condition_code: opt(str),
  amount: opt(str),
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
      amount: opt(str),
      value: opt(ClarityValue),
      memo: opt(str),
    }),
  ),
  stx_lock_event: opt(z.looseObject({ locked_amount: opt(str), unlock_height: opt(int), locked_address: opt(str) })),
});

export const Transaction = z.looseObject({
  tx_id: str,
  tx_type: str,
  tx_status: str,
  sender_address: str,
  fee_rate: str,
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
  token_transfer: opt(z.looseObject({ recipient_address: str, amount: str, memo: opt(str) })),
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
});

export const StxBalance = z.looseObject({
  balance: str,
  /** Unknown (absent) when the balance came from the v2 replacement, which does not report them. */
  total_sent: opt(str),
  total_received: opt(str),
  locked: str,
  total_fees_sent: opt(str),
  total_miner_rewards_received: opt(str),
  lock_tx_id: opt(str),
  lock_height: opt(int),
  burnchain_lock_height: opt(int),
  burnchain_unlock_height: opt(int),
  estimated_balance: opt(str),
  pending_balance_inbound: opt(str),
  pending_balance_outbound: opt(str),
  token_offering_locked: opt(
    z.looseObject({
      total_locked: str,
      total_unlocked: str,
      unlock_schedule: z.array(z.looseObject({ amount: str, block_height: int })),
    }),
  ),
});

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

const counters = z.looseObject({ transfer: int, mint: int, burn: int });

export const AddressTransaction = z.looseObject({
  tx: Transaction,
  stx_sent: str,
  stx_received: str,
  /** Unknown (absent) when the list came from the v3 replacement, which only says which asset types were touched. */
  events: opt(z.looseObject({ stx: counters, ft: counters, nft: counters })),
});

export const AddressEvent = z.looseObject({
  type: str,
  event_index: int,
  data: z.looseObject({
    type: str,
    amount: opt(str),
    sender: opt(str),
    recipient: opt(str),
    asset_identifier: opt(str),
    value: opt(ClarityValue),
  }),
});

function page<T extends z.ZodMiniType>(item: T) {
  return z.looseObject({ limit: int, offset: int, total: int, results: z.array(item) });
}
export const AddressTransactionsPage = page(AddressTransaction);
export const AddressEventsPage = page(AddressEvent);

// ---------------------------------------------------------------------------------------------
// Replacement routes: read only after the API has switched a documented route off (410 Gone).
// Shapes from the API's own schemas (src/api/schemas/v3/entities, src/api/routes/v2/*).
// ---------------------------------------------------------------------------------------------

const V3Sender = z.looseObject({ address: str, nonce: int });
const V3BurnBlock = z.looseObject({ height: int, time: opt(z.number()) });

/** GET /extended/v3/transactions/{tx_id}: a mined transaction or a mempool one (no `block`). */
export const V3Transaction = z.looseObject({
  tx_id: str,
  type: str,
  status: str,
  sender: V3Sender,
  sponsor: optNull(V3Sender),
  fee_rate: str,
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
  token_transfer: opt(z.looseObject({ recipient: str, amount: str, memo: optNull(str) })),
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
  stx_lock: opt(z.looseObject({ amount: str, unlock_bitcoin_height: opt(int), address: str })),
  stx_asset: opt(
    z.looseObject({
      type: str,
      sender: optNull(str),
      recipient: optNull(str),
      amount: str,
      memo: optNull(ClarityValue),
    }),
  ),
  ft_asset: opt(
    z.looseObject({ type: str, asset_identifier: str, sender: optNull(str), recipient: optNull(str), amount: str }),
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
  balance_changes: z.looseObject({ stx: z.looseObject({ sent: str, received: str, net: opt(str) }) }),
  affected_asset_types: opt(z.looseObject({ stx: z.boolean(), ft: z.boolean(), nft: z.boolean() })),
});
export const V3PrincipalTransactionsPage = cursorPage(V3PrincipalTransaction);

/** GET /extended/v2/addresses/{principal}/balances/stx (the pending fields with include_mempool=true). */
export const V2StxBalance = z.looseObject({
  balance: str,
  locked: str,
  total_miner_rewards_received: opt(str),
  lock_tx_id: opt(str),
  lock_height: opt(int),
  burnchain_lock_height: opt(int),
  burnchain_unlock_height: opt(int),
  estimated_balance: opt(str),
  pending_balance_inbound: opt(str),
  pending_balance_outbound: opt(str),
});

/** GET /extended/v2/blocks/{height_or_hash}/transactions: only the ids and order are read. */
export const V2BlockTransactionsPage = page(z.looseObject({ tx_id: str, tx_index: opt(int) }));

export type V3Transaction = z.infer<typeof V3Transaction>;
export type V3TransactionEvent = z.infer<typeof V3TransactionEvent>;
export type V3PrincipalTransaction = z.infer<typeof V3PrincipalTransaction>;
export type V2StxBalance = z.infer<typeof V2StxBalance>;

export type Transaction = z.infer<typeof Transaction>;
export type TransactionEvent = z.infer<typeof TransactionEvent>;
export type PostCondition = z.infer<typeof PostCondition>;
export type StxBalance = z.infer<typeof StxBalance>;
export type Block = z.infer<typeof Block>;
export type BlockV1 = z.infer<typeof BlockV1>;
export type MempoolStats = z.infer<typeof MempoolStats>;
export type Percentiles = z.infer<typeof Percentiles>;
export type ContractStatus = z.infer<typeof ContractStatus>;
export type ContractsStatus = z.infer<typeof ContractsStatus>;
export type ServerStatus = z.infer<typeof ServerStatus>;
export type AddressTransaction = z.infer<typeof AddressTransaction>;
export type AddressEvent = z.infer<typeof AddressEvent>;
export type Page<T> = { limit: number; offset: number; total: number; results: T[] };

export type Schema<T> = z.ZodMiniType<T>;

/** Parses or explains, naming the first wrong field. */
export function parseWith<T>(
  schema: z.ZodMiniType<T>,
  data: unknown,
): { ok: true; value: T } | { ok: false; problem: string } {
  const r = schema.safeParse(data);
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0];
  if (!issue) return { ok: false, problem: 'the response does not match the expected shape' };
  const path = issue.path.length ? formatPath(issue.path) : '(the whole body)';
  const got = valueAt(data, issue.path);
  if (issue.code === 'invalid_type') {
    const expected = (issue as { expected?: string }).expected ?? 'another type';
    return {
      ok: false,
      problem:
        got === undefined
          ? `field "${path}" is missing`
          : `field "${path}" should be ${article(expected)}, not ${typeName(got)}`,
    };
  }
  return { ok: false, problem: `field "${path}" is not valid (${issue.message})` };
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = data;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[p];
  }
  return cur;
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return article(typeof v);
}

function article(t: string): string {
  return /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
}
