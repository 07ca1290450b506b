/**
 * A fungible token's metadata from the Token Metadata API (hirosystems/token-metadata-api), served on
 * the hosted API's origin: GET /metadata/v1/ft/{contract principal}. Every field the extension reads
 * is optional there, even in a 200 (a token whose metadata is still being fetched has no decimals).
 *
 * Only what the extension shows is kept: the answer is remembered for the session, and a server may
 * send megabytes of `metadata`, `description` or `image_uri` with each token. A strict object drops
 * every other field, and a name or symbol longer than any token's (SIP-010 gives each at most 32
 * characters) is left out rather than cut: a cut string would keep the whole one alive.
 */
import * as z from 'zod/mini';
import { int, opt, str } from './shared';

/** The longest name or symbol kept. */
export const MAX_TOKEN_TEXT = 256;

export const FtMetadata = z.object({
  name: opt(str),
  symbol: opt(str),
  decimals: opt(int),
});

export type FtMetadata = z.infer<typeof FtMetadata>;

/** The answer without a name or symbol longer than `MAX_TOKEN_TEXT` (applied before it is kept). */
export function withShortTexts(m: FtMetadata): FtMetadata {
  const short = (s: string | undefined) => (s !== undefined && s.length <= MAX_TOKEN_TEXT ? s : undefined);
  return { name: short(m.name), symbol: short(m.symbol), decimals: m.decimals };
}
