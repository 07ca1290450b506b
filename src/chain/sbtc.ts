/**
 * sBTC's bridge as the registry contract and Emily (the bridge's API) describe it: where the
 * contracts are, what a deposit's or withdrawal's status means, and the registry's print events
 * (stacks-sbtc/sbtc `contracts/contracts/sbtc-registry.clar`: `withdrawal-create`,
 * `withdrawal-accept`, `withdrawal-reject`, `completed-deposit`). Pure: no vscode, no api.
 *
 * Byte order: the registry keeps a Bitcoin txid as the 32 bytes of the txid as Bitcoin displays it
 * (the signer writes `Txid::to_le_bytes`, which reverses rust-bitcoin's internal order), the same
 * hex Emily's `bitcoinTxid` holds: one string serves both (test/fixtures/SOURCES.md, sBTC).
 */
import type { NetworkId } from './networks';
import * as l10n from './l10n';
import type { BitcoinChain } from './sbtcAddress';
import { buffOf, field, textOf, uintOf, type Cv } from './sbtcClarity';

/** The sBTC deployer of each network with a known deployment. */
export const SBTC_DEPLOYERS: Partial<Record<NetworkId, string>> = {
  // stacks-sbtc/sbtc docker/mainnet/sbtc-signer/signer-config.toml `deployer`
  mainnet: 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4',
  // docs.stacks.co, Clarinet's sBTC integration: the testnet sbtc-token
  testnet: 'ST1F7QA2MDF17S807EPA36TSS8AMEFY4KA9TVGWXT',
  // Clarinet's simnet and devnet keep the mainnet address
  devnet: 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4',
};

export const REGISTRY = 'sbtc-registry';
export const WITHDRAWAL = 'sbtc-withdrawal';
export const TOKEN = 'sbtc-token';
export const SBTC_DECIMALS = 8;
/** What the token contract says of itself (`sbtc-token.clar`: name, symbol and `token-decimals`). */
export const SBTC_META = { name: 'sBTC', symbol: 'sBTC', decimals: SBTC_DECIMALS };

/** Whether a contract id is one of the sBTC protocol contracts of any known deployment. */
export function isSbtcContract(contractId: string, name: string): boolean {
  const [address, n] = contractId.split('.');
  return n === name && Object.values(SBTC_DEPLOYERS).includes(address ?? '');
}

/** The Bitcoin network a Stacks network's withdrawals pay to. */
export function bitcoinChainOf(network: NetworkId, deployer?: string): BitcoinChain {
  if (network === 'mainnet') return 'mainnet';
  if (network === 'custom' && deployer && /^S[PM]/.test(deployer)) return 'mainnet';
  return 'testnet';
}

/** A deposit's identity: the Bitcoin txid (64 hex, display order, no 0x) and its output, if named. */
export interface DepositRef {
  txid: string;
  vout?: number;
}

/** `txid` or `txid:vout` (0x allowed, any case) as a deposit reference. */
export function parseDepositId(s: string): DepositRef | undefined {
  const m = /^(?:0x)?([0-9a-fA-F]{64})(?::(\d{1,5}))?$/.exec(s.trim());
  if (!m) return undefined;
  return { txid: m[1]!.toLowerCase(), ...(m[2] !== undefined ? { vout: Number(m[2]) } : {}) };
}

export function depositId(r: DepositRef): string {
  return r.vout === undefined ? r.txid : `${r.txid}:${r.vout}`;
}

// ---- statuses ------------------------------------------------------------------------------------

/** Emily's `DepositStatus` (public OpenAPI spec): pending, accepted, confirmed, failed, rbf. */
export type DepositStatus = 'pending' | 'accepted' | 'confirmed' | 'failed' | 'rbf';
/** Emily's `WithdrawalStatus`: pending, accepted, confirmed, failed. */
export type WithdrawalStatus = 'pending' | 'accepted' | 'confirmed' | 'failed';

export type Tone = 'success' | 'failed' | 'pending' | 'warning';

export function depositStatusWords(s: string): { label: string; tone: Tone; meaning: string } {
  switch (s) {
    case 'pending':
      return {
        label: l10n.t('pending'),
        tone: 'pending',
        meaning: l10n.t('The signers know of the deposit and wait for its Bitcoin confirmations.'),
      };
    case 'accepted':
      return {
        label: l10n.t('accepted'),
        tone: 'pending',
        meaning: l10n.t('The signers accepted the deposit: its sweep is on its way to Bitcoin, then sBTC is minted.'),
      };
    case 'confirmed':
      return { label: l10n.t('confirmed'), tone: 'success', meaning: l10n.t('sBTC was minted on Stacks.') };
    case 'failed':
      return { label: l10n.t('failed'), tone: 'failed', meaning: l10n.t('The deposit will not be minted.') };
    case 'rbf':
      return {
        label: l10n.t('replaced'),
        tone: 'warning',
        meaning: l10n.t('The Bitcoin transaction was replaced by another (replace-by-fee).'),
      };
    default:
      return { label: s.slice(0, 40), tone: 'warning', meaning: l10n.t('A status this version does not know.') };
  }
}

