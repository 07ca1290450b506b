/** The transaction panel (API section 4.1): every field of a transaction, grouped for reading. */
import type { Transaction } from '../../../api';
import { clip, decodeMemo, statusLabel, statusTone, txTypeLabel } from '../../../chain/format';
import { isSkipped, statusMeaning } from '../../../chain/txStatus';
import type { PanelParams, Section, ViewModel } from '../../../protocol';
import {
  badge,
  block,
  blockHash,
  clarity,
  burnBlock,
  code,
  compact,
  field,
  fields,
  id,
  ModelContext,
  num,
  principal,
  stx,
  text,
  time,
  unlessUnavailable,
  yesNo,
} from './values';
import { clarityDecoder } from '../../../chain/lazyClarity';
import type { Target } from '../../../chain/target';
import { type Loaded, type PanelLoad, pageStart } from './load';
import { loadTokens, tokensOfTransaction } from './tokens';
import { EVENTS_PER_PAGE, eventsSection } from './txEvents';
import { failureSections, resultText, vmErrorWords } from './failure';
import { postConditions } from './postConditions';
import { txFailure } from '../../failure/failure';
import * as l10n from '../../../chain/l10n';
import { tenureBudgetOf, type TenureBudget } from '../../../chain/tenureBudget';
import { tenureCostSections } from './tenureCosts';
import { loadWithdrawals, withdrawalSections, type WithdrawalFacts } from './sbtcWithdrawal';

const TYPE_ICONS: Record<string, string> = {
  token_transfer: 'arrow-swap',
  contract_call: 'symbol-method',
  smart_contract: 'file-code',
  coinbase: 'gift',
  tenure_change: 'sync',
  poison_microblock: 'warning',
};

export function txModel(
  t: Transaction,
  eventOffset: number,
  ctx: ModelContext,
  budget?: TenureBudget,
  withdrawals: WithdrawalFacts[] = [],
): ViewModel {
  const tone = statusTone(t.tx_status);
  const pending = tone === 'pending';
  return {
    kind: 'tx',
    title: txTypeLabel(t.tx_type),
    icon: TYPE_ICONS[t.tx_type] ?? 'symbol-event',
    subject: id(t.tx_id, ctx, 'tx'),
    badges: [
      badge(statusLabel(t.tx_status), tone === 'other' ? 'muted' : tone, statusIcon(tone)),
      ...(t.sponsored ? [badge(l10n.t('Sponsored'), 'info')] : []),
    ],
    sections: compact<Section>([
      statusNotice(t, ctx),
      ...failureSections(ctx.failure, ctx.network),
      pending && {
        type: 'actions',
        actions: [{ label: l10n.t('Watch until it lands'), icon: 'eye', primary: true, intent: { type: 'watch' } }],
      },
      fields(l10n.t('Summary'), [
        field(l10n.t('Status'), badge(statusLabel(t.tx_status), tone === 'other' ? 'muted' : tone)),
        t.tx_result && field(l10n.t('Result'), clarity(t.tx_result, ctx)),
        vmErrorWords(ctx.failure),
        t.vm_error && field(l10n.t('VM error'), code(t.vm_error)),
        field(l10n.t('Type'), text(txTypeLabel(t.tx_type))),
        field(l10n.t('Fee'), stx(t.fee_rate)),
        field(l10n.t('Nonce'), num(t.nonce)),
        field(l10n.t('Sender'), principal(t.sender_address, ctx)),
        field(l10n.t('Sponsored'), yesNo(t.sponsored)),
        t.sponsored && field(l10n.t('Sponsor'), principal(t.sponsor_address, ctx)),
        t.sponsored && field(l10n.t('Sponsor nonce'), num(t.sponsor_nonce)),
      ]),
      ...payload(t, ctx),
      ...withdrawalSections(withdrawals, ctx, ctx.network),
      pending
        ? fields(l10n.t('Mempool'), [
            field(l10n.t('Received'), time(ctx, t.receipt_time, t.receipt_time_iso)),
            field(l10n.t('Anchor mode'), unlessUnavailable(t, 'anchor_mode', text(t.anchor_mode))),
          ])
        : fields(l10n.t('Block'), [
            field(l10n.t('Block'), block(t.block_height, ctx)),
            field(l10n.t('Block hash'), blockHash(t.block_hash, ctx)),
            field(l10n.t('Block time'), time(ctx, t.block_time, t.block_time_iso)),
            field(l10n.t('Burn block'), burnBlock(t.burn_block_height, ctx)),
            field(l10n.t('Burn block time'), time(ctx, t.burn_block_time, t.burn_block_time_iso)),
            field(l10n.t('Parent block hash'), blockHash(t.parent_block_hash, ctx)),
            field(
              l10n.t('Parent burn block time'),
              unlessUnavailable(
                t,
                'parent_burn_block_time',
                time(ctx, t.parent_burn_block_time, t.parent_burn_block_time_iso),
              ),
            ),
            field(l10n.t('Position in block'), num(t.tx_index)),
            field(l10n.t('Canonical'), yesNo(t.canonical)),
            field(l10n.t('Anchor mode'), unlessUnavailable(t, 'anchor_mode', text(t.anchor_mode))),
            field(l10n.t('Received'), time(ctx, t.receipt_time, t.receipt_time_iso)),
          ]),
      microblock(t, ctx),
      postConditions(t, ctx),
      ...tenureCostSections(t, budget),
      eventsSection(t, eventOffset, ctx),
    ]),
  };
}

