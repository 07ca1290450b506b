/**
 * Everything the mock knows: the fixtures, plus deterministic generated data for paging tests (a
 * block of 300 transactions, an address with 200 of them, a transaction with 300 events; the ids
 * are in test/fixtures/ids.ts). Built once, on first use.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Cl, cvToHex } from '@stacks/transactions';
import {
  ADDRESS,
  BLOCK,
  CONTRACT,
  DEPLOYED,
  GENERATED,
  TX,
  bigBlockFillerTxId,
  busyTxId,
  mempoolTxId,
  mockHash,
} from '../fixtures/ids';
import { clone, Json, loadFixture } from './fixtures';
import { nativeFailureTxs } from './nativeFailure';
import { normalizeHash } from './routing';

export interface Data {
  txs: Map<string, Json>;
  balances: Map<string, Json>;
  blocksV2: Json[]; // sorted by height, highest last
  blocksV1: Map<number, Json>;
  latest: Json;
  mempoolStats: Json;
  mempoolFees: Json;
  /** v1 bodies of the mempool's pending transactions, newest first (the v3 list is made from them). */
  mempoolTxs: Json[];
  /** Items of the v3 mempool list that come verbatim from a fixture (the mock has no v1 body for them). */
  mempoolListFixtures: Json[];
  contractsStatus: Record<string, Json>;
  serverStatus: Json;
  addressTxs: Map<string, Json[]>; // address -> items (tx + counts), newest first
  addressEvents: Map<string, Json[]>; // `${address}|${txId}` -> items
}

const TX_FIXTURES = [
  'tx-token_transfer.json',
  'tx-contract_call-sponsored.json',
  'tx-smart_contract.json',
  'tx-coinbase.json',
  'tx-tenure_change.json',
  'tx-failed.json',
  'tx-abort_by_post_condition.json',
  'tx-problematic_skipped.json',
  'tx-pending.json',
  'tx-dropped.json',
  'tx-contract_call-ft_transfer.json',
  'tx-contract_call-stack_stx.json',
  'tx-contract_call-abort_by_response.json',
];

function stxAssetEvent(txId: string, i: number, sender: string, recipient: string, amount: string): Json {
  return {
    event_index: i,
    event_type: 'stx_asset',
    tx_id: txId,
    asset: { asset_event_type: 'transfer', sender, recipient, amount },
  };
}

function uintHex(n: number): string {
  return '0x01' + n.toString(16).padStart(32, '0');
}

/**
 * The deploy of a workspace contract: the real deploy of `tx-smart_contract.json` with the
 * contract's id, deployer and real source (test/fixtures/deployed) and a block of its own.
 */
function deployOf(d: { name: string; id: string; tx: string; height: number }): Json {
  const source = fs.readFileSync(path.resolve(__dirname, '../../../test/fixtures/deployed', `${d.name}.clar`), 'utf8');
  return {
    ...loadFixture('tx-smart_contract.json'),
    tx_id: d.tx,
    block_height: d.height,
    sender_address: DEPLOYED.deployer,
    smart_contract: { clarity_version: 2, contract_id: d.id, source_code: source },
  };
}

/**
 * A failed call to a workspace contract: the failed sBTC call's shape, calling the user registry's
 * get-or-create-user-id, which returns ERR_UNAUTHORIZED (err u3000) through is-dao-or-extension.
 */
function failedWorkspaceCall(): Json {
  const tx = loadFixture('tx-contract_call-abort_by_response.json');
  const user = { hex: cvToHex(Cl.principal(ADDRESS.testnet)), repr: ADDRESS.testnet, type: 'principal' };
  return {
    ...tx,
    tx_id: TX.failedWorkspace,
    sender_address: ADDRESS.testnet,
    tx_result: { hex: '0x080100000000000000000000000000000bb8', repr: '(err u3000)' },
    contract_call: {
      contract_id: DEPLOYED.userRegistry.id,
      function_name: 'get-or-create-user-id',
      function_signature: '(define-public (get-or-create-user-id (user principal)))',
      function_args: [{ ...user, name: 'user' }],
    },
  };
}

