/**
 * Replacements for documented routes that the API operator has switched off (410 Gone).
 *
 * Each replacement names the newer route the API points to and maps that route's shape onto the
 * model the documented route returns, so callers never see a difference. What the newer shape does
 * not carry is left out (unknown), never invented.
 */
import { StacksApiError } from './errors';
import * as S from './schemas';

/** Reads one JSON resource through the client's transport (rate limit, errors, schema check). */
export type Fetch = <B>(
  route: string,
  path: string,
  query: Array<[string, string]>,
  schema: S.Schema<B>,
  what: string,
) => Promise<B>;

export interface Replacement<T> {
  /** Route template of the replacement, for the log and the one-time notice. */
  route: string;
  load(fetch: Fetch): Promise<T>;
}

/** Page size used when walking the replacements' pages (the smallest maximum among them). */
const STEP = 50;
/** The v1 default of `event_limit`, so a fallback returns as many events as the documented route. */
export const DEFAULT_EVENT_LIMIT = 96;
/** At most this many requests to reach one page of a cursor-paged list. */
const MAX_WALK = 20;
/** At most this many pages of a block's transactions (50 each). */
const MAX_BLOCK_TX_PAGES = 40;

const iso = (seconds: number | undefined): string | undefined =>
  seconds === undefined ? undefined : new Date(seconds * 1000).toISOString();

/** Drops keys whose value is `undefined`, so a mapped model has the same keys as a parsed one. */
function defined<T extends object>(o: T): T {
  for (const k of Object.keys(o) as Array<keyof T>) if (o[k] === undefined) delete o[k];
  return o;
}

// ---------------------------------------------------------------------------------------------
// Transaction by id: /extended/v1/tx/{tx_id} -> /extended/v3/transactions/{tx_id} (+ /events)
// ---------------------------------------------------------------------------------------------

/** A v3 transaction (or transaction summary) as the v1 model. Unknown in v3: tx_result, anchor_mode, post_condition_mode, microblock fields, argument names and types. */
export function v3ToTransaction(t: S.V3Transaction): S.Transaction {
  const burn = t.bitcoin_block ?? t.burn_block;
  const cost = t.execution_cost;
  const tx: S.Transaction = defined({
    tx_id: t.tx_id,
    tx_type: t.type,
    tx_status: t.status,
    sender_address: t.sender.address,
    nonce: t.sender.nonce,
    fee_rate: t.fee_rate,
    sponsored: !!t.sponsor,
    sponsor_address: t.sponsor?.address,
    sponsor_nonce: t.sponsor?.nonce,
    post_condition_mode: t.post_condition_mode,
    post_conditions: t.post_conditions,
    block_hash: t.block?.hash,
    block_height: t.block?.height,
    block_time: t.block?.time,
    block_time_iso: iso(t.block?.time),
    tx_index: t.block?.tx_index,
    parent_block_hash: t.parent_block?.hash,
    burn_block_height: t.block ? burn?.height : undefined,
    burn_block_time: t.block ? burn?.time : undefined,
    burn_block_time_iso: t.block ? iso(burn?.time) : undefined,
    canonical: t.canonical,
    event_count: t.event_count,
    execution_cost_read_count: cost?.read_count,
    execution_cost_read_length: cost?.read_length,
    execution_cost_runtime: cost?.runtime,
    execution_cost_write_count: cost?.write_count,
    execution_cost_write_length: cost?.write_length,
    vm_error: t.vm_error,
    receipt_time: t.receipt_time,
    receipt_time_iso: iso(t.receipt_time),
    replaced_by_tx_id: t.replaced_by_tx_id,
    token_transfer:
      t.token_transfer &&
      defined({
        recipient_address: t.token_transfer.recipient,
        amount: t.token_transfer.amount,
        memo: t.token_transfer.memo ?? undefined,
      }),
    contract_call:
      t.contract_call &&
      defined({
        contract_id: t.contract_call.contract_id,
        function_name: t.contract_call.function_name,
        function_args: t.contract_call.function_args?.map((a) => ({ hex: a.hex, repr: a.repr })),
      }),
    smart_contract:
      t.smart_contract &&
      defined({
        contract_id: t.smart_contract.contract_id,
        source_code: t.smart_contract.source_code,
        clarity_version: t.smart_contract.clarity_version,
      }),
    coinbase_payload:
      t.coinbase &&
      defined({ data: t.coinbase.payload, alt_recipient: t.coinbase.alt_recipient, vrf_proof: t.coinbase.vrf_proof }),
    tenure_change_payload: t.tenure_change,
    ...(t.type === 'poison_microblock' ? { poison_microblock: {} } : {}),
  });
  return tx;
}

