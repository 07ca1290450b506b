/**
 * The mock's v1 data in the shapes of the v3 replacement routes, so every id the v1 routes know
 * is also known, consistently, to the replacements. Shapes from the API server's own schemas
 * (stacks-blockchain-api: src/api/schemas/v3/entities).
 */
import { mockHash } from '../fixtures/ids';
import { Json } from './fixtures';

/** A v1 transaction in the v3 shape (the API server's transactions.ts and mempool-transactions.ts entities). */
export function toV3Transaction(tx: Json): Json {
  const sender = { address: tx.sender_address, nonce: tx.nonce ?? 0 };
  const sponsor = tx.sponsored ? { address: tx.sponsor_address, nonce: tx.sponsor_nonce ?? 0 } : null;
  const out: Json = { tx_id: tx.tx_id, sender, sponsor, fee_rate: tx.fee_rate };
  const mempool = tx.tx_status === 'pending' || String(tx.tx_status).startsWith('dropped');
  if (mempool) {
    Object.assign(out, {
      receipt_time: tx.receipt_time ?? 0,
      receipt_block_height: tx.block_height ?? 0,
      status: tx.tx_status,
      post_conditions: tx.post_conditions ?? [],
      replaced_by_tx_id: tx.replaced_by_tx_id ?? null,
    });
  } else {
    Object.assign(out, {
      block: {
        height: tx.block_height,
        hash: tx.block_hash,
        index_hash: tx.index_block_hash ?? mockHash(`index:${tx.block_hash}`),
        time: tx.block_time ?? tx.burn_block_time ?? 0,
        tx_index: tx.tx_index ?? 0,
      },
      bitcoin_block: { height: tx.burn_block_height ?? 0, time: tx.burn_block_time ?? 0 },
      status: tx.tx_status,
      parent_block: {
        hash: tx.parent_block_hash ?? mockHash(`parent:${tx.block_hash}`),
        index_hash: mockHash(`parent-index:${tx.block_hash}`),
      },
      post_conditions: tx.post_conditions ?? [],
      event_count: tx.event_count ?? (Array.isArray(tx.events) ? tx.events.length : 0),
      execution_cost: {
        read_count: tx.execution_cost_read_count ?? 0,
        read_length: tx.execution_cost_read_length ?? 0,
        runtime: tx.execution_cost_runtime ?? 0,
        write_count: tx.execution_cost_write_count ?? 0,
        write_length: tx.execution_cost_write_length ?? 0,
      },
      vm_error: tx.vm_error ?? null,
    });
  }
  out.type = tx.tx_type;
  if (tx.token_transfer)
    out.token_transfer = {
      recipient: tx.token_transfer.recipient_address,
      amount: tx.token_transfer.amount,
      memo: tx.token_transfer.memo ?? null,
    };
  if (tx.contract_call)
    out.contract_call = {
      contract_id: tx.contract_call.contract_id,
      function_name: tx.contract_call.function_name,
      function_args: (tx.contract_call.function_args ?? []).map((a: Json) => ({ hex: a.hex, repr: a.repr })),
    };
  if (tx.smart_contract)
    out.smart_contract = {
      contract_id: tx.smart_contract.contract_id,
      clarity_version: tx.smart_contract.clarity_version ?? null,
      source_code: tx.smart_contract.source_code ?? '',
    };
  if (tx.coinbase_payload)
    out.coinbase = {
      payload: tx.coinbase_payload.data ?? '0x',
      alt_recipient: tx.coinbase_payload.alt_recipient ?? null,
      vrf_proof: tx.coinbase_payload.vrf_proof ?? null,
    };
  if (tx.tenure_change_payload) out.tenure_change = { ...tx.tenure_change_payload };
  return out;
}

/** A v1 event in the v3 shape (the API server's transaction-events.ts entity). */
export function toV3Event(e: Json): Json {
  const a = e.asset ?? {};
  switch (e.event_type) {
    case 'smart_contract_log':
      return { event_index: e.event_index, type: 'contract_log', contract_log: e.contract_log };
    case 'stx_lock':
      return {
        event_index: e.event_index,
        type: 'stx_lock',
        stx_lock: {
          amount: e.stx_lock_event.locked_amount,
          unlock_bitcoin_height: e.stx_lock_event.unlock_height,
          address: e.stx_lock_event.locked_address,
        },
      };
    case 'stx_asset':
      return {
        event_index: e.event_index,
        type: 'stx_asset',
        stx_asset: {
          type: a.asset_event_type,
          sender: a.sender,
          recipient: a.recipient,
          amount: a.amount,
          memo: a.memo ? { hex: a.memo, repr: a.memo } : null,
        },
      };
    case 'fungible_token_asset':
      return {
        event_index: e.event_index,
        type: 'ft_asset',
        ft_asset: {
          type: a.asset_event_type,
          asset_identifier: a.asset_id,
          sender: a.sender,
          recipient: a.recipient,
          amount: a.amount,
        },
      };
    default:
      return {
        event_index: e.event_index,
        type: 'nft_asset',
        nft_asset: {
          type: a.asset_event_type,
          asset_identifier: a.asset_id,
          sender: a.sender,
          recipient: a.recipient,
          value: a.value,
        },
      };
  }
}
