/**
 * Principals: an account's STX balance and nonces, what it holds besides STX and its pending
 * transactions (the v3 lists of holdings.ts), and its pox-5 staking.
 */
import { checkBlockRef, checkPrincipal } from '../../chain/identifiers';
import * as l10n from '../../chain/l10n';
import { invalid, must } from '../arguments';
import { balanceReplacement } from '../replacements';
import * as S from '../schemas';
import type { CallOptions, ClientCore, PageOptions } from './core';
import { ftHoldings, nftHoldings, principalMempool } from './holdings';

export interface BalanceOptions extends CallOptions {
  unanchored?: boolean;
  /** A block height or block hash: the balance as it was at that block. */
  untilBlock?: number | string;
}

export interface PrincipalResource {
  getStxBalance(principal: string, options?: BalanceOptions): Promise<S.StxBalance>;
  /** Where an account's nonces stand (standard addresses only: a contract has none). */
  getNonces(address: string, options?: CallOptions): Promise<S.PrincipalNonces>;
  /**
   * What a principal holds besides STX (v3, paged by cursor like the mempool list; limit up to 200),
   * from the v1 balances route on an API without v3. NFTs from v1 are a count per collection.
   */
  getFtHoldings(principal: string, options?: PageOptions): Promise<S.Page<S.FtHolding>>;
  getNftHoldings(principal: string, options?: PageOptions): Promise<S.Page<S.NftHolding>>;
  /** A principal's pending transactions (sent, received, or calling its contract), newest first. */
  getPrincipalMempoolTransactions(principal: string, options?: PageOptions): Promise<S.Page<S.MempoolTransaction>>;
  /** A principal's pox-5 staking: its locked STX, its sBTC rewards and the totals of its bonds (v3). */
  getPrincipalStaking(principal: string, options?: CallOptions): Promise<S.PrincipalStaking>;
  /**
   * The node's account of a principal as it was at a block (`GET /v2/accounts/{p}?proof=0&tip=…`,
   * `tip` an index block hash): its unlocked and locked µSTX and its nonce. Kept: a block never changes.
   */
  getAccountAt(principal: string, tip: string, options?: CallOptions): Promise<S.NodeAccount>;
  /** The first page (up to `limit`, 20 by default) of a principal's bond positions (v3). */
  getPrincipalBonds(principal: string, options?: CallOptions & { limit?: number }): Promise<S.BondPositionsPage>;
}

export function principalResource(core: ClientCore): PrincipalResource {
  const { requests } = core;
  const principalOf = (principal: string): string => must(checkPrincipal(String(principal))).principal;
  return {
    async getAccountAt(principal: string, tip: string, options: CallOptions = {}): Promise<S.NodeAccount> {
      const p = principalOf(principal);
      if (typeof tip !== 'string' || !/^(0x)?[0-9a-fA-F]{64}$/.test(tip))
        throw invalid(
          l10n.t('The block to read the account at must be given by its index block hash (0x and 64 hex digits).'),
        );
      return requests.call(
        {
          route: '/v2/accounts/{principal}',
          path: `/v2/accounts/${p}`,
          query: [
            ['proof', '0'],
            ['tip', tip.replace(/^0x/, '').toLowerCase()],
          ],
          schema: S.NodeAccount,
          what: l10n.t('account'),
          ttl: () => Infinity,
        },
        options,
      );
    },

    async getStxBalance(principal: string, options: BalanceOptions = {}): Promise<S.StxBalance> {
      const p = principalOf(principal);
      const query: Array<[string, string]> = [];
      if (options.unanchored && options.untilBlock !== undefined) {
        throw invalid(
          l10n.t(
            'Use either "unanchored" or "untilBlock", not both: the balance is either up to the latest microblock or as it was at one block.',
          ),
        );
      }
      if (options.unanchored) query.push(['unanchored', 'true']);
      if (options.untilBlock !== undefined) {
        const ref = must(checkBlockRef(options.untilBlock));
        if (ref.kind === 'latest')
          throw invalid(
            l10n.t('"untilBlock" takes a block height or hash, not "latest": leave it out for the current balance.'),
          );
        query.push(['until_block', ref.kind === 'height' ? String(ref.height) : ref.hash]);
      }
      // A balance at a past block hash cannot change; at a height it could in a reorg, so keep it briefly.
      const settled =
        options.untilBlock !== undefined &&
        typeof options.untilBlock === 'string' &&
        options.untilBlock.startsWith('0x');
      return requests.call(
        {
          route: '/extended/v1/address/{principal}/stx',
          path: `/extended/v1/address/${p}/stx`,
          query,
          schema: S.StxBalance,
          what: 'balance',
          ttl: () => (settled ? Infinity : core.freshMs),
          // The replacement knows only the current, anchored balance (v3 has no `until_block` and no
          // `unanchored`): a past or unanchored one stays an error once the route is switched off.
          ...(options.untilBlock === undefined && !options.unanchored ? { replacement: balanceReplacement(p) } : {}),
        },
        options,
      );
    },

    async getNonces(address: string, options: CallOptions = {}): Promise<S.PrincipalNonces> {
      const p = principalOf(address);
      if (p.includes('.'))
        throw invalid(l10n.t('{0} is a contract: only a standard address sends transactions with nonces.', p));
      return requests.call(
        {
          route: '/extended/v3/principals/{principal}/nonces',
          path: `/extended/v3/principals/${p}/nonces`,
          schema: S.PrincipalNonces,
          what: l10n.t('nonce state'),
          ttl: () => core.freshMs,
        },
        options,
      );
    },

    async getFtHoldings(principal: string, options: PageOptions = {}): Promise<S.Page<S.FtHolding>> {
      return ftHoldings(core, principalOf(principal), options);
    },

    async getNftHoldings(principal: string, options: PageOptions = {}): Promise<S.Page<S.NftHolding>> {
      return nftHoldings(core, principalOf(principal), options);
    },

    async getPrincipalMempoolTransactions(
      principal: string,
      options: PageOptions = {},
    ): Promise<S.Page<S.MempoolTransaction>> {
      return principalMempool(core, principalOf(principal), options);
    },

    async getPrincipalStaking(principal: string, options: CallOptions = {}): Promise<S.PrincipalStaking> {
      const p = principalOf(principal);
      return requests.call(
        {
          route: '/extended/v3/principals/{principal}/staking',
          path: `/extended/v3/principals/${p}/staking`,
          schema: S.PrincipalStaking,
          what: l10n.t('staking summary'),
          ttl: () => core.freshMs,
        },
        options,
      );
    },

    async getPrincipalBonds(
      principal: string,
      options: CallOptions & { limit?: number } = {},
    ): Promise<S.BondPositionsPage> {
      const p = principalOf(principal);
      const limit = Math.max(1, Math.min(50, Math.floor(options.limit ?? 20)));
      return requests.call(
        {
          route: '/extended/v3/principals/{principal}/staking/bonds',
          path: `/extended/v3/principals/${p}/staking/bonds`,
          query: [['limit', String(limit)]],
          schema: S.BondPositionsPage,
          what: l10n.t('bond positions'),
          ttl: () => core.freshMs,
          bound: (v) => (v.results.length > limit ? { ...v, results: v.results.slice(0, limit) } : v),
        },
        options,
      );
    },
  };
}