/** A v3 event as the v1 event model. */
export function v3ToEvent(e: S.V3TransactionEvent, txId: string): S.TransactionEvent {
  const base = { event_index: e.event_index, tx_id: txId };
  const who = (a: { sender?: string | null; recipient?: string | null }) =>
    defined({ sender: a.sender ?? undefined, recipient: a.recipient ?? undefined });
  if (e.contract_log) return { ...base, event_type: 'smart_contract_log', contract_log: e.contract_log };
  if (e.stx_lock) {
    return {
      ...base,
      event_type: 'stx_lock',
      stx_lock_event: defined({
        locked_amount: e.stx_lock.amount,
        unlock_height: e.stx_lock.unlock_bitcoin_height,
        locked_address: e.stx_lock.address,
      }),
    };
  }
  if (e.stx_asset) {
    const a = e.stx_asset;
    return {
      ...base,
      event_type: 'stx_asset',
      asset: defined({ asset_event_type: a.type, ...who(a), amount: a.amount, memo: a.memo?.hex }),
    };
  }
  if (e.ft_asset) {
    const a = e.ft_asset;
    return {
      ...base,
      event_type: 'fungible_token_asset',
      asset: defined({ asset_event_type: a.type, asset_id: a.asset_identifier, ...who(a), amount: a.amount }),
    };
  }
  if (e.nft_asset) {
    const a = e.nft_asset;
    return {
      ...base,
      event_type: 'non_fungible_token_asset',
      asset: defined({ asset_event_type: a.type, asset_id: a.asset_identifier, ...who(a), value: a.value }),
    };
  }
  return { ...base, event_type: e.type };
}

/**
 * The v3 events route pages by cursor, and its cursor is an event index: `event_offset` becomes
 * the first cursor, and `event_limit` is filled in pages of 50 following the server's next cursor.
 */
