/**
 * The failed calls of test/fixtures/nativeFailure.ts: the real failed sBTC call's shape
 * (`tx-contract_call-abort_by_response.json`) calling the fixture contracts, with the `(err uN)`
 * the node returns for the native's own error, and the contracts' sources for the node's routes.
 */
import { Cl, cvToHex } from '@stacks/transactions';
import { ADDRESS } from '../fixtures/ids';
import { NATIVE_FAILURE } from '../fixtures/nativeFailure';
import { Json, loadFixture } from './fixtures';

/** The sources the mock's node holds for them (paths under test/fixtures). */
export const NATIVE_FAILURE_SOURCES: Record<string, { file: string; height: number }> = {
  [NATIVE_FAILURE.timelock]: { file: 'clarity/real/timelock-stake.clar', height: 3_500_000 },
  [NATIVE_FAILURE.allowances]: { file: 'clarity/native/clarity4-allowances.clar', height: 3_600_000 },
};

function failedCall(
  txId: string,
  contractId: string,
  fn: string,
  args: Array<{ name: string; n: number }>,
  code: number,
  signature: string,
): Json {
  const tx = loadFixture('tx-contract_call-abort_by_response.json');
  return {
    ...tx,
    tx_id: txId,
    sender_address: ADDRESS.testnet,
    tx_result: { hex: cvToHex(Cl.error(Cl.uint(code))), repr: `(err u${code})` },
    contract_call: {
      contract_id: contractId,
      function_name: fn,
      function_signature: signature,
      function_args: args.map((a) => ({ hex: cvToHex(Cl.uint(a.n)), repr: `u${a.n}`, name: a.name, type: 'uint' })),
    },
  };
}

/** The transactions, by id. */
export function nativeFailureTxs(): Array<[string, Json]> {
  return [
    [
      NATIVE_FAILURE.stakeTx,
      failedCall(
        NATIVE_FAILURE.stakeTx,
        NATIVE_FAILURE.timelock,
        'stake-tokens',
        [
          { name: 'amount', n: 5_000_000 },
          { name: 'lock-periods', n: 3 },
        ],
        1,
        '(define-public (stake-tokens (amount uint) (lock-periods uint)))',
      ),
    ],
    [
      NATIVE_FAILURE.payOutTx,
      failedCall(
        NATIVE_FAILURE.payOutTx,
        NATIVE_FAILURE.allowances,
        'pay-out',
        [{ name: 'amount', n: 150 }],
        0,
        '(define-public (pay-out (amount uint)))',
      ),
    ],
  ];
}
