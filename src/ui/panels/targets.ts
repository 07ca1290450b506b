/** Checks a target that came from a webview message: its id must be what its kind says. */
import { checkBlockRef, checkContractId, checkPrincipal, checkTxId } from '../../chain/identifiers';
import type { Target } from '../../chain/target';
import type { TargetMessage } from '../../protocol';

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
    case 'block': {
      const c = checkBlockRef(t.id);
      if (!c.ok) return undefined;
      const id =
        c.value.kind === 'latest' ? 'latest' : c.value.kind === 'height' ? String(c.value.height) : c.value.hash;
      return { kind: 'block', id, ...network };
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
  }
}
