/**
 * An address: its STX balance (GET /extended/v1/address/{principal}/stx), its transactions
 * (GET /extended/v2/addresses/{address}/transactions) and the events of one of them for it
 * (.../transactions/{tx_id}/events).
 */
import * as z from 'zod/mini';
import { amount } from './amount';
import { ClarityValue, int, opt, page, str, Unavailable } from './shared';
import { Transaction } from './transactions';

export const StxBalance = z.looseObject({
  balance: amount,
  /** Absent when the balance came from the v3 replacement, which does not report them (see `unavailable`). */
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
  unavailable: Unavailable,
});

const counters = z.looseObject({ transfer: int, mint: int, burn: int });

export const AddressTransaction = z.looseObject({
  tx: Transaction,
  stx_sent: amount,
  stx_received: amount,
  /** Absent when the list came from the v3 replacement, which only says which asset types were touched. */
  events: opt(z.looseObject({ stx: counters, ft: counters, nft: counters })),
  unavailable: Unavailable,
});

export const AddressEvent = z.looseObject({
  type: str,
  /** Absent (with `unavailable`) when the event is a v3 balance change, which has no index. */
  event_index: opt(int),
  data: z.looseObject({
    /** transfer, mint or burn; absent for a v3 balance change. */
    type: opt(str),
    amount: opt(amount),
    sender: opt(str),
    recipient: opt(str),
    asset_identifier: opt(str),
    value: opt(ClarityValue),
  }),
  /** From the v3 balance changes of one transaction: what the address sent, received and the net change of the asset. */
  balance_change: opt(z.looseObject({ sent: str, received: str, net: str })),
  unavailable: Unavailable,
});

export const AddressTransactionsPage = page(AddressTransaction);
export const AddressEventsPage = page(AddressEvent);

export type StxBalance = z.infer<typeof StxBalance>;
export type AddressTransaction = z.infer<typeof AddressTransaction>;
export type AddressEvent = z.infer<typeof AddressEvent>;
