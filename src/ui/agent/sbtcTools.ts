/**
 * The chat tools of sBTC's bridge: a deposit by its Bitcoin txid (the registry's completed
 * deposit, and Emily's record where the user agreed to ask it in this window: a tool never asks),
 * and a withdrawal request by its id (its decoded Bitcoin recipient and its state). Checked ids,
 * numbers and addresses the extension decoded are facts; Emily's words go in the data block.
 */
import { formatTokenAmount } from '../../chain/format';
import { checkPrincipal } from '../../chain/identifiers';
import * as l10n from '../../chain/l10n';
import { bitcoinChainOf, depositStatusWords, parseDepositId, SBTC_DECIMALS } from '../../chain/sbtc';
import { recipientAddress, scriptAddress } from '../../chain/sbtcAddress';
import { findDeposit } from '../sbtc/deposit';
import { emilyGate } from '../sbtc/gate';
import { depositRecipient } from '../sbtc/recipient';
import { readWithdrawals, withdrawalStatus } from '../sbtc/withdrawal';
import { ask, asking, BadInput, text, type ToolBody } from './toolContext';
import { address, hash, num, ours, renderAnswer, type Datum, type Fact, type Vouched } from './toolText';

/** Sats as "0.01 sBTC (1,000,000 sats)". */
function sats(n: string | number | undefined): Vouched | undefined {
  if (n === undefined || !/^\d{1,30}$/.test(String(n))) return undefined;
  return ours(`${formatTokenAmount(String(n), SBTC_DECIMALS) ?? String(n)} sBTC (${String(n)} sats)`);
}

/** A Bitcoin txid (64 hex) in full, as a fact. */
function btcTx(id: string | undefined | null): Vouched | undefined {
  return id && /^(0x)?[0-9a-fA-F]{64}$/.test(id) ? ours(id.replace(/^0x/i, '').toLowerCase()) : undefined;
}

/** A Bitcoin address this extension encoded itself (base58check or bech32 letters only). */
function btcAddress(a: string | undefined): Vouched | undefined {
  return a && /^(?:[1-9A-HJ-NP-Za-km-z]{25,40}|(?:bc|tb)1[02-9ac-hj-np-z]{8,87})$/.test(a) ? ours(a) : undefined;
}

export const sbtcDepositTool: ToolBody = async (input, ctx) => {
  const raw = text(input, 'bitcoinTxid', l10n.t('the Bitcoin transaction id of the deposit (64 hex digits)'));
  const vout = input['outputIndex'];
  const ref = parseDepositId(typeof vout === 'number' && Number.isInteger(vout) && vout >= 0 ? `${raw}:${vout}` : raw);
  if (!ref) throw new BadInput(ours(l10n.t('A Bitcoin transaction id is 64 hexadecimal digits.')));
  const a = await asking(ctx);
  const emily = await emilyGate().access(a.network, false);
  const f = await ask(a, 'sBTC deposit', () => findDeposit(a.client, a.network, ref, emily, a.o));
  const done = f.completed[0];
  const e = f.emily?.find((x) => x.bitcoinTxOutputIndex === (done?.vout ?? x.bitcoinTxOutputIndex));
  const status = done ? 'confirmed' : e?.status;
  const recipient = done?.recipient ?? (e ? depositRecipient(e.recipient) : undefined);
  const facts: Fact[] = [
    [l10n.t('Bitcoin transaction'), btcTx(ref.txid)],
    [l10n.t('Output'), num(done?.vout ?? e?.bitcoinTxOutputIndex ?? ref.vout)],
    [l10n.t('Status'), status ? ours(`${depositStatusWords(status).label} (${status.slice(0, 20)})`) : undefined],
    [l10n.t('Amount'), sats(done?.amount ?? e?.amount)],
    [l10n.t('Recipient'), recipient && checkPrincipal(recipient).ok ? address(recipient) : undefined],
    [
      l10n.t('Stacks mint transaction'),
      hash(e?.fulfillment?.StacksTxid ? `0x${e.fulfillment.StacksTxid.replace(/^0x/i, '')}` : undefined),
    ],
    [l10n.t('Sweep (Bitcoin transaction)'), btcTx(done?.sweepTxid ?? e?.fulfillment?.BitcoinTxid)],
    [l10n.t('Sweep in Bitcoin block'), num(done ? Number(done.sweepBurnHeight) : e?.fulfillment?.BitcoinBlockHeight)],
    [l10n.t('Registry'), f.registry ? ours(f.registry) : undefined],
  ];
  const data: Datum[] = [
    ['Emily status message', e?.statusMessage],
    ['Emily recipient as sent', e && !checkPrincipal(recipient ?? '').ok ? e.recipient : undefined],
  ];
  const notes: Vouched[] = [];
  if (!status)
    notes.push(ours(l10n.t('Neither the sBTC registry nor Emily knows a deposit in this Bitcoin transaction.')));
  if (f.emilyOff) notes.push(ours(l10n.t('Emily was not asked: {0}', f.emilyOff)));
  if (f.registryError) notes.push(ours(l10n.t('The sBTC registry could not be read.')));
  return renderAnswer({
    title: ours(l10n.t('sBTC deposit on {0}', a.where)),
    facts,
    data,
    notes,
  });
};

