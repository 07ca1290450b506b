/** Small constructors for view-model values. Pure: no `vscode`, so models are tested in plain Node. */
import type { FtMetadata } from '../../../api';
import { checkContractId } from '../../../chain/identifiers';
import {
  clip,
  formatAge,
  formatInt,
  formatMicroStx,
  formatStx,
  formatTime,
  formatTokenAmount,
} from '../../../chain/format';
import { shortenMiddle } from '../../../chain/target';
import type { NetworkId, TargetKind } from '../../../chain/target';
import type { ClarityNode, Field, Section, Tone, Value } from '../../../protocol';
import type { TxFailure } from '../../failure/failure';
import * as l10n from '../../../chain/l10n';

/** What every model builder knows besides the data. */
export interface ModelContext {
  network: NetworkId;
  networkLabel: string;
  baseUrl: string;
  hasApiKey: boolean;
  /** Milliseconds since the epoch, for "3 days ago". */
  now: number;
  /** Decodes a Clarity value's hex (the lazily loaded decoder); absent, values show as their `repr`. */
  decode?: (hex: string) => ClarityNode | undefined;
  /** The custom network's API also serves token metadata (`customApiTokenMetadata`): ask it there too. */
  customTokenMetadata?: boolean;
  /** What is known of the fungible tokens the data names, by contract id (see tokens.ts). */
  tokens?: ReadonlyMap<string, TokenInfo>;
  /** Why the transaction shown failed (ui/failure/txFailure.ts). */
  failure?: TxFailure;
}

/** A token's metadata, or why its amounts are shown raw. */
export type TokenInfo = { meta: FtMetadata } | { raw: string };

export const DASH = '—';

/** Shown in place of a value the API that answered does not give at all (its replacement route lacks it). */
export const NOT_AVAILABLE = l10n.t('not available on this API');

export function notAvailable(): Value {
  return {
    t: 'text',
    text: NOT_AVAILABLE,
    hint: l10n.t('The API has switched off the route that gave this; its replacement does not report it.'),
  };
}

/**
 * A part of a panel the API that answered could not give: an older or custom API without its
 * route, or a failure of that part alone. `missing` says it in words.
 */
export interface Missing {
  missing: string;
}
export const isMissing = (v: object): v is Missing => 'missing' in v;

/** What stands in the place of a missing part: "Transactions: not available on this API". */
export function missingNotice(title: string, m: Missing): Section {
  return { type: 'notice', tone: 'muted', icon: 'info', text: `${title}: ${m.missing}` };
}

/** `value`, or "not available on this API" when the model says its API lacks the field. */
export function unlessUnavailable(model: { unavailable?: string[] | undefined }, key: string, value: Value): Value {
  return model.unavailable?.includes(key) ? notAvailable() : value;
}

export function text(s: string | number | boolean | undefined | null, extra: Partial<Value> = {}): Value {
  return { t: 'text', text: s === undefined || s === null || s === '' ? DASH : String(s), ...extra };
}

export function code(s: string | undefined | null): Value {
  return s === undefined || s === null || s === '' ? text(undefined) : { t: 'code', text: s };
}

export function num(n: number | undefined | null, hint?: string): Value {
  return { t: 'number', text: formatInt(n), ...(hint ? { hint } : {}) };
}

export function stx(micro: string | number | undefined | null): Value {
  if (micro === undefined || micro === null || micro === '') return text(undefined);
  return { t: 'amount', text: formatStx(micro), full: formatMicroStx(micro) };
}

/** A token amount without known decimals: the integer as the chain gives it. */
export function units(amount: string | undefined): Value {
  if (amount === undefined || amount === '') return text(undefined);
  return {
    t: 'amount',
    text: /^\d+$/.test(amount) ? amount.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : amount,
    full: amount,
  };
}

/**
 * A Clarity value: a tuple, list, optional or response as a tree of its parts; a buffer that holds
 * UTF-8 text as that text; any other value as the `repr` the API sent.
 */
