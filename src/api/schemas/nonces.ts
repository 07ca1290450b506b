/** GET /extended/v3/principals/{principal}/nonces: where an account's nonces stand, confirmed and in the mempool. */
import * as z from 'zod/mini';
import { int } from './shared';

export const PrincipalNonces = z.looseObject({
  next_nonce: int,
  last_confirmed_nonce: z.nullable(int),
  mempool: z.looseObject({
    last_nonce: z.nullable(int),
    pending_nonces: z.array(int),
    missing_nonces: z.array(int),
  }),
});
export type PrincipalNonces = z.infer<typeof PrincipalNonces>;

/**
 * GET /v2/accounts/{principal}?proof=0&tip=…: the node's account at a block (stacks-core
 * stackslib/src/net/api/getaccount.rs, `AccountEntryResponse`): the unlocked and locked µSTX as
 * hex of a u128, the unlock height and the nonce; the proofs only when asked for.
 */
export const NodeAccount = z.looseObject({
  balance: z.string().check(z.regex(/^0x[0-9a-fA-F]{1,32}$/)),
  locked: z.string().check(z.regex(/^0x[0-9a-fA-F]{1,32}$/)),
  unlock_height: int,
  nonce: int,
});
export type NodeAccount = z.infer<typeof NodeAccount>;
