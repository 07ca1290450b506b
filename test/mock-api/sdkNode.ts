/**
 * The node routes the Clarinet SDK reads when it replays a call on chain state
 * (clarinet's components/clarity-repl/src/repl/remote_data/mod.rs and datastore.rs), for the replay
 * fixture (test/fixtures/traceIds.ts, contracts in test/fixtures/trace/):
 *
 * - `/v2/info` (network id and tip), `/extended/v2/blocks/{height or index hash}` (the blocks the
 *   replay starts from), `/v3/sortitions/burn_height/{h}` (their burn block's sortition);
 * - `/v2/clarity/metadata/{address}/{name}/{key}`: per contract `vm-metadata::9::contract-size`,
 *   `contract-data-size` (u64 as JSON), `contract-src`, `contract` (serde's JSON of the contract
 *   context in its `{ contract_context }` wrapper; the SDK rebuilds the functions from the source)
 *   and `analysis` (serde's JSON of the contract analysis), with the shapes of stacks-core's
 *   clarity/src/vm/contexts.rs and clarity/src/vm/analysis/types.rs; plus the cost contract
 *   (`costs-4`, the real boot source) and `cost-voting`'s `confirmed-proposal-count`;
 * - `/v2/clarity/marf/{SHA-512/256 of "vm::{contract}::1::{var}"}`: a data variable's value,
 *   serialized; a key the node does not have is 404 (the SDK reads `none`);
 * - the failed transaction and its source routes, for the panel and the failing line.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { c32addressDecode } from 'c32check';
import { Cl, cvToHex, serializeCV } from '@stacks/transactions';
import { TRACE } from '../fixtures/traceIds';
import { clone, Json, loadFixture } from './fixtures';
import { err, ok, param, Reply, Route, RouteContext } from './routing';

const BOOT = 'SP000000000000000000002Q6VF78';
const DIR = path.resolve(__dirname, '../../../test/fixtures/trace');
const sha256 = (s: string): string => '0x' + createHash('sha256').update(s).digest('hex');
const marfKey = (key: string): string => createHash('sha512-256').update(key).digest('hex');

/** The contracts the node holds: their data variables (uint) and maps. */
const CONTRACTS: Record<string, { vars: Record<string, number>; maps: Record<string, [string, string]> }> = {
  'trace-vault': {
    vars: { 'deposit-count': TRACE.vars['deposit-count'] },
    maps: { deposits: ['PrincipalType', 'UIntType'] },
  },
  'trace-ledger': { vars: { 'total-settled': TRACE.vars['total-settled'] }, maps: {} },
  'trace-fees': { vars: { 'fee-reserve': TRACE.vars['fee-reserve'] }, maps: {} },
};

/** A block of the replay fixture, at `height` (its hashes and times made from the height). */
export function block(height: number): Json {
  const time = 1_760_000_000 + (height - TRACE.height) * 5;
  return {
    canonical: true,
    height,
    hash: sha256(`trace:hash:${height}`),
    block_time: time,
    block_time_iso: new Date(time * 1000).toISOString(),
    tenure_height: 210_000,
    index_block_hash: sha256(`trace:index:${height}`),
    parent_block_hash: sha256(`trace:hash:${height - 1}`),
    parent_index_block_hash: sha256(`trace:index:${height - 1}`),
    burn_block_time: 1_760_000_000,
    burn_block_time_iso: new Date(1_760_000_000_000).toISOString(),
    burn_block_hash: sha256(`trace:burn:${TRACE.burnHeight}`),
    burn_block_height: TRACE.burnHeight,
    miner_txid: sha256(`trace:miner:${height}`),
    tx_count: 3,
    execution_cost_read_count: 0,
    execution_cost_read_length: 0,
    execution_cost_runtime: 0,
    execution_cost_write_count: 0,
    execution_cost_write_length: 0,
  };
}

const BLOCKS = [TRACE.height - 1, TRACE.height].map(block);

/** serde's form of a standard principal: `[version, [20 bytes]]`. */
function issuerOf(address: string): Json {
  const [version, hash] = c32addressDecode(address);
  return [version, [...Buffer.from(hash, 'hex')]];
}

