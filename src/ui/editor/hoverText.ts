/**
 * The Markdown of the hovers, built from API data. Pure: no `vscode`. Everything that came from
 * the chain or the network goes through `escapeMarkdown` (or `code` for ids of a known shape), and
 * links only ever run the extension's own commands, which the caller lists in `isTrusted`.
 */
import { commandUri, type CommandLinkArgs, type LinkedCommand } from '../shared/commandLink';
import type {
  ContractStatus,
  FtHolding,
  FtMetadata,
  PrincipalStaking,
  StxBalance,
  Transaction,
} from '../../api/schemas';
import { Commands } from '../../constants';
import {
  decodeMemo,
  formatAge,
  formatMicroStx,
  formatStx,
  formatTime,
  formatTokenAmount,
  statusLabel,
  statusTone,
  txTypeLabel,
  formatCount,
} from '../../chain/format';
import { shortenMiddle } from '../../chain/target';
import type { NetworkId, Target } from '../../chain/target';

/** Bidi overrides/isolates, zero-width characters, the BOM and other invisible format controls. */
// The class lists variation selectors on purpose: they are removed one by one, not as a sequence.
import { escapeMarkdown } from '../shared/markdown';
import { isSkipped, statusMeaning } from '../../chain/txStatus';
import type { TxFailure } from '../failure/txFailure';
import * as l10n from '../../chain/l10n';

export { escapeMarkdown };

const SAFE_CODE = /^[A-Za-z0-9._:…-]{1,200}$/;

/** An id of a known shape (tx id, principal, contract id) as a code span; anything else as escaped text. */
export function code(s: string): string {
  return SAFE_CODE.test(s) ? `\`${s}\`` : escapeMarkdown(s);
}

export { commandUri } from '../shared/commandLink';

/** The Markdown of one hover and the commands its links run (the hover trusts exactly these). */
export interface HoverDoc {
  markdown: string;
  commands: string[];
}

/** Which network answered: shown at the foot of every hover. */
export interface HoverSource {
  network: NetworkId;
  networkLabel: string;
  baseUrl: string;
  /** For relative ages ("3 days ago"); tests pin it. */
  now?: number;
}

/** A value, or the short sentence that says why it is missing. */
export type Fetched<T> = { ok: true; value: T } | { ok: false; short: string; notFound?: boolean };

class Doc {
  private readonly blocks: string[] = [];
  private readonly used = new Set<string>();

  /** A paragraph of lines shown one under the other. */
  block(lines: Array<string | undefined | false>): this {
    const kept = lines.filter((l): l is string => typeof l === 'string' && l.length > 0);
    if (kept.length) this.blocks.push(kept.join('  \n'));
    return this;
  }

  link<C extends LinkedCommand>(label: string, tooltip: string, command: C, args: CommandLinkArgs[C]): string {
    this.used.add(command);
    return `[${label}](${commandUri(command, args)} "${tooltip}")`;
  }

  links(items: Array<string | undefined>): this {
    return this.block([items.filter(Boolean).join(' · ')]);
  }

  build(source: HoverSource): HoverDoc {
    const foot = `_${escapeMarkdown(source.networkLabel)} · ${escapeMarkdown(source.baseUrl)}_`;
    return { markdown: [...this.blocks, foot].join('\n\n'), commands: [...this.used] };
  }
}

/** What a formatted amount is made of; anything else is escaped like any text from outside. */
const AMOUNT_TEXT = /^[-0-9,. a-zA-Zµ()—]*$/;

/** A formatted amount as Markdown: digits and units as they are, anything else escaped. */
function amountMarkdown(s: string): string {
  return AMOUNT_TEXT.test(s) ? s : escapeMarkdown(s);
}

/** "0.001234 STX (1,234 µSTX)": readable and exact. */
export function stxAmount(micro: string | number | bigint | undefined): string {
  return amountMarkdown(`${formatStx(micro)} (${formatMicroStx(micro)})`);
}

/** "0.001234 STX", Markdown-safe. */
function stx(micro: string | number | bigint | undefined): string {
  return amountMarkdown(formatStx(micro));
}

function explorerLink(doc: Doc, target: Target): string {
  return doc.link(l10n.t('$(link-external) Explorer'), l10n.t('Open in the web explorer'), Commands.openInExplorer, [
    target,
  ]);
}

function copyLink(doc: Doc, id: string): string {
  return doc.link(l10n.t('$(copy) Copy'), l10n.t('Copy the identifier'), Commands.copy, [id]);
}

