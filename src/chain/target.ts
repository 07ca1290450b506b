import type { NetworkId } from './networks';
import { checkAddress, checkBlockRef, checkContractId, checkTxId, ChainNetwork, short } from './identifiers';
import * as l10n from './l10n';

/** The networks the extension can talk to. */
export type { NetworkId };

/** The kinds of thing a lookup shows. */
export const TARGET_KINDS = [
  'tx',
  'address',
  'contract',
  'block',
  'burnBlock',
  'contracts',
  'mempool',
  'status',
  'sbtcDeposit',
] as const;

/** What a panel, a recent lookup or a tree item shows: its identity only, never its data. */
export type TargetKind = (typeof TARGET_KINDS)[number];

/** What each kind of target is called in a sentence ("Could not load the burn block"). */
/** What a target is, in a sentence ("transaction not found"). */
export function targetWhat(kind: TargetKind): string {
  switch (kind) {
    case 'tx':
      return l10n.t('transaction');
    case 'address':
      return l10n.t('address');
    case 'contract':
      return l10n.t('contract');
    case 'block':
      return l10n.t('block');
    case 'burnBlock':
      return l10n.t('burn block');
    case 'contracts':
      return l10n.t('contract status');
    case 'mempool':
      return l10n.t('mempool statistics');
    case 'status':
      return l10n.t('API status');
    case 'sbtcDeposit':
      return l10n.t('sBTC deposit');
  }
}

export interface Target {
  kind: TargetKind;
  /**
   * Canonical id: tx id, principal, contract id, block height/hash/`latest`, burn (Bitcoin) block
   * height/hash/`latest`, comma-joined contract ids; '' for mempool and status; a Bitcoin txid (64
   * hex, display order) with `:vout` or not for an sBTC deposit.
   */
  id: string;
  /** The network the lookup goes to; absent means "the selected network". */
  network?: NetworkId;
}

export interface RecognizedInput {
  target: Target;
  /** The chain an address or contract id belongs to, from its version. */
  chain?: ChainNetwork;
  /** A 0x+64-hex value may be a transaction or a block hash; the lookup tries the transaction first. */
  ambiguousHash?: boolean;
}

/**
 * Reads whatever a user pasted into the lookup box: a tx id, an address, a contract id (optionally
 * quoted Clarity style), a block height or hash, or `latest`.
 */
export function recognizeInput(raw: string): { ok: true; value: RecognizedInput } | { ok: false; reason: string } {
  const s = raw.trim().replace(/^'/, '');
  if (!s)
    return {
      ok: false,
      reason: l10n.t('Paste a transaction id, address, contract id, block height or hash, or "latest".'),
    };
  if (/^(0[xX])?[0-9a-fA-F]{64}$/.test(s)) {
    const tx = checkTxId(s);
    if (tx.ok) return { ok: true, value: { target: { kind: 'tx', id: tx.value }, ambiguousHash: true } };
  }
  if (/^(latest|\d+)$/i.test(s)) {
    const b = checkBlockRef(s);
    if (b.ok)
      return {
        ok: true,
        value: {
          target: {
            kind: 'block',
            id: b.value.kind === 'latest' ? 'latest' : String((b.value as { height: number }).height),
          },
        },
      };
    return b;
  }
  if (/^S/i.test(s)) {
    if (s.includes('.')) {
      const c = checkContractId(s.split('.').slice(0, 2).join('.'));
      if (!c.ok) return c;
      return { ok: true, value: { target: { kind: 'contract', id: c.value.contractId }, chain: c.value.network } };
    }
    const a = checkAddress(s);
    if (!a.ok) return a;
    return { ok: true, value: { target: { kind: 'address', id: a.value.address }, chain: a.value.network } };
  }
  if (/^0x/i.test(s)) return checkTxId(s) as { ok: false; reason: string };
  return {
    ok: false,
    reason: l10n.t(
      '"{0}" is not something to look up: paste a transaction id (0x…), an address (SP…, ST…), a contract id (SP….name), a block height or hash, or "latest".',
      short(s),
    ),
  };
}

export function targetTitle(t: Target): string {
  switch (t.kind) {
    case 'tx':
      return l10n.t('Transaction {0}', shortenMiddle(t.id));
    case 'address':
      return l10n.t('Address {0}', shortenMiddle(t.id));
    case 'contract':
      return l10n.t('Contract {0}', t.id.split('.')[1] ?? t.id);
    case 'block':
      return l10n.t('Block {0}', blockRef(t.id));
    case 'burnBlock':
      return l10n.t('Bitcoin block {0}', blockRef(t.id));
    case 'contracts':
      return l10n.t('Contract Deployment Status');
    case 'mempool':
      return l10n.t('Mempool Statistics');
    case 'status':
      return l10n.t('API Status');
    case 'sbtcDeposit':
      return l10n.t('sBTC deposit {0}', shortenMiddle(t.id));
  }
}

function blockRef(id: string): string {
  return /^\d+$/.test(id) ? '#' + id : id === 'latest' ? l10n.t('(latest)') : shortenMiddle(id);
}

/** `0x1234…cdef`: long hashes shortened in the middle; the full value stays available elsewhere. */
export function shortenMiddle(s: string, keep = 6): string {
  const head = s.startsWith('0x') ? keep + 2 : keep;
  return s.length > head + keep + 1 ? `${s.slice(0, head)}…${s.slice(-keep)}` : s;
}
