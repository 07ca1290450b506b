/**
 * A fungible token's metadata from the Token Metadata API (hirosystems/token-metadata-api), served on
 * the hosted API's origin: GET /metadata/v1/ft/{contract principal}. Every field the extension reads
 * is optional there, even in a 200 (a token whose metadata is still being fetched has no decimals).
 */
import * as z from 'zod/mini';
import { int, opt, str } from './shared';

export const FtMetadata = z.looseObject({
  name: opt(str),
  symbol: opt(str),
  decimals: opt(int),
  total_supply: opt(str),
  asset_identifier: opt(str),
  sender_address: opt(str),
  tx_id: opt(str),
});

export type FtMetadata = z.infer<typeof FtMetadata>;