export function transactionReplacement(
  txId: string,
  eventLimit: number | undefined,
  eventOffset: number | undefined,
): Replacement<S.Transaction> {
  const route = '/extended/v3/transactions/{tx_id}';
  return {
    route,
    async load(fetch) {
      const v3 = await fetch(route, `/extended/v3/transactions/${txId}`, [], S.V3Transaction, 'transaction');
      const tx = v3ToTransaction(v3);
      if (!v3.block) return tx; // mempool: the documented route has no events for it either
      const want = eventLimit ?? DEFAULT_EVENT_LIMIT;
      const offset = eventOffset ?? 0;
      const count = v3.event_count ?? Infinity;
      const events: S.TransactionEvent[] = [];
      let cursor: string | undefined = offset > 0 ? String(offset) : undefined;
      for (let i = 0; events.length < want && offset + events.length < count && i < MAX_WALK; i++) {
        const limit = Math.min(STEP, want - events.length);
        const query: Array<[string, string]> = [['limit', String(limit)]];
        if (cursor !== undefined) query.push(['cursor', cursor]);
        const page = await fetch(
          '/extended/v3/transactions/{tx_id}/events',
          `/extended/v3/transactions/${txId}/events`,
          query,
          S.V3TransactionEventsPage,
          'event list',
        );
        events.push(...page.results.map((e) => v3ToEvent(e, tx.tx_id)));
        const last = page.results[page.results.length - 1];
        const next =
          page.cursor?.next ??
          page.next_cursor ??
          (last && page.results.length === limit ? String(last.event_index + 1) : undefined);
        if (!page.results.length || next === undefined || next === null) break;
        cursor = next;
        if (v3.event_count === undefined) tx.event_count = Math.max(tx.event_count ?? 0, page.total);
      }
      tx.events = events.slice(0, want);
      return tx;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// STX balance: /extended/v1/address/{principal}/stx -> /extended/v2/addresses/{principal}/balances/stx
// ---------------------------------------------------------------------------------------------

/** Unknown in v2: total_sent, total_received, total_fees_sent, token_offering_locked. */
export function v2ToStxBalance(b: S.V2StxBalance): S.StxBalance {
  return defined({
    balance: b.balance,
    locked: b.locked,
    total_miner_rewards_received: b.total_miner_rewards_received,
    lock_tx_id: b.lock_tx_id,
    lock_height: b.lock_height,
    burnchain_lock_height: b.burnchain_lock_height,
    burnchain_unlock_height: b.burnchain_unlock_height,
    estimated_balance: b.estimated_balance,
    pending_balance_inbound: b.pending_balance_inbound,
    pending_balance_outbound: b.pending_balance_outbound,
  });
}

/** The current balance only: the v2 route has no `until_block`, so a past balance has no replacement. */
export function balanceReplacement(principal: string): Replacement<S.StxBalance> {
  const route = '/extended/v2/addresses/{principal}/balances/stx';
  return {
    route,
    async load(fetch) {
      const b = await fetch(
        route,
        `/extended/v2/addresses/${principal}/balances/stx`,
        [['include_mempool', 'true']],
        S.V2StxBalance,
        'balance',
      );
      return v2ToStxBalance(b);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Address transactions: /extended/v2/addresses/{address}/transactions -> /extended/v3/principals/{principal}/transactions
// ---------------------------------------------------------------------------------------------

/** Unknown in v3: the per-asset transfer/mint/burn counts (`events`); the summary has no events, results or post-conditions. */
export function v3ToAddressTransaction(r: S.V3PrincipalTransaction): S.AddressTransaction {
  return {
    tx: v3ToTransaction(r.transaction),
    stx_sent: r.balance_changes.stx.sent,
    stx_received: r.balance_changes.stx.received,
  };
}

/** Where each offset of a principal's list starts, learnt from earlier pages (cursor of the item at that offset). */
export class CursorMemo {
  private readonly map = new Map<string, string>();
  get(principal: string, offset: number): string | undefined {
    return this.map.get(`${principal}|${offset}`);
  }
  set(principal: string, offset: number, cursor: string): void {
    if (this.map.size >= 2000) this.map.clear();
    this.map.set(`${principal}|${offset}`, cursor);
  }
  /** The nearest known start at or before `offset`. */
  nearest(principal: string, offset: number): { offset: number; cursor?: string } {
    for (let o = offset; o > 0; o--) {
      const c = this.get(principal, o);
      if (c !== undefined) return { offset: o, cursor: c };
    }
    return { offset: 0 };
  }
}

/**
 * The v3 list pages by cursor, not offset. An offset is reached from the nearest start already
 * known (usually the page before, as panels page forward), walking at most MAX_WALK pages.
 */
export function addressTransactionsReplacement(
  principal: string,
  limit: number | undefined,
  offset: number | undefined,
  memo: CursorMemo,
): Replacement<S.Page<S.AddressTransaction>> {
  const route = '/extended/v3/principals/{principal}/transactions';
  const path = `/extended/v3/principals/${principal}/transactions`;
  const want = limit ?? 20;
  const target = offset ?? 0;
  return {
    route,
    async load(fetch) {
      let at = memo.nearest(principal, target);
      for (let i = 0; ; i++) {
        const size = at.offset === target ? want : Math.min(STEP, target - at.offset);
        const query: Array<[string, string]> = [['limit', String(size)]];
        if (at.cursor !== undefined) query.push(['cursor', at.cursor]);
        const page = await fetch(route, path, query, S.V3PrincipalTransactionsPage, 'transaction list');
        const next = page.cursor?.next ?? page.next_cursor ?? undefined;
        const reached = at.offset + page.results.length;
        if (next) memo.set(principal, reached, next);
        if (at.offset === target) {
          return { limit: want, offset: target, total: page.total, results: page.results.map(v3ToAddressTransaction) };
        }
        if (!next || page.results.length === 0 || reached >= page.total) {
          return { limit: want, offset: target, total: page.total, results: [] };
        }
        if (i + 1 >= MAX_WALK) {
          throw new StacksApiError(
            'gone',
            `The API switched off the offset-paged transaction list; its replacement pages by cursor and offset ${target} is too far to reach. Page forward from the start instead.`,
            { path },
          );
        }
        at = { offset: reached, cursor: next };
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// v1 block by height: /extended/v1/block/by_height/{height} -> /extended/v2/blocks/{height} + its transactions
// ---------------------------------------------------------------------------------------------

/** Unknown in v2: parent_microblock_hash/sequence; microblock lists are empty (there are none after Nakamoto). */
export function v2ToBlockV1(b: S.Block, txs: string[]): S.BlockV1 {
  return defined({
    canonical: b.canonical,
    height: b.height,
    hash: b.hash,
    index_block_hash: b.index_block_hash,
    parent_block_hash: b.parent_block_hash,
    burn_block_height: b.burn_block_height,
    burn_block_time: b.burn_block_time,
    burn_block_time_iso: b.burn_block_time_iso,
    burn_block_hash: b.burn_block_hash,
    block_time: b.block_time,
    block_time_iso: b.block_time_iso,
    miner_txid: b.miner_txid,
    tenure_height: b.tenure_height,
    execution_cost_read_count: b.execution_cost_read_count,
    execution_cost_read_length: b.execution_cost_read_length,
    execution_cost_runtime: b.execution_cost_runtime,
    execution_cost_write_count: b.execution_cost_write_count,
    execution_cost_write_length: b.execution_cost_write_length,
    txs,
    microblocks_accepted: [],
    microblocks_streamed: [],
    microblock_tx_count: {},
  });
}

/** The block, then the ids of all its transactions (pages of 50, at most 40 pages), in the order the server lists them. */
export function blockV1Replacement(height: number): Replacement<S.BlockV1> {
  const route = '/extended/v2/blocks/{height_or_hash}';
  return {
    route,
    async load(fetch) {
      const block = await fetch(route, `/extended/v2/blocks/${height}`, [], S.Block, 'block');
      const items: Array<{ tx_id: string; tx_index?: number | undefined }> = [];
      for (let page = 0; page < MAX_BLOCK_TX_PAGES && items.length < block.tx_count; page++) {
        const query: Array<[string, string]> = [
          ['limit', String(STEP)],
          ['offset', String(page * STEP)],
        ];
        const p = await fetch(
          '/extended/v2/blocks/{height_or_hash}/transactions',
          `/extended/v2/blocks/${height}/transactions`,
          query,
          S.V2BlockTransactionsPage,
          'block transaction list',
        );
        items.push(...p.results);
        if (p.results.length < STEP || items.length >= p.total) break;
      }
      return v2ToBlockV1(block, [...new Set(items.map((t) => t.tx_id))]);
    },
  };
}
