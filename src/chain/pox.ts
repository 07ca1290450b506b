/**
 * Calls into a PoX contract that is no longer the active one. The node names the active contract
 * in `/v2/pox` (`contract_id`: `pox-4` through epoch 3.x, `pox-5` from epoch 4.0); staking calls
 * into an older boot PoX contract no longer stake. The pox-4 functions are matched to their pox-5
 * counterparts from the two boot contracts (stacks-core stackslib/src/chainstate/stacks/boot/
 * pox-4.clar and pox-5.clar): `stake` locks STX with a signer, `stake-update` extends the lock,
 * adds to it or changes the signer, `unstake` ends it, `grant-signer-key` authorises a signer key.
 * Pure.
 */
import { ATOM, COMMENT, LIST, atomText, type ClarityIndex } from './claritySyntax';
import { contractRefOf, readForNav } from './contractNav';
import * as l10n from './l10n';

/** The boot addresses of mainnet and testnet, which deploy the PoX contracts. */
const BOOT_ADDRESSES = new Set(['SP000000000000000000002Q6VF78', 'ST000000000000000000002AMW42H']);
const POX_NAME = /^pox(-[1-9][0-9]?)?$/;

/** What a staking function of pox-4 (and pox-2, pox-3) is in pox-5. */
const POX5_COUNTERPART: Readonly<Record<string, string>> = {
  'stack-stx': 'stake',
  'delegate-stx': 'stake',
  'stack-increase': 'stake-update',
  'stack-extend': 'stake-update',
  'revoke-delegate-stx': 'unstake',
  'set-signer-key-authorization': 'grant-signer-key',
};

/**
 * The public functions of pox, pox-2, pox-3 and pox-4 that stake, delegate or commit STX. All are
 * in pox-4 but `reject-pox`, which pox-4 dropped.
 */
const STAKING_FUNCTIONS = new Set([
  ...Object.keys(POX5_COUNTERPART),
  'delegate-stack-stx',
  'delegate-stack-increase',
  'delegate-stack-extend',
  'stack-aggregation-commit',
  'stack-aggregation-commit-indexed',
  'stack-aggregation-increase',
  'reject-pox',
]);

/** Whether a contract id is a boot PoX contract (`pox`, `pox-2` … of a boot address). */
export function isBootPox(contractId: string): boolean {
  const dot = contractId.indexOf('.');
  return dot > 0 && BOOT_ADDRESSES.has(contractId.slice(0, dot)) && POX_NAME.test(contractId.slice(dot + 1));
}

export interface InactivePoxCall {
  /** Where the callee principal is, in the source (start inclusive, end exclusive). */
  start: number;
  end: number;
  called: string;
  fn: string;
  /** The active PoX contract on the same chain as the callee. */
  active: string;
  /** The active contract's function that does what `fn` did, when it has one. */
  instead?: string;
}

/** The active contract's id on the callee's chain (same name, the callee's boot address). */
function activeOn(called: string, active: string): string {
  return `${called.slice(0, called.indexOf('.'))}.${active.slice(active.indexOf('.') + 1)}`;
}

function nextCode(ix: ClarityIndex, list: number, c: number): number {
  for (; c < ix.after[list]!; c = ix.after[c]!) if (ix.kind[c] !== COMMENT) return c;
  return -1;
}

/**
 * Whether a source holds a staking `contract-call?` into any boot PoX contract: only such a source
 * needs to know which contract is active (a request), so the editor asks nothing for the others.
 */
export function hasPoxStakingCall(source: string | ClarityIndex): boolean {
  return stakingCalls(source, undefined, 1).length > 0;
}

/**
 * The staking calls of a source into a boot PoX contract other than `active` (the `contract_id`
 * of `/v2/pox`), at most `max` of them, in source order.
 */
export function inactivePoxCalls(source: string | ClarityIndex, active: string, max = 200): InactivePoxCall[] {
  if (!isBootPox(active)) return [];
  return stakingCalls(source, active, max);
}

/** The staking calls into a boot PoX contract (other than `active`, when given), at most `max`. */
function stakingCalls(source: string | ClarityIndex, active: string | undefined, max: number): InactivePoxCall[] {
  const ix = typeof source === 'string' ? readForNav(source) : source;
  const activeName = active === undefined ? undefined : active.slice(active.indexOf('.') + 1);
  const out: InactivePoxCall[] = [];
  for (let i = 0; i < ix.count && out.length < max; i++) {
    if (ix.kind[i] !== LIST) continue;
    const head = nextCode(ix, i, i + 1);
    if (head < 0 || ix.kind[head] !== ATOM || atomText(ix, head) !== 'contract-call?') continue;
    const callee = nextCode(ix, i, ix.after[head]!);
    if (callee < 0 || ix.kind[callee] !== ATOM) continue;
    const fnAt = nextCode(ix, i, ix.after[callee]!);
    if (fnAt < 0 || ix.kind[fnAt] !== ATOM) continue;
    const ref = contractRefOf(atomText(ix, callee));
    if (!ref?.id || ref.trait || !isBootPox(ref.id) || ref.name === activeName) continue;
    const fn = atomText(ix, fnAt);
    if (!STAKING_FUNCTIONS.has(fn)) continue;
    const instead =
      activeName === 'pox-5' ? POX5_COUNTERPART[fn] : activeName === 'pox-4' && fn !== 'reject-pox' ? fn : undefined;
    out.push({
      start: ix.start[callee]!,
      end: ix.end[fnAt]!,
      called: ref.id,
      fn,
      active: active === undefined ? '' : activeOn(ref.id, active),
      ...(instead ? { instead } : {}),
    });
  }
  return out;
}

/** The warning for such a call: the contract it calls, and the active contract with its function. */
export function inactivePoxMessage(c: InactivePoxCall): string {
  return c.instead
    ? l10n.t(
        '{0} is no longer the active PoX contract: `{1}` there no longer stakes. The active contract is {2}; use its `{3}`.',
        c.called,
        c.fn,
        c.active,
        c.instead,
      )
    : l10n.t(
        '{0} is no longer the active PoX contract: `{1}` there no longer stakes. The active contract is {2}.',
        c.called,
        c.fn,
        c.active,
      );
}