function contextOf(
  address: string,
  name: string,
  vars: string[],
  maps: Record<string, [string, string]>,
  version: string,
): Json {
  return {
    contract_context: {
      contract_identifier: { issuer: issuerOf(address), name },
      variables: {},
      functions: {},
      defined_traits: {},
      implemented_traits: [],
      persisted_names: [...vars, ...Object.keys(maps)],
      meta_data_map: Object.fromEntries(Object.entries(maps).map(([m, [k, v]]) => [m, { key_type: k, value_type: v }])),
      meta_data_var: Object.fromEntries(vars.map((v) => [v, { value_type: 'UIntType' }])),
      meta_nft: {},
      meta_ft: {},
      data_size: 0,
      clarity_version: version,
    },
  };
}

function analysisOf(address: string, name: string, version: string): Json {
  return {
    contract_identifier: { issuer: issuerOf(address), name },
    private_function_types: {},
    variable_types: {},
    public_function_types: {},
    read_only_function_types: {},
    map_types: {},
    persisted_variable_types: {},
    fungible_tokens: [],
    non_fungible_tokens: {},
    defined_traits: {},
    implemented_traits: [],
    contract_interface: null,
    is_cost_contract_eligible: false,
    epoch: 'Epoch34',
    clarity_version: version,
  };
}

/** The source of a contract the node holds, or undefined. */
export function traceSource(address: string, name: string): string | undefined {
  if (address === BOOT && name === 'costs-4') return fs.readFileSync(path.join(DIR, 'boot/costs-4.clar'), 'utf8');
  if (address === TRACE.deployer && CONTRACTS[name]) return fs.readFileSync(path.join(DIR, `${name}.clar`), 'utf8');
  return undefined;
}

function metadata(address: string, name: string, key: string): string | undefined {
  if (address === BOOT && name === 'cost-voting' && key === 'vm-metadata::6::confirmed-proposal-count')
    return JSON.stringify({ value_type: 'UIntType' });
  const src = traceSource(address, name);
  if (src === undefined) return undefined;
  const c = CONTRACTS[name] ?? { vars: {}, maps: {} };
  const version = address === BOOT ? 'Clarity4' : 'Clarity3';
  switch (key) {
    case 'vm-metadata::9::contract-src':
      return src;
    case 'vm-metadata::9::contract-size':
      return String(src.length);
    case 'vm-metadata::9::contract-data-size':
      return '0';
    case 'vm-metadata::9::contract':
      return JSON.stringify(contextOf(address, name, Object.keys(c.vars), c.maps, version));
    case 'analysis':
      return JSON.stringify(analysisOf(address, name, version));
  }
  const v = /^vm-metadata::6::(.+)$/.exec(key);
  if (v && v[1]! in c.vars) return JSON.stringify({ value_type: 'UIntType' });
  const m = /^vm-metadata::5::(.+)$/.exec(key)?.[1];
  const map = m ? c.maps[m] : undefined;
  return map ? JSON.stringify({ key_type: map[0], value_type: map[1] }) : undefined;
}

const MARF = new Map<string, string>([
  [marfKey(`vm::${BOOT}.cost-voting::1::confirmed-proposal-count`), serializeCV(Cl.uint(0))],
  ...Object.entries(CONTRACTS).flatMap(([name, c]) =>
    Object.entries(c.vars).map(
      ([v, n]) => [marfKey(`vm::${TRACE.deployer}.${name}::1::${v}`), serializeCV(Cl.uint(n))] as [string, string],
    ),
  ),
]);

/**
 * A call of `trace-vault.deposit` of `amount` as the API shows it mined: failed at the fee's
 * underflow, or returned. By default the second transaction of block `TRACE.height`, sent by
 * `TRACE.sender`; `at` places it elsewhere (./traceBlock.ts).
 */
export function depositTx(
  txId: string,
  amount: number,
  failed: boolean,
  at: { height?: number; txIndex?: number; sender?: string } = {},
): Json {
  const tx = loadFixture('tx-contract_call-abort_by_response.json');
  const height = at.height ?? TRACE.height;
  const b = block(height);
  return {
    ...clone(tx),
    tx_id: txId,
    tx_index: at.txIndex ?? 1,
    block_height: height,
    block_hash: b.hash,
    index_block_hash: b.index_block_hash,
    parent_block_hash: b.parent_block_hash,
    block_time: b.block_time,
    block_time_iso: b.block_time_iso,
    burn_block_height: TRACE.burnHeight,
    sender_address: at.sender ?? TRACE.sender,
    tx_status: failed ? 'abort_by_response' : 'success',
    tx_result: failed
      ? { hex: cvToHex(Cl.error(Cl.none())), repr: '(err none)' }
      : { hex: cvToHex(Cl.ok(Cl.uint(Math.floor(amount / 100)))), repr: `(ok u${Math.floor(amount / 100)})` },
    vm_error: failed
      ? `Runtime(ArithmeticUnderflow, Some([FunctionIdentifier { identifier: "_native_:native_sub" }, FunctionIdentifier { identifier: "${TRACE.fees}:fee-for" }]))`
      : null,
    contract_call: {
      contract_id: TRACE.vault,
      function_name: 'deposit',
      function_signature: '(define-public (deposit (amount uint)))',
      function_args: [{ hex: cvToHex(Cl.uint(amount)), repr: `u${amount}`, name: 'amount', type: 'uint' }],
    },
  };
}

