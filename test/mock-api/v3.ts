/**
 * The mock's v1 data in the shapes of the v3 replacement routes, so every id the v1 routes know
 * is also known, consistently, to the replacements. Shapes from the API server's own schemas
 * (stacks-blockchain-api: src/api/schemas/v3/entities).
 */
import { mockHash } from '../fixtures/ids';
import { Json } from './fixtures';

/**
 * A v1 memo (its hex) as v3 gives it: `{hex, repr}`, the repr as the API's `memoToString`
 * (@stacks/codec) makes it, the bytes as text without the padding NULs; null for no memo.
 */
export function decodedMemo(hex: string | null | undefined): Json {
  if (!hex || hex === '0x') return null;
  const bytes = Buffer.from(hex.replace(/^0x/, ''), 'hex');
  return { hex, repr: bytes.toString('utf8').replace(/\0+$/g, '') };
}

/** The heavy fields v3 sends only when asked (`include=`, the API's TransactionIncludeFieldSchema). */
export const V3_INCLUDE_FIELDS = ['function_args', 'source_code', 'post_conditions', 'result'] as const;

/** A full v3 transaction with the heavy fields that were not asked for left out, as the API does. */
export function withIncludes(tx: Json, include: readonly string[]): Json {
  const out = JSON.parse(JSON.stringify(tx)) as Json;
  if (!include.includes('post_conditions')) delete out.post_conditions;
  if (!include.includes('result')) delete out.result;
  if (!include.includes('function_args') && out.contract_call) delete out.contract_call.function_args;
  if (!include.includes('source_code') && out.smart_contract) delete out.smart_contract.source_code;
  return out;
}

/** A v3 transaction as the v3 lists give it: the summary, without parent block, costs and heavy fields. */
export function toV3Summary(tx: Json): Json {
  const {
    parent_block: _p,
    post_conditions: _pc,
    event_count: _e,
    execution_cost: _c,
    vm_error: _v,
    result: _r,
    ...out
  } = JSON.parse(JSON.stringify(tx)) as Json;
  if (out.contract_call) delete out.contract_call.function_args;
  if (out.smart_contract) delete out.smart_contract.source_code;
  if (out.coinbase) out.coinbase = { alt_recipient: out.coinbase.alt_recipient ?? null };
  if (out.tenure_change) out.tenure_change = { cause: out.tenure_change.cause };
  return out;
}

/** A v1 mempool transaction as an item of the v3 mempool list (the API's mempool-transaction-summaries.ts). */
export function toV3MempoolSummary(tx: Json): Json {
  const { post_conditions: _pc, replaced_by_tx_id: _r, ...out } = toV3Summary(toV3Transaction(tx));
  return out;
}

/** A v1 STX balance in the v3 shape (the API's principal-balances.ts entity). */
export function toV3StxBalance(b: Json, poxVersion = 4): Json {
  const locked = BigInt(b.locked ?? '0');
  return {
    balance: b.balance,
    available: String(BigInt(b.balance) - locked),
    locked:
      locked > 0n
        ? {
            amount: b.locked,
            pox_version: poxVersion,
            lock_tx_id: b.lock_tx_id,
            stacks_lock_height: b.lock_height ?? 0,
            burn_lock_height: b.burnchain_lock_height ?? 0,
            burn_unlock_height: b.burnchain_unlock_height ?? 0,
          }
        : null,
    mempool:
      b.estimated_balance !== undefined
        ? {
            estimated_balance: b.estimated_balance,
            inbound: b.pending_balance_inbound ?? '0',
            outbound: b.pending_balance_outbound ?? '0',
          }
        : null,
  };
}

/**
 * The v2 address events of one transaction as v3 balance changes (the API's
 * principal-balance-changes.ts entity): one entry per asset, what the principal sent and received.
 */
export function toV3BalanceChanges(principal: string, events: Json[]): Json[] {
  const byAsset = new Map<string, { asset: Json; sent: bigint; received: bigint }>();
  for (const e of events) {
    const key = e.type === 'stx' ? 'stx' : `${e.type}|${e.data.asset_identifier}`;
    const entry = byAsset.get(key) ?? {
      asset: e.type === 'stx' ? { type: 'stx' } : { type: e.type, identifier: e.data.asset_identifier },
      sent: 0n,
      received: 0n,
    };
    const amount = e.type === 'nft' ? 1n : BigInt(e.data.amount ?? '0');
    if (e.data.sender === principal) entry.sent += amount;
    if (e.data.recipient === principal) entry.received += amount;
    byAsset.set(key, entry);
  }
  const order = (a: Json) => (a.type === 'stx' ? 1 : a.type === 'ft' ? 2 : 3);
  return [...byAsset.values()]
    .sort(
      (a, b) => order(a.asset) - order(b.asset) || String(a.asset.identifier).localeCompare(String(b.asset.identifier)),
    )
    .map((x) => ({
      asset: x.asset,
      balance_change: { sent: String(x.sent), received: String(x.received), net: String(x.received - x.sent) },
    }));
}

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
  if (!mempool && tx.tx_result) out.result = { hex: tx.tx_result.hex, repr: tx.tx_result.repr };
  out.type = tx.tx_type;
  if (tx.token_transfer)
    out.token_transfer = {
      recipient: tx.token_transfer.recipient_address,
      amount: tx.token_transfer.amount,
      memo: decodedMemo(tx.token_transfer.memo),
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
          memo: decodedMemo(a.memo),
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
