/**
 * A transaction's post-conditions in words, as the API (v9) sends them: the modes `deny`, `allow`
 * and `originator` (SIP-040), the types `stx`, `fungible`, `non_fungible`, `staking` and `pox`
 * with their condition codes (`maybe_sent` included), and a kind this code does not know shown
 * by its fields rather than dropped. For a transaction a post-condition aborted, the condition the
 * node names in its `vm_error` is marked as the one that did not hold.
 */
import type { PostCondition, Transaction } from '../../../api';
import { clip, formatStx, formatTokenAmount } from '../../../chain/format';
import { CONDITION_WORDS, postConditionBreach, type PostConditionBreach } from '../../../chain/postConditionBreach';
import type { Section, TableRow, Value } from '../../../protocol';
import { clarity, type ModelContext, NOT_AVAILABLE, principal, stx, text, tokenAmount, units } from './values';
import * as l10n from '../../../chain/l10n';

const MODES: Record<string, string> = {
  deny: l10n.t('Deny: only the transfers listed here may happen'),
  allow: l10n.t('Allow: transfers not listed here may also happen'),
  originator: l10n.t('Originator: only the sender’s own transfers are checked against this list (SIP-040)'),
};

const TYPES: Record<string, string> = {
  stx: 'STX',
  fungible: l10n.t('Fungible token'),
  non_fungible: 'NFT',
  staking: l10n.t('Staked STX'),
  pox: l10n.t('PoX action'),
};

const CODES = CONDITION_WORDS;

/** The staking condition codes read as "stakes", not "sends". */
const staked = (words: string) => words.replace(/^sends/, 'stakes');

export function postConditions(t: Transaction, ctx: ModelContext): Section {
  const m = t.post_condition_mode;
  const mode =
    m && MODES[m] ? MODES[m] : t.unavailable?.includes('post_condition_mode') ? NOT_AVAILABLE : (m ?? NOT_AVAILABLE);
  const list = t.post_conditions ?? [];
  const breach =
    t.tx_status === 'abort_by_post_condition' ? postConditionBreach(t.vm_error, list, t.sender_address) : undefined;
  const failed = breach?.kind === 'condition' ? new Set(breach.rows) : undefined;
  return {
    type: 'table',
    title: l10n.t('Post-conditions (mode {0})', mode),
    columns: [
      { label: l10n.t('Type') },
      { label: l10n.t('Principal') },
      { label: l10n.t('Condition') },
      { label: l10n.t('Asset') },
      { label: l10n.t('Amount'), align: 'right' },
    ],
    rows: list.map((pc, i) => postConditionRow(pc, ctx, failed?.has(i) ? breach : undefined)),
    empty: l10n.t('No post-conditions.'),
  };
}

function postConditionRow(pc: PostCondition, ctx: ModelContext, breach?: PostConditionBreach): TableRow {
  const p = pc.principal;
  const who = !p
    ? text(undefined)
    : p.type_id === 'principal_origin'
      ? text(l10n.t('Sender (origin)'))
      : principal(p.contract_name ? `${p.address}.${p.contract_name}` : p.address, ctx);
  const code = pc.condition_code;
  const words = code === undefined ? undefined : (CODES[code] ?? code.replace(/_/g, ' '));
  const said = text(pc.type === 'staking' && words ? staked(words) : words);
  // The condition that did not hold reads as a red badge, with what was moved instead.
  const condition: Value = breach
    ? { ...said, t: 'badge', tone: 'failed', icon: 'error', hint: didNotHold(breach) }
    : said;
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

/** The hint on the condition that did not hold: what was moved instead, where the node said it. */
function didNotHold(b: PostConditionBreach): string {
  if (b.kind !== 'condition' || b.actual === undefined) return l10n.t('did not hold');
  const moved =
    b.asset === 'stx' || b.asset === 'staking' ? formatStx(b.actual) : (formatTokenAmount(b.actual, 0) ?? b.actual);
  return l10n.t(
    'did not hold: {0} {1}{2}',
    b.asset === 'staking' ? 'staked' : 'sent',
    moved,
    b.asset === 'ft' ? ' base units' : '',
  );
}