const TXS = new Map<string, Json>([
  [TRACE.failedTx, depositTx(TRACE.failedTx, 100, true)],
  [TRACE.okTx, depositTx(TRACE.okTx, 40, false)],
]);

const json = (data: string): Reply => ok({ data });

export const SDK_NODE_ROUTES: Route[] = [
  {
    pattern: /^\/v2\/info$/,
    handler: () =>
      ok({
        network_id: 1,
        parent_network_id: 3652501241,
        stacks_tip_height: TRACE.height + 20,
        burn_block_height: TRACE.burnHeight + 3,
      }),
  },
  {
    // only the replay fixture's blocks; every other one falls through to the block fixtures
    pattern: new RegExp(
      `^/extended/v2/blocks/(${BLOCKS.flatMap((b) => [String(b.height), b.index_block_hash.slice(2), b.index_block_hash, b.hash]).join('|')})$`,
    ),
    handler: (ctx: RouteContext): Reply => {
      const key = param(ctx, 0).replace(/^0x/, '');
      const b = BLOCKS.find(
        (x) => String(x.height) === key || x.index_block_hash === `0x${key}` || x.hash === `0x${key}`,
      );
      return b ? ok(clone(b)) : err(404, { error: 'cannot find block by hash', hash: key });
    },
  },
  {
    pattern: /^\/v3\/sortitions\/burn_height\/(\d+)$/,
    handler: (ctx: RouteContext): Reply =>
      Number(param(ctx, 0)) !== TRACE.burnHeight
        ? err(404, 'No sortition found')
        : ok([
            {
              burn_block_hash: sha256(`trace:burn:${TRACE.burnHeight}`),
              burn_block_height: TRACE.burnHeight,
              burn_header_timestamp: 1_760_000_000,
              sortition_id: sha256(`trace:sortition:${TRACE.burnHeight}`),
              parent_sortition_id: sha256(`trace:sortition:${TRACE.burnHeight - 1}`),
              consensus_hash: sha256(`trace:consensus:${TRACE.burnHeight}`).slice(0, 42),
              was_sortition: true,
              vrf_seed: sha256(`trace:vrf:${TRACE.burnHeight}`),
            },
          ]),
  },
  {
    pattern: /^\/v2\/clarity\/metadata\/([^/]+)\/([^/]+)\/([^/]+)$/,
    handler: (ctx: RouteContext): Reply => {
      const d = metadata(param(ctx, 0), param(ctx, 1), decodeURIComponent(param(ctx, 2)));
      return d === undefined ? err(404, 'Metadata not found') : json(d);
    },
  },
  {
    pattern: /^\/v2\/clarity\/marf\/([0-9a-f]{64})$/,
    handler: (ctx: RouteContext): Reply => {
      const d = MARF.get(param(ctx, 0));
      return d === undefined ? err(404, 'Data for the key was not found') : json(`0x${d}`);
    },
  },
  {
    pattern: new RegExp(`^/v2/contracts/source/${TRACE.deployer}/(trace-[a-z]+)$`),
    handler: (ctx: RouteContext): Reply => {
      const source = traceSource(TRACE.deployer, param(ctx, 0));
      return source === undefined
        ? err(404, 'No contract source data found')
        : ok({ source, publish_height: TRACE.height - 1000, proof: '0x' + '00'.repeat(32) });
    },
  },
  {
    pattern: new RegExp(`^/extended/v1/tx/(${[...TXS.keys()].join('|')})$`),
    handler: (ctx: RouteContext): Reply => {
      const tx = TXS.get(param(ctx, 0));
      return tx ? ok(clone(tx)) : err(404, { error: 'could not find transaction by ID' });
    },
  },
];