function statusLine(tx: Transaction, now: number | undefined): string {
  const tone = statusTone(tx.tx_status);
  const label = escapeMarkdown(statusLabel(tx.tx_status));
  if (isSkipped(tx.tx_status)) return `$(debug-step-over) ${label}`;
  switch (tone) {
    case 'success':
      return `$(pass) ${label}`;
    case 'failed': {
      const reason = tx.tx_result?.repr ?? tx.vm_error ?? undefined;
      return `$(error) ${label}${reason ? `: ${escapeMarkdown(reason, 160)}` : ''}`;
    }
    case 'pending': {
      const since =
        tx.receipt_time && tx.receipt_time > 0
          ? l10n.t(' in the mempool since {0} ({1})', formatTime(tx.receipt_time), formatAge(tx.receipt_time, now))
          : l10n.t(' in the mempool');
      return `$(clock) ${label}${since}`;
    }
    case 'dropped':
      return tx.replaced_by_tx_id
        ? l10n.t('$(circle-slash) {0}, replaced by {1}', label, code(tx.replaced_by_tx_id))
        : `$(circle-slash) ${label}`;
    default:
      return `$(question) ${label}`;
  }
}

/** What a skipped or unknown status means (the others say it in their label): whether it ran, whether its fee was paid. */
function statusNote(tx: Transaction): string | undefined {
  if (!isSkipped(tx.tx_status) && statusTone(tx.tx_status) !== 'other') return undefined;
  return escapeMarkdown(statusMeaning(tx.tx_status), 300);
}

export function txHover(tx: Transaction, source: HoverSource, failure?: TxFailure): HoverDoc {
  const doc = new Doc();
  const target: Target = { kind: 'tx', id: tx.tx_id, network: source.network };
  const when = tx.block_time ?? tx.burn_block_time;
  const whenIso = tx.block_time_iso ?? tx.burn_block_time_iso;
  doc.block([
    `**${escapeMarkdown(txTypeLabel(tx.tx_type))}** · ${statusLine(tx, source.now)}`,
    statusNote(tx),
    l10n.t('Transaction {0}', code(tx.tx_id)),
  ]);
  failureBlock(doc, failure, source.network, tx.tx_id);
  const transfer = tx.tx_type === 'token_transfer' ? tx.token_transfer : undefined;
  const memo = transfer ? decodeMemo(transfer.memo) : undefined;
  doc.block([
    tx.block_height !== undefined &&
      `Block: #${formatCount(tx.block_height)} · ${formatTime(when, whenIso)}${when ? ` (${formatAge(when, source.now)})` : ''}`,
    `Fee: ${stxAmount(tx.fee_rate)}${tx.sponsored ? ` (sponsored${tx.sponsor_address ? ` by ${code(tx.sponsor_address)}` : ''})` : ''}`,
    `Sender: ${code(tx.sender_address)}`,
    transfer && l10n.t('Amount: {0} → {1}', stxAmount(transfer.amount), code(transfer.recipient_address)),
    memo && `Memo: ${escapeMarkdown(memo, 80)}`,
    tx.contract_call && `Call: ${code(tx.contract_call.contract_id)} ${code(tx.contract_call.function_name)}`,
    tx.smart_contract && `Deploys: ${code(tx.smart_contract.contract_id)}`,
  ]);
  doc.links([
    doc.link(l10n.t('$(preview) Open'), l10n.t('Show the transaction in a panel'), Commands.showTransaction, [
      tx.tx_id,
    ]),
    tx.tx_status === 'pending'
      ? doc.link(l10n.t('$(eye) Watch'), l10n.t('Tell me when it is mined or dropped'), Commands.watchTransaction, [
          target,
        ])
      : undefined,
    explorerLink(doc, target),
    copyLink(doc, tx.tx_id),
  ]);
  return doc.build(source);
}

