/**
 * The hover of a 64-hex value that is no Stacks transaction, tried as an sBTC deposit's Bitcoin
 * txid (ui/sbtc/): the registry first, Emily only where the user agreed in this window (a hover
 * never asks). Undefined when nothing is known of it, so the hover says what it said before.
 */
import type { CallOptions, StacksClient } from '../../api';
import type { NetworkId } from '../../chain/networks';
import { parseDepositId } from '../../chain/sbtc';
import type { Config } from '../shared/config';
import { findDeposit } from '../sbtc/deposit';
import { emilyGate } from '../sbtc/gate';
import { depositHover } from '../sbtc/hoverDoc';
import { depositRecipient } from '../sbtc/recipient';
import type { HoverDoc, HoverSource } from './hoverText';

export async function sbtcDepositHover(
  client: StacksClient,
  network: NetworkId,
  id: string,
  source: HoverSource,
  config: Config,
  options: CallOptions,
): Promise<HoverDoc | undefined> {
  const ref = parseDepositId(id);
  if (!ref) return undefined;
  const emily = await emilyGate().access(network, false);
  const facts = await findDeposit(client, network, ref, emily, options);
  // Nothing known of it: the hover of a transaction not found stays (the panel says what could not be known).
  if (!facts.completed.length && !facts.emily?.length) return undefined;
  return depositHover(facts, {
    networkLabel: source.networkLabel,
    baseUrl: source.baseUrl,
    bitcoinExplorer: config.bitcoinExplorerUrl,
    recipientOf: depositRecipient,
  });
}
