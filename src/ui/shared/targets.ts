/**
 * Checks a target that came from outside the host: a webview message, or the argument of a
 * command (a hover link, another extension). Its kind and network must be known and its id what
 * its kind says. No zod here: the commands, in the first bundle, use it too.
 */
import { checkBlockRef, checkContractId, checkPrincipal, checkTxId } from '../../chain/identifiers';
import { isNetworkId } from '../../chain/networks';
import { depositId, parseDepositId } from '../../chain/sbtc';
import { recognizeInput, TARGET_KINDS, type Target, type TargetKind } from '../../chain/target';
import type { TargetMessage } from '../../protocol';

const KINDS: ReadonlySet<string> = new Set(TARGET_KINDS);

/** A target from any value: an object with a known kind, an id of that kind and a known network. */
export function targetFrom(value: unknown): Target | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { kind, id, network } = value as { kind?: unknown; id?: unknown; network?: unknown };
  if (typeof kind !== 'string' || !KINDS.has(kind)) return undefined;
  if (typeof id !== 'string' || id.length > 20_000) return undefined;
  if (network !== undefined && !(typeof network === 'string' && isNetworkId(network))) return undefined;
  return checkTarget({ kind: kind as TargetKind, id, ...(network === undefined ? {} : { network }) });
}

export function checkTarget(t: TargetMessage): Target | undefined {
  const network = t.network ? { network: t.network } : {};
  switch (t.kind) {
    case 'tx': {
      const c = checkTxId(t.id);
      return c.ok ? { kind: 'tx', id: c.value, ...network } : undefined;
    }
    case 'address': {
      const c = checkPrincipal(t.id);
      return c.ok ? { kind: 'address', id: c.value.principal, ...network } : undefined;
    }
    case 'contract': {
      const c = checkContractId(t.id);
      return c.ok ? { kind: 'contract', id: c.value.contractId, ...network } : undefined;
    }
    case 'block':
    case 'burnBlock': {
      // A burn (Bitcoin) block is named the same ways: a height, a 0x hash, or `latest`.
      const c = checkBlockRef(t.id);
      if (!c.ok) return undefined;
      const id =
        c.value.kind === 'latest' ? 'latest' : c.value.kind === 'height' ? String(c.value.height) : c.value.hash;
      return { kind: t.kind, id, ...network };
    }
    case 'contracts': {
      const ids = t.id.split(',');
      if (!ids.length || ids.length > 100) return undefined;
      const checked = ids.map((i) => checkContractId(i));
      return checked.every((c) => c.ok)
        ? { kind: 'contracts', id: checked.map((c) => (c.ok ? c.value.contractId : '')).join(','), ...network }
        : undefined;
    }
    case 'mempool':
    case 'status':
      return t.id === '' ? { kind: t.kind, id: '', ...network } : undefined;
    case 'sbtcDeposit': {
      const d = parseDepositId(t.id);
      return d ? { kind: 'sbtcDeposit', id: depositId(d), ...network } : undefined;
    }
  }
}

/**
 * Accepts a Target, a tree item carrying one (`.target`), or a string to recognise. A command's
 * argument may come from a hover link or another extension: a target is checked as strictly as
 * one from the webview (known kind and network, an id of that kind) and returned canonical.
 */
export function toTarget(arg: unknown): Target | undefined {
  if (!arg) return undefined;
  if (typeof arg === 'string') {
    const r = recognizeInput(arg);
    return r.ok ? r.value.target : undefined;
  }
  if (typeof arg === 'object') {
    const o = arg as { kind?: unknown; target?: unknown };
    if (o.kind !== undefined) return targetFrom(arg);
    if (o.target) return typeof o.target === 'object' ? targetFrom(o.target) : toTarget(o.target);
  }
  return undefined;
}
