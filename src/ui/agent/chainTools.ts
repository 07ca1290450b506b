/**
 * The chat tools that read the chain's records: a transaction, an address, a block and the
 * mempool's fee estimates. Each answers with toolText.ts: checked ids and numbers as facts, every
 * string of the chain's (memos, contract ids, values, token names) in the data block.
 */
import type { FtMetadata, MempoolFees, Transaction, TransactionEvent } from '../../api';
import { decodeMemo, formatTokenAmount, statusTone, txTypeLabel, statusLabel } from '../../chain/format';
import { isKnownStatus, isSkipped, statusMeaning } from '../../chain/txStatus';
import { checkBlockRef, checkContractId, checkPrincipal, checkTxId } from '../../chain/identifiers';
import { ask, asking, BadInput, maybe, text, type Asking, type ToolBody } from './toolContext';
import { address, hash, num, nums, ours, renderAnswer, stx, type Datum, type Fact, type Vouched } from './toolText';
import * as l10n from '../../chain/l10n';

/** Events a transaction's answer lists; the rest are counted. */
const MAX_EVENTS = 8;
/** Tokens an address's answer lists, largest first; the rest are counted. */
const MAX_TOKENS = 5;
/** Transactions a block's answer lists; the rest are counted. */
const MAX_BLOCK_TXS = 10;

const TYPES = new Set([
  'token_transfer',
  'contract_call',
  'smart_contract',
  'coinbase',
  'poison_microblock',
  'tenure_change',
]);

/** A status the extension knows, in words; an unknown one goes to the data block. */
export function status(s: string): Vouched | undefined {
  return isKnownStatus(s) ? ours(`${statusLabel(s)} (${s})`) : undefined;
}

/**
 * What a status means: what happened, whether it ran, whether its fee was paid. For an unknown one,
 * that it is unknown (its raw value is data, in the block).
 */
function statusMeaningFact(s: string): Vouched {
  return ours(
    isKnownStatus(s)
      ? statusMeaning(s)
      : l10n.t(
          'Unknown to this version: its raw value is the "status" line of the data block; whether it ran and whether its fee was paid are not known.',
        ),
  );
}
function txType(t: string): Vouched | undefined {
  return TYPES.has(t) ? ours(txTypeLabel(t)) : undefined;
}
/** An ISO time as the API writes it. */
function isoTime(iso: string | undefined): Vouched | undefined {
  return iso && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?Z$/.test(iso) ? ours(iso) : undefined;
}

export const transactionTool: ToolBody = async (input, ctx) => {
  const id = checkTxId(text(input, 'txId', l10n.t('a transaction id (0x and 64 hex digits)')));
  if (!id.ok) throw new BadInput(ours(id.reason));
  const a = await asking(ctx);
  const tx = await ask(a, 'transaction', () => a.client.getTransaction(id.value, { ...a.o, eventLimit: MAX_EVENTS }));
  return renderAnswer(transactionAnswer(tx, a.where));
};

/** The answer about `tx` (pure, for the unit tests). */
export function transactionAnswer(tx: Transaction, where: Vouched) {
  const facts: Fact[] = [
    [l10n.t('Status'), status(tx.tx_status)],
    [l10n.t('What happened'), statusMeaningFact(tx.tx_status)],
    [l10n.t('Type'), txType(tx.tx_type)],
    [l10n.t('Sender'), address(tx.sender_address)],
    [l10n.t('Nonce'), num(tx.nonce)],
    [l10n.t('Fee'), stx(tx.fee_rate)],
    [l10n.t('Sponsored by'), tx.sponsored ? address(tx.sponsor_address) : undefined],
    [l10n.t('Block height'), num(tx.block_height)],
    [l10n.t('Block hash'), hash(tx.block_hash)],
    [l10n.t('Block time'), isoTime(tx.block_time_iso)],
    [l10n.t('Bitcoin (burn) block height'), num(tx.burn_block_height)],
    [l10n.t('Replaced by'), hash(tx.replaced_by_tx_id)],
    [l10n.t('Events'), num(tx.event_count)],
  ];
  const data: Datum[] = [];
  if (!status(tx.tx_status)) data.push(['status', tx.tx_status]);
  if (!txType(tx.tx_type)) data.push(['type', tx.tx_type]);
  const t = tx.token_transfer;
  if (t) {
    facts.push(['Amount', stx(t.amount)]);
    const to = address(t.recipient_address);
    if (to) facts.push(['Recipient', to]);
    else data.push(['recipient', t.recipient_address]);
    if (t.memo) data.push(['memo', decodeMemo(t.memo) ?? t.memo]);
  }
  const call = tx.contract_call;
  if (call) {
    data.push(['contract', call.contract_id], ['function', call.function_name]);
    for (const arg of call.function_args ?? [])
      data.push([`argument ${arg.name ?? ''}${arg.type ? ` (${arg.type})` : ''}`.trim(), arg.repr]);
  }
  if (tx.smart_contract) data.push(['deployed contract', tx.smart_contract.contract_id]);
  if (tx.tx_result) data.push(['result', tx.tx_result.repr]);
  if (tx.vm_error) data.push(['vm_error', tx.vm_error]);
  for (const e of (tx.events ?? []).slice(0, MAX_EVENTS)) data.push(eventDatum(e));
  const notes: Vouched[] = [];
  if ((tx.event_count ?? 0) > MAX_EVENTS) notes.push(ours(l10n.t('The first {0} events are listed.', MAX_EVENTS)));
  if (statusTone(tx.tx_status) === 'failed' && !isSkipped(tx.tx_status))
    notes.push(
      ours(l10n.t('It failed: the tool stacks_whyFailed (#stacksWhyFailed) names the error and the source lines.')),
    );
  return {
    title: ours(l10n.t('Stacks transaction {0} on {1}', tx.tx_id.length === 66 ? (hash(tx.tx_id) ?? '') : '', where)),
    facts,
    data,
    notes,
  };
}

