/**
 * The node's refusals of a read-only call (`POST /v2/contracts/call-read/…`) in words. The node
 * (stacks-core, stackslib/src/net/api/callreadonly.rs) answers a call it ran and stopped with
 * `200 {"okay": false, "cause": "…"}`: `NotReadOnly` when the function tried to write, else the
 * `Display` of the Clarity error (`RuntimeCheck(UndefinedFunction("…"))`, `UnwrapFailure` with its
 * stack trace, `Unchecked(…)` on older nodes). A call over the node's execution budget (time or
 * memory) is refused as a whole request: `400 Execution budget exceeded` in plain text, and
 * `408 ExecutionTime expired` on the nodes before it. Pure.
 */
import { vmErrorSentence } from './vmError';
import * as l10n from './l10n';

export type RefusalKind = 'not-read-only' | 'cost-budget' | 'runtime' | 'check' | 'other';

export interface Refusal {
  kind: RefusalKind;
  /** One sentence; it may quote a name from the node's text (a function, a contract). */
  sentence: string;
  /** The same in the extension's words only, nothing of the node's text in it (for the chat tools' facts). */
  plain: string;
}

/** Longest cause read for words. */
const MAX_READ = 4_000;

/** Runtime errors (`RuntimeError` of clarity/src/vm/errors.rs) the node writes by name, with a stack trace. */
const RUNTIME =
  /^(ArithmeticOverflow|ArithmeticUnderflow|DivisionByZero|UnwrapFailure|Arithmetic|SupplyOverflow|SupplyUnderflow|BadBlockHeight|BadBlockHash|UnknownBlockHeaderHash|NoSuchToken|NotImplemented|NoCallerInContext|NoSenderInContext|DefunctPoxContract|PoxAlreadyLocked|BlockTimeNotAvailable|BadTokenName|MaxStackDepthReached|MaxContextDepthReached|AtBlockUnavailable)\b/;

/** The wrappers the node's error text may carry around the error itself. */
const WRAPPER = /^(?:RuntimeCheck|Unchecked|Runtime|Interpreter|Internal|Vm)\((.*)\)$/s;

/** The sentence for an `okay: false` answer's cause. */
export function readOnlyRefusal(cause: string | null | undefined): Refusal {
  const raw = (cause ?? '').slice(0, MAX_READ).trim();
  if (!raw) return same('other', l10n.t('The node did not run the call and gave no reason.'));
  if (raw === 'NotReadOnly')
    return same(
      'not-read-only',
      l10n.t(
        'The function tries to write (a variable, a map, a token transfer), which a read-only call may not do: nothing was run to the end. Simulate it as a transaction instead.',
      ),
    );
  let text = raw.split('\n')[0]!.trim();
  for (let m = WRAPPER.exec(text), n = 0; m && n < 3; m = WRAPPER.exec(text), n++) text = m[1]!.trim();
  if (/^(CostBalanceExceeded|CostOverflow|ExecutionResourceBudgetExceeded|MemoryBalanceExceeded)\b/.test(text))
    return same(
      'cost-budget',
      l10n.t(
        'The call ran over the cost budget the node allows a read-only call: it reads or computes more than one call may.',
      ),
    );
  const said = vmErrorSentence(text);
  const known = said !== undefined && said !== l10n.t('The Clarity VM stopped the call with the error below.');
  const other = l10n.t('The node could not run the call (its reason is below).');
  if (RUNTIME.test(text) || /\n Stack Trace:/.test(raw)) {
    const plain = l10n.t('The function failed at run time (the error is below).');
    return { kind: 'runtime', sentence: known ? l10n.t('The function failed at run time: {0}', said) : plain, plain };
  }
  if (known) return { kind: 'check', sentence: l10n.t('The node refused the call: {0}', said), plain: other };
  return same('other', other);
}

function same(kind: RefusalKind, sentence: string): Refusal {
  return { kind, sentence, plain: sentence };
}

/**
 * The sentence for a read-only call the node refused as a whole request, by the status and the
 * node's words; undefined for any other refusal (a bad argument, a missing contract).
 */
export function readOnlyHttpRefusal(status: number | undefined, words: string | undefined): string | undefined {
  const w = (words ?? '').trim();
  if (
    (status === 400 && /^Execution budget exceeded/i.test(w)) ||
    (status === 408 && /^ExecutionTime expired/i.test(w))
  )
    return l10n.t(
      'The node stopped the call: it ran over the time or memory the node allows a read-only call. Call a function that does less, or ask a node with a larger read-only budget.',
    );
  return undefined;
}
