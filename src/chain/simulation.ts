/**
 * What a simulated call did, in words a developer acts on: the assets it moved (per principal),
 * its execution cost as shares of a block's limits, and the post-conditions that pin those
 * movements down, as `@stacks/transactions` v7 `Pc` code to copy. Pure: the receipt's events come
 * in already parsed.
 */
import * as l10n from './l10n';
import { formatCount } from './format';

/** A movement of STX, a fungible token or an NFT, as a receipt's event tells it. */
export interface Movement {
  asset: 'stx' | 'ft' | 'nft';
  action: 'transfer' | 'mint' | 'burn' | 'lock';
  /** Who gives it (absent for a mint). */
  sender?: string;
  /** Who gets it (absent for a burn). */
  recipient?: string;
  /** µSTX or token units, as a decimal string (FT and STX). */
  amount?: string;
  /** `SP….contract::token` (FT and NFT). */
  assetId?: string;
  /** The NFT's id, serialized Clarity hex with 0x (NFT). */
  valueHex?: string;
}

/** The events of a receipt, as the schema of src/api reads them (structurally). */
export type ReceiptEvent = { type: string } & Record<string, unknown>;

const rec = (v: unknown): Record<string, string> => (v && typeof v === 'object' ? (v as Record<string, string>) : {});
const hex0x = (h: string | undefined) => (h === undefined ? undefined : h.startsWith('0x') ? h : `0x${h}`);

/** The movements among a receipt's events, in their order. */
export function movementsOf(events: readonly ReceiptEvent[]): Movement[] {
  const out: Movement[] = [];
  for (const e of events) {
    const m = /^(stx|ft|nft)_(transfer|mint|burn|lock)_event$/.exec(e.type);
    if (!m) continue;
    const asset = m[1] as Movement['asset'];
    const action = m[2] as Movement['action'];
    const d = rec(e[e.type]);
    const mv: Movement = { asset, action };
    if (action === 'lock') {
      if (d.locked_address) mv.sender = d.locked_address;
      if (d.locked_amount) mv.amount = d.locked_amount;
    } else {
      if (d.sender) mv.sender = d.sender;
      if (d.recipient) mv.recipient = d.recipient;
      if (d.amount) mv.amount = d.amount;
    }
    if (d.asset_identifier) mv.assetId = d.asset_identifier;
    const v = hex0x(d.raw_value);
    if (v) mv.valueHex = v;
    out.push(mv);
  }
  return out;
}

/** Net change per principal and asset (`STX` or the asset id): a sum of the amounts in and out. */
export function netChanges(moves: readonly Movement[]): Array<{ principal: string; asset: string; change: bigint }> {
  const totals = new Map<string, bigint>();
  const add = (who: string | undefined, asset: string, n: bigint) => {
    if (!who) return;
    const k = `${who}\u0000${asset}`;
    totals.set(k, (totals.get(k) ?? 0n) + n);
  };
  for (const m of moves) {
    if (m.action === 'lock') continue;
    const asset = m.asset === 'stx' ? 'STX' : (m.assetId ?? '?');
    const n = m.asset === 'nft' ? 1n : BigInt(m.amount ?? '0');
    add(m.sender, asset, -n);
    add(m.recipient, asset, n);
  }
  return [...totals].map(([k, change]) => {
    const [principal = '', asset = ''] = k.split('\u0000');
    return { principal, asset, change };
  });
}

// ---- cost ---------------------------------------------------------------------------------------

export interface Cost {
  read_count: number | string;
  read_length: number | string;
  write_count: number | string;
  write_length: number | string;
  runtime: number | string;
}

export const COST_DIMENSIONS = ['runtime', 'read_count', 'read_length', 'write_count', 'write_length'] as const;

/**
 * The block (tenure) limits of stacks-core at 1efa4a9, `stackslib/src/core/mod.rs`:
 * `BLOCK_LIMIT_MAINNET_21`, the limit of every epoch from 2.1 to 3.4, and `BLOCK_LIMIT_MAINNET_40`
 * from epoch 4.0 (the read budget doubled). Testnet uses the same constants.
 */