function eventDatum(e: TransactionEvent): Datum {
  const label = l10n.t('event {0} ({1})', e.event_index, e.event_type);
  if (e.contract_log)
    return [label, `${e.contract_log.contract_id} ${e.contract_log.topic}: ${e.contract_log.value.repr}`];
  const x = e.asset;
  if (x) {
    const value = x.amount ?? x.value?.repr ?? '';
    return [
      label,
      `${x.asset_event_type ?? ''} ${x.asset_id ?? 'STX'} ${value} from ${x.sender ?? '-'} to ${x.recipient ?? '-'}${x.memo ? ` memo ${x.memo}` : ''}`,
    ];
  }
  if (e.stx_lock_event)
    return [
      label,
      l10n.t(
        'locked {0} µSTX until burn height {1}',
        e.stx_lock_event.locked_amount ?? '?',
        e.stx_lock_event.unlock_height ?? '?',
      ),
    ];
  return [label, ''];
}

export const addressTool: ToolBody = async (input, ctx) => {
  const p = checkPrincipal(text(input, 'address', l10n.t('a Stacks address (SP…, ST…) or contract id')));
  if (!p.ok) throw new BadInput(ours(p.reason));
  const a = await asking(ctx, p.value.network);
  const principal = p.value.principal;
  const [balance, nonces, ft, nft] = await Promise.all([
    ask(a, 'address', () => a.client.getStxBalance(principal, a.o)),
    p.value.kind === 'address' ? maybe(() => a.client.getNonces(principal, a.o)) : undefined,
    maybe(() => a.client.getFtHoldings(principal, { ...a.o, limit: MAX_TOKENS })),
    maybe(() => a.client.getNftHoldings(principal, { ...a.o, limit: 1 })),
  ]);
  const facts: Fact[] = [
    [l10n.t('Balance'), stx(balance.balance)],
    [l10n.t('Locked'), stx(balance.locked)],
    [l10n.t('Unlocks at Bitcoin (burn) block height'), num(balance.burnchain_unlock_height)],
    [l10n.t('Estimated balance with pending transactions'), stx(balance.estimated_balance)],
  ];
  if (nonces) {
    const m = nonces.mempool;
    facts.push(
      [l10n.t('Next nonce'), num(nonces.next_nonce)],
      [l10n.t('Last confirmed nonce'), num(nonces.last_confirmed_nonce)],
      [l10n.t('Last nonce in the mempool'), num(m.last_nonce)],
      [l10n.t('Pending nonces'), nums(m.pending_nonces)],
      [l10n.t('Missing nonces (transactions above them are stuck)'), nums(m.missing_nonces)],
    );
  }
  facts.push(
    [l10n.t('Fungible tokens held'), ft ? num(ft.total) : ours(l10n.t('could not be read'))],
    [l10n.t('NFTs held'), nft ? num(nft.total) : ours(l10n.t('could not be read'))],
  );
  const data: Datum[] = [];
  if (p.value.kind === 'contract') data.push(['contract', principal]);
  for (const h of ft?.results ?? [])
    data.push([`token ${h.asset_identifier}`, tokenAmount(h.balance, await metadataOf(a, h.asset_identifier))]);
  const notes =
    ft && ft.total > MAX_TOKENS ? [ours(l10n.t('The {0} largest token balances are listed.', MAX_TOKENS))] : [];
  const title = p.value.kind === 'address' ? address(principal) : ours(l10n.t('contract (named in the data block)'));
  return renderAnswer({ title: ours(l10n.t('Stacks address {0} on {1}', title ?? '', a.where)), facts, data, notes });
};