/** Why a failed transaction failed: the error's name, the vm_error in words, and links to the lines that return it. */
function failureBlock(doc: Doc, f: TxFailure | undefined, network: NetworkId, txId: string): void {
  if (!f) return;
  doc.block([`$(error) ${escapeMarkdown(f.headline, 300)}`, f.vm && escapeMarkdown(f.vm.sentence, 300)]);
  const call = f.call;
  if (!call) return;
  doc.links(
    f.links
      .slice(0, 3)
      .map((l, i) =>
        doc.link(
          l10n.t('$(go-to-file) {0}, line {1}', escapeMarkdown(l.name ?? l10n.t('the line'), 80), l.line + 1),
          l10n.t('Open the line that returned the error'),
          Commands.openErrorLine,
          [{ network, contractId: call.contractId, fn: call.fn, result: call.result, link: i }],
        ),
      )
      // Trace: the call replayed on this machine with the Clarinet SDK (src/ui/trace).
      .concat(
        doc.link(
          l10n.t('$(debug-alt) Trace'),
          l10n.t('Replay the call on this machine and show its call tree'),
          Commands.traceTransaction,
          [{ id: txId, network }],
        ),
      ),
  );
}

function balanceLines(b: StxBalance): string[] {
  const total = safeBig(b.balance);
  const locked = safeBig(b.locked);
  const lines = [`Balance: ${stxAmount(b.balance)}`];
  if (locked !== undefined && locked > 0n && total !== undefined) {
    lines.push(`Available: ${stxAmount(total - locked)}`);
    const unlock = b.burnchain_unlock_height
      ? l10n.t(' until burn block #{0}', formatCount(b.burnchain_unlock_height))
      : '';
    lines.push(`Locked: ${stxAmount(b.locked)}${unlock}`);
  }
  // The v3 balance (the API's replacement once its v1 route is off) has no totals at all.
  lines.push(
    b.unavailable?.includes('total_sent')
      ? l10n.t('Sent · Received: not available on this API')
      : l10n.t('Sent: {0} · Received: {1}', stx(b.total_sent), stx(b.total_received)),
  );
  return lines;
}

/**
 * What an address holds besides STX, for its hover: how many tokens and NFTs, and the first tokens
 * with their metadata (or why their amounts are raw).
 */
export interface HoverHoldings {
  ftTotal: number;
  nftTotal: number;
  /** The largest holdings, each with its token's metadata or why there is none. */
  top: Array<{ holding: FtHolding; meta: FtMetadata | string }>;
}

/** One token line: the amount with decimals and symbol, or raw with the asset identifier and why. */
function holdingLine(h: { holding: FtHolding; meta: FtMetadata | string }): string {
  const id = h.holding.asset_identifier;
  const decimals = typeof h.meta === 'string' ? undefined : h.meta.decimals;
  const formatted = decimals === undefined ? undefined : formatTokenAmount(h.holding.balance, decimals);
  if (formatted !== undefined && typeof h.meta !== 'string') {
    const symbol = h.meta.symbol?.trim() ? escapeMarkdown(h.meta.symbol.trim(), 16) : '';
    return `${amountMarkdown(formatted)}${symbol ? ` ${symbol}` : ''} · ${code(id)}`;
  }
  const why = typeof h.meta === 'string' ? h.meta : l10n.t('the token metadata gives no decimals');
  return l10n.t('{0} {1} _(raw amount: {2})_', amountMarkdown(h.holding.balance), code(id), escapeMarkdown(why, 120));
}

function holdingsLines(h: Fetched<HoverHoldings>): string[] {
  if (!h.ok) return [l10n.t('Tokens: {0}', escapeMarkdown(h.short))];
  const v = h.value;
  const counts =
    v.nftTotal === 1
      ? l10n.t('Tokens: {0} fungible · 1 NFT', formatCount(v.ftTotal))
      : l10n.t('Tokens: {0} fungible · {1} NFTs', formatCount(v.ftTotal), formatCount(v.nftTotal));
  const more =
    v.ftTotal > v.top.length && v.top.length
      ? l10n.t('… and {0} more in the panel', formatCount(v.ftTotal - v.top.length))
      : '';
  return [counts, ...v.top.map(holdingLine), more];
}

/** Sats as sBTC (8 decimals), Markdown-safe. */
function sbtc(sats: string): string {
  return amountMarkdown(`${formatTokenAmount(sats, 8) ?? sats} sBTC`);
}

/**
 * The pox-5 staking of an address (v3): STX locked in staking with its claimable sBTC rewards,
 * and its bonds. Nothing when the principal does not stake or the API has no staking route.
 */
