/**
 * Two POST routes the simulation feature asks: the node's fee estimate (`/v2/fees/transaction`,
 * shaped from stacks-core `stackslib/src/net/api/postfeerate.rs` and its documented example,
 * docs/rpc/components/examples/fee-transaction-response.example.json), and a simulation service
 * mounted under `/simulation` (stxer's `POST /devtools/v2/simulations:instant`, shaped from
 * stxer/stxer-sdk `src/types.ts`: `InstantSimulationResponse`, `TransactionReceipt` with `events`
 * as JSON strings). The service decodes the unsigned transaction it gets and answers a token
 * `transfer` with `(ok true)` and the FT movement it would make, from the signer it was given; the
 * post-conditions the transaction carries abort it as the node's would (./postConditionCheck.ts).
 */
import { Cl, cvToHex, deserializeCV, deserializePayload, type ClarityValue } from '@stacks/transactions';
import { readSimulationCall, type ReadCall } from '../../src/chain/simulationTx';
import { postConditionAbort, type MockEvent } from './postConditionCheck';
import { fixtureContracts } from './contracts';
import { err, ok, type Reply, type RouteContext } from './routing';

export const SIMULATION_PREFIX = '/simulation';
const SBTC_DEPOSIT = 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-deposit';

/** stacks-core's documented fee estimate example. */
export const FEE_ESTIMATE = {
  cost_scalar_change_by_byte: 0.00476837158203125,
  estimated_cost: { read_count: 19, read_length: 4814, runtime: 7175000, write_count: 2, write_length: 1020 },
  estimated_cost_scalar: 14,
  estimations: [
    { fee: 17, fee_rate: 1.2410714285714286 },
    { fee: 125, fee_rate: 8.958333333333332 },
    { fee: 140, fee_rate: 10 },
  ],
};

/**
 * The node's `/v2/pox`, shaped as stacks-core's documented example
 * (docs/rpc/components/examples/pox-info.example.json), with the epoch list cut to the current
 * mainnet epoch, whose block limit is `BLOCK_LIMIT_MAINNET_21` (stackslib/src/core/mod.rs).
 */
export const POX_INFO = {
  contract_id: 'SP000000000000000000002Q6VF78.pox-4',
  current_epoch: 'Epoch33',
  first_burnchain_block_height: 666050,
  current_burnchain_block_height: 922345,
  epochs: [
    {
      epoch_id: 'Epoch33',
      start_height: 917712,
      block_limit: {
        read_count: 15000,
        read_length: 100000000,
        write_count: 15000,
        write_length: 15000000,
        runtime: 5000000000,
      },
      network_epoch: 13,
    },
  ],
};

export function getPox(): Reply {
  return ok(POX_INFO);
}

/** The node's 400 when its estimator has not seen such a call (`EstimatorError::into_json`). */
export const NO_ESTIMATE = {
  error: 'Estimation could not be performed',
  reason: 'NoEstimateAvailable',
  reason_data: { message: 'No estimate available for the provided payload.' },
};

export function postFeeEstimate(ctx: RouteContext): Reply {
  let body: { transaction_payload?: unknown };
  try {
    body = JSON.parse(ctx.body ?? '') as typeof body;
  } catch (e) {
    return err(400, `Failed to parse JSON body: ${String(e)}`);
  }
  const hex = typeof body.transaction_payload === 'string' ? body.transaction_payload.replace(/^0x/, '') : '';
  try {
    deserializePayload(hex);
  } catch {
    return err(400, 'Bad hex string supplied for transaction payload');
  }
  return ok(FEE_ESTIMATE);
}

const TXID = `0x${'5e'.repeat(32)}`;

/** The receipt of a call the mock service runs. */
export function receiptFor(network: 'mainnet' | 'testnet', transaction: string): Reply {
  const call = readSimulationCall(transaction, network);
  if (!call) return { status: 400, body: 'could not deserialize the transaction', raw: true };
  const { result, events } = run(call);
  // As the node does, the post-conditions are checked whenever the call returned (an (err …) too,
  // whose asset map is empty); an abort keeps the events and result, with the reason as vm_error.
  const abort = postConditionAbort(call.postConditions, call.mode, call.sender, events);
  const receipt = {
    stx_burned: 0,
    tx_index: 0,
    vm_error: abort ?? null,
    post_condition_aborted: abort !== undefined,
    costs: 9,
    execution_cost: { read_count: 8, read_length: 12096, write_count: 3, write_length: 213, runtime: 41293 },
    result: cvToHex(result).slice(2),
    events: events.map((e, i) => JSON.stringify({ txid: TXID, event_index: i, committed: abort === undefined, ...e })),
  };
  return ok({ reads: [], receipt });
}