function statusIcon(tone: string): string {
  return tone === 'success'
    ? 'pass'
    : tone === 'failed'
      ? 'error'
      : tone === 'pending'
        ? 'clock'
        : tone === 'dropped'
          ? 'circle-slash'
          : 'question';
}

function statusNotice(t: Transaction, ctx: ModelContext): Section | undefined {
  const tone = statusTone(t.tx_status);
  if (tone === 'pending') {
    return {
      type: 'notice',
      tone: 'pending',
      icon: 'clock',
      text: l10n.t(
        'This transaction is pending in the mempool: it is not in a block yet, so its result, block and events are not known.',
      ),
    };
  }
  if (tone === 'dropped') {
    const by = t.replaced_by_tx_id ? l10n.t(' It was replaced by {0}.', t.replaced_by_tx_id) : '';
    return {
      type: 'notice',
      tone: 'dropped',
      icon: 'circle-slash',
      text: l10n.t(
        'This transaction was dropped from the mempool: {0}.{1}',
        statusLabel(t.tx_status).replace(/^Dropped \((.*)\)$/, '$1'),
        by,
      ),
    };
  }
  if (isSkipped(t.tx_status))
    return { type: 'notice', tone: 'failed', icon: 'debug-step-over', text: statusMeaning(t.tx_status) };
  if (tone === 'other') return { type: 'notice', tone: 'warning', icon: 'question', text: statusMeaning(t.tx_status) };
  if (tone === 'failed') {
    // A sentence, not the whole result: a result can be kilobytes long, and the Result row has it all.
    const repr = t.tx_result?.repr;
    const why = repr ? ` with ${clip(repr)}` : '';
    const vm = t.vm_error ? ` (${clip(t.vm_error)})` : '';
    const more =
      (repr && clip(repr) !== repr) || (t.vm_error && clip(t.vm_error) !== t.vm_error)
        ? l10n.t(' The full result is below.')
        : '';
    return {
      type: 'notice',
      tone: 'failed',
      icon: 'error',
      text: l10n.t('This transaction failed{0}{1}; its fee was still paid.{2}', why, vm, more),
    };
  }
  if (t.canonical === false)
    return {
      type: 'notice',
      tone: 'warning',
      icon: 'warning',
      text: l10n.t('This transaction is in a block that is no longer canonical on {0}.', ctx.networkLabel),
    };
  return undefined;
}

