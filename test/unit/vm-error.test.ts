import * as assert from 'assert';
import { vmErrorSentence } from '../../src/chain/vmError';

// The `vm_error` strings below are what stacks-core records in its consensus snapshots
// (stackslib/src/chainstate/tests/snapshots/*runtime_analysis_tests* and *runtime_tests*, at
// commit 1efa4a9bf6bd0f670ac10d1f5a5f24491b7a827a; the snapshot writes each as `Some(…)`), the
// formats of clarity/src/vm/clarity.rs and clarity/src/vm/costs/errors.rs, and the post-condition
// reasons of stackslib/src/chainstate/stacks/db/transactions.rs (`check_transaction_postconditions`).
const CASES: Array<[string, RegExp]> = [
  ['ArithmeticOverflow', /^An arithmetic operation overflowed/],
  ['ArithmeticUnderflow', /^An arithmetic operation underflowed/],
  ['DivisionByZero', /^The contract divided by zero\.$/],
  // A runtime error with the stack trace the node adds (clarity/src/vm/errors.rs, `Display`).
  ['DivisionByZero\n Stack Trace: \n_native_:native_div\n', /^The contract divided by zero\.$/],
  [
    'Arithmetic("Power argument to (pow ...) must be a u32 integer")',
    /^An arithmetic function was given an argument it cannot take: Power argument to \(pow \.\.\.\) must be a u32 integer\.$/,
  ],
  ['UnwrapFailure', /^An unwrap-panic \(or unwrap-err-panic\) met a none or an error/],
  ['AtBlockUnavailable', /at-block, which the chain no longer runs since epoch 3\.4/],
  [
    'SupplyOverflow(1100000, 1000000)',
    /^Minting would take the token’s supply to 1100000, over its maximum of 1000000\.$/,
  ],
  [
    'MemoryBalanceExceeded(100665636, 100000000)',
    /^The call used 100665636 bytes of memory, over the limit of 100000000\.$/,
  ],
  ['Memory balance exceeded: used 100665636, limit 100000000', /^The call used 100665636 bytes of memory/],
  ['Cost balance exceeded: total {runtime: 1}, limit {runtime: 0}', /over the cost budget of its block/],
  ['Cost Error: {runtime: 1} cost exceeded budget of {runtime: 0} cost', /over the cost budget of its block/],
  [
    'EarlyReturn(UnwrapFailed(Response(ResponseData { committed: false, data: UInt(9) })))',
    /^An unwrap! or try! returned its error early\.$/,
  ],
  [
    'EarlyReturn(AssertionFailed(Response(ResponseData { committed: false, data: UInt(0) })))',
    /^An asserts! failed and returned its error early\.$/,
  ],
  ['IncorrectArgumentCount(1, 2)', /^A function was given 2 arguments where it takes 1\.$/],
  ['UndefinedFunction("missing-func")', /function that is not defined: missing-func\.$/],
  [
    ":0:0: public functions must return an expression of type 'response', found 'bool'",
    /^The contract failed the node’s analysis at line 0, column 0: public functions must return/,
  ],
  [
    'Post-condition check failure on STX owned by SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7: SentLe 100 SentEq 200',
    /^A post-condition on the STX of SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7 did not hold/,
  ],
  [
    'Post-condition check failure on fungible asset SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7.tok::tok owned by SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7: 100 SentEq 200',
    /^A post-condition on the token SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7\.tok::tok of SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7 did/,
  ],
  [
    'Post condition aborted transaction: Post-condition check failure: Fungible asset SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7.tok::tok was moved by SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7 but not checked',
    /^SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7 moved SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7\.tok::tok, which no post-condition allows/,
  ],
  [
    'Post-condition check failure: 1000 STX was staked by SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7 but not checked',
    /staked 1000 micro-STX, which no post-condition allows/,
  ],
];

describe('vm_error in words (formats of stacks-core)', () => {
  for (const [raw, words] of CASES)
    it(JSON.stringify(raw).slice(0, 90), () => {
      const s = vmErrorSentence(raw);
      assert.match(s ?? '', words);
      // One sentence: no line break, no raw enum text left in it.
      assert.doesNotMatch(s ?? '', /\n|ResponseData|Stack Trace/);
    });

  it('an unknown form reads as what it is, with the raw text under it', () => {
    assert.strictEqual(vmErrorSentence('SomethingNew(42)'), 'The Clarity VM stopped the call with the error below.');
  });

  it('no vm_error, no sentence', () => {
    assert.strictEqual(vmErrorSentence(null), undefined);
    assert.strictEqual(vmErrorSentence(''), undefined);
  });
});
