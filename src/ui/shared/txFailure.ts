/**
 * Why a transaction failed, as the panel, the hover and the notifications say it: the error's
 * name in the called contract ("Failed with ERR-NOT-AUTHORIZED (err u101)") and the lines that
 * return it (chain/failureReason.ts), and the `vm_error` in words (chain/vmError.ts). The called
 * contract's source is read once a session per contract through the client
 * (`getContractSource`); when it cannot be read, the result stands with one sentence why.
 */
import type { BudgetMode, StacksClient, Transaction } from '../../api';
import { explainFailure, failureHeadline, failureLinks, type FailureNames } from '../../chain/failureReason';
import { clip, statusTone } from '../../chain/format';
import { vmErrorSentence } from '../../chain/vmError';

export interface TxFailure {
  /** One sentence: "Failed with ERR-X (err u101)", or the result and why no name was found. */
  headline: string;
  /** The called contract and function, when the transaction is a contract call, and the result text read. */
  call?: { contractId: string; fn: string; result: string };
  /** The names and lines found in the called contract's source. */
  names?: FailureNames;
  /** The `vm_error` in words, with the raw text. */
  vm?: { sentence: string; raw: string };
}

export interface FailureOptions {
  signal?: AbortSignal;
  budget?: BudgetMode;
  /** The result as Clarity text, decoded from its hex where the decoder is loaded; the API's `repr` otherwise. */
  resultText?: string;
}

/** The failure of `tx`, or undefined when it did not fail. Never throws: a source that cannot be read is said in words. */
export async function txFailure(
  tx: Transaction,
  client: StacksClient,
  o: FailureOptions = {},
): Promise<TxFailure | undefined> {
  if (statusTone(tx.tx_status) !== 'failed') return undefined;
  const raw = tx.vm_error ?? undefined;
  const sentence = vmErrorSentence(raw);
  const vm = raw && sentence ? { vm: { sentence, raw } } : {};
  const result = o.resultText ?? tx.tx_result?.repr;
  const call = tx.contract_call;
  if (!call || result === undefined) {
    return { headline: sentence ?? (result ? `Failed with ${clip(result)}` : 'Failed'), ...vm };
  }
  const at = { call: { contractId: call.contract_id, fn: call.function_name, result } };
  if (tx.tx_status === 'abort_by_post_condition' && !result.startsWith('(err ')) {
    // The contract did not return an error: a post-condition aborted what it did.
    return {
      headline: sentence ?? 'Failed: a post-condition did not hold, so the transaction was aborted',
      ...at,
      ...vm,
    };
  }
  let names: FailureNames;
  try {
    const { source } = await client.getContractSource(call.contract_id, {
      ...(o.signal ? { signal: o.signal } : {}),
      ...(o.budget ? { budget: o.budget } : {}),
    });
    names = explainFailure(source, call.function_name, result);
  } catch (e) {
    if (o.signal?.aborted) throw e;
    const why = e instanceof Error ? e.message : String(e);
    names = { ok: false, result: clip(result), reason: `The contract’s source could not be read (${clip(why, 200)}).` };
  }
  return { headline: failureHeadline(names), ...at, names, ...vm };
}

/** The button of a failed call's notification that opens the line that returned its error. */
export const OPEN_LINE = 'Open Line';

/**
 * A notification about a transaction, with why it failed after `message` and, when a line returns
 * the error, the button that opens it (`line` is the argument of Stacks: Open the Line That Returned the Error).
 */
export function failureNotice(
  message: string,
  f: TxFailure | undefined,
  network: string,
): { text: string; buttons: string[]; line?: ReturnType<typeof firstErrorLine> } {
  if (!f) return { text: message, buttons: ['Open'] };
  const sentence = /[.!?]$/.test(f.headline) ? f.headline : `${f.headline}.`;
  const line = firstErrorLine(f, network);
  return { text: `${message} ${sentence}`, buttons: line ? ['Open', OPEN_LINE] : ['Open'], ...(line ? { line } : {}) };
}

/** The argument of Stacks: Open the Line That Returned the Error for the first line of `f`, if it has one. */
export function firstErrorLine(
  f: TxFailure | undefined,
  network: string,
): { network: string; contractId: string; fn: string; result: string; link: 0 } | undefined {
  if (!f?.call || !f.names || !failureLinks(f.names, 1).length) return undefined;
  return { network, contractId: f.call.contractId, fn: f.call.fn, result: f.call.result, link: 0 };
}
