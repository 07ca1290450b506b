/**
 * Why a transaction failed, as the panel, the hover and the notifications say it: the error's
 * name in the called contract ("Failed with ERR-NOT-AUTHORIZED (err u101)") and the lines that
 * return it (chain/failureReason.ts), and the `vm_error` in words (chain/vmError.ts). The called
 * contract's source is read once a session per contract through the client
 * (`getContractSource`); when it cannot be read, the result stands with one sentence why.
 *
 * A part loaded on first use (by failureModule.ts, on the first failed transaction), with the
 * Clarity reader: the activation core carries only txFailure.ts.
 */
import type { BudgetMode, StacksClient, Transaction } from '../../api';
import { compareWithDeployed } from '../../chain/drift';
import {
  explainFailure,
  failureHeadline,
  failureLinks,
  linkText,
  sameLink,
  type FailureNames,
} from '../../chain/failureReason';
import { clip, statusTone } from '../../chain/format';
import { breachSentence, postConditionBreach } from '../../chain/postConditionBreach';
import { vmErrorSentence } from '../../chain/vmError';
import { balanceSentence, stxMoveOf } from '../../chain/balanceCheck';
import * as l10n from '../../chain/l10n';

export interface TxFailure {
  /** One sentence: "Failed with ERR-X (err u101)", or the result and why no name was found. */
  headline: string;
  /** The called contract and function, when the transaction is a contract call, and the result text read. */
  call?: { contractId: string; fn: string; result: string };
  /** The names and lines found in the called contract's source. */
  names?: FailureNames;
  /** The `vm_error` in words, with the raw text. */
  vm?: { sentence: string; raw: string };
  /** The places to open, in the order of `names` (Stacks: Open the Line That Returned the Error's `link`). */
  links: FailureLine[];
  /** A low STX balance checked: the sender's balance at the block before, beside the amount (`confirmBalance`). */
  balance?: string;
}

/** One place to open: the name, its 0-based line, and where it is in words. */
export interface FailureLine {
  name?: string;
  line: number;
  text: string;
}

/** The places a reader may open: at most this many. */
const MAX_LINKS = 20;

function linesOf(names: FailureNames | undefined): FailureLine[] {
  return names
    ? failureLinks(names, MAX_LINKS).map((l) => ({
        ...(l.name !== undefined ? { name: l.name } : {}),
        line: l.line,
        text: linkText(l),
      }))
    : [];
}

/** The place `link` of a failed call in the deployed source: 0-based line and column. */
export function errorLink(
  source: string,
  fn: string,
  result: string,
  link: number,
): { line: number; character: number } | undefined {
  const l = failureLinks(explainFailure(source, fn, result), MAX_LINKS)[link];
  return l && { line: l.line, character: l.character };
}

/**
 * The same place in a local copy of the contract (a workspace file), when the copy is what was
 * deployed by the drift rules (chain/drift.ts); undefined otherwise.
 */
export function localErrorLink(
  deployedSource: string,
  local: string,
  fn: string,
  result: string,
  link: number,
): { line: number; character: number } | undefined {
  if (compareWithDeployed(local, deployedSource) !== 'same') return undefined;
  const deployed = explainFailure(deployedSource, fn, result);
  const l = failureLinks(deployed, MAX_LINKS)[link];
  const there = l && sameLink(deployed, l, explainFailure(local, fn, result));
  return there && { line: there.line, character: there.character };
}

export interface FailureOptions {
  signal?: AbortSignal;
  budget?: BudgetMode;
  /** The result as Clarity text, decoded from its hex where the decoder is loaded; the API's `repr` otherwise. */
  resultText?: string;
  /**
   * Check a failed STX move's "balance too low" against the sender's balance at the block before
   * (two more requests: the block and the account). The panel and the chat tool ask for it; a hover
   * and a notification do not.
   */
  confirmBalance?: boolean;
}

