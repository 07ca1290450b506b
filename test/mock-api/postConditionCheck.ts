/**
 * The mock simulation service's post-condition check: whether a transaction's post-conditions
 * would abort it, given the asset events the call makes, decided as stacks-core's
 * `check_transaction_postconditions` does (stackslib/src/chainstate/stacks/db/transactions.rs at
 * 1efa4a9) and answered with the reason in the node's words:
 *
 * - the asset map counts what each principal sends: STX transferred and burned, tokens
 *   transferred and burned, NFTs transferred and burned (mints count for no one);
 * - each condition in turn is checked against what its principal (the origin for `origin`) sent:
 *   the first that fails aborts, "Post-condition check failure on STX owned by P: 100 SentEq 200";
 * - then, in Deny mode every principal, in Originator mode only the origin, must have every asset
 *   it sent listed by a condition, or "Post-condition check failure: Fungible asset A was moved by
 *   P but not checked" (and the NFT forms). Allow mode checks nothing more.
 *
 * The node walks its asset table in hash order; this walks it in the events' order.
 */
import { Cl, cvToString, deserializeCV, type ClarityValue, type PostCondition } from '@stacks/transactions';
import { c32address } from 'c32check';

/** The asset identifiers the node gives STX and burned STX (`AssetIdentifier::STX()`, `STX_burned()`). */
const NULL_PRINCIPAL = c32address(0, '00'.repeat(20));
export const STX_ASSET = `${NULL_PRINCIPAL}.STX::STX`;
export const BURNED_ASSET = `${NULL_PRINCIPAL}.BURNED::BURNED`;

/** A receipt event as the mock writes it (before it is turned into a JSON string). */
export type MockEvent = { type: string } & Record<string, unknown>;

const CODE_NAMES: Record<string, string> = {
  eq: 'SentEq',
  gt: 'SentGt',
  gte: 'SentGe',
  lt: 'SentLt',
  lte: 'SentLe',
  sent: 'Sent',
  'not-sent': 'NotSent',
  'maybe-sent': 'MaybeSent',
};

function amountHolds(code: string, condition: bigint, sent: bigint): boolean {
  switch (code) {
    case 'eq':
      return sent === condition;
    case 'gt':
      return sent > condition;
    case 'gte':
      return sent >= condition;
    case 'lt':
      return sent < condition;
    case 'lte':
      return sent <= condition;
    default:
      return false;
  }
}

/** A Clarity value as Rust's `{:?}` writes it for the common kinds; Clarity text otherwise. */
export function debugValue(v: ClarityValue): string {
  switch (v.type) {
    case 'uint':
      return `UInt(${String(v.value)})`;
    case 'int':
      return `Int(${String(v.value)})`;
    case 'true':
    case 'false':
      return `Bool(${v.type})`;
    case 'buffer':
      return `Sequence(Buffer(${v.value}))`;
    case 'address':
      return `Principal(Standard(StandardPrincipalData(${v.value})))`;
    default:
      return cvToString(v);
  }
}

interface AssetMap {
  /** Per principal, in the order first seen: fungible amounts by asset id (STX and burned STX included). */
  tokens: Map<string, Map<string, bigint>>;
  /** Per principal: NFT values (serialized hex) sent, by asset id. */
  nfts: Map<string, Map<string, string[]>>;
}

const data = (e: MockEvent) => (e[e.type] ?? {}) as Record<string, string>;

/** What each principal sent, from the call's events, as the node's `AssetMap` counts it. */
export function assetMapOf(events: readonly MockEvent[]): AssetMap {
  const map: AssetMap = { tokens: new Map(), nfts: new Map() };
  const addToken = (who: string, asset: string, amount: string) => {
    const m = map.tokens.get(who) ?? new Map<string, bigint>();
    m.set(asset, (m.get(asset) ?? 0n) + BigInt(amount));
    map.tokens.set(who, m);
  };
  for (const e of events) {
    const d = data(e);
    if (!d.sender) continue;
    if (e.type === 'stx_transfer_event') addToken(d.sender, STX_ASSET, d.amount ?? '0');
    else if (e.type === 'stx_burn_event') addToken(d.sender, BURNED_ASSET, d.amount ?? '0');
    else if (e.type === 'ft_transfer_event' || e.type === 'ft_burn_event')
      addToken(d.sender, d.asset_identifier ?? '', d.amount ?? '0');
    else if (e.type === 'nft_transfer_event' || e.type === 'nft_burn_event') {
      const m = map.nfts.get(d.sender) ?? new Map<string, string[]>();
      const asset = d.asset_identifier ?? '';
      m.set(asset, [...(m.get(asset) ?? []), (d.raw_value ?? '').replace(/^0x/, '').toLowerCase()]);
      map.nfts.set(d.sender, m);
    }
  }
  return map;
}