export function withdrawalStatusWords(s: string): { label: string; tone: Tone } {
  switch (s) {
    case 'pending':
      return { label: l10n.t('pending'), tone: 'pending' };
    case 'accepted':
      return { label: l10n.t('accepted'), tone: 'pending' };
    case 'confirmed':
      return { label: l10n.t('confirmed'), tone: 'success' };
    case 'failed':
      return { label: l10n.t('failed'), tone: 'failed' };
    default:
      return { label: s.slice(0, 40), tone: 'warning' };
  }
}

// ---- the registry's answers and print events -------------------------------------------------------

/** `get-completed-deposit`'s tuple. */
export interface CompletedDeposit {
  amount: string;
  recipient: string;
  sweepTxid: string;
  sweepBurnHash: string;
  sweepBurnHeight: string;
}

export function completedDeposit(v: Cv | undefined): CompletedDeposit | undefined {
  const amount = uintOf(field(v, 'amount'));
  const recipient = textOf(field(v, 'recipient'));
  const sweepTxid = buffOf(field(v, 'sweep-txid'));
  const sweepBurnHash = buffOf(field(v, 'sweep-burn-hash'));
  const sweepBurnHeight = uintOf(field(v, 'sweep-burn-height'));
  if (!amount || !recipient || !sweepTxid || !sweepBurnHash || !sweepBurnHeight) return undefined;
  return { amount, recipient, sweepTxid, sweepBurnHash, sweepBurnHeight };
}

/** A withdrawal request as the registry prints it (`withdrawal-create`) or answers it (`get-withdrawal-request`). */
export interface WithdrawalRequest {
  requestId?: string;
  amount: string;
  maxFee: string;
  sender?: string;
  recipient: { version: string; hashbytes: string };
  /** The burn block height the request was made at. */
  blockHeight?: string;
  /** `get-withdrawal-request`'s status: undefined pending, true accepted, false rejected. */
  accepted?: boolean | null;
}

export function withdrawalRequest(v: Cv | undefined, requestId?: string): WithdrawalRequest | undefined {
  const amount = uintOf(field(v, 'amount'));
  const maxFee = uintOf(field(v, 'max-fee'));
  const r = field(v, 'recipient');
  const version = buffOf(field(r, 'version'));
  const hashbytes = buffOf(field(r, 'hashbytes'));
  if (!amount || !maxFee || version === undefined || hashbytes === undefined) return undefined;
  const status = field(v, 'status');
  const id = uintOf(field(v, 'request-id')) ?? requestId;
  const sender = textOf(field(v, 'sender'));
  const blockHeight = uintOf(field(v, 'block-height'));
  return {
    ...(id ? { requestId: id } : {}),
    amount,
    maxFee,
    ...(sender ? { sender } : {}),
    recipient: { version, hashbytes },
    ...(blockHeight ? { blockHeight } : {}),
    ...(status ? { accepted: status.type === 'some' && status.value.type === 'bool' ? status.value.value : null } : {}),
  };
}

/** One of the registry's print events, by its topic. */
export type RegistryEvent =
  | ({ topic: 'withdrawal-create' } & WithdrawalRequest)
  | {
      topic: 'withdrawal-accept';
      requestId: string;
      fee?: string;
      sweepTxid?: string;
      burnHeight?: string;
      bitcoinTxid?: string;
      outputIndex?: string;
    }
  | { topic: 'withdrawal-reject'; requestId: string }
  | {
      topic: 'completed-deposit';
      bitcoinTxid: string;
      outputIndex: string;
      amount: string;
      sweepTxid?: string;
      burnHeight?: string;
    };

export function registryEvent(v: Cv | undefined): RegistryEvent | undefined {
  const topic = textOf(field(v, 'topic'));
  const requestId = uintOf(field(v, 'request-id'));
  switch (topic) {
    case 'withdrawal-create': {
      const w = withdrawalRequest(v);
      return w ? { topic, ...w } : undefined;
    }
    case 'withdrawal-accept': {
      if (!requestId) return undefined;
      const fee = uintOf(field(v, 'fee'));
      const sweepTxid = buffOf(field(v, 'sweep-txid'));
      const burnHeight = uintOf(field(v, 'burn-height'));
      const bitcoinTxid = buffOf(field(v, 'bitcoin-txid'));
      const outputIndex = uintOf(field(v, 'output-index'));
      return {
        topic,
        requestId,
        ...(fee ? { fee } : {}),
        ...(sweepTxid ? { sweepTxid } : {}),
        ...(burnHeight ? { burnHeight } : {}),
        ...(bitcoinTxid ? { bitcoinTxid } : {}),
        ...(outputIndex ? { outputIndex } : {}),
      };
    }
    case 'withdrawal-reject':
      return requestId ? { topic, requestId } : undefined;
    case 'completed-deposit': {
      const bitcoinTxid = buffOf(field(v, 'bitcoin-txid'));
      const outputIndex = uintOf(field(v, 'output-index'));
      const amount = uintOf(field(v, 'amount'));
      if (!bitcoinTxid || !outputIndex || !amount) return undefined;
      const sweepTxid = buffOf(field(v, 'sweep-txid'));
      const burnHeight = uintOf(field(v, 'burn-height'));
      return {
        topic,
        bitcoinTxid,
        outputIndex,
        amount,
        ...(sweepTxid ? { sweepTxid } : {}),
        ...(burnHeight ? { burnHeight } : {}),
      };
    }
    default:
      return undefined;
  }
}
