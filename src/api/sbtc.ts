/**
 * The sBTC registry's read-only functions (stacks-sbtc/sbtc `contracts/contracts/sbtc-registry.clar`),
 * read through the chain API's client like any read-only call (rate budget, cache, errors):
 * `get-completed-deposit`, `get-withdrawal-request`, `get-completed-withdrawal-sweep-data`. The
 * registry of a network is its known deployment, or on a custom network the one the node's
 * `/v2/pox` names (`pox_5_sbtc_registry_contract`), else the known one of the chain its PoX
 * contract's address belongs to.
 */
import { c32address } from 'c32check';
import type { NetworkId } from '../chain/networks';
import {
  completedDeposit,
  REGISTRY,
  SBTC_DEPLOYERS,
  withdrawalRequest,
  type CompletedDeposit,
  type WithdrawalRequest,
} from '../chain/sbtc';
import { buffArg, buffOf, field, readCv, uintArg, uintOf, unwrap, type Cv } from '../chain/sbtcClarity';
import type { CallOptions, StacksClient } from './index';

/** The Clarity value of a registry call's answer, or undefined when the node refused the call. */
async function call(
  client: StacksClient,
  registry: string,
  fn: string,
  args: string[],
  options: CallOptions,
): Promise<{ value?: Cv; refused?: string }> {
  const sender = registry.split('.')[0]!;
  const r = await client.callReadOnly(registry, fn, { sender, arguments: args }, options);
  if (!r.okay || !r.result) return { refused: (r.cause ?? 'refused').slice(0, 300) };
  const value = readCv(r.result, (v, h) => c32address(v, h));
  return value ? { value } : { refused: 'an answer that is not a Clarity value this reader knows' };
}

/** The registry's contract id on a network, or undefined where no deployment is known. */
export async function registryOf(
  client: StacksClient,
  network: NetworkId,
  options: CallOptions,
): Promise<string | undefined> {
  if (network === 'custom') {
    const pox = (await client.getPoxInfo(options).catch(() => undefined)) as Record<string, unknown> | undefined;
    const named = pox?.['pox_5_sbtc_registry_contract'];
    if (typeof named === 'string' && /^S[0-9A-Z]{27,40}\.[a-zA-Z][a-zA-Z0-9_-]{0,39}$/.test(named)) return named;
    // No sBTC contract named: the chain the node runs, from its PoX contract's address, has its known deployment.
    const pox5 = pox?.['contract_id'];
    if (typeof pox5 === 'string' && /^S[PMTN]/.test(pox5))
      return `${SBTC_DEPLOYERS[/^S[PM]/.test(pox5) ? 'mainnet' : 'testnet']}.${REGISTRY}`;
    return undefined;
  }
  const deployer = SBTC_DEPLOYERS[network];
  return deployer ? `${deployer}.${REGISTRY}` : undefined;
}

/** A completed deposit (sBTC minted) of a Bitcoin output, or undefined when the registry has none. */
export async function getCompletedDeposit(
  client: StacksClient,
  registry: string,
  txid: string,
  vout: number,
  options: CallOptions,
): Promise<CompletedDeposit | undefined> {
  const tx = buffArg(txid);
  if (!tx) return undefined;
  const r = await call(client, registry, 'get-completed-deposit', [tx, uintArg(vout)], options);
  return completedDeposit(unwrap(r.value));
}

export interface RegistryWithdrawal {
  request: WithdrawalRequest;
  /** The sweep that paid it, once accepted. */
  sweep?: { sweepTxid: string; sweepBurnHash?: string; sweepBurnHeight?: string };
}

/** A withdrawal request with its status and sweep, or undefined when the registry has no such id. */
export async function getWithdrawal(
  client: StacksClient,
  registry: string,
  id: string,
  options: CallOptions,
): Promise<RegistryWithdrawal | undefined> {
  if (!/^\d{1,30}$/.test(id)) return undefined;
  const r = await call(client, registry, 'get-withdrawal-request', [uintArg(BigInt(id))], options);
  const request = withdrawalRequest(unwrap(r.value), id);
  if (!request) return undefined;
  if (request.accepted !== true) return { request };
  const s = unwrap(
    (await call(client, registry, 'get-completed-withdrawal-sweep-data', [uintArg(BigInt(id))], options)).value,
  );
  const sweepTxid = buffOf(field(s, 'sweep-txid'));
  const sweepBurnHash = buffOf(field(s, 'sweep-burn-hash'));
  const sweepBurnHeight = uintOf(field(s, 'sweep-burn-height'));
  return {
    request,
    ...(sweepTxid
      ? {
          sweep: {
            sweepTxid,
            ...(sweepBurnHash ? { sweepBurnHash } : {}),
            ...(sweepBurnHeight ? { sweepBurnHeight } : {}),
          },
        }
      : {}),
  };
}
