/**
 * What a principal holds besides STX, and its pending transactions: the v3 lists, paged by cursor
 * (src/api/cursorPages.ts), and for the token lists the v1 balances route as the fallback of an
 * API without v3 (a self-hosted API older than v9 answers the v3 routes 404). The fallback is
 * remembered per client, so such an API is asked for v3 once.
 */
import { intIn, must } from '../arguments';
import { walkCursorPages } from '../cursorPages';
import { isStacksApiError, StacksApiError } from '../errors';
import type { ClientCore, PageOptions } from './core';
import * as S from '../schemas';
import * as l10n from '../../chain/l10n';

/** The largest `limit` of the v3 holdings lists (the API's own maximum). */
export const MAX_HOLDINGS_LIMIT = 200;
/** The largest `limit` of the v3 pending list of a principal. */
export const MAX_PENDING_LIMIT = 50;
const DEFAULT_LIMIT = 20;

export type ListOptions = PageOptions;

/** What the lists use of the client's shared core. */
type Deps = Pick<ClientCore, 'requests' | 'cursors' | 'freshMs' | 'absent' | 'log'>;

/** Raised inside a first page that answered 404: the API has no such route. */
class NoRoute extends Error {}

function limits(options: ListOptions, max: number): { limit: number; offset: number } {
  const limit = options.limit === undefined ? DEFAULT_LIMIT : must(intIn(options.limit, 'limit', 1, max));
  const offset = options.offset === undefined ? 0 : must(intIn(options.offset, 'offset', 0));
  return { limit, offset };
}

/** A page of a v3 principal list paged by cursor; NoRoute when its first page is a 404. */
function v3List<T>(
  deps: Deps,
  route: string,
  principal: string,
  what: string,
  schema: S.Schema<{
    limit: number;
    total: number;
    cursor?: { next?: string | null | undefined } | undefined;
    results: T[];
  }>,
  options: ListOptions,
  max: number,
): Promise<S.Page<T>> {
  const { limit, offset } = limits(options, max);
  const path = route.replace('{principal}', principal);
  return walkCursorPages({
    memo: deps.cursors,
    key: path,
    limit,
    offset,
    what,
    // Balances and pending transactions change anywhere in the list: the first page starts afresh.
    volatile: true,
    page: async (size, cursor) => {
      try {
        return await deps.requests.call(
          {
            route,
            path,
            query: [['limit', String(size)], ...(cursor === undefined ? [] : [['cursor', cursor] as [string, string]])],
            schema,
            what,
            ttl: () => deps.freshMs,
          },
          options,
        );
      } catch (e) {
        if (cursor === undefined && isStacksApiError(e) && e.kind === 'not-found') throw new NoRoute(route);
        throw e;
      }
    },
  });
}

const V1_BALANCES = '/extended/v1/address/{principal}/balances';

/** The v1 balances of a principal (STX and every token at once), for an API without the v3 lists. */
function v1Balances(deps: Deps, principal: string, options: ListOptions): Promise<S.V1AddressBalances> {
  return deps.requests.call(
    {
      route: V1_BALANCES,
      path: `/extended/v1/address/${principal}/balances`,
      schema: S.V1AddressBalances,
      what: l10n.t('token balances'),
      ttl: () => deps.freshMs,
    },
    options,
  );
}

function slice<T>(all: T[], limit: number, offset: number): S.Page<T> {
  return { limit, offset, total: all.length, results: all.slice(offset, offset + limit) };
}

async function withFallback<T>(
  deps: Deps,
  route: string,
  v3: () => Promise<S.Page<T>>,
  v1: () => Promise<S.Page<T>>,
): Promise<S.Page<T>> {
  if (deps.absent.has(route)) return v1();
  try {
    return await v3();
  } catch (e) {
    if (!(e instanceof NoRoute)) throw e;
    deps.absent.add(route);
    deps.log?.('info', `The API has no ${route} (404): reading ${V1_BALANCES} instead.`);
    return v1();
  }
}

const FT_ROUTE = '/extended/v3/principals/{principal}/balances/ft';
const NFT_ROUTE = '/extended/v3/principals/{principal}/balances/nft';
const PENDING_ROUTE = '/extended/v3/principals/{principal}/mempool/transactions';

/** The fungible tokens a principal holds, largest balance first. */
export function ftHoldings(deps: Deps, principal: string, options: ListOptions): Promise<S.Page<S.FtHolding>> {
  return withFallback(
    deps,
    FT_ROUTE,
    () =>
      v3List(deps, FT_ROUTE, principal, l10n.t('token balance list'), S.FtHoldingsPage, options, MAX_HOLDINGS_LIMIT),
    async () => {
      const { limit, offset } = limits(options, MAX_HOLDINGS_LIMIT);
      const b = await v1Balances(deps, principal, options);
      const all = Object.entries(b.fungible_tokens)
        .map(([asset_identifier, v]) => ({ asset_identifier, balance: v.balance }))
        .filter((h) => BigInt(h.balance) > 0n)
        .sort((a, b) => compareBig(b.balance, a.balance) || a.asset_identifier.localeCompare(b.asset_identifier));
      return slice(all, limit, offset);
    },
  );
}

/** The NFTs a principal holds: each instance (v3), or a count per collection (the v1 fallback). */
export function nftHoldings(deps: Deps, principal: string, options: ListOptions): Promise<S.Page<S.NftHolding>> {
  return withFallback(
    deps,
    NFT_ROUTE,
    () => v3List(deps, NFT_ROUTE, principal, l10n.t('NFT list'), S.NftHoldingsPage, options, MAX_HOLDINGS_LIMIT),
    async () => {
      const { limit, offset } = limits(options, MAX_HOLDINGS_LIMIT);
      const b = await v1Balances(deps, principal, options);
      const all = Object.entries(b.non_fungible_tokens)
        .map(([asset_identifier, v]) => ({ asset_identifier, count: Number(v.count), unavailable: ['value'] }))
        .filter((h) => Number.isFinite(h.count) && h.count > 0)
        .sort((a, b) => a.asset_identifier.localeCompare(b.asset_identifier));
      return slice(all, limit, offset);
    },
  );
}

/** The pending transactions a principal sends, receives or whose contract they call, newest first. */
export async function principalMempool(
  deps: Deps,
  principal: string,
  options: ListOptions,
): Promise<S.Page<S.MempoolTransaction>> {
  try {
    return await v3List(
      deps,
      PENDING_ROUTE,
      principal,
      l10n.t('pending transaction list'),
      S.MempoolTransactionsPage,
      options,
      MAX_PENDING_LIMIT,
    );
  } catch (e) {
    // No v3 on this API and no older route to fall back to: the 404 is the answer.
    if (e instanceof NoRoute)
      throw new StacksApiError('not-found', l10n.t('This API has no {0}.', PENDING_ROUTE), { status: 404 });
    throw e;
  }
}

function compareBig(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x === y ? 0 : x > y ? 1 : -1;
}
