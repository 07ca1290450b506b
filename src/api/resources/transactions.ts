/** Transactions: one by id, and an address's transactions with the events of each. */
import { checkPrincipal, checkTxId } from '../../chain/identifiers';
import * as l10n from '../../chain/l10n';
import { intIn, MAX_EVENT_LIMIT, MAX_PAGE_LIMIT, must, pageQuery } from '../arguments';
import { addressEventsReplacement, addressTransactionsReplacement, transactionReplacement } from '../replacements';
import * as S from '../schemas';
import { type CallOptions, type ClientCore, type PageOptions, pageUpTo } from './core';

export interface TransactionOptions extends CallOptions {
  eventLimit?: number;
  eventOffset?: number;
}

export interface TransactionResource {
  getTransaction(txId: string, options?: TransactionOptions): Promise<S.Transaction>;
  getAddressTransactions(address: string, options?: PageOptions): Promise<S.Page<S.AddressTransaction>>;
  getAddressTransactionEvents(address: string, txId: string, options?: PageOptions): Promise<S.Page<S.AddressEvent>>;
}

export function transactionResource(core: ClientCore): TransactionResource {
  const { requests, cursors } = core;
  return {
    async getTransaction(txId: string, options: TransactionOptions = {}): Promise<S.Transaction> {
      const id = must(checkTxId(String(txId)));
      const query: Array<[string, string]> = [];
      const eventLimit =
        options.eventLimit === undefined
          ? undefined
          : must(intIn(options.eventLimit, 'eventLimit', 1, MAX_EVENT_LIMIT));
      const eventOffset =
        options.eventOffset === undefined ? undefined : must(intIn(options.eventOffset, 'eventOffset', 0));
      if (eventLimit !== undefined) query.push(['event_limit', String(eventLimit)]);
      if (eventOffset !== undefined) query.push(['event_offset', String(eventOffset)]);
      return requests.call(
        {
          route: '/extended/v1/tx/{tx_id}',
          path: `/extended/v1/tx/${id}`,
          query,
          schema: S.Transaction,
          what: 'transaction',
          ttl: (tx) => (isSettled(tx) ? Infinity : core.freshMs),
          replacement: transactionReplacement(id, eventLimit, eventOffset),
          bound: (tx) => withEventsUpTo(tx, eventLimit ?? MAX_EVENT_LIMIT),
        },
        options,
      );
    },

    async getAddressTransactions(address: string, options: PageOptions = {}): Promise<S.Page<S.AddressTransaction>> {
      const p = must(checkPrincipal(String(address))).principal;
      const query = pageQuery(options);
      const limit = query.find(([k]) => k === 'limit')?.[1];
      const offset = query.find(([k]) => k === 'offset')?.[1];
      return requests.call(
        {
          route: '/extended/v2/addresses/{address}/transactions',
          path: `/extended/v2/addresses/${p}/transactions`,
          query,
          schema: S.AddressTransactionsPage,
          what: l10n.t('transaction list'),
          ttl: () => core.freshMs,
          bound: (p) => pageUpTo(p, limit === undefined ? MAX_PAGE_LIMIT : Number(limit)),
          replacement: addressTransactionsReplacement(
            p,
            limit === undefined ? undefined : Number(limit),
            offset === undefined ? undefined : Number(offset),
            cursors,
          ),
        },
        options,
      );
    },

    async getAddressTransactionEvents(
      address: string,
      txId: string,
      options: PageOptions = {},
    ): Promise<S.Page<S.AddressEvent>> {
      const p = must(checkPrincipal(String(address))).principal;
      const id = must(checkTxId(String(txId)));
      const query = pageQuery(options);
      const limit = query.find(([k]) => k === 'limit')?.[1];
      const offset = query.find(([k]) => k === 'offset')?.[1];
      return requests.call(
        {
          route: '/extended/v2/addresses/{address}/transactions/{tx_id}/events',
          path: `/extended/v2/addresses/${p}/transactions/${id}/events`,
          query,
          schema: S.AddressEventsPage,
          what: l10n.t('event list'),
          ttl: () => 30_000,
          replacement: addressEventsReplacement(
            p,
            id,
            limit === undefined ? undefined : Number(limit),
            offset === undefined ? undefined : Number(offset),
          ),
          bound: (page) => pageUpTo(page, options.limit ?? MAX_PAGE_LIMIT),
        },
        options,
      );
    },
  };
}

/** A transaction that can no longer change: confirmed in a canonical block, not from a microblock stream. */
function isSettled(tx: S.Transaction): boolean {
  return (
    tx.tx_status !== 'pending' &&
    !tx.tx_status.startsWith('dropped') &&
    tx.block_height !== undefined &&
    tx.canonical === true &&
    tx.microblock_canonical !== false &&
    tx.is_unanchored !== true
  );
}

/** A transaction with no more events than were asked for. */
function withEventsUpTo(tx: S.Transaction, limit: number): S.Transaction {
  return tx.events && tx.events.length > limit ? { ...tx, events: tx.events.slice(0, limit) } : tx;
}
