/**
 * What a principal holds besides STX: its fungible-token balances
 * (GET /extended/v3/principals/{principal}/balances/ft) and the NFT instances it owns (.../balances/nft),
 * both paged by cursor; and, for an API without v3, the token parts of
 * GET /extended/v1/address/{principal}/balances. Shapes from the API server's own tests
 * (stacks-blockchain-api: tests/api/v3/principals.test.ts) and the v1 types package.
 */
import * as z from 'zod/mini';
import { amount } from './amount';
import { ClarityValue, int, opt, optNull, str, Unavailable } from './shared';

const Cursor = opt(z.looseObject({ next: optNull(str), previous: optNull(str), current: optNull(str) }));

/** One fungible token held: its asset identifier (`contract::token`) and balance in the token's units. */
export const FtHolding = z.looseObject({ asset_identifier: str, balance: amount });

/**
 * One NFT held. v3 gives each instance with its Clarity value; the v1 fallback gives a count per
 * collection instead (`count`, with `value` named in `unavailable`).
 */
export const NftHolding = z.looseObject({
  asset_identifier: str,
  value: opt(ClarityValue),
  count: opt(int),
  unavailable: Unavailable,
});

/** A page of the v3 FT balances: largest balance first, cursor `balance:asset_identifier`. */
export const FtHoldingsPage = z.looseObject({ limit: int, total: int, cursor: Cursor, results: z.array(FtHolding) });
/** A page of the v3 NFT balances: by asset identifier then value, cursor `value hex:asset_identifier`. */
export const NftHoldingsPage = z.looseObject({ limit: int, total: int, cursor: Cursor, results: z.array(NftHolding) });

/** The v1 balances route: STX plus every token in two maps keyed by asset identifier. */
export const V1AddressBalances = z.looseObject({
  fungible_tokens: z.record(z.string(), z.looseObject({ balance: amount })),
  non_fungible_tokens: z.record(z.string(), z.looseObject({ count: z.union([int, str]) })),
});

export type FtHolding = z.infer<typeof FtHolding>;
export type NftHolding = z.infer<typeof NftHolding>;
export type V1AddressBalances = z.infer<typeof V1AddressBalances>;
