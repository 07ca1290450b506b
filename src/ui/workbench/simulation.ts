/**
 * Simulate: a public function call run by the simulation service the user set
 * (`stacksLookup.simulation.serviceUrl`) on the chain's confirmed state, never signed or
 * broadcast. The first simulation in a window with a service asks before anything is sent. The
 * unsigned call is built with the sender as its signer and the sender's confirmed nonce; the
 * answer is shown with why it failed (the failure feature's names and lines), what it moved, its
 * cost against the block limit, the node's fee estimate (or a labelled fallback) and the
 * post-conditions for its movements (simulationView.ts).
 */
import type { PoxEpochs, StacksClient } from '../../api';
import { simulateCall } from '../../api/simulation';
import { clarityModule } from '../../chain/lazyClarity';
import { parsePostConditions, type ParsedPc, type PcMode } from '../../chain/postConditionParse';
import type { NetworkId } from '../../chain/networks';
import { BLOCK_LIMITS, COST_DIMENSIONS } from '../../chain/simulation';
import { CONFIG_SECTION, Settings } from '../../constants';
import type { FormResult } from '../../protocol';
import type { NetworkService } from '../network/network';
import type { Config } from '../shared/config';
import type { Log } from '../shared/log';
import { askModal } from '../shared/notify';
import * as l10n from '../../chain/l10n';
import { simulationView, type SimulationLimit } from './simulationView';
import { feeOf } from './simulationFee';
import { LOCAL_SIMULATION, simulateHere } from './localSimulation';

export interface SimulationDeps {
  networks: NetworkService;
  config: Config;
  log: Log;
}

/** One simulation, its arguments already checked and encoded against the interface. */
export interface SimulationAsk {
  form: string;
  network: NetworkId;
  contractId: string;
  fn: string;
  /** Each argument, serialized Clarity (0x and hex). */
  args: string[];
  sender: string;
  /** The block to run at (latest when absent). */
  block?: { height: number; hash: string };
  atText: string;
  signal: AbortSignal;
  /** Pasted post-conditions (`Pc` code) to carry in the transaction, with their mode. */
  postConditions?: { mode: PcMode; code: string };
}

const SETTING = `${CONFIG_SECTION}.${Settings.simulationServiceUrl}`;
/** The services the user agreed to send simulations to, in this window. */
const agreed = new Set<string>();

function invalid(form: string, message: string, atText?: string): FormResult {
  return { form, state: 'invalid', message, ...(atText ? { at: atText } : {}) };
}

