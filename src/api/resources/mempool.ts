/** The mempool: its statistics, its fee estimates and its pending transactions (paged by cursor). */
import * as l10n from '../../chain/l10n';
import { pageQuery } from '../arguments';
import { walkCursorPages } from '../cursorPages';
import * as S from '../schemas';
import { type CallOptions, type ClientCore, DEFAULT_PAGE_LIMIT, type PageOptions } from './core';

export interface MempoolResource {
  getMempoolStats(options?: CallOptions): Promise<S.MempoolStats>;
  /** Fee estimates (µSTX) at low, medium and high priority, per kind of transaction, from what is pending. */
  getMempoolFees(options?: CallOptions): Promise<S.MempoolFees>;
  /**
   * A page of the mempool's pending transactions, newest first. The API pages this list by cursor:
   * an offset is reached from the nearest page already seen (the one before, when paging forward),
   * so turning a page costs one request.
   */
  getMempoolTransactions(options?: PageOptions): Promise<S.Page<S.MempoolTransaction>>;
}

export function mempoolResource(core: ClientCore): MempoolResource {
  const { requests } = core;
  return {
    async getMempoolStats(options: CallOptions = {}): Promise<S.MempoolStats> {
      return requests.call(
        {
          route: '/extended/v1/tx/mempool/stats',
          path: '/extended/v1/tx/mempool/stats',
          schema: S.MempoolStats,
          what: l10n.t('mempool statistics'),
          ttl: () => core.freshMs,
        },
        options,
      );
    },

    async getMempoolFees(options: CallOptions = {}): Promise<S.MempoolFees> {
      return requests.call(
        {
          route: '/extended/v2/mempool/fees',
          path: '/extended/v2/mempool/fees',
          schema: S.MempoolFees,
          what: l10n.t('fee estimates'),
          ttl: () => core.freshMs,
        },
        options,
      );
    },

    async getMempoolTransactions(options: PageOptions = {}): Promise<S.Page<S.MempoolTransaction>> {
      pageQuery(options); // checks limit and offset; the v3 list itself takes a cursor, not an offset
      const limit = options.limit === undefined ? DEFAULT_PAGE_LIMIT : Number(options.limit);
      const offset = options.offset === undefined ? 0 : Number(options.offset);
      const route = '/extended/v3/mempool/transactions';
      return walkCursorPages({
        memo: core.cursors,
        key: route,
        limit,
        offset,
        what: l10n.t('mempool transaction list'),
        volatile: true,
        // Never settled: each page lives as briefly as a balance.
        page: (size, cursor) =>
          requests.call(
            {
              route,
              path: route,
              query: [
                ['limit', String(size)],
                ...(cursor === undefined ? [] : [['cursor', cursor] as [string, string]]),
              ],
              schema: S.MempoolTransactionsPage,
              what: l10n.t('mempool transaction list'),
              ttl: () => core.freshMs,
            },
            options,
          ),
      });
    },
  };
}