export const sbtcWithdrawalTool: ToolBody = async (input, ctx) => {
  const id = text(input, 'requestId', l10n.t('the withdrawal request id (a whole number)'));
  if (!/^\d{1,20}$/.test(id)) throw new BadInput(ours(l10n.t('A withdrawal id is a number.')));
  const a = await asking(ctx);
  const [f] = await ask(a, 'sBTC withdrawal', () =>
    readWithdrawals(a.client, a.network, [{ id, events: [] }], false, a.o),
  );
  const req = f?.registry?.request;
  const chain = bitcoinChainOf(a.network, f?.registryId?.split('.')[0]);
  const decoded = req
    ? recipientAddress(req.recipient.version, req.recipient.hashbytes, chain)
    : f?.emily
      ? scriptAddress(f.emily.recipient, chain)
      : undefined;
  const known = !!req || !!f?.emily;
  const facts: Fact[] = known
    ? [
        [l10n.t('Request id'), ours(id)],
        [l10n.t('Status'), ours(withdrawalStatus(f).text)],
        [l10n.t('Amount'), sats(req?.amount ?? f?.emily?.amount)],
        [l10n.t('Maximum fee'), sats(req?.maxFee ?? f?.emily?.parameters?.maxFee)],
        [l10n.t('Bitcoin recipient'), btcAddress(decoded?.address)],
        [l10n.t('Recipient kind'), decoded?.kind ? ours(decoded.kind) : undefined],
        [l10n.t('Sender'), req?.sender && checkPrincipal(req.sender).ok ? address(req.sender) : undefined],
        [l10n.t('Expected in Bitcoin block'), num(f?.emily?.expectedFulfillmentInfo?.bitcoinBlockHeight)],
        [
          l10n.t('Sweep (Bitcoin transaction)'),
          btcTx(
            f?.registry?.sweep?.sweepTxid ??
              f?.emily?.fulfillment?.BitcoinTxid ??
              f?.emily?.expectedFulfillmentInfo?.bitcoinTxid,
          ),
        ],
        [
          l10n.t('Stacks transaction of the request'),
          hash(f?.emily?.txid ? `0x${f.emily.txid.replace(/^0x/i, '')}` : undefined),
        ],
      ]
    : [];
  const notes: Vouched[] = [];
  if (!known) notes.push(ours(l10n.t('No withdrawal request {0} in the sBTC registry.', id)));
  if (decoded && !decoded.address)
    notes.push(ours(l10n.t('The recipient is not a Bitcoin address this version can write.')));
  if (f?.emilyOff) notes.push(ours(l10n.t('Emily was not asked: {0}', f.emilyOff)));
  return renderAnswer({
    title: ours(l10n.t('sBTC withdrawal request on {0}', a.where)),
    facts,
    data: [['Emily status message', f?.emily?.statusMessage]],
    notes,
  });
};