/** The MiamiCoin condition that `failedPostConditionCall` breaks, and the node's reason for it. */
export const BROKEN_CONDITION = {
  amount: '50000',
  vmError:
    'Post-condition check failure on fungible asset SP466FNC0P7JWTNM2R9T199QRZN1MYEDTAR0KP27.miamicoin-token::miamicoin owned by SPVCH23N0QWQQZ3NJFB2YCBGPKTW7GBFXBEF4G19: 50000 SentEq 100000',
};

/**
 * The real MiamiCoin transfer (TX.ftTransfer) as the chain records it when its post-condition
 * cannot hold: `abort_by_post_condition`, the call's own `(ok true)` result, no events (the node
 * rolls them back), and the reason stacks-core's `check_transaction_postconditions` writes.
 */
function failedPostConditionCall(): Json {
  const tx = loadFixture('tx-contract_call-ft_transfer.json');
  const [pc] = tx.post_conditions as Json[];
  return {
    ...tx,
    tx_id: TX.failedPostCondition,
    tx_status: 'abort_by_post_condition',
    post_conditions: [{ ...pc, amount: BROKEN_CONDITION.amount }],
    vm_error: BROKEN_CONDITION.vmError,
    events: [],
    event_count: 0,
  };
}

/** Builds all data (fixtures + deterministic generated data). */
function buildData(): Data {
  const txs = new Map<string, Json>();
  for (const f of TX_FIXTURES) {
    const tx = loadFixture(f);
    txs.set(tx.tx_id, tx);
  }
  for (const d of [DEPLOYED.userRegistry, DEPLOYED.cityRegistry]) txs.set(d.tx, deployOf(d));
  txs.set(TX.failedWorkspace, failedWorkspaceCall());
  txs.set(TX.failedPostCondition, failedPostConditionCall());
  for (const [id, tx] of nativeFailureTxs()) txs.set(id, tx);
  const latestV2 = loadFixture('block-v2--latest.json');
  const latestV1 = loadFixture('block-v1--by_height-latest.json');
  const nakamoto = loadFixture('block-v2--nakamoto-tenure.json');

  // --- BLOCK.big: parent of the latest block, 300 txs -------------------------------------
  const bigTxIds: string[] = [TX.manyEvents];
  for (let i = 0; i < GENERATED.busyTxCount; i++) bigTxIds.push(busyTxId(i));
  for (let i = 0; bigTxIds.length < GENERATED.bigBlockTxCount; i++) bigTxIds.push(bigBlockFillerTxId(i));
  const bigV1: Json = {
    ...clone(latestV1),
    height: BLOCK.big.height,
    hash: BLOCK.big.hash,
    index_block_hash: BLOCK.big.indexBlockHash,
    parent_block_hash: mockHash('block:big:parent'),
    block_time: latestV1.block_time - 5,
    block_time_iso: new Date((latestV1.block_time - 5) * 1000).toISOString(),
    burn_block_hash: mockHash('block:big:burn'),
    burn_block_height: latestV1.burn_block_height - 1,
    miner_txid: mockHash('block:big:miner_txid'),
    parent_microblock_hash: '0x',
    parent_microblock_sequence: 0,
    txs: bigTxIds,
    microblocks_accepted: [],
    microblocks_streamed: [],
    microblock_tx_count: {},
  };
  const bigV2: Json = {
    ...clone(latestV2),
    height: bigV1.height,
    hash: bigV1.hash,
    block_time: bigV1.block_time,
    block_time_iso: bigV1.block_time_iso,
    index_block_hash: bigV1.index_block_hash,
    parent_block_hash: bigV1.parent_block_hash,
    parent_index_block_hash: mockHash('block:big:parent_index'),
    burn_block_hash: bigV1.burn_block_hash,
    burn_block_height: bigV1.burn_block_height,
    miner_txid: bigV1.miner_txid,
    tx_count: bigTxIds.length,
  };

  // --- generated txs ----------------------------------------------------------------------
  const template = loadFixture('tx-token_transfer.json');
  const inBig = (tx: Json, index: number): Json => ({
    ...tx,
    block_hash: BLOCK.big.hash,
    block_height: BLOCK.big.height,
    burn_block_height: bigV1.burn_block_height,
    parent_block_hash: bigV1.parent_block_hash,
    tx_index: index,
  });
  const addressTxs = new Map<string, Json[]>();
  const addressEvents = new Map<string, Json[]>();

  // manyEvents: contract_call with 300 events
  const cc = loadFixture('tx-contract_call-sponsored.json');
  const many: Json = inBig({ ...cc, tx_id: TX.manyEvents, sponsored: false, sender_address: ADDRESS.mainnet }, 0);
  delete many.sponsor_address;
  delete many.sponsor_nonce;
  many.contract_call = { ...cc.contract_call, contract_id: `${ADDRESS.mainnet}.send-many-memo` };
  const manyEvents: Json[] = [];
  const manyAddrEvents: Json[] = [];
  for (let i = 0; i < GENERATED.manyEventsCount; i++) {
    const recipient = i % 2 === 0 ? ADDRESS.busy : ADDRESS.unknown;
    if (i % 3 === 0) {
      manyEvents.push({
        event_index: i,
        event_type: 'smart_contract_log',
        tx_id: TX.manyEvents,
        contract_log: {
          contract_id: many.contract_call.contract_id,
          topic: 'print',
          value: { hex: uintHex(i), repr: `u${i}` },
        },
      });
    } else if (i % 3 === 1) {
      const amount = String(1000 + i);
      manyEvents.push(stxAssetEvent(TX.manyEvents, i, ADDRESS.mainnet, recipient, amount));
      manyAddrEvents.push({
        type: 'stx',
        event_index: i,
        data: { type: 'transfer', amount, sender: ADDRESS.mainnet, recipient },
      });
    } else {
      const amount = String(i);
      const assetId = `${ADDRESS.mainnet}.send-many-memo::token`;
      manyEvents.push({
        event_index: i,
        event_type: 'fungible_token_asset',
        tx_id: TX.manyEvents,
        asset: { asset_event_type: 'transfer', asset_id: assetId, sender: ADDRESS.mainnet, recipient, amount },
      });
      manyAddrEvents.push({
        type: 'ft',
        event_index: i,
        data: { type: 'transfer', amount, asset_identifier: assetId, sender: ADDRESS.mainnet, recipient },
      });
    }
  }
  many.events = manyEvents;
  many.event_count = manyEvents.length;
  txs.set(TX.manyEvents, many);
  addressEvents.set(`${ADDRESS.mainnet}|${TX.manyEvents}`, manyAddrEvents);

  // busy address: 200 token transfers (newest first = highest tx_index first)
  const busyItems: Json[] = [];
  for (let i = 0; i < GENERATED.busyTxCount; i++) {
    const id = busyTxId(i);
    const outgoing = i % 2 === 0;
    const amount = String(100 + i);
    const sender = outgoing ? ADDRESS.busy : ADDRESS.mainnet;
    const recipient = outgoing ? ADDRESS.mainnet : ADDRESS.busy;
    const tx: Json = inBig(
      {
        ...template,
        tx_id: id,
        nonce: i,
        sender_address: sender,
        token_transfer: { ...template.token_transfer, recipient_address: recipient, amount },
        events: [stxAssetEvent(id, 0, sender, recipient, amount)],
        event_count: 1,
      },
      1 + i,
    );
    txs.set(id, tx);
    addressEvents.set(`${ADDRESS.busy}|${id}`, [
      { type: 'stx', event_index: 0, data: { type: 'transfer', amount, sender, recipient } },
    ]);
    busyItems.push({
      tx: { ...tx, events: [] },
      stx_sent: outgoing ? String(Number(amount) + Number(template.fee_rate)) : '0',
      stx_received: outgoing ? '0' : amount,
      events: {
        stx: { transfer: 1, mint: 0, burn: 0 },
        ft: { transfer: 0, mint: 0, burn: 0 },
        nft: { transfer: 0, mint: 0, burn: 0 },
      },
    });
  }
  busyItems.reverse();
  addressTxs.set(ADDRESS.busy, busyItems);
  // filler txs of the big block
  for (let i = 0, idx = 1 + GENERATED.busyTxCount; idx < bigTxIds.length; i++, idx++) {
    const id = bigBlockFillerTxId(i);
    txs.set(id, inBig({ ...template, tx_id: id, nonce: 1000 + i, events: [], event_count: 0 }, idx));
  }

  // --- address fixtures ------------------------------------------------------------------
  const addFixtureList = (address: string, file: string): void => {
    const items: Json[] = loadFixture(file).results;
    addressTxs.set(address, items);
    for (const item of items) if (!txs.has(item.tx.tx_id)) txs.set(item.tx.tx_id, item.tx);
  };
  addFixtureList(ADDRESS.mainnet, 'address-transactions--mainnet.json');
  addFixtureList(ADDRESS.testnet, 'address-transactions--testnet.json');
  addressEvents.set(
    `${ADDRESS.mainnet}|${TX.mainnetContractCall}`,
    loadFixture('address-tx-events--mainnet.json').results,
  );
  addressEvents.set(`${ADDRESS.testnet}|${TX.tokenTransfer}`, loadFixture('address-tx-events--testnet.json').results);

  const balances = new Map<string, Json>([
    [ADDRESS.mainnet, loadFixture('stx-balance--locked.json')],
    [ADDRESS.testnet, loadFixture('stx-balance--token-offering-locked.json')],
    [ADDRESS.sponsor, loadFixture('stx-balance--sponsored.json')],
  ]);

  const mempoolTxs = pendingTxs(latestV2.block_time);
  for (const tx of mempoolTxs) txs.set(tx.tx_id, tx);

  // The Stacks blocks of burn block 700000 below the Nakamoto block (the API's block.test.ts).
  const burnSiblings: Json[] = loadFixture('burn-block-blocks--700000.json').results.filter(
    (b: Json) => b.height !== nakamoto.height,
  );
  const blocksV2 = [...burnSiblings, nakamoto, bigV2, latestV2].sort((a, b) => a.height - b.height);
  return {
    txs,
    balances,
    blocksV2,
    blocksV1: new Map<number, Json>([
      [latestV1.height, latestV1],
      [bigV1.height, bigV1],
    ]),
    latest: latestV2,
    mempoolStats: loadFixture('mempool-stats.json'),
    mempoolFees: loadFixture('mempool-fees.json'),
    mempoolTxs: [...mempoolTxs, txs.get(TX.pending)],
    mempoolListFixtures: loadFixture('v3-mempool-transactions.json').results,
    contractsStatus: { ...loadFixture('contracts-status.json'), ...workbenchStatuses() },
    serverStatus: loadFixture('server-status.json'),
    addressTxs,
    addressEvents,
  };
}

