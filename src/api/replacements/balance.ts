/** STX balance: /extended/v1/address/{principal}/stx -> /extended/v2/addresses/{principal}/balances/stx. */
import * as S from '../schemas';
import { defined, Replacement } from './shared';

/** Unknown in v2: total_sent, total_received, total_fees_sent, token_offering_locked. */
function v2ToStxBalance(b: S.V2StxBalance): S.StxBalance {
  return defined({
    balance: b.balance,
    locked: b.locked,
    total_miner_rewards_received: b.total_miner_rewards_received,
    lock_tx_id: b.lock_tx_id,
    lock_height: b.lock_height,
    burnchain_lock_height: b.burnchain_lock_height,
    burnchain_unlock_height: b.burnchain_unlock_height,
    estimated_balance: b.estimated_balance,
    pending_balance_inbound: b.pending_balance_inbound,
    pending_balance_outbound: b.pending_balance_outbound,
  });
}

/** The current balance only: the v2 route has no `until_block`, so a past balance has no replacement. */
export function balanceReplacement(principal: string): Replacement<S.StxBalance> {
  const route = '/extended/v2/addresses/{principal}/balances/stx';
  return {
    route,
    async load(fetch) {
      const b = await fetch(
        route,
        `/extended/v2/addresses/${principal}/balances/stx`,
        [['include_mempool', 'true']],
        S.V2StxBalance,
        'balance',
      );
      return v2ToStxBalance(b);
    },
  };
}