export function clarity(cv: { hex: string; repr: string } | undefined | null, ctx: ModelContext): Value {
  if (!cv) return text(undefined);
  const tree = ctx.decode?.(cv.hex);
  if (!tree) return code(cv.repr);
  if (tree.children) return { t: 'clarity', text: cv.repr, tree };
  if (tree.type === 'buffer' && tree.hint && tree.text !== undefined)
    return text(tree.text, { hint: tree.cut ? `${tree.hint}; ${tree.cut}` : tree.hint });
  return code(cv.repr);
}

/** The contract id of a fungible token from its asset identifier (`SP….contract::token`), if well formed. */
export function tokenContract(assetId: string | undefined | null): string | undefined {
  if (!assetId) return undefined;
  const c = checkContractId(assetId.split('::')[0] ?? '');
  return c.ok ? c.value.contractId : undefined;
}

/**
 * A fungible-token amount: with the token's decimals and symbol when its metadata gives them;
 * otherwise the raw integer with the asset identifier, saying why.
 */
export function tokenAmount(amount: string | undefined, assetId: string | undefined, ctx: ModelContext): Value {
  const raw = units(amount);
  if (amount === undefined || amount === '') return raw;
  const contract = tokenContract(assetId);
  const info = contract ? ctx.tokens?.get(contract) : undefined;
  const full = assetId ? `${amount} ${assetId}` : amount;
  if (info && 'meta' in info) {
    const d = info.meta.decimals;
    const formatted = d === undefined ? undefined : formatTokenAmount(amount, d);
    const symbol = info.meta.symbol?.trim() ? clip(info.meta.symbol.trim(), 16) : undefined;
    if (formatted !== undefined) return { t: 'amount', text: symbol ? `${formatted} ${symbol}` : formatted, full };
    return { ...raw, full, hint: l10n.t('raw amount: the token metadata gives no decimals') };
  }
  return { ...raw, full, hint: l10n.t('raw amount: {0}', info ? info.raw : 'no token metadata') };
}

export function time(ctx: ModelContext, unix?: number, iso?: string): Value {
  const t = formatTime(unix, iso);
  const secs = unix ?? (iso ? Math.floor(Date.parse(iso) / 1000) : undefined);
  const age = secs !== undefined && Number.isFinite(secs) ? formatAge(secs, ctx.now) : '';
  return { t: 'time', text: t, ...(age && t !== DASH ? { hint: age } : {}) };
}

export function badge(s: string, tone: Tone, icon?: string): Value {
  return { t: 'badge', text: s, tone, ...(icon ? { icon } : {}) };
}

export function yesNo(b: boolean | undefined): Value {
  return b === undefined ? text(undefined) : text(b ? l10n.t('Yes') : l10n.t('No'));
}

/** An identifier: shortened in the middle, full value on hover and copy; a link when it has a kind. */
export function id(full: string | undefined | null, ctx: ModelContext, kind?: TargetKind): Value {
  if (!full) return text(undefined);
  const short = kind === 'contract' || kind === 'address' ? shortPrincipal(full) : shortenMiddle(full, 8);
  return {
    t: 'id',
    text: short,
    full,
    ...(kind
      ? { target: { kind, id: full, network: ctx.network }, explorer: kind !== 'block' || /^\d+$|^0x/.test(full) }
      : {}),
  };
}

/** A principal opens the address panel, a contract id the contract panel. */
export function principal(p: string | undefined | null, ctx: ModelContext): Value {
  if (!p) return text(undefined);
  return id(p, ctx, p.includes('.') ? 'contract' : 'address');
}

export function block(height: number | undefined | null, ctx: ModelContext): Value {
  if (height === undefined || height === null) return text(undefined);
  return {
    t: 'id',
    text: `#${formatInt(height)}`,
    full: String(height),
    target: { kind: 'block', id: String(height), network: ctx.network },
    explorer: true,
  };
}

