/** Blocks (v2, and v1 by height), a block's transactions, and burn (Bitcoin) blocks with the Stacks blocks they confirm. */
import { checkBlockRef } from '../../chain/identifiers';
import * as l10n from '../../chain/l10n';
import { blockSegment, intIn, invalid, MAX_PAGE_LIMIT, must, pageQuery } from '../arguments';
import { blockTransactionsReplacement, blockV1Replacement } from '../replacements';
import * as S from '../schemas';
import { type CallOptions, type ClientCore, type PageOptions, pageUpTo } from './core';

/** The largest `limit` of a burn block's list of Stacks blocks. */
export const MAX_BURN_BLOCK_PAGE = 30;
/**
 * A burn block older than this has so many Bitcoin blocks on top of it that it, and the Stacks
 * blocks it confirms, no longer change: cached until evicted. A younger one may still gain Stacks
 * blocks (its tenure goes on) or be reorganised away.
 */
export const BURN_BLOCK_SETTLED_MS = 2 * 60 * 60 * 1000;

export interface BlockResource {
  getBlock(heightOrHash: number | string, options?: CallOptions): Promise<S.Block>;
  getBlockByHeightV1(height: number | string, options?: CallOptions): Promise<S.BlockV1>;
  /** A page of a block's transactions with their type, status and fee (events left out). */
  getBlockTransactions(heightOrHash: number | string, options?: PageOptions): Promise<S.Page<S.Transaction>>;
  /** A burn (Bitcoin) block: its height, hash, time and the hashes of the Stacks blocks it confirms. */
  getBurnBlock(heightOrHash: number | string, options?: CallOptions): Promise<S.BurnBlock>;
  /** A page of the Stacks blocks a burn block confirms, newest first. */
  getBurnBlockBlocks(heightOrHash: number | string, options?: PageOptions): Promise<S.Page<S.Block>>;
}

export function blockResource(core: ClientCore): BlockResource {
  const { requests, cursors } = core;
  /** A burn block time (seconds) long enough ago, by the client's clock, that nothing about it changes any more. */
  const burnSettled = (seconds: number | undefined): boolean =>
    seconds !== undefined && Number.isFinite(seconds) && seconds * 1000 < core.now() - BURN_BLOCK_SETTLED_MS;
  return {
    async getBlock(heightOrHash: number | string, options: CallOptions = {}): Promise<S.Block> {
      const ref = must(checkBlockRef(heightOrHash));
      const seg = blockSegment(ref);
      return requests.call(
        {
          route: '/extended/v2/blocks/{height_or_hash}',
          path: `/extended/v2/blocks/${seg}`,
          schema: S.Block,
          what: 'block',
          ttl: (b) =>
            ref.kind === 'hash' && b.canonical
              ? Infinity
              : ref.kind === 'latest'
                ? core.freshMs
                : b.canonical
                  ? 30_000
                  : core.freshMs,
        },
        options,
      );
    },

    async getBlockByHeightV1(height: number | string, options: CallOptions = {}): Promise<S.BlockV1> {
      const ref = must(checkBlockRef(height));
      if (ref.kind !== 'height') throw invalid(l10n.t('The v1 block endpoint takes a block height (a whole number).'));
      return requests.call(
        {
          route: '/extended/v1/block/by_height/{height}',
          path: `/extended/v1/block/by_height/${ref.height}`,
          schema: S.BlockV1,
          what: 'block',
          ttl: (b) => (b.canonical ? 30_000 : core.freshMs),
          replacement: blockV1Replacement(ref.height),
        },
        options,
      );
    },

    async getBlockTransactions(
      heightOrHash: number | string,
      options: PageOptions = {},
    ): Promise<S.Page<S.Transaction>> {
      const ref = must(checkBlockRef(heightOrHash));
      const seg = blockSegment(ref);
      const query = pageQuery(options);
      const limit = options.limit ?? MAX_PAGE_LIMIT;
      return requests.call(
        {
          route: '/extended/v2/blocks/{height_or_hash}/transactions',
          path: `/extended/v2/blocks/${seg}/transactions`,
          query,
          schema: S.BlockTransactionsPage,
          what: l10n.t('block transaction list'),
          // The transactions of a canonical block named by its hash never change; at a height they
          // could after a reorg, and `latest` moves.
          ttl: (p) =>
            ref.kind === 'latest'
              ? core.freshMs
              : ref.kind === 'hash' && p.results.every((t) => t.canonical !== false)
                ? Infinity
                : 30_000,
          bound: (p) => pageUpTo({ ...p, results: p.results.map(withoutEvents) }, limit),
          replacement: blockTransactionsReplacement(seg, options.limit, options.offset, cursors),
        },
        options,
      );
    },

    async getBurnBlock(heightOrHash: number | string, options: CallOptions = {}): Promise<S.BurnBlock> {
      const ref = must(checkBlockRef(heightOrHash));
      const seg = blockSegment(ref);
      return requests.call(
        {
          route: '/extended/v2/burn-blocks/{height_or_hash}',
          path: `/extended/v2/burn-blocks/${seg}`,
          schema: S.BurnBlock,
          what: l10n.t('burn block'),
          ttl: (b) => (ref.kind !== 'latest' && burnSettled(b.burn_block_time) ? Infinity : core.freshMs),
        },
        options,
      );
    },

    async getBurnBlockBlocks(heightOrHash: number | string, options: PageOptions = {}): Promise<S.Page<S.Block>> {
      const ref = must(checkBlockRef(heightOrHash));
      const seg = blockSegment(ref);
      // The API lists at most 30 blocks of a burn block at once (its BurnBlock page limit).
      if (options.limit !== undefined) must(intIn(options.limit, 'limit', 1, MAX_BURN_BLOCK_PAGE));
      const query = pageQuery(options);
      const limit = options.limit ?? MAX_BURN_BLOCK_PAGE;
      return requests.call(
        {
          route: '/extended/v2/burn-blocks/{height_or_hash}/blocks',
          path: `/extended/v2/burn-blocks/${seg}/blocks`,
          query,
          schema: S.BlocksPage,
          what: l10n.t('list of blocks'),
          ttl: (p) =>
            ref.kind !== 'latest' &&
            p.results.length > 0 &&
            p.results.every((b) => b.canonical && burnSettled(b.burn_block_time))
              ? Infinity
              : core.freshMs,
          bound: (p) => pageUpTo(p, limit),
        },
        options,
      );
    },
  };
}

/** A list row needs no events: a server that sends them anyway does not fill the cache with them. */
function withoutEvents(tx: S.Transaction): S.Transaction {
  if (tx.events === undefined) return tx;
  const { events: _events, ...rest } = tx;
  return rest;
}
