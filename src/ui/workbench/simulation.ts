/**
 * Simulate: a public function call run by the simulation service the user set
 * (`stacksLookup.simulation.serviceUrl`) on the chain's confirmed state, never signed or
 * broadcast. The first simulation in a window with a service asks before anything is sent. The
 * unsigned call is built with the sender as its signer and the sender's confirmed nonce; the
 * answer is shown with why it failed (the failure feature's names and lines), what it moved, its
 * cost against the block limit, the node's fee estimate (or a labelled fallback) and the
 * post-conditions for its movements.
 */
import type { PoxEpochs, StacksClient } from '../../api';
import { simulateCall, type Simulated } from '../../api/simulation';
import { clarityModule } from '../../chain/lazyClarity';
import { formatInt, formatStx } from '../../chain/format';
import { breachSentence, postConditionBreach, type PostConditionRow } from '../../chain/postConditionBreach';
import { parsePostConditions, type ParsedPc, type PcMode } from '../../chain/postConditionParse';
import { NETWORK_LABELS, type NetworkId } from '../../chain/networks';
import {
  BLOCK_LIMITS,
  COST_DIMENSIONS,
  costShares,
  movementsOf,
  netChanges,
  percentText,
  postConditionCode,
  type Movement,
  type ReceiptEvent,
} from '../../chain/simulation';
import { vmErrorSentence } from '../../chain/vmError';
import { CONFIG_SECTION, Settings } from '../../constants';
import type { FormResult, SimulationView } from '../../protocol';
import type { NetworkService } from '../network/network';
import type { Config } from '../shared/config';
import type { Log } from '../shared/log';
import { askModal } from '../shared/notify';
import { callFailure } from '../shared/txFailure';
import * as l10n from '../../chain/l10n';
import { feeOf } from './simulationFee';

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
export async function simulate(d: SimulationDeps, a: SimulationAsk): Promise<FormResult> {
  const service = d.config.simulationServiceUrl;
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
  const { client } = await d.networks.endpoint(a.network);
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
      timeoutMs: Math.max(30_000, d.config.requestTimeoutMs),
      log: (level, m) => (level === 'warn' ? d.log.warn(`Simulation: ${m}`) : d.log.info(`Simulation: ${m}`)),
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
  const view = await describe(client, a, sim, text, fee, limit, ran, pcs);
  return { form: a.form, state: 'ok', text, ...(tree ? { tree } : {}), at: a.atText, simulation: view };
}

type Fee = SimulationView['fee'];
type Limit = { label: string; cost: Record<(typeof COST_DIMENSIONS)[number], number> };

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

function movementRow(m: Movement): SimulationView['movements'][number] {
  const what =
    m.asset === 'stx' ? `STX ${m.action}` : `${m.asset === 'ft' ? 'FT' : 'NFT'} ${m.action} ${m.assetId ?? ''}`.trim();
  const amount = m.asset === 'stx' ? formatStx(m.amount) : m.asset === 'nft' ? (m.valueHex ?? '') : (m.amount ?? '');
  return {
    what,
    from: m.sender ?? l10n.t('(minted)'),
    to: m.recipient ?? (m.action === 'lock' ? '(locked)' : '(burned)'),
    amount,
  };
}

