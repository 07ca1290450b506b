/**
 * "The sender's balance is too low", checked: an `stx-transfer?` or `stx-burn?` that failed with
 * `(err u1)`, set beside the sender's unlocked balance at the block before the transaction (the
 * node's `/v2/accounts/{p}?tip=…`). Which principal and amount the call moved is read from the
 * expression as written: `tx-sender` (outside `as-contract`) is the transaction's sender, a
 * parameter is the transaction's argument, a literal is itself.
 */
import { formatCount, formatStx } from './format';
import * as l10n from './l10n';

/** The principal and µSTX amount a failed STX move names, or undefined when its sender cannot be known. */
export function stxMoveOf(
  stx: { amount: string; sender: string },
  tx: { sender: string; args: ReadonlyArray<{ name: string; repr: string }> },
): { principal: string; amount?: bigint } | undefined {
  const arg = (atom: string) => tx.args.find((a) => a.name === atom)?.repr;
  const sender = stx.sender === 'tx-sender' ? tx.sender : (principalText(stx.sender) ?? principalText(arg(stx.sender)));
  if (!sender) return undefined;
  const amount = uintText(stx.amount) ?? uintText(arg(stx.amount));
  return { principal: sender, ...(amount !== undefined ? { amount } : {}) };
}

function principalText(s: string | undefined): string | undefined {
  const m = s === undefined ? null : /^'?(S[0-9A-Z]{38,40}(\.[a-zA-Z][a-zA-Z0-9_-]{0,39})?)$/.exec(s);
  return m ? m[1] : undefined;
}

function uintText(s: string | undefined): bigint | undefined {
  const m = s === undefined ? null : /^u(\d{1,39})$/.exec(s);
  return m ? BigInt(m[1]!) : undefined;
}

/**
 * The sentence: the unlocked balance at the block before, and whether it was below the amount
 * (the cause confirmed) or not (an earlier transaction in the same block may have spent it).
 */
export function balanceSentence(
  move: { principal: string; amount?: bigint },
  account: { balance: string; locked: string },
  parentHeight: number,
): string {
  const block = formatCount(parentHeight);
  const unlocked = BigInt(account.balance);
  const have = formatStx(unlocked.toString());
  const locked = BigInt(account.locked);
  const lockedNote = locked > 0n ? l10n.t(' ({0} locked)', formatStx(locked.toString())) : '';
  if (move.amount === undefined)
    return l10n.t(
      'At block #{0}, before this transaction, {1} had {2} unlocked{3}.',
      block,
      move.principal,
      have,
      lockedNote,
    );
  const want = formatStx(move.amount.toString());
  return unlocked < move.amount
    ? l10n.t(
        'Confirmed: at block #{0}, before this transaction, {1} had {2} unlocked{3}, less than the {4} it tried to move.',
        block,
        move.principal,
        have,
        lockedNote,
        want,
      )
    : l10n.t(
        'At block #{0}, {1} had {2} unlocked{3}, enough for the {4}: an earlier transaction in the same block may have spent it first.',
        block,
        move.principal,
        have,
        lockedNote,
        want,
      );
}