/**
 * Pending transactions in the v1 mempool shape of `tx-pending.json` (a real mempool body): transfers,
 * contract calls and a few deploys with varied fees, received a few seconds apart before `newest`.
 */
function pendingTxs(newest: number): Json[] {
  const base = loadFixture('tx-pending.json');
  const transfer = loadFixture('tx-token_transfer.json').token_transfer;
  const out: Json[] = [];
  for (let i = 0; i < GENERATED.mempoolTxCount; i++) {
    const receipt = newest - 7 * i;
    const { contract_call: call, ...common } = clone(base);
    const tx: Json = {
      ...common,
      tx_id: mempoolTxId(i),
      nonce: 10 + i,
      fee_rate: String(3000 + ((i * 7919) % 40) * 2500),
      sender_address: i % 3 === 0 ? ADDRESS.mainnet : ADDRESS.pendingSender,
      receipt_time: receipt,
      receipt_time_iso: new Date(receipt * 1000).toISOString(),
    };
    if (i % 7 === 6) {
      tx.tx_type = 'smart_contract';
      tx.smart_contract = {
        clarity_version: 3,
        contract_id: `${tx.sender_address}.pending-contract-${i}`,
        source_code: '(define-read-only (hello) (ok u1))',
      };
    } else if (i % 2 === 0) {
      tx.tx_type = 'token_transfer';
      tx.token_transfer = { ...transfer, recipient_address: ADDRESS.busy, amount: String(1_000_000 * (i + 1)) };
    } else {
      tx.contract_call = { ...call, contract_id: i % 4 === 1 ? CONTRACT.bns : CONTRACT.sendManyMemo };
    }
    out.push(tx);
  }
  return out;
}

