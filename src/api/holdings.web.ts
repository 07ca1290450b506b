// The web build leaves out an address's token, NFT and pending-transaction lists (their v3 and
// fallback routes, and the panel's tables: models/holdings.web.ts, which says they need the
// desktop). The client's methods stay; here they send nothing and fail at once.
import type { RequestOptions } from './http';
import type * as S from './schemas';

export const MAX_HOLDINGS_LIMIT = 200;
export const MAX_PENDING_LIMIT = 50;

export interface ListOptions extends RequestOptions {
  limit?: number;
  offset?: number;
}

const leftOut = (): Promise<never> => Promise.reject(new Error('Left out of the web build.'));

export function ftHoldings(_d: unknown, _principal: string, _o: ListOptions): Promise<S.Page<S.FtHolding>> {
  return leftOut();
}

export function nftHoldings(_d: unknown, _principal: string, _o: ListOptions): Promise<S.Page<S.NftHolding>> {
  return leftOut();
}

export function principalMempool(
  _d: unknown,
  _principal: string,
  _o: ListOptions,
): Promise<S.Page<S.MempoolTransaction>> {
  return leftOut();
}