function payload(t: Transaction, ctx: ModelContext): Section[] {
  const out: Section[] = [];
  if (t.token_transfer) {
    const memo = t.token_transfer.memo;
    const decoded = decodeMemo(memo);
    out.push(
      fields(l10n.t('Token transfer'), [
        field(l10n.t('Amount'), stx(t.token_transfer.amount)),
        field(l10n.t('Recipient'), principal(t.token_transfer.recipient_address, ctx)),
        field(
          l10n.t('Memo'),
          decoded !== undefined
            ? text(decoded, memo === undefined ? {} : { hint: memo })
            : code(memo && memo !== '0x' ? memo : undefined),
        ),
      ]),
    );
  }
  if (t.contract_call) {
    const c = t.contract_call;
    out.push(
      fields(l10n.t('Contract call'), [
        field(l10n.t('Contract'), principal(c.contract_id, ctx)),
        field(l10n.t('Function'), code(c.function_name)),
        field(l10n.t('Signature'), unlessUnavailable(t, 'function_signature', code(c.function_signature))),
      ]),
    );
    const args = c.function_args ?? [];
    out.push({
      type: 'table',
      title: l10n.t('Arguments'),
      columns: [{ label: l10n.t('Name') }, { label: l10n.t('Type') }, { label: l10n.t('Value') }],
      rows: args.map((a) => ({
        cells: [
          [unlessUnavailable(t, 'function_args.name', text(a.name))],
          [unlessUnavailable(t, 'function_args.type', code(a.type))],
          [a.hex ? clarity({ hex: a.hex, repr: a.repr }, ctx) : code(a.repr)],
        ],
      })),
      empty: l10n.t('This call has no arguments.'),
    });
  }
  if (t.smart_contract) {
    const c = t.smart_contract;
    out.push(
      fields(l10n.t('Contract deploy'), [
        field(l10n.t('Contract'), principal(c.contract_id, ctx)),
        field(l10n.t('Clarity version'), num(c.clarity_version ?? undefined)),
      ]),
    );
    out.push({
      type: 'actions',
      actions: [
        {
          label: l10n.t('Open source'),
          icon: 'file-code',
          primary: true,
          intent: { type: 'openSource', target: { kind: 'contract', id: c.contract_id, network: ctx.network } },
        },
      ],
    });
  }
  if (t.coinbase_payload) {
    const c = t.coinbase_payload;
    out.push(
      fields(l10n.t('Coinbase'), [
        field(l10n.t('Data'), code(c.data)),
        field(l10n.t('Alternate recipient'), principal(c.alt_recipient ?? undefined, ctx)),
        field(l10n.t('VRF proof'), id(c.vrf_proof ?? undefined, ctx)),
      ]),
    );
  }
  if (t.tenure_change_payload) {
    const p = t.tenure_change_payload as Record<string, unknown>;
    out.push(
      fields(
        l10n.t('Tenure change'),
        Object.entries(p).map(([k, v]) =>
          field(
            k.replace(/_/g, ' '),
            typeof v === 'number' ? num(v) : text(typeof v === 'string' ? v : JSON.stringify(v)),
          ),
        ),
      ),
    );
  }
  return out;
}

function microblock(t: Transaction, ctx: ModelContext): Section | undefined {
  const has = t.microblock_hash && t.microblock_hash !== '0x';
  if (!has && !t.is_unanchored) return undefined;
  return fields(l10n.t('Microblock'), [
    field(l10n.t('Microblock hash'), id(t.microblock_hash, ctx)),
    field(l10n.t('Sequence'), num(t.microblock_sequence)),
    field(l10n.t('Microblock canonical'), yesNo(t.microblock_canonical)),
    field(l10n.t('Unanchored'), yesNo(t.is_unanchored)),
  ]);
}

export async function loadTx(target: Target, params: PanelParams, l: PanelLoad): Promise<Loaded> {
  const { c, ctx, call, part } = l;
  const eventOffset = pageStart(params.eventOffset, EVENTS_PER_PAGE);
  const tx = await part('tx', String(eventOffset), () =>
    c.getTransaction(target.id, { ...call, eventLimit: EVENTS_PER_PAGE, eventOffset }),
  );
  const tokens = await loadTokens(tokensOfTransaction(tx), c, ctx, call);
  // A skipped transaction did not run: there is no failure to explain, its status says what happened.
  const failure = isSkipped(tx.tx_status)
    ? undefined
    : await txFailure(tx, c, { ...call, ...resultText(tx), confirmBalance: true });
  // The tenure budget of the node's epoch, asked only for a transaction that cost something.
  const costly = [tx.execution_cost_runtime, tx.execution_cost_read_count, tx.execution_cost_write_count].some(
    (n) => typeof n === 'number' && n > 0,
  );
  const budget = costly ? await c.getPoxInfo(call).then(tenureBudgetOf, () => undefined) : undefined;
  // sBTC withdrawals the transaction makes or settles: the registry's state and Emily's word.
  const withdrawals = await part('sbtcWithdrawals', String(eventOffset), () => loadWithdrawals(tx, l));
  return {
    model: txModel(
      tx,
      eventOffset,
      { ...ctx, decode: clarityDecoder(), tokens, ...(failure ? { failure } : {}) },
      budget,
      withdrawals,
    ),
    parts: l.parts,
    params: { eventOffset },
  };
}
