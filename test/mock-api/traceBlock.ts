/**
 * A block whose earlier transactions change what its last one sees (test/fixtures/traceIds.ts,
 * `TRACE_BLOCK`), for Trace's "Replay with the block's earlier transactions": the block, its
 * transactions (the deprecated v2 list, oldest first, as the API orders it), each transaction, and
 * the STX balance of the earlier transfer's sender (the node's `vm-account::{principal}::19` MARF
 * key: amount unlocked, amount locked (u128 each) and unlock height (u64), big-endian, as hex).
 * The rest of the state is the replay fixture's (./sdkNode.ts): the deposits, the fee reserve and
 * the STX transfer run as Clarity in the SDK; nothing here sets a result.
 */
import { createHash } from 'crypto';
import { Cl, cvToHex } from '@stacks/transactions';
import { TRACE, TRACE_BLOCK } from '../fixtures/traceIds';
import { clone, Json, loadFixture } from './fixtures';
import { block, depositTx } from './sdkNode';
import { err, ok, page, paging, param, Reply, Route, RouteContext } from './routing';

const B = { ...block(TRACE_BLOCK.height), tx_count: 4 };

/** What every transaction of the block shares: where it was mined. */
function placed(tx: Json, txId: string, txIndex: number, sender: string): Json {
  return {
    ...clone(tx),
    tx_id: txId,
    tx_index: txIndex,
    block_height: B.height,
    block_hash: B.hash,
    index_block_hash: B.index_block_hash,
    parent_block_hash: B.parent_block_hash,
    block_time: B.block_time,
    block_time_iso: B.block_time_iso,
    burn_block_height: TRACE.burnHeight,
    sender_address: sender,
    canonical: true,
    microblock_canonical: true,
    events: [],
    event_count: 0,
  };
}

function deposit(txId: string, txIndex: number, sender: string, failed: boolean): Json {
  return {
    ...depositTx(txId, 40, failed, { height: B.height, txIndex, sender }),
    canonical: true,
    microblock_canonical: true,
    events: [],
    event_count: 0,
  };
}

const TXS: Json[] = [
  {
    ...placed(loadFixture('tx-tenure_change.json'), TRACE_BLOCK.tenureTx, 0, TRACE.deployer),
    tx_status: 'success',
  },
  deposit(TRACE_BLOCK.earlierDeposit, 1, TRACE_BLOCK.otherSender, false),
  {
    ...placed(loadFixture('tx-token_transfer.json'), TRACE_BLOCK.transfer, 2, TRACE_BLOCK.otherSender),
    tx_status: 'success',
    tx_result: { hex: cvToHex(Cl.ok(Cl.bool(true))), repr: '(ok true)' },
    token_transfer: { recipient_address: TRACE.sender, amount: '1000000', memo: '0x' },
  },
  deposit(TRACE_BLOCK.failedTx, TRACE_BLOCK.txIndex, TRACE.sender, true),
];

/** The earlier transfer's sender holds 10 STX at the parent block, unlocked. */
const BALANCE_KEY = createHash('sha512-256').update(`vm-account::${TRACE_BLOCK.otherSender}::19`).digest('hex');
const BALANCE = '0x' + 10_000_000n.toString(16).padStart(32, '0') + '0'.repeat(32) + '0'.repeat(16);

const KEYS = [String(B.height), B.hash, B.hash.slice(2), B.index_block_hash, B.index_block_hash.slice(2)];
const ANY_KEY = KEYS.join('|');

export const TRACE_BLOCK_ROUTES: Route[] = [
  // only this key: every other MARF read falls through to ./sdkNode.ts
  { pattern: new RegExp(`^/v2/clarity/marf/(${BALANCE_KEY})$`), handler: () => ok({ data: BALANCE }) },
  { pattern: new RegExp(`^/extended/v2/blocks/(${ANY_KEY})$`), handler: () => ok(clone(B)) },
  {
    pattern: new RegExp(`^/extended/v2/blocks/(${ANY_KEY})/transactions$`),
    handler: (ctx: RouteContext): Reply => {
      const p = paging(ctx.query, 20, 50);
      return 'status' in p ? p : ok(page(clone(TXS), p));
    },
  },
  {
    pattern: new RegExp(`^/extended/v1/tx/(${TXS.map((t: Json) => t.tx_id as string).join('|')})$`),
    handler: (ctx: RouteContext): Reply => {
      const tx = TXS.find((t: Json) => t.tx_id === param(ctx, 0));
      return tx ? ok(clone(tx)) : err(404, { error: 'could not find transaction by ID' });
    },
  },
];
