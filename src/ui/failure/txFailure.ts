/**
 * Why a transaction failed, for the hover, the notifications and the line command: a facade over
 * failure.ts, which is loaded (with the Clarity reader) on the first failed transaction.
 */
import type { StacksClient, Transaction } from '../../api';
import type { FailureOptions, TxFailure } from './failure';
import { failureModule } from './failureModule';
import * as l10n from '../../chain/l10n';

export type { FailureLine, FailureOptions, TxFailure } from './failure';

/** The failure of `tx` (see failure.ts), or undefined when it did not fail; nothing is loaded for one that did not. */
export async function txFailure(
  tx: Transaction,
  client: StacksClient,
  options: FailureOptions = {},
): Promise<TxFailure | undefined> {
  if (!tx.tx_status.startsWith('abort')) return undefined;
  return failureModule().txFailure(tx, client, options);
}

/** The failure of a call (a simulated one) that returned `result`, as `txFailure` tells a transaction's. */
export function callFailure(...args: Parameters<typeof import('./failure').callFailure>): Promise<TxFailure> {
  return failureModule().callFailure(...args);
}

/** The button of a failed call's notification that opens the line that returned its error. */
export const OPEN_LINE = l10n.t('Open Line');
/** The button that opens the transaction. */
export const OPEN = l10n.t('Open');

/** The argument of Stacks: Open the Line That Returned the Error for the first line of `f`, if it has one. */
export function firstErrorLine(
  f: TxFailure | undefined,
  network: string,
): { network: string; contractId: string; fn: string; result: string; link: 0 } | undefined {
  if (!f?.call || !f.links.length) return undefined;
  return { network, contractId: f.call.contractId, fn: f.call.fn, result: f.call.result, link: 0 };
}

/**
 * A notification about a transaction, with why it failed after `message` and, when a line returns
 * the error, the button that opens it (`line` is the argument of Stacks: Open the Line That Returned the Error).
 */
export function failureNotice(
  message: string,
  f: TxFailure | undefined,
  network: string,
): { text: string; buttons: string[]; line?: ReturnType<typeof firstErrorLine> } {
  if (!f) return { text: message, buttons: [OPEN] };
  const sentence = /[.!?]$/.test(f.headline) ? f.headline : `${f.headline}.`;
  const line = firstErrorLine(f, network);
  return { text: `${message} ${sentence}`, buttons: line ? [OPEN, OPEN_LINE] : [OPEN], ...(line ? { line } : {}) };
}
