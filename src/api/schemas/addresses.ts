/**
 * An address: its STX balance (GET /extended/v1/address/{principal}/stx), its transactions
 * (GET /extended/v2/addresses/{address}/transactions) and the events of one of them for it
 * (.../transactions/{tx_id}/events).
 */
import * as z from 'zod/mini';
import { amount } from './amount';
import { ClarityValue, int, opt, page, str } from './shared';
import { Transaction } from './transactions';

export const StxBalance = z.looseObject({
  balance: amount,
  /** Unknown (absent) when the balance came from the v2 replacement, which does not report them. */
  total_sent: opt(amount),
  total_received: opt(amount),
  locked: amount,
  total_fees_sent: opt(amount),
  total_miner_rewards_received: opt(amount),
  lock_tx_id: opt(str),
  lock_height: opt(int),
  burnchain_lock_height: opt(int),
  burnchain_unlock_height: opt(int),
  estimated_balance: opt(amount),
  pending_balance_inbound: opt(amount),
  pending_balance_outbound: opt(amount),
  token_offering_locked: opt(
    z.looseObject({
      total_locked: amount,
      total_unlocked: amount,
      unlock_schedule: z.array(z.looseObject({ amount, block_height: int })),
    }),
  ),
});

const counters = z.looseObject({ transfer: int, mint: int, burn: int });

export const AddressTransaction = z.looseObject({
  tx: Transaction,
  stx_sent: amount,
  stx_received: amount,
  /** Unknown (absent) when the list came from the v3 replacement, which only says which asset types were touched. */
  events: opt(z.looseObject({ stx: counters, ft: counters, nft: counters })),
});

export const AddressEvent = z.looseObject({
  type: str,
  event_index: int,
  data: z.looseObject({
    type: str,
    amount: opt(amount),
    sender: opt(str),
    recipient: opt(str),
    asset_identifier: opt(str),
    value: opt(ClarityValue),
  }),
});

export const AddressTransactionsPage = page(AddressTransaction);
export const AddressEventsPage = page(AddressEvent);

export type StxBalance = z.infer<typeof StxBalance>;
export type AddressTransaction = z.infer<typeof AddressTransaction>;
export type AddressEvent = z.infer<typeof AddressEvent>;