/** What the call returns and the events it makes. */
function run(call: ReadCall): { result: ClarityValue; events: MockEvent[] } {
  const contract = fixtureContracts()[call.contractId];
  const iface = contract?.iface as
    { functions: Array<{ name: string; access: string }>; fungible_tokens: Array<{ name: string }> } | undefined;
  const fn = iface?.functions.find((f) => f.name === call.fn && f.access === 'public');
  if (!iface || !fn) return { result: Cl.error(Cl.uint(9999)), events: [] };
  const args: ClarityValue[] = call.args.map((a) => deserializeCV(a));
  // The real sbtc-deposit's `complete-deposit-wrapper` asserts `(>= amount dust-limit)` with
  // `dust-limit` u546 before anything else (test/fixtures/clarity/real/sbtc-deposit.clar, line 47).
  if (call.contractId === SBTC_DEPOSIT && call.fn === 'complete-deposit-wrapper') {
    const small = args[2]?.type === 'uint' && BigInt(args[2].value) < 546n;
    return { result: small ? Cl.error(Cl.uint(302)) : Cl.ok(Cl.bool(true)), events: [] };
  }
  const token = iface.fungible_tokens[0]?.name;
  if (call.fn === 'transfer' && token && args[0]?.type === 'uint') {
    const amount = String(args[0].value);
    const from = args[1] && 'value' in args[1] ? String(args[1].value) : call.sender;
    const to = args[2] && 'value' in args[2] ? String(args[2].value) : call.sender;
    // The token checks that the sender is tx-sender, as sbtc-token's `transfer` does.
    if (from !== call.sender) return { result: Cl.error(Cl.uint(4)), events: [] };
    const ft = { asset_identifier: `${call.contractId}::${token}`, sender: from, recipient: to, amount };
    return { result: Cl.ok(Cl.bool(true)), events: [{ type: 'ft_transfer_event', ft_transfer_event: ft }] };
  }
  return { result: Cl.ok(Cl.bool(true)), events: [] };
}

export function postSimulation(ctx: RouteContext): Reply {
  let body: { transaction?: unknown };
  try {
    body = JSON.parse(ctx.body ?? '') as typeof body;
  } catch {
    return { status: 400, body: 'invalid JSON body', raw: true };
  }
  if (typeof body.transaction !== 'string') return { status: 400, body: 'missing transaction', raw: true };
  // The version byte: 0x00 mainnet, 0x80 testnet.
  const network = /^00/.test(body.transaction) ? 'mainnet' : 'testnet';
  return receiptFor(network, body.transaction);
}

/**
 * A service's answer of `count` NFT transfers, each to a recipient of its own (20,000 of them are
 * some 7 MB, under the simulation client's 8 MB cap): a call that moves a whole collection.
 */
export function nftFloodAnswer(sender: string, count = 20_000): { reads: never[]; receipt: Record<string, unknown> } {
  const asset = 'SP2X0TZ59D5SZ8ACQ6YMCHHNR2ZN51Z32E2CJ173.guild::guild';
  const events: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = i.toString(16).padStart(32, '0');
    const recipient = `SP${i.toString(36).toUpperCase().padStart(38, '0')}`;
    const transfer = { asset_identifier: asset, sender, recipient, raw_value: `0x01${id}` };
    events.push(
      JSON.stringify({
        event_index: i,
        committed: true,
        type: 'nft_transfer_event',
        nft_transfer_event: transfer,
      }),
    );
  }
  const receipt = {
    stx_burned: 0,
    tx_index: 0,
    vm_error: null,
    post_condition_aborted: false,
    costs: 9,
    execution_cost: { read_count: 8, read_length: 12096, write_count: 3, write_length: 213, runtime: 41293 },
    result: cvToHex(Cl.ok(Cl.bool(true))).slice(2),
    events,
  };
  return { reads: [], receipt };
}
