/** Transaction by id: /extended/v1/tx/{tx_id} -> /extended/v3/transactions/{tx_id} (+ /events). */
import * as S from '../schemas';
import { defined, iso, MAX_WALK, Replacement, STEP } from './shared';

/** The v1 default of `event_limit`, so a fallback returns as many events as the documented route. */
const DEFAULT_EVENT_LIMIT = 96;

/**
 * What v3 leaves out unless asked (the API's TransactionIncludeFieldSchema): everything the panel
 * and the hover show of a transaction. A field that does not apply (a result of a mempool
 * transaction, arguments of a transfer) is ignored by the server.
 */
export const V3_TX_INCLUDE = 'function_args,source_code,post_conditions,result';

/** Fields of the v1 model that no v3 transaction carries, and that the UI shows. */
const NOT_IN_V3: readonly string[] = ['anchor_mode', 'post_condition_mode'];
const NOT_IN_V3_MINED: readonly string[] = [...NOT_IN_V3, 'parent_burn_block_time'];
/** v3 gives a contract call's arguments as values only: the function's signature, its parameters' names and types are not there. */
const NOT_IN_V3_CALL: readonly string[] = ['function_signature', 'function_args.name', 'function_args.type'];

/**
 * A v3 transaction (or transaction summary) as the v1 model. Not in v3 at all: anchor_mode,
 * post_condition_mode, parent_burn_block_time, microblock fields, argument names and types
 * (those the UI shows are listed in `unavailable`).
 * v3 serves only canonical transactions (stacks-blockchain-api src/datastore/v3/pg-store-v3.ts:
 * `canonical = true AND microblock_canonical = true`), so one in a block is a settled one.
 */
export function v3ToTransaction(t: S.V3Transaction): S.Transaction {
  const burn = t.bitcoin_block ?? t.burn_block;
  const cost = t.execution_cost;
  const mined = !!t.block;
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
    burn_block_height: mined ? burn?.height : undefined,
    burn_block_time: mined ? burn?.time : undefined,
    burn_block_time_iso: mined ? iso(burn?.time) : undefined,
    canonical: mined ? true : undefined,
    microblock_canonical: mined ? true : undefined,
    is_unanchored: mined ? false : undefined,
    tx_result: t.result && { hex: t.result.hex, repr: t.result.repr },
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
        // v1 gives the memo as its hex; v3 decodes it as well ({hex, repr})
        memo: t.token_transfer.memo?.hex,
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
    unavailable: [
      ...(mined ? NOT_IN_V3_MINED : NOT_IN_V3).filter((k) => !(k in t)),
      ...(t.contract_call ? NOT_IN_V3_CALL : []),
    ],
  });
  return tx;
}

/** A v3 event as the v1 event model. */
function v3ToEvent(e: S.V3TransactionEvent, txId: string): S.TransactionEvent {
  const base = { event_index: e.event_index, tx_id: txId };
  const who = (a: { sender?: string | null | undefined; recipient?: string | null | undefined }) =>
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
      const v3 = await fetch(
        route,
        `/extended/v3/transactions/${txId}`,
        [['include', V3_TX_INCLUDE]],
        S.V3Transaction,
        'transaction',
      );
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
        for (const e of page.results) events.push(v3ToEvent(e, tx.tx_id));
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