async function describe(
  client: StacksClient,
  a: SimulationAsk,
  sim: Simulated,
  text: string,
  fee: Fee,
  limit: Limit,
  ran: string,
  pcs: { mode: PcMode; conditions: ParsedPc[] } | undefined,
): Promise<SimulationView> {
  const r = sim.receipt;
  const events = sim.events.filter((e): e is Exclude<typeof e, { type: 'other' }> => e.type !== 'other');
  const moves = movementsOf(events as unknown as ReceiptEvent[]);
  const codec = clarityModule();
  const vmRaw = r.vm_error ?? undefined;
  const failed = text.startsWith('(err ') || r.post_condition_aborted || !!vmRaw;
  let verdict = l10n.t('Would succeed.');
  let lines: string[] = [];
  // The condition that did not hold, named from the conditions sent (none when it ran in Allow mode without any).
  const breach = r.post_condition_aborted
    ? postConditionBreach(vmRaw, (pcs?.conditions ?? []).map(rowOf), a.sender)
    : undefined;
  const named = breach && breachSentence(breach, a.sender);
  if (failed) {
    const f = await callFailure(
      { contractId: a.contractId, fn: a.fn, result: text },
      { raw: vmRaw, ...(named ? { sentence: named } : {}) },
      r.post_condition_aborted,
      client,
      {
        signal: a.signal,
        resultText: text,
      },
    );
    // "Failed with ERR-X (err u1)" becomes "Would fail with ERR-X (err u1)".
    const failedWith = l10n.t('Failed');
    verdict = f.headline.startsWith(failedWith)
      ? l10n.t('Would fail{0}', f.headline.slice(failedWith.length))
      : l10n.t('Would fail: {0}', f.headline);
    lines = f.links.map((l) => l.text);
  }
  const vmSentence = vmErrorSentence(vmRaw);
  return {
    verdict,
    tone: failed ? 'failed' : 'success',
    lines,
    ...(vmRaw
      ? {
          vmError:
            vmSentence && vmSentence !== vmRaw
              ? l10n.t('VM error: {0} ({1})', vmSentence, vmRaw.slice(0, 500))
              : l10n.t('VM error: {0}', vmSentence ?? vmRaw),
        }
      : {}),
    postConditions: postConditionsText(r.post_condition_aborted, named ?? vmSentence ?? vmRaw, pcs),
    ...(a.postConditions ? { pasted: a.postConditions } : {}),
    movements: moves.map(movementRow),
    net: netChanges(moves).map((n) => ({
      principal: n.principal,
      asset: n.asset,
      change: n.asset === 'STX' ? formatStx(n.change) : `${n.change > 0n ? '+' : ''}${n.change.toString()}`,
    })),
    prints: events
      .filter((e) => e.type === 'contract_event')
      .map((e) => ({
        contract: e.contract_event.contract_identifier,
        value:
          codec.clarityText(`0x${e.contract_event.raw_value.replace(/^0x/i, '')}`, 2_000) ?? e.contract_event.raw_value,
      })),
    cost: {
      source: limit.label,
      rows: costShares(r.execution_cost, limit.cost).map((s) => ({
        dimension: s.dimension.replace('_', ' '),
        used: formatInt(s.used),
        limit: formatInt(s.limit),
        percent: percentText(s.percent),
      })),
    },
    fee,
    pc: {
      deny: postConditionCode(moves, a.sender, 'deny'),
      originator: postConditionCode(moves, a.sender, 'originator'),
    },
    ran: l10n.t('Simulated on {0} state by {1}. Nothing was signed or broadcast.', NETWORK_LABELS[a.network], ran),
  };
}

const modeName = (m: PcMode): string =>
  m === 'deny' ? l10n.t('Deny') : m === 'allow' ? l10n.t('Allow') : l10n.t('Originator');

function postConditionsText(
  aborted: boolean,
  reason: string | undefined,
  pcs: { mode: PcMode; conditions: ParsedPc[] } | undefined,
): string {
  const attached = pcs
    ? pcs.conditions.length === 1
      ? l10n.t('1 post-condition in {0} mode', modeName(pcs.mode))
      : l10n.t('{0} post-conditions in {1} mode', pcs.conditions.length, modeName(pcs.mode))
    : undefined;
  if (aborted) {
    const why = (reason ?? l10n.t('the service named no condition')).replace(/\.$/, '');
    return attached
      ? l10n.t('Post-conditions aborted it ({0}): {1}.', attached, why)
      : l10n.t('Post-conditions aborted it: {0}.', why);
  }
  return attached
    ? l10n.t('Post-conditions did not abort it: the {0} held.', attached)
    : l10n.t('Post-conditions did not abort it (it was simulated in Allow mode, with none attached).');
}

const CODES: Record<string, string> = {
  eq: 'sent_equal_to',
  gt: 'sent_greater_than',
  gte: 'sent_greater_than_or_equal_to',
  lt: 'sent_less_than',
  lte: 'sent_less_than_or_equal_to',
  sent: 'sent',
  'not-sent': 'not_sent',
};

/** A parsed condition as the API writes a transaction's (what the breach is matched against). */
function rowOf(p: ParsedPc): PostConditionRow {
  const [address = '', contractName] = p.principal.split('.');
  const principal = contractName
    ? { type_id: 'principal_contract', address, contract_name: contractName }
    : { type_id: 'principal_standard', address };
  const base = { condition_code: CODES[p.code], principal };
  if (p.kind === 'stx') return { type: 'stx', ...base, amount: p.amount };
  const [contract = '', name = ''] = (p.asset ?? '').split('::');
  const [contractAddress, assetContract] = contract.split('.');
  const asset = { contract_address: contractAddress, contract_name: assetContract, asset_name: name };
  return p.kind === 'ft'
    ? { type: 'fungible', ...base, amount: p.amount, asset }
    : { type: 'non_fungible', ...base, asset };
}
