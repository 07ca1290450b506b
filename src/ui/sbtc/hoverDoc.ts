/**
 * The hover of an sBTC deposit (a 0x… Bitcoin txid that is no Stacks transaction): its amount,
 * status with its message, and links to the Stacks mint transaction (our panel) and the sweep
 * (the Bitcoin explorer). Every chain and Emily string is escaped. No vscode.
 */
import { commandUri, type CommandLinkArgs, type LinkedCommand } from '../shared/commandLink';
import { bitcoinUrl } from '../../chain/explorer';
import { formatTokenAmount } from '../../chain/format';
import * as l10n from '../../chain/l10n';
import { depositId, depositStatusWords, SBTC_DECIMALS } from '../../chain/sbtc';
import { Commands } from '../../constants';
import { escapeMarkdown } from '../shared/markdown';
import type { DepositFacts } from './deposit';

export interface DepositHoverDoc {
  markdown: string;
  commands: string[];
}

const HEX = /^(0x)?[0-9a-fA-F]{64}$/;
const PRINCIPAL = /^S[0-9A-Z]{27,40}(\.[a-zA-Z][a-zA-Z0-9_-]{0,39})?$/;

function amount(sats: string | number): string {
  const s = `${formatTokenAmount(String(sats), SBTC_DECIMALS) ?? String(sats)} sBTC`;
  return escapeMarkdown(s);
}

/** The hover's Markdown; `recipientOf` turns Emily's recipient into a principal. */
export function depositHover(
  f: DepositFacts,
  o: { networkLabel: string; baseUrl: string; bitcoinExplorer: string; recipientOf: (r: string) => string },
): DepositHoverDoc {
  const commands = new Set<string>();
  const link = <C extends LinkedCommand>(label: string, tip: string, command: C, args: CommandLinkArgs[C]) => {
    commands.add(command);
    return `[${label}](${commandUri(command, args)} "${tip}")`;
  };
  const blocks: string[] = [];
  const done = f.completed[0];
  const emily = f.emily?.find((e) => e.bitcoinTxOutputIndex === (done?.vout ?? e.bitcoinTxOutputIndex));
  const status = done ? 'confirmed' : emily?.status;
  const head = l10n.t('**sBTC deposit** · Bitcoin transaction `{0}`', f.ref.txid);
  if (!status) {
    blocks.push(
      [
        head,
        escapeMarkdown(l10n.t('No completed deposit in the sBTC registry for this Bitcoin transaction.')),
        f.emilyOff ? escapeMarkdown(f.emilyOff, 400) : '',
      ]
        .filter(Boolean)
        .join('  \n'),
    );
  } else {
    const w = depositStatusWords(status);
    const icon =
      w.tone === 'success'
        ? '$(pass)'
        : w.tone === 'failed'
          ? '$(error)'
          : w.tone === 'pending'
            ? '$(clock)'
            : '$(warning)';
    const recipient = done?.recipient ?? (emily ? o.recipientOf(emily.recipient) : undefined);
    const mint = emily?.fulfillment?.StacksTxid;
    const sweep = done?.sweepTxid ?? emily?.fulfillment?.BitcoinTxid;
    const sweepUrl = sweep && HEX.test(sweep) ? bitcoinUrl(o.bitcoinExplorer, 'tx', sweep) : undefined;
    blocks.push(
      [
        head,
        `${icon} ${escapeMarkdown(w.label)}: ${escapeMarkdown(emily?.statusMessage ?? w.meaning, 300)}`,
        l10n.t('Amount: {0}', amount(done?.amount ?? emily?.amount ?? '')),
        recipient &&
          (PRINCIPAL.test(recipient)
            ? l10n.t('Recipient: `{0}`', recipient)
            : l10n.t('Recipient: {0}', escapeMarkdown(recipient))),
        done && escapeMarkdown(l10n.t('Swept in Bitcoin block {0}', done.sweepBurnHeight)),
        !done && f.emilyOff ? escapeMarkdown(f.emilyOff, 400) : '',
      ]
        .filter(Boolean)
        .join('  \n'),
    );
    const links = [
      link(l10n.t('$(preview) Open'), l10n.t('Show the deposit in a panel'), Commands.lookup, [
        { kind: 'sbtcDeposit', id: depositId(f.ref), network: f.network },
      ]),
      mint && HEX.test(mint)
        ? link(
            l10n.t('$(arrow-right) Mint transaction'),
            l10n.t('Show the Stacks transaction that minted the sBTC'),
            Commands.showTransaction,
            [`0x${mint.replace(/^0x/i, '')}`],
          )
        : undefined,
      sweepUrl
        ? `[${l10n.t('$(link-external) Sweep on Bitcoin')}](${sweepUrl} "${l10n.t('Open the sweep transaction in the Bitcoin explorer')}")`
        : undefined,
    ];
    blocks.push(links.filter(Boolean).join(' · '));
  }
  blocks.push(`_${escapeMarkdown(o.networkLabel)} · ${escapeMarkdown(o.baseUrl)}_`);
  return { markdown: blocks.join('\n\n'), commands: [...commands] };
}
