/**
 * The Token Metadata API (a separate service the hosted APIs serve on the same origin): a fungible
 * token's name, symbol and decimals, each token asked at most once a session.
 */
import { checkContractId } from '../../chain/identifiers';
import * as l10n from '../../chain/l10n';
import { must } from '../arguments';
import { LruCache } from '../cache';
import { isStacksApiError } from '../errors';
import * as S from '../schemas';
import { type CallOptions, type ClientCore, jsonLength } from './core';

/** Tokens whose metadata one client keeps for the session. */
const MAX_TOKENS_REMEMBERED = 5_000;
/** ... and their size at most, measured as JSON text (a kept answer is a few dozen bytes). */
const TOKENS_MAX_BYTES = 1024 * 1024;

export interface TokenResource {
  /**
   * A fungible token's metadata (decimals, symbol) from the Token Metadata API on this client's
   * origin, by the token's contract id. Asked at most once per token a session: an answer is kept,
   * and a 404 or 422 (unknown token, metadata not fetched or invalid) is `null` from then on
   * without another request. Other errors (rate limit, network) throw and may be retried.
   */
  getFtMetadata(contractId: string, options?: CallOptions): Promise<S.FtMetadata | null>;
}

export function tokenResource(core: ClientCore): TokenResource {
  /** Token metadata answers of this session, by contract id (`null`: the API has none). */
  const tokens = new LruCache<S.FtMetadata | null>({
    maxEntries: MAX_TOKENS_REMEMBERED,
    maxBytes: TOKENS_MAX_BYTES,
    sizeOf: jsonLength,
  });
  return {
    async getFtMetadata(contractId: string, options: CallOptions = {}): Promise<S.FtMetadata | null> {
      const id = must(checkContractId(String(contractId))).contractId;
      const known = tokens.get(id);
      if (known !== undefined) return known;
      try {
        const meta = await core.requests.call(
          {
            route: '/metadata/v1/ft/{principal}',
            path: `/metadata/v1/ft/${id}`,
            schema: S.FtMetadata,
            what: l10n.t('token metadata'),
            ttl: () => Infinity,
            bound: S.withShortTexts,
          },
          options,
        );
        tokens.set(id, meta, Infinity);
        return meta;
      } catch (e) {
        if (isStacksApiError(e) && (e.status === 404 || e.status === 422)) {
          tokens.set(id, null, Infinity);
          return null;
        }
        throw e;
      }
    },
  };
}
