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