async function metadataOf(a: Asking, assetId: string): Promise<FtMetadata | undefined> {
  if (a.network === 'devnet' || a.network === 'custom') return undefined;
  const contract = checkContractId(assetId.split('::')[0] ?? '');
  if (!contract.ok) return undefined;
  return (await maybe(() => a.client.getFtMetadata(contract.value.contractId, a.o))) ?? undefined;
}

function tokenAmount(raw: string, meta: FtMetadata | undefined): string {
  const amount = meta?.decimals !== undefined ? formatTokenAmount(raw, meta.decimals) : undefined;
  if (!amount) return l10n.t('{0} (raw units: no decimals known)', raw);
  return `${amount} ${meta?.symbol ?? ''} (raw ${raw}, ${meta?.decimals} decimals${meta?.name ? `, ${meta.name}` : ''})`;
}

export const blockTool: ToolBody = async (input, ctx) => {
  const ref = checkBlockRef(text(input, 'block', l10n.t('a block height, a block hash or "latest"')));
  if (!ref.ok) throw new BadInput(ours(ref.reason));
  const a = await asking(ctx);
  const at = ref.value.kind === 'latest' ? 'latest' : ref.value.kind === 'height' ? ref.value.height : ref.value.hash;
  const block = await ask(a, 'block', () => a.client.getBlock(at, a.o));
  const txs = await maybe(() => a.client.getBlockTransactions(block.hash, { ...a.o, limit: MAX_BLOCK_TXS }));
  const facts: Fact[] = [
    [l10n.t('Height'), num(block.height)],
    [l10n.t('Hash'), hash(block.hash)],
    [l10n.t('Index block hash'), hash(block.index_block_hash)],
    [l10n.t('Parent block hash'), hash(block.parent_block_hash)],
    [l10n.t('Canonical'), ours(block.canonical ? 'yes' : l10n.t('no (orphaned)'))],
    [l10n.t('Time'), isoTime(block.block_time_iso)],
    [l10n.t('Bitcoin (burn) block height'), num(block.burn_block_height)],
    [l10n.t('Bitcoin (burn) block hash'), hash(block.burn_block_hash)],
    [l10n.t('Tenure height'), num(block.tenure_height)],
    [l10n.t('Transactions'), num(block.tx_count)],
  ];
  for (const [i, tx] of (txs?.results ?? []).entries())
    facts.push([
      l10n.t('Transaction {0}', i + 1),
      ours(
        `${hash(tx.tx_id) ?? '(malformed id)'} ${txType(tx.tx_type) ?? 'other'}, ${isKnownStatus(tx.tx_status) ? `${statusLabel(tx.tx_status)} (${tx.tx_status})` : 'other status'}`,
      ),
    ]);
  const notes =
    block.tx_count > MAX_BLOCK_TXS && txs
      ? [ours(l10n.t('The first {0} transactions are listed.', MAX_BLOCK_TXS))]
      : [];
  return renderAnswer({
    title: ours(l10n.t('Stacks block {0} on {1}', num(block.height) ?? '', a.where)),
    facts,
    data: [],
    notes,
  });
};

export const feesTool: ToolBody = async (_input, ctx) => {
  const a = await asking(ctx);
  const fees = await ask(a, l10n.t('mempool fee estimates'), () => a.client.getMempoolFees(a.o));
  return renderAnswer(feesAnswer(fees, a.where));
};

export function feesAnswer(fees: MempoolFees, where: Vouched) {
  const kinds = [
    [l10n.t('All transactions'), fees.all],
    [l10n.t('Token transfer'), fees.token_transfer],
    [l10n.t('Contract call'), fees.contract_call],
    [l10n.t('Contract deploy'), fees.smart_contract],
  ] as const;
  const facts: Fact[] = kinds.map(([label, f]) => [
    label,
    f
      ? ours(
          l10n.t(
            'no priority {0}; low {1}; medium {2}; high {3}',
            String(stx(f.no_priority)),
            String(stx(f.low_priority)),
            String(stx(f.medium_priority)),
            String(stx(f.high_priority)),
          ),
        )
      : ours(l10n.t('no pending transaction of this kind')),
  ]);
  return {
    title: ours(l10n.t('Stacks mempool fee estimates on {0}', where)),
    facts,
    data: [],
    notes: [
      ours(
        l10n.t(
          'Each is the fee the pending transactions of that kind pay at that priority (percentiles of the mempool).',
        ),
      ),
    ],
  };
}
