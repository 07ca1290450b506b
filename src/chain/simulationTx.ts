/**
 * The unsigned contract call a simulation runs: built with `@stacks/transactions`
 * (`makeUnsignedContractCall`, no key, fee 0) and then given the chosen sender as its signer, the
 * way the stxer SDK's `setSender` does. A simulation service takes tx-sender from the spending
 * condition's hash mode and signer hash and never checks a signature, so without this the call
 * would run as the address of an empty public key. Nothing here signs or broadcasts anything.
 *
 * Part of the Clarity module (chain/lazyClarity.ts), loaded only when a simulation needs it.
 */
import {
  AddressHashMode,
  deserializeCV,
  deserializeTransaction,
  makeUnsignedContractCall,
  PayloadType,
  PostConditionMode,
  serializeCV,
  serializePayload,
  wireToPostCondition,
  type MultiSigSpendingCondition,
  type PostCondition,
  type StacksTransactionWire,
} from '@stacks/transactions';
import { c32address, c32addressDecode } from 'c32check';
import * as l10n from './l10n';
import type { ParsedPc, PcMode } from './postConditionParse';

/** Address versions (c32): mainnet single-sig, mainnet multi-sig, testnet single-sig, testnet multi-sig. */
const SINGLE_SIG = new Set([22, 26]);
const MULTI_SIG = new Set([20, 21]);

export interface SimulationCall {
  /** `SP….name` */
  contractId: string;
  fn: string;
  /** Each argument, serialized (SIP-005 hex, with or without 0x). */
  args: readonly string[];
  /** A standard address: the tx-sender of the simulation. */
  sender: string;
  nonce: bigint | number;
  network: 'mainnet' | 'testnet';
  /** Post-conditions to carry, with their mode (none, in Allow mode, when absent). */
  postConditions?: { mode: PcMode; conditions: readonly ParsedPc[] };
}

export interface BuiltCall {
  /** The whole unsigned transaction, hex without 0x (what the service takes). */
  transaction: string;
  /** Only its payload, hex without 0x (what the node's fee estimate takes). */
  payload: string;
  /** Its length in bytes. */
  length: number;
}

/** Gives an unsigned transaction `sender` as its signer (hash mode and signer hash), as stxer's `setSender` does. */
export function setSender(tx: StacksTransactionWire, sender: string): StacksTransactionWire {
  const [version, signer] = c32addressDecode(sender);
  const sc = tx.auth.spendingCondition;
  if (SINGLE_SIG.has(version)) {
    sc.hashMode = AddressHashMode.P2PKH;
    sc.signer = signer;
  } else if (MULTI_SIG.has(version)) {
    const multi: MultiSigSpendingCondition = {
      hashMode: AddressHashMode.P2SH,
      signer,
      fields: [],
      signaturesRequired: 0,
      nonce: sc.nonce,
      fee: sc.fee,
    };
    tx.auth.spendingCondition = multi;
  } else {
    throw new Error(l10n.t('{0} is not a standard Stacks address (version {1}).', sender, version));
  }
  return tx;
}

const MODES: Record<PcMode, PostConditionMode> = {
  allow: PostConditionMode.Allow,
  deny: PostConditionMode.Deny,
  originator: PostConditionMode.Originator,
};

/** A parsed condition as `@stacks/transactions` takes it; throws a sentence naming its line when the NFT id is not a Clarity value. */
function toPostCondition(p: ParsedPc): PostCondition {
  type Asset = `${string}.${string}::${string}`;
  if (p.kind !== 'nft')
    return p.kind === 'stx'
      ? { type: 'stx-postcondition', address: p.principal, condition: p.code, amount: p.amount }
      : {
          type: 'ft-postcondition',
          address: p.principal,
          condition: p.code,
          asset: p.asset as Asset,
          amount: p.amount,
        };
  const hex = p.valueHex.slice(2);
  let assetId;
  try {
    assetId = deserializeCV(hex);
    if (serializeCV(assetId) !== hex) throw new Error('trailing bytes');
  } catch {
    throw new Error(
      l10n.t("Line {0}: the NFT's id {1}… is not a serialized Clarity value.", p.line, p.valueHex.slice(0, 40)),
    );
  }
  return { type: 'nft-postcondition', address: p.principal, condition: p.code, asset: p.asset as Asset, assetId };
}

/** The unsigned contract call of a simulation, with its sender set. */
export async function buildSimulationCall(c: SimulationCall): Promise<BuiltCall> {
  const [contractAddress, contractName] = c.contractId.split('.');
  if (!contractAddress || !contractName) throw new Error(l10n.t('{0} is not a contract id.', c.contractId));
  const pcs = c.postConditions;
  const tx = await makeUnsignedContractCall({
    contractAddress,
    contractName,
    functionName: c.fn,
    functionArgs: c.args.map((a) => deserializeCV(a.replace(/^0x/i, ''))),
    nonce: BigInt(c.nonce),
    fee: 0n,
    network: c.network,
    publicKey: '',
    postConditionMode: pcs ? MODES[pcs.mode] : PostConditionMode.Allow,
    postConditions: pcs ? pcs.conditions.map(toPostCondition) : [],
    validateWithAbi: false,
  });
  setSender(tx, c.sender);
  const transaction = tx.serialize();
  return { transaction, payload: serializePayload(tx.payload), length: transaction.length / 2 };
}

/** What a built (or received) simulation transaction calls, and as whom: for checking one, never to trust it. */
export interface ReadCall {
  sender: string;
  contractId: string;
  fn: string;
  args: string[];
  nonce: bigint;
  signed: boolean;
  mode: PcMode;
  /** Its post-conditions, as `@stacks/transactions` reads them (`address` is 'origin' for the origin). */
  postConditions: PostCondition[];
}

/** Reads an unsigned contract call back: its sender (from the signer), contract, function and arguments. */
export function readSimulationCall(hex: string, network: 'mainnet' | 'testnet'): ReadCall | undefined {
  let tx: StacksTransactionWire;
  try {
    tx = deserializeTransaction(hex.replace(/^0x/i, ''));
  } catch {
    return undefined;
  }
  const p = tx.payload;
  if (p.payloadType !== PayloadType.ContractCall) return undefined;
  const sc = tx.auth.spendingCondition;
  const multi = sc.hashMode !== AddressHashMode.P2PKH && sc.hashMode !== AddressHashMode.P2WPKH;
  const version = network === 'mainnet' ? (multi ? 20 : 22) : multi ? 21 : 26;
  let postConditions: PostCondition[];
  try {
    postConditions = tx.postConditions.values.map((w) => wireToPostCondition(w));
  } catch {
    return undefined;
  }
  const signed = 'signature' in sc ? !/^0*$/.test(sc.signature.data) : sc.fields.length > 0;
  return {
    sender: c32address(version, sc.signer),
    contractId: `${c32address(p.contractAddress.version, p.contractAddress.hash160)}.${p.contractName.content}`,
    fn: p.functionName.content,
    args: p.functionArgs.map((a) => serializeCV(a)),
    nonce: BigInt(sc.nonce),
    signed,
    mode:
      tx.postConditionMode === PostConditionMode.Deny
        ? 'deny'
        : tx.postConditionMode === PostConditionMode.Originator
          ? 'originator'
          : 'allow',
    postConditions,
  };
}
