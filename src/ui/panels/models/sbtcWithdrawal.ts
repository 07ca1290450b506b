/**
 * The sBTC withdrawals a transaction makes or settles, for its panel: an `initiate-withdrawal-request`
 * call of `sbtc-withdrawal` and the registry's print events (`withdrawal-create`, `-accept`,
 * `-reject`), each with its request id, amount, maximum fee, the Bitcoin recipient decoded from
 * `{version, hashbytes}`, its status, the expected Bitcoin block and the sweep txid. The status is
 * the registry's (read-only `get-withdrawal-request`), and Emily's where the user lets it be asked.
 */
import type { Transaction } from '../../../api';
import * as l10n from '../../../chain/l10n';
import type { NetworkId } from '../../../chain/networks';
import { bitcoinChainOf, type RegistryEvent } from '../../../chain/sbtc';
import { recipientAddress, scriptAddress } from '../../../chain/sbtcAddress';
import type { Section } from '../../../protocol';
import { readWithdrawals, withdrawalsOf, withdrawalStatus, type WithdrawalFacts } from '../../sbtc/withdrawal';
import type { PanelLoad } from './load';
import { sbtcAmount } from './sbtcDeposit';
import { badge, bitcoinTx, burnBlock, compact, field, fields, principal, text, type ModelContext } from './values';

export { withdrawalsOf, withdrawalStatus, type WithdrawalFacts };

/** The withdrawals of a transaction, read for its panel (a restored panel never asks about Emily). */
export function loadWithdrawals(t: Transaction, l: PanelLoad): Promise<WithdrawalFacts[]> {
  return readWithdrawals(l.c, l.ctx.network, withdrawalsOf(t), l.call.budget !== 'fail-fast', l.call);
}

export function withdrawalSections(list: WithdrawalFacts[], ctx: ModelContext, network: NetworkId): Section[] {
  return list.map((f) => {
    const req = f.request ?? f.registry?.request;
    const chain = bitcoinChainOf(network, f.registryId?.split('.')[0]);
    const address = req
      ? recipientAddress(req.recipient.version, req.recipient.hashbytes, chain)
      : f.emily
        ? scriptAddress(f.emily.recipient, chain)
        : undefined;
    const status = withdrawalStatus(f);
    const accept = f.events.find(
      (e): e is Extract<RegistryEvent, { topic: 'withdrawal-accept' }> => e.topic === 'withdrawal-accept',
    );
    const sweep =
      f.registry?.sweep?.sweepTxid ??
      accept?.sweepTxid ??
      f.emily?.fulfillment?.BitcoinTxid ??
      f.emily?.expectedFulfillmentInfo?.bitcoinTxid ??
      undefined;
    const expected = f.emily?.expectedFulfillmentInfo?.bitcoinBlockHeight;
    const sender = f.registry?.request.sender ?? req?.sender;
    return fields(
      f.id ? l10n.t('sBTC withdrawal request {0}', f.id) : l10n.t('sBTC withdrawal request'),
      compact([
        field(l10n.t('Status'), badge(status.text, status.tone)),
        f.id ? field(l10n.t('Request id'), text(f.id)) : undefined,
        req && field(l10n.t('Amount'), text(sbtcAmount(req.amount))),
        req && field(l10n.t('Maximum fee'), text(sbtcAmount(req.maxFee))),
        accept?.fee && field(l10n.t('Fee paid'), text(sbtcAmount(accept.fee))),
        address &&
          field(
            l10n.t('Bitcoin recipient'),
            text(
              address.address ?? l10n.t('not a Bitcoin address ({0})', address.problem ?? ''),
              address.kind ? { hint: address.kind } : {},
            ),
          ),
        sender && field(l10n.t('Sender'), principal(sender, ctx)),
        req?.blockHeight && field(l10n.t('Requested at Bitcoin block'), burnBlock(Number(req.blockHeight), ctx)),
        typeof expected === 'number' && field(l10n.t('Expected in Bitcoin block'), burnBlock(expected, ctx)),
        sweep && field(l10n.t('Sweep (Bitcoin transaction)'), bitcoinTx(`0x${sweep.replace(/^0x/i, '')}`, ctx)),
        f.emilyOff !== undefined && field(l10n.t('Emily'), text(f.emilyOff)),
        f.registryError !== undefined &&
          field(l10n.t('Registry'), text(l10n.t('could not be read: {0}', f.registryError))),
      ]),
    );
  });
}