export const BLOCK_LIMITS = {
  epoch21: {
    label: 'epochs 2.1 to 3.4 (stacks-core BLOCK_LIMIT_MAINNET_21)',
    cost: {
      runtime: 5_000_000_000,
      read_count: 15_000,
      read_length: 100_000_000,
      write_count: 15_000,
      write_length: 15_000_000,
    },
  },
  epoch40: {
    label: 'epoch 4.0 and later (stacks-core BLOCK_LIMIT_MAINNET_40)',
    cost: {
      runtime: 5_000_000_000,
      read_count: 30_000,
      read_length: 200_000_000,
      write_count: 15_000,
      write_length: 15_000_000,
    },
  },
} as const;

/** Each dimension's share of the limit, in percent (not rounded). */
export function costShares(cost: Cost, limit: Record<(typeof COST_DIMENSIONS)[number], number>) {
  return COST_DIMENSIONS.map((d) => {
    const used = Number(cost[d]);
    return { dimension: d, used, limit: limit[d], percent: limit[d] > 0 ? (used / limit[d]) * 100 : 0 };
  });
}

/** A share as people read it: `0.0008 %`, `1.2 %`, `<0.0001 %`. */
export function percentText(p: number): string {
  if (p === 0) return '0 %';
  if (p < 0.0001) return '<0.0001 %';
  return `${p >= 1 ? p.toFixed(1) : p.toPrecision(2)} %`;
}

// ---- post-conditions ------------------------------------------------------------------------------

export type PcMode = 'deny' | 'originator';

const lit = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * The post-conditions that hold for these movements, as `Pc` code: in Deny mode one for every
 * principal that sends something (the sender, or the contracts the call moves assets out of);
 * in Originator mode (SIP-040) only the sender's own outflows, since that mode leaves what
 * contracts send unchecked. Amounts a principal sends of one asset are summed (`willSendEq`); an
 * NFT is `willSendAsset().nft(…)` with its id as `Cl.deserialize`. At most `limit.conditions`
 * conditions of at most `limit.chars` characters are written; a comment counts the rest.
 */
export function postConditionCode(
  moves: readonly Movement[],
  sender: string,
  mode: PcMode,
  limit: { conditions: number; chars: number } = { conditions: Infinity, chars: Infinity },
): string {
  const sent = new Map<string, { who: string; asset: 'stx' | 'ft'; assetId?: string; total: bigint }>();
  const nfts: string[] = [];
  let unwritten = 0;
  for (const m of moves) {
    if (!m.sender || (m.action !== 'transfer' && m.action !== 'burn')) continue;
    if (mode === 'originator' && m.sender !== sender) continue;
    if (m.asset === 'nft') {
      if (nfts.length >= limit.conditions) {
        unwritten++;
        continue;
      }
      // The line's own length decides, as for the others: one too long must not take the place of one that fits.
      const [contract = '', name = ''] = (m.assetId ?? '').split('::');
      const line = `Pc.principal(${lit(m.sender)}).willSendAsset().nft(${lit(contract)}, ${lit(name)}, Cl.deserialize(${lit(m.valueHex ?? '')}))`;
      if (line.length > limit.chars) unwritten++;
      else nfts.push(line);
      continue;
    }
    const key = `${m.sender}|${m.asset}|${m.assetId ?? ''}`;
    const cur = sent.get(key) ?? {
      who: m.sender,
      asset: m.asset,
      ...(m.assetId ? { assetId: m.assetId } : {}),
      total: 0n,
    };
    cur.total += BigInt(m.amount ?? '0');
    sent.set(key, cur);
  }
  const lines = [...sent.values()].map((s) => {
    const head = `Pc.principal(${lit(s.who)}).willSendEq(${s.total.toString()}n)`;
    if (s.asset === 'stx') return `${head}.ustx()`;
    const [contract = '', name = ''] = (s.assetId ?? '').split('::');
    return `${head}.ft(${lit(contract)}, ${lit(name)})`;
  });
  lines.push(...nfts);
  // Beyond the limit, conditions are counted in a comment (the paste box reads it as one), not written.
  const written = lines.filter((l) => l.length <= limit.chars).slice(0, limit.conditions);
  unwritten += lines.length - written.length;
  const modeName = mode === 'deny' ? 'Deny' : 'Originator';
  const body = written.map((l) => `  ${l},`);
  if (!written.length && !unwritten) body.push('  // nothing is sent: an empty list');
  if (unwritten)
    body.push(
      `  // ${l10n.t('… and {0} more conditions, not written here: this list is incomplete, and a transaction in Deny mode with it would abort.', formatCount(unwritten))}`,
    );
  return `// postConditionMode: PostConditionMode.${modeName}\nconst postConditions = [\n${body.join('\n')}\n];`;
}
