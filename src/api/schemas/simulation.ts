/**
 * The answers of a simulation service (stxer's `POST /devtools/v2/simulations:instant`, shaped as
 * its SDK types them: stxer/stxer-sdk `src/types.ts`, `InstantSimulationResponse`,
 * `TransactionReceipt`, `SimulationEvent`) and of the node's `POST /v2/fees/transaction`
 * (stacks-core `stackslib/src/net/api/postfeerate.rs`, `RPCFeeEstimateResponse`).
 *
 * A receipt's `events` are JSON strings, each parsed on its own with `SimulationEvent`. Amounts
 * are decimal strings; u64 and u128 counters may be numbers or decimal strings.
 */
import * as z from 'zod/mini';
import { amount } from './amount';
import { int, str } from './shared';

/** A Rust u64/u128: a JSON number, or a decimal string where it exceeds 2^53. */
export const u64 = z.union([z.number().check(z.gte(0)), z.string().check(z.regex(/^\d{1,40}$/))]);

export const ExecutionCost = z.looseObject({
  read_count: u64,
  read_length: u64,
  write_count: u64,
  write_length: u64,
  runtime: u64,
});
export type ExecutionCost = z.infer<typeof ExecutionCost>;

export const SimulationReceipt = z.looseObject({
  /** SIP-005 hex, without 0x. */
  result: z.string().check(z.regex(/^(0x)?([0-9a-fA-F]{2})+$/)),
  stx_burned: u64,
  vm_error: z.nullable(str),
  post_condition_aborted: z.boolean(),
  /** Wall-clock milliseconds the service took, not execution cost. */
  costs: z.optional(int),
  execution_cost: ExecutionCost,
  events: z.array(str),
});
export type SimulationReceipt = z.infer<typeof SimulationReceipt>;

export const InstantSimulation = z.looseObject({ reads: z.optional(z.array(z.unknown())), receipt: SimulationReceipt });
export type InstantSimulation = z.infer<typeof InstantSimulation>;

const base = { txid: z.optional(str), event_index: z.optional(int), committed: z.optional(z.boolean()) };
const hexValue = z.string().check(z.regex(/^(0x)?([0-9a-fA-F]{2})+$/));

/** One event of a receipt, after `JSON.parse` of its string (stacks-core `StacksTransactionEvent::json_serialize`). */
export const SimulationEvent = z.discriminatedUnion('type', [
  z.looseObject({
    ...base,
    type: z.literal('contract_event'),
    contract_event: z.looseObject({ contract_identifier: str, topic: str, raw_value: hexValue }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('stx_transfer_event'),
    stx_transfer_event: z.looseObject({ sender: str, recipient: str, amount }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('stx_mint_event'),
    stx_mint_event: z.looseObject({ recipient: str, amount }),
  }),
  z.looseObject({ ...base, type: z.literal('stx_burn_event'), stx_burn_event: z.looseObject({ sender: str, amount }) }),
  z.looseObject({
    ...base,
    type: z.literal('stx_lock_event'),
    stx_lock_event: z.looseObject({ locked_amount: amount, unlock_height: u64, locked_address: str }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('ft_transfer_event'),
    ft_transfer_event: z.looseObject({ asset_identifier: str, sender: str, recipient: str, amount }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('ft_mint_event'),
    ft_mint_event: z.looseObject({ asset_identifier: str, recipient: str, amount }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('ft_burn_event'),
    ft_burn_event: z.looseObject({ asset_identifier: str, sender: str, amount }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('nft_transfer_event'),
    nft_transfer_event: z.looseObject({ asset_identifier: str, sender: str, recipient: str, raw_value: hexValue }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('nft_mint_event'),
    nft_mint_event: z.looseObject({ asset_identifier: str, recipient: str, raw_value: hexValue }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('nft_burn_event'),
    nft_burn_event: z.looseObject({ asset_identifier: str, sender: str, raw_value: hexValue }),
  }),
]);
export type SimulationEvent = z.infer<typeof SimulationEvent>;

/** The node's fee estimate for a transaction payload: three estimations, low to high (µSTX). */
export const FeeEstimate = z.looseObject({
  estimated_cost: ExecutionCost,
  estimated_cost_scalar: u64,
  estimations: z.array(z.looseObject({ fee: z.number().check(z.gte(0)), fee_rate: z.number() })),
  cost_scalar_change_by_byte: z.optional(z.number()),
});
export type FeeEstimate = z.infer<typeof FeeEstimate>;

/**
 * What the node's `GET /v2/pox` says of epochs (stacks-core docs/rpc/components/schemas/pox-info.schema.yaml):
 * the current one, and each epoch's block limit. Only these fields are read.
 */
export const PoxEpochs = z.looseObject({
  current_epoch: z.optional(str),
  epochs: z.optional(
    z.array(z.looseObject({ epoch_id: str, block_limit: z.optional(ExecutionCost) })).check(z.maxLength(100)),
  ),
});
export type PoxEpochs = z.infer<typeof PoxEpochs>;
