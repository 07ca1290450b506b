import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { MempoolFees } from '../../src/api';
import { BLOCK_LIMITS } from '../../src/chain/simulation';
import { fallbackFees, feeAtRate, scalarCost, TRANSFER_SCALAR } from '../../src/chain/simulationFee';
import { fallbackFee } from '../../src/ui/workbench/simulationFee';

/** The execution cost the mock simulation service answers (stxer's sample receipt). */
const COST = { read_count: 8, read_length: 12096, write_count: 3, write_length: 213, runtime: 41293 };
const LIMIT = BLOCK_LIMITS.epoch21.cost;
const mempool = JSON.parse(
  fs.readFileSync(path.join(__dirname, '../../../test/fixtures/api/mempool-fees.json'), 'utf8'),
) as MempoolFees;

describe('Simulation fee fallback', () => {
  it("gives a call stacks-core's scalar cost: each dimension's share of the block limit, floored, at least 1", () => {
    // runtime 41,293 / 5e9 → 0.08 → 1; read count 8 / 15,000 → 5.3 → 5; write count 3 / 15,000 → 2;
    // read length 12,096 / 1e8 → 1.2 → 1; write length 213 / 1.5e7 → 0.14 → 1; 250 bytes / 2 MiB → 1.
    assert.strictEqual(scalarCost(COST, LIMIT, 250), 11);
    // A share is capped at the whole limit (10,000), and the length counts in 2 MiB blocks.
    const over = { read_count: 30_000, read_length: 0, write_count: 0, write_length: 0, runtime: 0 };
    assert.strictEqual(scalarCost(over, LIMIT, 1_048_576), 10_000 + 4 + 5_000);
    // A 180-byte transfer costs nothing to run: 5 dimensions at 1 and its length at 1.
    assert.strictEqual(TRANSFER_SCALAR, 6);
  });

  it('prices it at the rates pending transfers pay (their fee / 6), never under 1 µSTX a byte', () => {
    const x = fallbackFees(COST, LIMIT, 250, { low: 3000, medium: 6000, high: 401199 });
    assert.deepStrictEqual(x, {
      scalar: 11,
      rates: { low: 500, medium: 1000, high: 66866.5 },
      // 11 × 500, 11 × 1,000, floor(11 × 66,866.5)
      fees: { low: 5500n, medium: 11000n, high: 735531n },
    });
    assert.strictEqual(feeAtRate(1, 11, 250), 250n, 'the node raises a fee to the length × 1 µSTX');
  });

  it('the panel says it is a fallback, why, and how it was worked out', () => {
    const fee = fallbackFee(
      'NoEstimateAvailable',
      { payload: '', length: 250, cost: COST, limit: { label: 'epochs 2.1 to 3.4', cost: LIMIT } },
      mempool,
    );
    assert.strictEqual(
      fee.source,
      'fallback: the node has no estimate for this call (NoEstimateAvailable); estimated from the simulated cost × ' +
        "the fee rate pending STX transfers pay in the mempool: this call costs 11 units of stacks-core's fee metric " +
        '(execution cost against the block limit, plus length), a transfer 6, so the low, medium and high priority ' +
        'transfer fees give 500, 1,000 and 66866.5 µSTX a unit',
    );
    assert.deepStrictEqual(
      fee.rows.map((r) => `${r.label} ${r.stx}`),
      ['Low (fallback) 0.0055 STX', 'Medium (fallback) 0.011 STX', 'High (fallback) 0.735531 STX'],
    );
    const none = fallbackFee(
      'NoEstimateAvailable',
      { payload: '', length: 250, cost: COST, limit: { label: '', cost: LIMIT } },
      { all: mempool.all },
    );
    assert.match(none.source, /no STX transfer is pending in the mempool, so there is no fee rate to price it at$/);
    assert.deepStrictEqual(none.rows, []);
  });
});