export function blockHash(hash: string | undefined | null, ctx: ModelContext): Value {
  if (!hash || !/^0x[0-9a-fA-F]{64}$/.test(hash)) return hash ? id(hash, ctx) : text(undefined);
  return id(hash, ctx, 'block');
}

const BITCOIN_HASH = /^0x[0-9a-fA-F]{64}$/;

/**
 * A burn (Bitcoin) block by height: opens the burn-block panel, and offers the Bitcoin explorer.
 */
export function burnBlock(height: number | undefined | null, ctx: ModelContext): Value {
  if (height === undefined || height === null || !Number.isSafeInteger(height) || height < 0) return num(height);
  return {
    t: 'id',
    text: `#${formatInt(height)}`,
    full: String(height),
    target: { kind: 'burnBlock', id: String(height), network: ctx.network },
    bitcoin: { kind: 'block', id: String(height) },
  };
}

/** A burn (Bitcoin) block by hash: the burn-block panel and the Bitcoin explorer, when it is a hash at all. */
export function burnBlockHash(hash: string | undefined | null, ctx: ModelContext): Value {
  if (!hash || !BITCOIN_HASH.test(hash)) return hash ? id(hash, ctx) : text(undefined);
  return { ...id(hash, ctx, 'burnBlock'), explorer: false, bitcoin: { kind: 'block', id: hash } };
}

/**
 * A Bitcoin transaction (a block's anchor, `miner_txid`): no Stacks panel can show it, so it is no
 * link in the panel; it opens in the Bitcoin explorer.
 */
export function bitcoinTx(txId: string | undefined | null, ctx: ModelContext): Value {
  if (!txId || !BITCOIN_HASH.test(txId)) return id(txId, ctx);
  return { ...id(txId, ctx), bitcoin: { kind: 'tx', id: txId } };
}

export function tx(txId: string | undefined | null, ctx: ModelContext): Value {
  return txId && /^0x[0-9a-fA-F]{64}$/.test(txId) ? id(txId, ctx, 'tx') : id(txId, ctx);
}

/** `SP2J6Z…9EJ7.name`: the address shortened, the contract name whole. */
function shortPrincipal(p: string): string {
  const dot = p.indexOf('.');
  if (dot < 0) return shortenMiddle(p, 6);
  return `${shortenMiddle(p.slice(0, dot), 4)}.${p.slice(dot + 1)}`;
}

export function field(label: string, ...values: Value[]): Field {
  return { label, values };
}

/** A fields section without the rows whose value is missing (keeps panels readable). */
export function fields(
  title: string | undefined,
  rows: Array<Field | undefined | null | false | ''>,
  keepEmpty = false,
): Section {
  const kept = rows.filter((r): r is Field => !!r && (keepEmpty || r.values.some((v) => v.text !== DASH)));
  return { type: 'fields', ...(title ? { title } : {}), rows: kept };
}

export function executionCosts(o: {
  execution_cost_read_count?: number | undefined;
  execution_cost_read_length?: number | undefined;
  execution_cost_runtime?: number | undefined;
  execution_cost_write_count?: number | undefined;
  execution_cost_write_length?: number | undefined;
}): Section | undefined {
  if (o.execution_cost_runtime === undefined && o.execution_cost_read_count === undefined) return undefined;
  return fields(l10n.t('Execution costs'), [
    field(l10n.t('Runtime'), num(o.execution_cost_runtime)),
    field(l10n.t('Read count'), num(o.execution_cost_read_count)),
    field(l10n.t('Read length'), num(o.execution_cost_read_length)),
    field(l10n.t('Write count'), num(o.execution_cost_write_count)),
    field(l10n.t('Write length'), num(o.execution_cost_write_length)),
  ]);
}

export function compact<T>(list: Array<T | undefined | false | null>): T[] {
  return list.filter((x): x is T => !!x);
}