function stakingLines(s: Fetched<PrincipalStaking | undefined>): string[] {
  if (!s.ok) return [l10n.t('Staking: {0}', escapeMarkdown(s.short))];
  const v = s.value;
  if (!v) return [];
  const lines: string[] = [];
  if (v.stx.locked !== '0' || v.stx.rewards.btc.accrued !== '0')
    lines.push(
      l10n.t('Staking: {0} locked · {1} rewards claimable', stx(v.stx.locked), sbtc(v.stx.rewards.btc.claimable)),
    );
  if (v.bonds.count > 0)
    lines.push(
      l10n.t(
        'Bonds: {0} · {1} and {2} locked · {3} rewards claimable',
        formatCount(v.bonds.count),
        stx(v.bonds.locked.stx),
        sbtc(v.bonds.locked.btc),
        sbtc(v.bonds.rewards.btc.claimable),
      ),
    );
  return lines;
}

export function addressHover(
  address: string,
  balance: Fetched<StxBalance>,
  source: HoverSource,
  holdings?: Fetched<HoverHoldings>,
  staking?: Fetched<PrincipalStaking | undefined>,
): HoverDoc {
  const doc = new Doc();
  const target: Target = { kind: 'address', id: address, network: source.network };
  doc.block([`**Address** ${code(address)}`]);
  doc.block(balance.ok ? balanceLines(balance.value) : [`$(warning) ${escapeMarkdown(balance.short)}`]);
  if (staking) doc.block(stakingLines(staking));
  if (holdings) doc.block(holdingsLines(holdings));
  doc.links([
    doc.link(l10n.t('$(preview) Open'), l10n.t('Show the address in a panel'), Commands.showAddress, [address]),
    explorerLink(doc, target),
    copyLink(doc, address),
    doc.link(l10n.t('$(eye) Watch'), l10n.t('Watch this address in the Stacks Lookup view'), Commands.watchAddress, [
      address,
    ]),
  ]);
  return doc.build(source);
}

export function contractHover(
  contract: { id: string; trait?: string },
  status: Fetched<ContractStatus | undefined>,
  deployerBalance: Fetched<StxBalance>,
  source: HoverSource,
): HoverDoc {
  const doc = new Doc();
  const [deployer = '', name = contract.id] = contract.id.split('.');
  const target: Target = { kind: 'contract', id: contract.id, network: source.network };
  doc.block([
    contract.trait
      ? l10n.t('**Trait** {0} of contract {1}', code(contract.trait), code(name))
      : `**Contract** ${code(name)}`,
    `Deployer: ${code(deployer)}`,
  ]);
  let deployLine: string;
  if (!status.ok) deployLine = `$(warning) ${escapeMarkdown(status.short)}`;
  else if (!status.value?.found || !status.value.result)
    deployLine = l10n.t('$(circle-slash) Not deployed on {0}', escapeMarkdown(source.networkLabel));
  else {
    const r = status.value.result;
    const tx = doc.link(code(shortenMiddle(r.tx_id)), l10n.t('Show the deploy transaction'), Commands.showTransaction, [
      r.tx_id,
    ]);
    if (r.status === 'success' && r.block_height !== undefined)
      deployLine = l10n.t('$(pass) Deployed in block #{0} by tx {1}', formatCount(r.block_height), tx);
    else if (r.status === 'pending' || r.block_height === undefined)
      deployLine = l10n.t('$(clock) Deployment {0}, tx {1}', escapeMarkdown(statusLabel(r.status)).toLowerCase(), tx);
    else deployLine = l10n.t('$(error) Deployment {0}, tx {1}', escapeMarkdown(statusLabel(r.status)), tx);
  }
  doc.block([
    deployLine,
    deployerBalance.ok
      ? l10n.t('Deployer balance: {0}', stxAmount(deployerBalance.value.balance))
      : l10n.t('Deployer balance: {0}', escapeMarkdown(deployerBalance.short)),
  ]);
  doc.links([
    doc.link(l10n.t('$(preview) Open'), l10n.t('Show the deployment status in a panel'), Commands.showContractStatus, [
      contract.id,
    ]),
    explorerLink(doc, target),
    copyLink(doc, contract.id),
  ]);
  return doc.build(source);
}

/** A hover that could not be filled: what was hovered and one short sentence why. */
export function failureHover(what: string, id: string, short: string, source: HoverSource): HoverDoc {
  const doc = new Doc();
  doc.block([`**${escapeMarkdown(what)}** ${code(id)}`, `$(warning) ${escapeMarkdown(short)}`]);
  return doc.build(source);
}

function safeBig(s: string | undefined): bigint | undefined {
  try {
    return s === undefined ? undefined : BigInt(s);
  } catch {
    return undefined;
  }
}
