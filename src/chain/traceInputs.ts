/**
 * What a replay is given besides the call (pure): the data variables and the map entries of the
 * called contract to read before and after, and the block's earlier transactions to replay first.
 * Chain data comes in as plain values; nothing here runs or reads anything.
 */

/** At most this many of the block's earlier transactions are replayed (the first ones: one page of the block's list). */
export const MAX_EARLIER = 50;

const NAME = '[a-zA-Z][a-zA-Z0-9_!?+<>=/*-]{0,127}';

/** The data variables a contract defines, read from its source (at most 50). */
export function dataVarsOf(source: string): string[] {
  const names = [...source.matchAll(new RegExp(`\\(\\s*define-data-var\\s+(${NAME})`, 'g'))].map((m) => m[1]!);
  return [...new Set(names)].slice(0, 50);
}

/** A type as written, spaces collapsed: `( buff  32 )` and `(buff 32)` are the same. */
const typeText = (t: string): string => t.trim().replace(/\s+/g, ' ').replace(/\(\s/g, '(').replace(/\s\)/g, ')');

/** The maps a contract defines, with the key type as written (a tuple key is left out: no call names one whole). */
export function mapsOf(source: string): Array<{ name: string; keyType: string }> {
  const out: Array<{ name: string; keyType: string }> = [];
  const re = new RegExp(`\\(\\s*define-map\\s+(${NAME})\\s+([a-z0-9-]+|\\([a-z0-9 -]+\\))`, 'g');
  for (const m of source.matchAll(re)) out.push({ name: m[1]!, keyType: typeText(m[2]!) });
  return out.slice(0, 50);
}

/**
 * The map entries a call names: for each map of the called contract, its sender (a `principal`
 * key; `tx-sender` is the most common key there is) and each argument whose type is the key's type.
 * Other keys (computed inside the call, tuples) are not known from the call and are not read.
 */
export function mapReadsOf(
  source: string,
  args: ReadonlyArray<{ hex?: string | undefined; type?: string | undefined }>,
): Array<{ name: string; key: string }> {
  const out: Array<{ name: string; key: string }> = [];
  const seen = new Set<string>();
  const add = (name: string, key: string) => {
    const id = `${name} ${key.replace(/^0x/, '').toLowerCase()}`;
    if (seen.has(id) || out.length >= 50) return;
    seen.add(id);
    out.push({ name, key });
  };
  for (const map of mapsOf(source)) {
    if (map.keyType === 'principal') add(map.name, 'tx-sender');
    for (const a of args)
      if (a.hex && a.type && typeText(a.type) === map.keyType && /^(0x)?[0-9a-fA-F]+$/.test(a.hex))
        add(map.name, a.hex);
  }
  return out;
}

/** A transaction of the block, as far as choosing the earlier ones reads it (the API's fields). */
export interface BlockTxLike {
  tx_id: string;
  tx_type: string;
  tx_index?: number | undefined;
  sender_address: string;
  tx_result?: { repr?: string | undefined } | undefined;
  contract_call?:
    | { contract_id: string; function_name: string; function_args?: Array<{ hex?: string | undefined }> | undefined }
    | undefined;
  token_transfer?: { recipient_address: string; amount: string } | undefined;
}

/** An earlier transaction the replay runs (src/replay/messages.ts `EarlierTx`). */
export type EarlierCall =
  | { kind: 'contract-call'; contract: string; fn: string; args: string[]; sender: string }
  | { kind: 'token-transfer'; recipient: string; amount: string; sender: string };

export interface EarlierPlan {
  /** The transactions before the call in its block (its `tx_index`). */
  inBlock: number;
  /** How many of those the block's list gave (the first `MAX_EARLIER` at most). */
  read: number;
  /** Read but not replayed: neither a contract call with its arguments serialized nor an STX transfer. */
  skipped: number;
  /** What is replayed, in order, with what the chain recorded of each. */
  calls: Array<{ txId: string; chain: string; call: EarlierCall }>;
}

/** The earlier transactions of a block to replay before the one at `txIndex`, in the block's order. */
export function earlierOf(txs: readonly BlockTxLike[], txIndex: number): EarlierPlan {
  const before = txs
    .map((tx, i) => ({ tx, at: tx.tx_index ?? i }))
    .filter((x) => x.at < txIndex)
    .sort((a, b) => a.at - b.at)
    .slice(0, MAX_EARLIER);
  const calls: EarlierPlan['calls'] = [];
  for (const { tx } of before) {
    const call = earlierCall(tx);
    if (call) calls.push({ txId: tx.tx_id, chain: tx.tx_result?.repr ?? '', call });
  }
  return { inBlock: txIndex, read: before.length, skipped: before.length - calls.length, calls };
}

function earlierCall(tx: BlockTxLike): EarlierCall | undefined {
  const c = tx.contract_call;
  if (tx.tx_type === 'contract_call' && c) {
    const args = (c.function_args ?? []).map((a) => a.hex);
    if (args.some((a) => typeof a !== 'string')) return undefined;
    return {
      kind: 'contract-call',
      contract: c.contract_id,
      fn: c.function_name,
      args: args as string[],
      sender: tx.sender_address,
    };
  }
  const t = tx.token_transfer;
  if (tx.tx_type === 'token_transfer' && t && /^\d{1,39}$/.test(t.amount))
    return { kind: 'token-transfer', recipient: t.recipient_address, amount: t.amount, sender: tx.sender_address };
  return undefined;
}