let cachedData: Data | undefined;
export function data(): Data {
  cachedData ??= buildData();
  return cachedData;
}

/**
 * The contract workbench's fixture contracts (./contracts.ts) are deployed: a status in the shape
 * of contracts-status.json, with a deploy transaction id the mock makes up.
 */
function workbenchStatuses(): Record<string, Json> {
  const out: Record<string, Json> = {};
  [CONTRACT.typeProbe, CONTRACT.sbtcToken, CONTRACT.wide].forEach((id, i) => {
    out[id] = {
      found: true,
      result: { contract_id: id, status: 'success', tx_id: mockHash(`deploy-${id}`), block_height: 100 + i },
    };
  });
  return out;
}

/** The zero balance the real API returns for a valid principal it has never seen. */
export function zeroBalance(): Json {
  return {
    balance: '0',
    estimated_balance: '0',
    pending_balance_inbound: '0',
    pending_balance_outbound: '0',
    total_sent: '0',
    total_received: '0',
    total_fees_sent: '0',
    total_miner_rewards_received: '0',
    lock_tx_id: '',
    locked: '0',
    lock_height: 0,
    burnchain_lock_height: 0,
    burnchain_unlock_height: 0,
  };
}

/** Burn blocks whose body is a fixture; every other one is built from the Stacks blocks it confirms. */
const BURN_BLOCK_FIXTURES: Record<string, string> = {
  '0xb154c008df2101023a6d0d54986b3964cee58119eed14f5bed98e15678e18fe2': 'burn-block--654439.json',
};