/** Runs one simulation and says what the form shows. Throws a client error (the caller words it). */
export async function simulate(deps: SimulationDeps, a: SimulationAsk): Promise<FormResult> {
  const service = deps.config.simulationServiceUrl;
  // `local`: the Clarinet SDK on this machine, no service at all (./localSimulation.ts).
  if (service === LOCAL_SIMULATION) return simulateHere(a);
  if (a.network === 'devnet')
    return invalid(
      a.form,
      l10n.t(
        'Simulation needs a hosted network (mainnet or testnet): a devnet node has no simulation route. Select mainnet or testnet to simulate this call there.',
      ),
    );
  if (!service)
    return invalid(
      a.form,
      l10n.t(
        'Simulate is off: set {0} to a simulation service (stxer: https://api.stxer.xyz for mainnet, https://testnet-api.stxer.xyz for testnet). Nothing was sent.',
        SETTING,
      ),
    );
  // The chain of the network, or on a custom network the one the sender's address names.
  const senderChain = /^S[PM]/.test(a.sender) ? 'mainnet' : 'testnet';
  const chain = a.network === 'mainnet' || a.network === 'testnet' ? a.network : senderChain;
  if (senderChain !== chain)
    return invalid(
      a.form,
      l10n.t(
        'Sender: {0} is a {1} address, and this call runs on {2}: give a {2} address ({3}).',
        a.sender,
        senderChain,
        chain,
        chain === 'mainnet' ? 'SP… / SM…' : 'ST… / SN…',
      ),
    );
  let pcs: { mode: PcMode; conditions: ParsedPc[] } | undefined;
  if (a.postConditions) {
    const parsed = parsePostConditions(a.postConditions.code);
    if (!parsed.ok)
      return invalid(a.form, l10n.t('Post-conditions: {0} Nothing was sent.', parsed.problems.join(' ')), a.atText);
    pcs = { mode: a.postConditions.mode, conditions: parsed.conditions };
  }
  if (!agreed.has(service)) {
    const send = l10n.t('Send');
    const go = await askModal(
      l10n.t('Send this call to the simulation service at {0}?', service),
      a.args.length === 1
        ? l10n.t(
            'The service (a third party unless you run it) receives an unsigned transaction with the sender {0}, the contract {1}, the function {2} and its one argument, and runs it on {3} state. Nothing is signed or broadcast, and your API key is not sent. It is not asked again in this window.',
            a.sender,
            a.contractId,
            a.fn,
            chain,
          )
        : l10n.t(
            'The service (a third party unless you run it) receives an unsigned transaction with the sender {0}, the contract {1}, the function {2} and its {3} arguments, and runs it on {4} state. Nothing is signed or broadcast, and your API key is not sent. It is not asked again in this window.',
            a.sender,
            a.contractId,
            a.fn,
            a.args.length,
            chain,
          ),
      send,
    );
    if (go !== send) return invalid(a.form, l10n.t('Not simulated: nothing was sent to the simulation service.'));
    agreed.add(service);
  }
  const { client } = await deps.networks.endpoint(a.network);
  const o = { signal: a.signal };
  const nonces = await client.getNonces(a.sender, o);
  // The service runs on confirmed state: the next nonce there, not one that counts the mempool.
  const nonce = nonces.last_confirmed_nonce === null ? 0 : nonces.last_confirmed_nonce + 1;
  const codec = clarityModule();
  let built: Awaited<ReturnType<typeof codec.buildSimulationCall>>;
  try {
    built = await codec.buildSimulationCall({
      contractId: a.contractId,
      fn: a.fn,
      args: a.args,
      sender: a.sender,
      nonce,
      network: chain,
      ...(pcs ? { postConditions: pcs } : {}),
    });
  } catch (e) {
    // A post-condition the library refuses (an NFT id that is not a Clarity value): its sentence names the line.
    if (!pcs) throw e;
    return invalid(
      a.form,
      l10n.t('Post-conditions: {0} Nothing was sent.', e instanceof Error ? e.message : String(e)),
      a.atText,
    );
  }
  const sim = await simulateCall(
    service,
    {
      transaction: built.transaction,
      // The Stacks block hash (not the index block hash), hex without 0x, as stxer/stxer-sdk
      // src/simulation.ts sends it: `block_hash: info.hash.substring(2)` of /extended/v1/block/by_height.
      ...(a.block ? { block_height: a.block.height, block_hash: a.block.hash.replace(/^0x/i, '') } : {}),
    },
    {
      signal: a.signal,
      timeoutMs: Math.max(30_000, deps.config.requestTimeoutMs),
      log: (level, m) => (level === 'warn' ? deps.log.warn(`Simulation: ${m}`) : deps.log.info(`Simulation: ${m}`)),
    },
  );
  const limit = await blockLimit(client, a.signal);
  const fee = await feeOf(
    client,
    { payload: built.payload, length: built.length, cost: sim.receipt.execution_cost, limit },
    a.signal,
  );
  const text = codec.clarityText(`0x${sim.receipt.result.replace(/^0x/i, '')}`);
  if (text === undefined)
    return {
      form: a.form,
      state: 'error',
      message: l10n.t('The simulation service sent a result that is not a Clarity value: it is not shown.'),
    };
  const tree = codec.decodeClarity(`0x${sim.receipt.result.replace(/^0x/i, '')}`);
  const ran = l10n.t('{0}, as {1} with nonce {2}', service, a.sender, nonce);
  const view = await simulationView(client, {
    network: a.network,
    contractId: a.contractId,
    fn: a.fn,
    sender: a.sender,
    signal: a.signal,
    ...(a.postConditions ? { postConditions: a.postConditions } : {}),
    pcs,
    sim,
    text,
    fee,
    limit,
    ran,
  });
  return { form: a.form, state: 'ok', text, ...(tree ? { tree } : {}), at: a.atText, simulation: view };
}

type Limit = SimulationLimit;

/**
 * The block limit of the node's current epoch, as its `/v2/pox` reports it; stacks-core's
 * constants for that epoch (or for 2.1 to 3.4 when the node names none) when it reports no limit.
 */
async function blockLimit(client: StacksClient, signal: AbortSignal): Promise<Limit> {
  let pox: PoxEpochs | undefined;
  try {
    pox = await client.getPoxEpochs({ signal });
  } catch (e) {
    if (signal.aborted) throw e;
  }
  const epoch = pox?.current_epoch;
  const own = pox?.epochs?.find((x) => x.epoch_id === epoch)?.block_limit;
  if (epoch && own) {
    const cost = Object.fromEntries(COST_DIMENSIONS.map((d) => [d, Number(own[d])])) as Limit['cost'];
    if (COST_DIMENSIONS.every((d) => Number.isFinite(cost[d]) && cost[d] > 0))
      return { label: l10n.t('{0}, as the node reports it (/v2/pox)', epoch), cost };
  }
  const fallback = epoch && /^Epoch[4-9]/.test(epoch) ? BLOCK_LIMITS.epoch40 : BLOCK_LIMITS.epoch21;
  return { label: l10n.t('{0}; the node reported no limit', fallback.label), cost: fallback.cost };
}
