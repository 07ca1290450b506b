/**
 * A principal's staking after epoch 4.0 (pox-5), from the API's v3 staking routes
 * (stacks-blockchain-api `src/api/schemas/v3/entities/principal-bond-positions.ts`):
 * `GET /extended/v3/principals/{principal}/staking` (its STX staking and the totals of its bonds)
 * and `GET /extended/v3/principals/{principal}/staking/bonds` (each bond position, paged by cursor).
 * Amounts are µSTX and sats in decimal strings.
 */
import * as z from 'zod/mini';
import { amount } from './amount';
import { int, optNull, str } from './shared';

/** Lifetime sBTC reward sats of a position: accrued, claimed, and claimable now. */
const BtcRewards = z.looseObject({ accrued: amount, claimed: amount, claimable: amount });

export const PrincipalStaking = z.looseObject({
  stx: z.looseObject({ locked: amount, rewards: z.looseObject({ btc: BtcRewards }) }),
  bonds: z.looseObject({
    count: int,
    locked: z.looseObject({ btc: amount, stx: amount }),
    rewards: z.looseObject({ btc: BtcRewards }),
  }),
});
export type PrincipalStaking = z.infer<typeof PrincipalStaking>;

/** One bond position; `status` is `enrolled`, `running`, `early_exit` or `unlocked` (kept open). */
export const BondPosition = z.looseObject({
  bond_index: int,
  status: str,
  active: z.boolean(),
  locked: z.looseObject({ btc: amount, stx: amount }),
  rewards: z.looseObject({ btc: BtcRewards }),
});
export type BondPosition = z.infer<typeof BondPosition>;

const Cursor = z.looseObject({ next: optNull(str), previous: optNull(str), current: optNull(str) });

export const BondPositionsPage = z.looseObject({
  limit: int,
  total: int,
  cursor: z.optional(Cursor),
  results: z.array(BondPosition).check(z.maxLength(200)),
});
export type BondPositionsPage = z.infer<typeof BondPositionsPage>;
