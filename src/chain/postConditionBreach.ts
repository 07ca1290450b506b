/**
 * Which post-condition could not hold, for a transaction aborted by one. The node says it in the
 * transaction's `vm_error`, in the formats of stacks-core's `check_transaction_postconditions`
 * (stackslib/src/chainstate/stacks/db/transactions.rs):
 *
 * - "Post-condition check failure on STX owned by P: 100 SentEq 200": the condition's amount,
 *   its code, then what was sent (the same "on fungible asset A owned by P", and "on STX staked
 *   by P" for staking);
 * - "… on non-fungible asset A owned by P: V Sent [...]": the value and its code;
 * - "… on PoX action by P: NotPerformed performed=true";
 * - "Post-condition check failure: Fungible asset A was moved by P but not checked" (and the
 *   NFT, staking and PoX forms): a movement that no condition lists, in a mode that denies it.
 *
 * A condition is matched to the transaction's own list (as the API sends it) by its type,
 * principal, asset, code and amount; where several rows match, all are named.
 */
import { formatStx, formatTokenAmount } from './format';
import * as l10n from './l10n';

/** One post-condition as the API sends it (the fields read here). */
export interface PostConditionRow {
  type: string;
  condition_code?: string | undefined;
  amount?: string | undefined;
  principal?: { type_id: string; address?: string | undefined; contract_name?: string | undefined } | undefined;
  asset?:
    | { asset_name?: string | undefined; contract_address?: string | undefined; contract_name?: string | undefined }
    | undefined;
}

export type BreachAsset = 'stx' | 'ft' | 'nft' | 'staking' | 'pox';

export type PostConditionBreach =
  | {
      kind: 'condition';
      asset: BreachAsset;
      principal: string;
      assetId?: string;
      /** The API's condition code (`sent_equal_to`, `not_sent`, …). */
      code: string;
      /** The amount the condition names (STX, tokens, staking), as digits. */
      expected?: string;
      /** What was sent (STX, tokens, staking), as digits. */
      actual?: string;
      /** The indexes of the transaction's post-conditions this is (one, or several alike). */
      rows: number[];
    }
  | { kind: 'unchecked'; asset: BreachAsset; principal: string; assetId?: string; amount?: string };

/** The node's codes (Rust `Debug` names) as the API writes them. */
const CODES: Record<string, string> = {
  SentEq: 'sent_equal_to',
  SentGt: 'sent_greater_than',
  SentGe: 'sent_greater_than_or_equal_to',
  SentLt: 'sent_less_than',
  SentLe: 'sent_less_than_or_equal_to',
  Sent: 'sent',
  NotSent: 'not_sent',
  MaybeSent: 'maybe_sent',
  Performed: 'performed',
  NotPerformed: 'not_performed',
  MaybePerformed: 'maybe_performed',
};

const TYPES: Record<BreachAsset, string> = {
  stx: 'stx',
  ft: 'fungible',
  nft: 'non_fungible',
  staking: 'staking',
  pox: 'pox',
};

/** No reason is read past this many characters (a node writes a few hundred). */
const MAX_READ = 4_096;

const P = '(\\S{1,200})';
const AMOUNT = /^(\d{1,40}) (Sent(?:Eq|Gt|Ge|Lt|Le)) (\d{1,40})$/;

/** The breach the node reported in `vmError`, matched to `rows`; `sender` is the transaction's sender (the origin). */
export function postConditionBreach(
  vmError: string | null | undefined,
  rows: readonly PostConditionRow[],
  sender: string,
): PostConditionBreach | undefined {
  if (!vmError) return undefined;
  let text = vmError.slice(0, MAX_READ).split('\n')[0]!.trim();
  const aborted = /^Post condition aborted transaction: (.*)$/.exec(text);
  if (aborted) text = aborted[1]!;
  return condition(text, rows, sender) ?? unchecked(text);
}

function condition(text: string, rows: readonly PostConditionRow[], sender: string): PostConditionBreach | undefined {
  const on = new RegExp(
    `^Post-condition check failure on (STX owned by|STX staked by|fungible asset ${P} owned by|non-fungible asset ${P} owned by|PoX action by) ${P}: (.*)$`,
  ).exec(text);
  if (!on) return undefined;
  const what = on[1]!;
  const ftId = on[2];
  const nftId = on[3];
  const principal = on[4]!;
  const rest = on[5]!;
  const asset: BreachAsset = what.startsWith('STX owned')
    ? 'stx'
    : what.startsWith('STX staked')
      ? 'staking'
      : ftId
        ? 'ft'
        : nftId
          ? 'nft'
          : 'pox';
  const assetId = ftId ?? nftId;
  let code: string | undefined;
  let expected: string | undefined;
  let actual: string | undefined;
  if (asset === 'nft') {
    code = /\s(Sent|NotSent|MaybeSent)\s/.exec(` ${rest} `)?.[1];
  } else if (asset === 'pox') {
    code = /^(Performed|NotPerformed|MaybePerformed)\b/.exec(rest)?.[1];
  } else {
    const m = AMOUNT.exec(rest);
    if (m) [, expected, code, actual] = m;
  }
  const apiCode = code && CODES[code];
  if (!apiCode) return undefined;
  const matches: number[] = [];
  rows.forEach((row, i) => {
    if (row.type !== TYPES[asset] || row.condition_code !== apiCode) return;
    if (principalOf(row, sender) !== principal) return;
    if (assetId !== undefined && assetIdOf(row) !== assetId) return;
    if (expected !== undefined && row.amount !== undefined && String(row.amount) !== expected) return;
    matches.push(i);
  });
  return {
    kind: 'condition',
    asset,
    principal,
    ...(assetId !== undefined ? { assetId } : {}),
    code: apiCode,
    ...(expected !== undefined ? { expected } : {}),
    ...(actual !== undefined ? { actual } : {}),
    rows: matches,
  };
}

