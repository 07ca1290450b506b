/**
 * A transaction's post-conditions in words, as the API (v9) sends them: the modes `deny`, `allow`
 * and `originator` (SIP-040), the types `stx`, `fungible`, `non_fungible`, `staking` and `pox`
 * with their condition codes (`maybe_sent` included), and a kind this code does not know shown
 * by its fields rather than dropped.
 */
import type { PostCondition, Transaction } from '../../../api';
import { clip } from '../../../chain/format';
import type { Section, TableRow, Value } from '../../../protocol';
import { clarity, type ModelContext, NOT_AVAILABLE, principal, stx, text, tokenAmount, units } from './values';

const MODES: Record<string, string> = {
  deny: 'Deny: only the transfers listed here may happen',
  allow: 'Allow: transfers not listed here may also happen',
  originator: 'Originator: only the sender’s own transfers are checked against this list (SIP-040)',
};

const TYPES: Record<string, string> = {
  stx: 'STX',
  fungible: 'Fungible token',
  non_fungible: 'NFT',
  staking: 'Staked STX',
  pox: 'PoX action',
};

const CODES: Record<string, string> = {
  sent_equal_to: 'sends exactly',
  sent_greater_than: 'sends more than',
  sent_greater_than_or_equal_to: 'sends at least',
  sent_less_than: 'sends less than',
  sent_less_than_or_equal_to: 'sends at most',
  sent: 'sends',
  not_sent: 'does not send',
  maybe_sent: 'may send (or keep)',
  performed: 'performs a PoX action',
  not_performed: 'performs no PoX action',
  maybe_performed: 'may perform a PoX action',
};

/** The staking condition codes read as "stakes", not "sends". */
const staked = (words: string) => words.replace(/^sends/, 'stakes');

export function postConditions(t: Transaction, ctx: ModelContext): Section {
  const m = t.post_condition_mode;
  const mode =
    m && MODES[m] ? MODES[m] : t.unavailable?.includes('post_condition_mode') ? NOT_AVAILABLE : (m ?? NOT_AVAILABLE);
  const list = t.post_conditions ?? [];
  return {
    type: 'table',
    title: `Post-conditions (mode ${mode})`,
    columns: [
      { label: 'Type' },
      { label: 'Principal' },
      { label: 'Condition' },
      { label: 'Asset' },
      { label: 'Amount', align: 'right' },
    ],
    rows: list.map((pc) => postConditionRow(pc, ctx)),
    empty: 'No post-conditions.',
  };
}

function postConditionRow(pc: PostCondition, ctx: ModelContext): TableRow {
  const p = pc.principal;
  const who = !p
    ? text(undefined)
    : p.type_id === 'principal_origin'
      ? text('Sender (origin)')
      : principal(p.contract_name ? `${p.address}.${p.contract_name}` : p.address, ctx);
  const code = pc.condition_code;
  const words = code === undefined ? undefined : (CODES[code] ?? code.replace(/_/g, ' '));
  const condition = text(pc.type === 'staking' && words ? staked(words) : words);
  const kind = text(TYPES[pc.type] ?? pc.type);
  if (!TYPES[pc.type]) return { cells: [[kind], [who], [condition], [unknownFields(pc)], [text('')]] };
  const a = pc.asset;
  const assetId = a?.contract_address
    ? `${a.contract_address}.${a.contract_name ?? ''}::${a.asset_name ?? ''}`
    : undefined;
  const asset = assetId ? text(assetId) : text(pc.type === 'stx' || pc.type === 'staking' ? 'STX' : undefined);
  const amount: Value =
    pc.type === 'stx' || pc.type === 'staking'
      ? stx(pc.amount)
      : pc.type === 'pox'
        ? text('')
        : pc.asset_value
          ? clarity(pc.asset_value, ctx)
          : pc.type === 'fungible'
            ? tokenAmount(pc.amount, assetId, ctx)
            : units(pc.amount);
  return { cells: [[kind], [who], [condition], [asset], [amount]] };
}

/** A kind of post-condition this code does not know: its other fields, as the API sent them. */
function unknownFields(pc: PostCondition): Value {
  const rest = Object.entries(pc).filter(([k]) => k !== 'type' && k !== 'principal' && k !== 'condition_code');
  if (!rest.length) return text(undefined);
  return text(clip(rest.map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join(', '), 300));
}