/** The reason the node would abort the call with, or undefined when its post-conditions hold. */
export function postConditionAbort(
  conditions: readonly PostCondition[],
  mode: 'allow' | 'deny' | 'originator',
  origin: string,
  events: readonly MockEvent[],
): string | undefined {
  const map = assetMapOf(events);
  const checkedTokens = new Map<string, Set<string>>();
  const checkedNfts = new Map<string, Map<string, Set<string>>>();
  const fail = (s: string) => `Post-condition check failure${s}`;
  for (const pc of conditions) {
    if (pc.type !== 'stx-postcondition' && pc.type !== 'ft-postcondition' && pc.type !== 'nft-postcondition') continue;
    const who = pc.address === 'origin' ? origin : pc.address;
    const sentTokens = map.tokens.get(who);
    if (pc.type === 'stx-postcondition') {
      const transferred = sentTokens?.get(STX_ASSET) ?? 0n;
      const burned = sentTokens?.get(BURNED_ASSET) ?? 0n;
      const sent = transferred + burned;
      const condition = BigInt(pc.amount);
      if (!amountHolds(pc.condition, condition, sent))
        return fail(` on STX owned by ${who}: ${condition} ${CODE_NAMES[pc.condition]} ${sent}`);
      const set = checkedTokens.get(who) ?? new Set<string>();
      if (transferred > 0n) set.add(STX_ASSET);
      if (burned > 0n) set.add(BURNED_ASSET);
      checkedTokens.set(who, set);
    } else if (pc.type === 'ft-postcondition') {
      const sent = sentTokens?.get(pc.asset) ?? 0n;
      const condition = BigInt(pc.amount);
      if (!amountHolds(pc.condition, condition, sent))
        return fail(` on fungible asset ${pc.asset} owned by ${who}: ${condition} ${CODE_NAMES[pc.condition]} ${sent}`);
      checkedTokens.set(who, (checkedTokens.get(who) ?? new Set<string>()).add(pc.asset));
    } else {
      const value = Cl.serialize(pc.assetId).toLowerCase();
      const sent = map.nfts.get(who)?.get(pc.asset) ?? [];
      const was = sent.includes(value);
      const holds = pc.condition === 'sent' ? was : pc.condition === 'not-sent' ? !was : true;
      if (!holds) {
        const list = sent.map((h) => debugValue(deserializeCV(h))).join(', ');
        return fail(
          ` on non-fungible asset ${pc.asset} owned by ${who}: ${debugValue(pc.assetId)} ${CODE_NAMES[pc.condition]} [${list}]`,
        );
      }
      const byAsset = checkedNfts.get(who) ?? new Map<string, Set<string>>();
      byAsset.set(pc.asset, (byAsset.get(pc.asset) ?? new Set<string>()).add(value));
      checkedNfts.set(who, byAsset);
    }
  }
  const enforced = (who: string) => mode === 'deny' || (mode === 'originator' && who === origin);
  const principals = [...new Set([...map.tokens.keys(), ...map.nfts.keys()])];
  for (const who of principals) {
    if (!enforced(who)) continue;
    for (const asset of map.tokens.get(who)?.keys() ?? []) {
      if (!checkedTokens.get(who)?.has(asset))
        return fail(`: Fungible asset ${asset} was moved by ${who} but not checked`);
    }
    for (const [asset, values] of map.nfts.get(who) ?? []) {
      const checked = checkedNfts.get(who);
      if (!checked) return fail(`: No checks for non-fungible asset ${asset} moved by ${who}`);
      const ok = checked.get(asset);
      if (!ok) return fail(`: Non-fungible asset ${asset} was moved by ${who} but not checked`);
      const missing = values.find((v) => !ok.has(v));
      if (missing !== undefined)
        return fail(
          `: Non-fungible asset ${asset} value ${debugValue(deserializeCV(missing))} was moved by ${who} but not checked`,
        );
    }
  }
  return undefined;
}