function unchecked(text: string): PostConditionBreach | undefined {
  let m = new RegExp(`^Post-condition check failure: Fungible asset ${P} was moved by ${P} but not checked`).exec(text);
  if (m) {
    // The node writes STX as a fungible asset of its own (`….STX::STX`, burned STX `….BURNED::BURNED`).
    const stx = /\.(STX::STX|BURNED::BURNED)$/.test(m[1]!);
    return stx
      ? { kind: 'unchecked', asset: 'stx', principal: m[2]! }
      : { kind: 'unchecked', asset: 'ft', principal: m[2]!, assetId: m[1]! };
  }
  m = new RegExp(
    `^Post-condition check failure: Non-fungible asset ${P}(?: value .*)? was moved by ${P} but not checked`,
  ).exec(text);
  if (m) return { kind: 'unchecked', asset: 'nft', principal: m[2]!, assetId: m[1]! };
  m = new RegExp(`^Post-condition check failure: No checks for non-fungible asset ${P} moved by ${P}`).exec(text);
  if (m) return { kind: 'unchecked', asset: 'nft', principal: m[2]!, assetId: m[1]! };
  m = new RegExp(`^Post-condition check failure: (\\d{1,40}) STX was staked by ${P} but not checked`).exec(text);
  if (m) return { kind: 'unchecked', asset: 'staking', principal: m[2]!, amount: m[1]! };
  m = new RegExp(`^Post-condition check failure: ${P} performed a PoX action but it was not checked`).exec(text);
  if (m) return { kind: 'unchecked', asset: 'pox', principal: m[1]! };
  return undefined;
}

/** What a condition code says, as the panel reads it. */
export const CONDITION_WORDS: Record<string, string> = {
  sent_equal_to: l10n.t('sends exactly'),
  sent_greater_than: l10n.t('sends more than'),
  sent_greater_than_or_equal_to: l10n.t('sends at least'),
  sent_less_than: l10n.t('sends less than'),
  sent_less_than_or_equal_to: l10n.t('sends at most'),
  sent: 'sends',
  not_sent: l10n.t('does not send'),
  maybe_sent: l10n.t('may send (or keep)'),
  performed: l10n.t('performs a PoX action'),
  not_performed: l10n.t('performs no PoX action'),
  maybe_performed: l10n.t('may perform a PoX action'),
};

/**
 * The condition that did not hold, in one sentence ("The post-condition “SP… sends at most
 * 1 STX” did not hold: it sent 2 STX."); undefined for a movement no condition lists (the
 * `vm_error` sentence says those).
 */
export function breachSentence(b: PostConditionBreach, sender: string): string | undefined {
  if (b.kind !== 'condition') return undefined;
  const who = b.principal === sender ? l10n.t('the sender {0}', b.principal) : b.principal;
  let words = CONDITION_WORDS[b.code] ?? b.code;
  if (b.asset === 'staking') words = words.replace(/^sends/, 'stakes');
  const amount = (v: string) =>
    b.asset === 'stx' || b.asset === 'staking' ? formatStx(v) : l10n.t('{0} base units', formatTokenAmount(v, 0) ?? v);
  const what =
    b.asset === 'pox'
      ? ''
      : b.asset === 'nft'
        ? l10n.t(' the NFT {0}', b.assetId ?? '')
        : b.expected !== undefined
          ? ` ${amount(b.expected)}${b.asset === 'ft' ? ` of ${b.assetId ?? 'the token'}` : ''}`
          : '';
  const verb = b.asset === 'staking' ? 'staked' : 'sent';
  const got = b.actual !== undefined ? l10n.t(': it {0} {1}', verb, amount(b.actual)) : '';
  return l10n.t('The post-condition “{0} {1}{2}” did not hold{3}.', who, words, what, got);
}

/** The principal a row names; the origin is the transaction's sender. */
export function principalOf(row: PostConditionRow, sender: string): string | undefined {
  const p = row.principal;
  if (!p) return undefined;
  if (p.type_id === 'principal_origin') return sender;
  if (!p.address) return undefined;
  return p.contract_name ? `${p.address}.${p.contract_name}` : p.address;
}

function assetIdOf(row: PostConditionRow): string | undefined {
  const a = row.asset;
  return a?.contract_address ? `${a.contract_address}.${a.contract_name ?? ''}::${a.asset_name ?? ''}` : undefined;
}
