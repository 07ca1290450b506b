import { clip } from './format';
import * as l10n from './l10n';

type C32check = typeof import('c32check');
let c32: C32check | undefined;
/**
 * c32check (and its base58 and hash code) is evaluated on the first address check, not when the
 * extension loads: activation imports this module but checks no address.
 */
function c32check(): C32check {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (c32 ??= require('c32check') as C32check);
}

/** Which chain an address belongs to, read from its version byte. */
export type ChainNetwork = 'mainnet' | 'testnet';

const C32 = '0-9A-HJKMNP-TV-Z';
/** A principal as it may appear in text: `S`, the version char, then c32 characters. */
export const ADDRESS_SOURCE = `S[PMTN][${C32}]{26,39}`;
export const CONTRACT_NAME_SOURCE = '[a-zA-Z][a-zA-Z0-9_-]{0,39}';
export const HEX64_SOURCE = '[0-9a-fA-F]{64}';

const ADDRESS_RE = new RegExp(`^${ADDRESS_SOURCE}$`);
const CONTRACT_NAME_RE = new RegExp(`^${CONTRACT_NAME_SOURCE}$`);
const TX_ID_RE = new RegExp(`^0x${HEX64_SOURCE}$`);

/** What an address version byte says: its chain, and whether it is a multisig (p2sh) address. */
function describeVersion(
  version: number,
  versions: C32check['versions'],
): Pick<AddressInfo, 'network' | 'type'> | undefined {
  switch (version) {
    case versions.mainnet.p2pkh:
      return { network: 'mainnet', type: 'standard' };
    case versions.mainnet.p2sh:
      return { network: 'mainnet', type: 'multisig' };
    case versions.testnet.p2pkh:
      return { network: 'testnet', type: 'standard' };
    case versions.testnet.p2sh:
      return { network: 'testnet', type: 'multisig' };
    default:
      return undefined;
  }
}

/** The outcome of checking a piece of user or chain text: the canonical value, or why not. */
export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

const fail = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/** `0x` + 64 hex digits; returned in lower case. */
export function checkTxId(input: string, what = l10n.t('transaction id')): Checked<string> {
  const s = input.trim().replace(/^0X/, '0x');
  if (TX_ID_RE.test(s)) return { ok: true, value: s.toLowerCase() };
  if (/^[0-9a-fA-F]{64}$/.test(s)) return { ok: true, value: `0x${s.toLowerCase()}` };
  if (/^0x[0-9a-fA-F]*$/.test(s))
    return fail(l10n.t('A {0} has 64 hex digits after 0x; "{1}" has {2}.', what, short(s), s.length - 2));
  return fail(l10n.t('"{0}" is not a {1}: expected 0x followed by 64 hex digits.', short(s), what));
}

export interface AddressInfo {
  address: string;
  network: ChainNetwork;
  /** `standard` for single-sig (SP/ST), `multisig` for script-hash (SM/SN) addresses. */
  type: 'standard' | 'multisig';
}

/** A standard principal, checksum verified with c32check. */
export function checkAddress(input: string): Checked<AddressInfo> {
  const s = input.trim();
  if (!ADDRESS_RE.test(s)) {
    if (ADDRESS_RE.test(s.toUpperCase()))
      return fail(l10n.t('"{0}" is not a Stacks address: addresses are written in upper case.', short(s)));
    return fail(
      l10n.t(
        '"{0}" is not a Stacks address: expected SP, SM (mainnet), ST or SN (testnet) followed by c32 characters.',
        short(s),
      ),
    );
  }
  const c32 = c32check();
  let version: number;
  let hash160: string;
  try {
    [version, hash160] = c32.c32addressDecode(s);
  } catch {
    return fail(
      l10n.t(
        '"{0}" is not a valid Stacks address: its checksum does not match (a character may be mistyped).',
        short(s),
      ),
    );
  }
  // A checksum-valid string can carry any number of bytes; an account address holds a 20-byte hash.
  if (hash160.length !== 40)
    return fail(
      l10n.t('"{0}" is not a valid Stacks address: it is too {1}.', short(s), hash160.length < 40 ? 'short' : 'long'),
    );
  const described = describeVersion(version, c32.versions);
  if (!described) return fail(l10n.t('"{0}" has an unknown address version.', short(s)));
  return { ok: true, value: { address: s, ...described } };
}

export interface ContractIdInfo {
  contractId: string;
  address: string;
  name: string;
  network: ChainNetwork;
}

export function checkContractName(name: string): Checked<string> {
  if (CONTRACT_NAME_RE.test(name)) return { ok: true, value: name };
  if (name.length === 0) return fail(l10n.t('The contract name after the dot is empty.'));
  if (name.length > 40) return fail(l10n.t('The contract name "{0}" is longer than 40 characters.', short(name)));
  return fail(
    l10n.t(
      '"{0}" is not a valid contract name: it must start with a letter and contain only letters, digits, - and _.',
      short(name),
    ),
  );
}

/** `<address>.<name>`. */
export function checkContractId(input: string): Checked<ContractIdInfo> {
  const s = input.trim();
  const dot = s.indexOf('.');
  if (dot < 0) return fail(l10n.t('"{0}" is not a contract id: expected <address>.<contract-name>.', short(s)));
  const addr = checkAddress(s.slice(0, dot));
  if (!addr.ok) return addr;
  const name = checkContractName(s.slice(dot + 1));
  if (!name.ok) return name;
  return {
    ok: true,
    value: { contractId: s, address: addr.value.address, name: name.value, network: addr.value.network },
  };
}

export interface PrincipalInfo {
  principal: string;
  kind: 'address' | 'contract';
  network: ChainNetwork;
}

/** An account address or a contract id (the API takes either where it says "principal"). */
export function checkPrincipal(input: string): Checked<PrincipalInfo> {
  const s = input.trim();
  if (s.includes('.')) {
    const c = checkContractId(s);
    return c.ok
      ? { ok: true, value: { principal: c.value.contractId, kind: 'contract', network: c.value.network } }
      : c;
  }
  const a = checkAddress(s);
  return a.ok ? { ok: true, value: { principal: a.value.address, kind: 'address', network: a.value.network } } : a;
}

export type BlockRef = { kind: 'height'; height: number } | { kind: 'hash'; hash: string } | { kind: 'latest' };

/** A block height, a block hash (0x + 64 hex) or `latest`. */
export function checkBlockRef(input: string | number): Checked<BlockRef> {
  if (typeof input === 'number') return checkHeight(input);
  const s = input.trim();
  if (s.toLowerCase() === 'latest') return { ok: true, value: { kind: 'latest' } };
  if (/^\d+$/.test(s)) return checkHeight(Number(s));
  const h = checkTxId(s, l10n.t('block hash'));
  if (h.ok) return { ok: true, value: { kind: 'hash', hash: h.value } };
  return fail(
    l10n.t(
      '"{0}" is not a block: give a height (a whole number), a block hash (0x + 64 hex digits) or "latest".',
      short(s),
    ),
  );
}

export function checkHeight(n: number): Checked<BlockRef & { kind: 'height' }> {
  if (Number.isSafeInteger(n) && n >= 0) return { ok: true, value: { kind: 'height', height: n } };
  return fail(l10n.t('{0} is not a block height: expected a whole number of 0 or more.', String(n)));
}

/** Shortens untrusted input before it is quoted in a message. */
export function short(s: string, max = 48): string {
  const oneLine = s.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '?');
  return clip(oneLine, max);
}