/** The Stacks blocks of one burn block, newest first. */
export function stacksBlocksOf(burnHash: string): Json[] {
  return data()
    .blocksV2.filter((b) => b.burn_block_hash === burnHash)
    .sort((a, b) => b.height - a.height);
}

/**
 * A burn block by `latest` (the one of the latest Stacks block), height or hash, as the API's
 * burn-block route gives it (parseDbBurnBlock: the average time between its Stacks blocks).
 */
export function findBurnBlock(key: string): Json | undefined {
  const blocks = data().blocksV2;
  const h = /^(0x)?[0-9a-fA-F]{64}$/.test(key) ? normalizeHash(key.startsWith('0x') ? key : '0x' + key) : undefined;
  const one =
    key === 'latest'
      ? data().latest
      : h
        ? blocks.find((b) => b.burn_block_hash === h)
        : blocks.find((b) => b.burn_block_height === Number(key));
  if (!one) return undefined;
  const fixture = BURN_BLOCK_FIXTURES[one.burn_block_hash];
  if (fixture) return loadFixture(fixture);
  const stacks = stacksBlocksOf(one.burn_block_hash);
  const times = stacks.map((b) => b.block_time as number);
  const avg = stacks.length > 1 ? Math.round((Math.max(...times) - Math.min(...times)) / (stacks.length - 1)) : 0;
  return {
    burn_block_time: one.burn_block_time,
    burn_block_time_iso: one.burn_block_time_iso,
    burn_block_hash: one.burn_block_hash,
    burn_block_height: one.burn_block_height,
    stacks_blocks: stacks.map((b) => b.hash),
    avg_block_time: avg,
    total_tx_count: stacks.reduce((n, b) => n + (b.tx_count as number), 0),
  };
}

/** A v2 block by `latest`, height, hash or index block hash. */
export function findBlockV2(key: string): Json | undefined {
  const blocks = data().blocksV2;
  if (key === 'latest') return data().latest;
  if (/^\d+$/.test(key)) return blocks.find((b) => b.height === Number(key));
  const h = normalizeHash(key);
  return blocks.find((b) => b.hash === h || b.index_block_hash === h);
}
