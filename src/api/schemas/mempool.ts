/**
 * What is waiting in the mempool: the fee estimates (GET /extended/v2/mempool/fees) and the
 * pending transactions (GET /extended/v3/mempool/transactions). Shapes from the API server's own
 * schemas (stacks-blockchain-api v9: src/api/routes/v2/mempool.ts and
 * src/api/schemas/v3/entities/mempool-transaction-summaries.ts).
 */
import * as z from 'zod/mini';
import { amount } from './amount';
import { ClarityValue, int, opt, optNull, str } from './shared';

/** The fees (µSTX) of the mempool's transactions at four priorities, the API's percentiles of the pending fees. */
const FeePriorities = z.looseObject({
  no_priority: int,
  low_priority: int,
  medium_priority: int,
  high_priority: int,
});

/** `all` is always there; a kind with no pending transaction is left out. */
export const MempoolFees = z.looseObject({
  all: FeePriorities,
  token_transfer: opt(FeePriorities),
  contract_call: opt(FeePriorities),
  smart_contract: opt(FeePriorities),
});

const Sender = z.looseObject({ address: str, nonce: int });

/** An item of the v3 mempool list: a pending transaction's summary. */
export const MempoolTransaction = z.looseObject({
  tx_id: str,
  type: str,
  status: str,
  sender: Sender,
  sponsor: optNull(Sender),
  fee_rate: amount,
  /** Unix seconds: when the node received the transaction. */
  receipt_time: int,
  receipt_block_height: opt(int),
  token_transfer: opt(z.looseObject({ recipient: str, amount, memo: optNull(ClarityValue) })),
  smart_contract: opt(z.looseObject({ contract_id: str, clarity_version: optNull(z.number()) })),
  contract_call: opt(z.looseObject({ contract_id: str, function_name: str })),
});

/** One page of the v3 mempool list: newest first, paged by the cursor `receipt_time:tx_id`. */
export const MempoolTransactionsPage = z.looseObject({
  limit: int,
  total: int,
  cursor: opt(z.looseObject({ next: optNull(str), previous: optNull(str), current: optNull(str) })),
  results: z.array(MempoolTransaction),
});

export type FeePriorities = z.infer<typeof FeePriorities>;
export type MempoolFees = z.infer<typeof MempoolFees>;
export type MempoolTransaction = z.infer<typeof MempoolTransaction>;
export type MempoolTransactionsPage = z.infer<typeof MempoolTransactionsPage>;