/** The failure of `tx`, or undefined when it did not fail. Never throws: a source that cannot be read is said in words. */
export async function txFailure(
  tx: Transaction,
  client: StacksClient,
  options: FailureOptions = {},
): Promise<TxFailure | undefined> {
  if (statusTone(tx.tx_status) !== 'failed') return undefined;
  const raw = tx.vm_error ?? undefined;
  const breach =
    tx.tx_status === 'abort_by_post_condition'
      ? postConditionBreach(raw, tx.post_conditions ?? [], tx.sender_address)
      : undefined;
  // The condition that did not hold, named, reads before the node's reason in words.
  const sentence = (breach && breachSentence(breach, tx.sender_address)) ?? vmErrorSentence(raw);
  const vm = raw && sentence ? { vm: { sentence, raw } } : {};
  const result = options.resultText ?? tx.tx_result?.repr;
  const call = tx.contract_call;
  if (!call || result === undefined) {
    return {
      headline: sentence ?? (result ? l10n.t('Failed with {0}', clip(result)) : l10n.t('Failed')),
      ...vm,
      links: [],
    };
  }
  const f = await callFailure(
    { contractId: call.contract_id, fn: call.function_name, result },
    { raw, ...(sentence ? { sentence } : {}) },
    tx.tx_status === 'abort_by_post_condition',
    client,
    options,
  );
  const balance = options.confirmBalance ? await balanceAtParent(tx, f, client, options) : undefined;
  return balance ? { ...f, balance } : f;
}

/**
 * The sender's balance at the block before, when the called function's own `stx-transfer?` or
 * `stx-burn?` returned `(err u1)` (the balance too low) and its sender is known. Undefined when it
 * does not apply or cannot be read: the named cause stands without it.
 */
async function balanceAtParent(
  tx: Transaction,
  f: TxFailure,
  client: StacksClient,
  options: FailureOptions,
): Promise<string | undefined> {
  const call = tx.contract_call;
  const native = f.names?.ok ? f.names.natives[0] : undefined;
  if (!call || !native?.stx || native.code !== 'u1' || native.fn !== call.function_name || native.via) return undefined;
  const height = tx.block_height;
  if (typeof height !== 'number' || height < 1) return undefined;
  const move = stxMoveOf(native.stx, {
    sender: tx.sender_address,
    args: (call.function_args ?? []).flatMap((a) => (a.name === undefined ? [] : [{ name: a.name, repr: a.repr }])),
  });
  if (!move) return undefined;
  const opts = {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.budget ? { budget: options.budget } : {}),
  };
  try {
    const parent = await client.getBlock(height - 1, opts);
    const account = await client.getAccountAt(move.principal, parent.index_block_hash, opts);
    return balanceSentence(move, account, height - 1);
  } catch (e) {
    if (options.signal?.aborted) throw e;
    return undefined;
  }
}

/**
 * The failure of a contract call that returned `result` (Clarity text), with its `vm_error`, as
 * for a transaction: a simulated call's, or a failed transaction's. Never throws but when cancelled.
 */
export async function callFailure(
  call: { contractId: string; fn: string; result: string },
  vmError: { raw: string | undefined; sentence?: string },
  postConditionAborted: boolean,
  client: StacksClient,
  options: FailureOptions = {},
): Promise<TxFailure> {
  const { result } = call;
  const rawVmError = vmError.raw;
  // A transaction's named post-condition breach comes in as `sentence`; otherwise the vm_error in words.
  const sentence = vmError.sentence ?? vmErrorSentence(rawVmError);
  const vm = rawVmError && sentence ? { vm: { sentence, raw: rawVmError } } : {};
  const at = { call };
  if (postConditionAborted && !result.startsWith('(err ')) {
    // The contract did not return an error: a post-condition aborted what it did.
    return {
      headline: sentence ?? l10n.t('Failed: a post-condition did not hold, so the transaction was aborted'),
      ...at,
      ...vm,
      links: [],
    };
  }
  let names: FailureNames;
  try {
    const { source } = await client.getContractSource(call.contractId, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.budget ? { budget: options.budget } : {}),
    });
    names = explainFailure(source, call.fn, result);
  } catch (e) {
    if (options.signal?.aborted) throw e;
    const why = e instanceof Error ? e.message : String(e);
    names = {
      ok: false,
      result: clip(result),
      reason: l10n.t('The contract’s source could not be read ({0}).', clip(why, 200)),
    };
  }
  return { headline: failureHeadline(names), ...at, names, ...vm, links: linesOf(names) };
}
