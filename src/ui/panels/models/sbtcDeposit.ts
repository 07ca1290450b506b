/**
 * The sBTC deposit panel: a Bitcoin transaction that deposits BTC to Stacks, as the registry
 * contract (completed deposits) and Emily (pending ones) know it: amount, recipient, status with
 * its message, the Stacks mint transaction and the sweep's Bitcoin transaction.
 */
import { formatTokenAmount } from '../../../chain/format';
import { depositStatusWords, parseDepositId, SBTC_DECIMALS } from '../../../chain/sbtc';
import type { Target } from '../../../chain/target';
import type { PanelParams, Section, ViewModel } from '../../../protocol';
import * as l10n from '../../../chain/l10n';
import { depositRecipient } from '../../sbtc/recipient';
import { emilyGate } from '../../sbtc/gate';
import { findDeposit, type DepositFacts } from '../../sbtc/deposit';
import type { EmilyDeposit } from '../../../api/emily';
import type { Loaded, PanelLoad } from './load';
import {
  badge,
  bitcoinTx,
  burnBlock,
  compact,
  field,
  fields,
  id,
  principal,
  text,
  tx,
  type ModelContext,
} from './values';

/** Sats as sBTC (8 decimals). */
export function sbtcAmount(sats: string | number): string {
  return `${formatTokenAmount(String(sats), SBTC_DECIMALS) ?? String(sats)} sBTC`;
}

const hex0x = (h: string) => `0x${h.replace(/^0x/i, '')}`;

export function depositModel(f: DepositFacts, ctx: ModelContext): ViewModel {
  const sections: Section[] = [];
  const outs = new Map<number, { done?: DepositFacts['completed'][number]; emily?: EmilyDeposit }>();
  for (const d of f.completed) outs.set(d.vout, { ...outs.get(d.vout), done: d });
  for (const e of f.emily ?? []) outs.set(e.bitcoinTxOutputIndex, { ...outs.get(e.bitcoinTxOutputIndex), emily: e });
  const statuses: string[] = [];
  for (const [vout, { done, emily }] of [...outs.entries()].sort((a, b) => a[0] - b[0]).slice(0, 20)) {
    // The registry's word is final: a completed deposit is minted, whatever Emily last saw.
    const status = done ? 'confirmed' : (emily?.status ?? 'pending');
    statuses.push(status);
    const w = depositStatusWords(status);
    const ful = emily?.fulfillment ?? undefined;
    const mint = ful?.StacksTxid ? hex0x(ful.StacksTxid) : undefined;
    const sweep = done?.sweepTxid ?? ful?.BitcoinTxid;
    sections.push(
      fields(l10n.t('Output {0}', vout), [
        field(l10n.t('Status'), badge(w.label, w.tone), text(emily?.statusMessage ?? w.meaning)),
        field(l10n.t('Amount'), text(sbtcAmount(done?.amount ?? emily?.amount ?? ''))),
        field(
          l10n.t('Recipient'),
          principal(done?.recipient ?? (emily ? depositRecipient(emily.recipient) : undefined), ctx),
        ),
        emily?.parameters && field(l10n.t('Maximum fee'), text(sbtcAmount(emily.parameters.maxFee))),
        ful && field(l10n.t('Fee taken'), text(sbtcAmount(ful.BtcFee))),
        field(l10n.t('Stacks mint transaction'), tx(mint, ctx)),
        field(l10n.t('Sweep (Bitcoin transaction)'), bitcoinTx(sweep ? hex0x(sweep) : undefined, ctx)),
        field(
          l10n.t('Sweep in Bitcoin block'),
          burnBlock(done ? Number(done.sweepBurnHeight) : ful?.BitcoinBlockHeight, ctx),
        ),
        emily?.replacedByTx && field(l10n.t('Replaced by'), bitcoinTx(hex0x(emily.replacedByTx), ctx)),
        emily?.parameters &&
          field(
            l10n.t('Reclaim lock time'),
            text(l10n.t('{0} Bitcoin blocks after the deposit confirms', emily.parameters.lockTime)),
          ),
      ]),
    );
  }
  const notices = compact<Section>([
    outs.size === 0 && {
      type: 'notice',
      tone: 'warning',
      icon: 'question',
      text: f.emily
        ? l10n.t('Neither the sBTC registry nor Emily knows a deposit in this Bitcoin transaction.')
        : l10n.t(
            'The sBTC registry has no completed deposit for this Bitcoin transaction (output {0}).',
            f.ref.vout ?? 0,
          ),
    },
    f.emilyOff !== undefined && { type: 'notice', tone: 'info', icon: 'info', text: f.emilyOff },
    f.registryError !== undefined && {
      type: 'notice',
      tone: 'warning',
      icon: 'warning',
      text: l10n.t('The sBTC registry could not be read: {0}', f.registryError),
    },
  ]);
  const first = statuses[0];
  // Not minted, failed or replaced yet: it can be watched (the registry, and Emily where agreed).
  const open = !statuses.some((s) => s === 'confirmed' || s === 'failed' || s === 'rbf');
  const watch: Section | undefined = open
    ? {
        type: 'actions',
        actions: [{ label: l10n.t('Watch until it is minted'), icon: 'eye', primary: true, intent: { type: 'watch' } }],
      }
    : undefined;
  return {
    kind: 'sbtcDeposit',
    title: l10n.t('sBTC deposit'),
    icon: 'arrow-down',
    subject: { ...id(f.ref.txid, ctx), bitcoin: { kind: 'tx', id: hex0x(f.ref.txid) } },
    badges: first ? [badge(depositStatusWords(first).label, depositStatusWords(first).tone)] : [],
    sections: [
      ...notices,
      ...(watch ? [watch] : []),
      fields(l10n.t('Bitcoin transaction'), [
        field(l10n.t('Transaction'), bitcoinTx(hex0x(f.ref.txid), ctx)),
        field(l10n.t('Registry'), principal(f.registry, ctx)),
      ]),
      ...sections,
    ],
  };
}

export async function loadSbtcDeposit(target: Target, _params: PanelParams, l: PanelLoad): Promise<Loaded> {
  const ref = parseDepositId(target.id);
  if (!ref) throw new Error(l10n.t('"{0}" is not a Bitcoin transaction id.', target.id.slice(0, 80)));
  // A panel the window restores (fail-fast, in the background) never asks: the user did not look it up now.
  const emily = await emilyGate().access(l.ctx.network, l.call.budget !== 'fail-fast');
  const facts = await l.part('deposit', target.id, () => findDeposit(l.c, l.ctx.network, ref, emily, l.call));
  return { model: depositModel(facts, l.ctx), parts: l.parts, params: {} };
}
