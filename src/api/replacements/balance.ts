/** STX balance: /extended/v1/address/{principal}/stx -> /extended/v3/principals/{principal}/balances/stx. */
import * as S from '../schemas';
import { defined, Replacement } from './shared';

/** Fields of the v1 balance that the v3 route does not report at all. */
export const NOT_IN_V3_BALANCE: readonly string[] = [
  'total_sent',
  'total_received',
  'total_fees_sent',
  'total_miner_rewards_received',
  'token_offering_locked',
];

/**
 * The v3 balance as the v1 model. v3 gives the lock as an object (or null) where v1 gives the
 * locked amount and the lock's fields side by side; without a lock v1 says "0" and empty values.
 */
function v3ToStxBalance(b: S.V3StxBalance): S.StxBalance {
  const lock = b.locked ?? undefined;
  return defined({
    balance: b.balance,
    locked: lock?.amount ?? '0',
    lock_tx_id: lock?.lock_tx_id ?? '',
    lock_height: lock?.stacks_lock_height ?? 0,
    burnchain_lock_height: lock?.burn_lock_height ?? 0,
    burnchain_unlock_height: lock?.burn_unlock_height ?? 0,
    estimated_balance: b.mempool?.estimated_balance,
    pending_balance_inbound: b.mempool?.inbound,
    pending_balance_outbound: b.mempool?.outbound,
    unavailable: [...NOT_IN_V3_BALANCE],
  });
}

/** The current balance only: the v3 route has no `until_block` or `unanchored`, so a past balance has no replacement. */
export function balanceReplacement(principal: string): Replacement<S.StxBalance> {
  const route = '/extended/v3/principals/{principal}/balances/stx';
  return {
    route,
    async load(fetch) {
      const b = await fetch(route, `/extended/v3/principals/${principal}/balances/stx`, [], S.V3StxBalance, 'balance');
      return v3ToStxBalance(b);
    },
  };
}
