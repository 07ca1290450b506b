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

const P = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';

// Each form the node writes, with the exact sentence: a changed word or a lost value is a test
// failure, not a sentence that merely still starts right.
const EXACT: Array<[string, string]> = [
  ['SupplyUnderflow(100, 250)', 'Burning 250 would take the token’s supply (100) below zero.'],
  ['SupplyOverflow(1100000,1000000)', 'Minting would take the token’s supply to 1100000, over its maximum of 1000000.'],
  ['SupplyOverflow()', 'Minting would take the token’s supply to , over its maximum of ?.'],
  ['MemoryBalanceExceeded(5,4)', 'The call used 5 bytes of memory, over the limit of 4.'],
  ['IncorrectArgumentCount(1,2)', 'A function was given 2 arguments where it takes 1.'],
  [
    'CostBalanceExceeded(a, b)',
    'The call ran over the cost budget of its block: it does more work than a block allows.',
  ],
  ['CostComputationFailed("x")', 'The node could not compute the cost of the call.'],
  ['ExecutionResourceBudgetExceeded(1)', 'The call ran over the resources a transaction may use.'],
  ['Execution resource budget exceeded', 'The call ran over the resources a transaction may use.'],
  ['Analysis resource budget exceeded', 'The call ran over the resources a transaction may use.'],
  ['BadBlockHeight("99")', 'The contract asked for a block height that does not exist: 99.'],
  ['BadBlockHash([1, 2])', 'The contract gave a block hash that is not one.'],
  ['UnknownBlockHeaderHash(0xab)', 'The contract asked for block 0xab, which the chain does not know.'],
  ['BadTokenName("gold")', 'The contract named a token that does not exist: gold.'],
  ['NoSuchContract("SP1.c")', 'The call reached a contract that does not exist: SP1.c.'],
  ['NoSuchPublicFunction("SP1.c", "f")', 'The call named a public function the contract does not have: "SP1.c", "f".'],
  ['TraitReferenceUnknown("t")', 'The call used a trait reference that is not known: t.'],
  ['BadTraitImplementation("a", "b")', 'A contract passed as a trait does not implement it as the trait says.'],
  ['TypeValueError(UInt, Int(1))', 'A value did not have the type the contract expects.'],
  ['TypeError(UInt, Int)', 'A value did not have the type the contract expects.'],
  ['ExpectedContractPrincipalValue(Principal)', 'A standard principal was given where a contract was expected.'],
  ['CircularReference(["a"])', 'Contracts called each other in a circle.'],
  ['NameAlreadyUsed("x")', 'A name was defined twice: x.'],
  ['UndefinedFunction("say \\"hi\\"")', 'The call reached a function that is not defined: say "hi".'],
  ['UndefinedFunction(  "pad"  )', 'The call reached a function that is not defined: pad.'],
  ['EarlyReturn(ExpectedValue(x))', 'An unwrap! or try! returned its error early.'],
  ['ShortReturn(AssertionFailed(x))', 'An asserts! failed and returned its error early.'],
  [
    ':12:3: use of unresolved function',
    'The contract failed the node’s analysis at line 12, column 3: use of unresolved function.',
  ],
  // A node built with developer-mode writes the real position (stackslib transactions.rs,
  // `process_smart_contract_transaction_syntax_error`): a column of two digits is read whole.
  [
    ':2:14: invalid variable definition',
    'The contract failed the node’s analysis at line 2, column 14: invalid variable definition.',
  ],
  // A message whose first line holds a lone CR or a line separator is still read whole.
  [
    ':2:14: invalid\rvariable\u2028definition',
    'The contract failed the node’s analysis at line 2, column 14: invalid\rvariable\u2028definition.',
  ],
  // The cost tracker's own words (clarity/src/vm/costs/errors.rs, `CostErrors` Display): both
  // numbers are read whole, the limit as much as the memory used.
  [
    'Memory balance exceeded: used 100665636, limit 100000000',
    'The call used 100665636 bytes of memory, over the limit of 100000000.',
  ],
  [
    `Post-condition check failure on non-fungible asset ${P}.punks::punk owned by ${P}: UInt(7) NotSent [UInt(7)]`,
    `A post-condition on the NFT ${P}.punks::punk of ${P} did not hold: the call moved other amounts than it allows.`,
  ],
  [
    `Post-condition check failure on STX staked by ${P}: 1 SentLe 3`,
    `A post-condition on the STX staked by ${P} did not hold.`,
  ],
  [
    `Post-condition check failure on PoX action by ${P}: NotPerformed performed=true`,
    `A post-condition on the PoX actions of ${P} did not hold.`,
  ],
  [
    `Post-condition check failure: No checks for non-fungible asset ${P}.punks::punk moved by ${P}`,
    `${P} moved the NFT ${P}.punks::punk, which no post-condition allows (the mode denies transfers not listed).`,
  ],
  [
    `Post-condition check failure: Non-fungible asset ${P}.punks::punk value UInt(7) was moved by ${P} but not checked`,
    `${P} moved ${P}.punks::punk, which no post-condition allows (the mode denies transfers not listed).`,
  ],
  [
    `Post-condition check failure: ${P} performed a PoX action but it was not checked`,
    `${P} performed a PoX action, which no post-condition allows.`,
  ],
  ['Post-condition check failure: something new', 'A post-condition did not hold, so the transaction was aborted.'],
  // Two numbers written without a space after the comma are both read.
  ['SupplyUnderflow(100,250)', 'Burning 250 would take the token’s supply (100) below zero.'],
  // A number the node left out reads as a question mark, not as "undefined".
  ['SupplyUnderflow(5)', 'Burning ? would take the token’s supply (5) below zero.'],
  ['MemoryBalanceExceeded(5)', 'The call used 5 bytes of memory, over the limit of ?.'],
  ['IncorrectArgumentCount(1)', 'A function was given ? arguments where it takes 1.'],
  // Only an argument that is one quoted string loses its quotes; anything else is shown as written, trimmed.
  ['BadTokenName("gold", 3)', 'The contract named a token that does not exist: "gold", 3.'],
  ['BadTokenName(3, "gold")', 'The contract named a token that does not exist: 3, "gold".'],
  ['BadTokenName(  gold  )', 'The contract named a token that does not exist: gold.'],
];

// Text that only contains a known form, after or before something else, is not that form.
const NOT_THE_FORM: string[] = [
  'x Post condition aborted transaction: DivisionByZero',
  'xCost Error: budget',
  'see Cost balance exceeded',
  'Memory balance exceeded: used 5, limit 4x'.replace('4x', 'x'),
  'not Execution resource budget exceeded',
  'x:1:2: message',
  'xEarlyReturn(UnwrapFailed(x))',
  'xUndefinedFunction("f")',
  'UndefinedFunction("f") trailing',
  'xMemory balance exceeded: used 5, limit 4',
  'x UndefinedFunction("f")',
  // Only the first 4,000 characters are read: a form that closes after them is not that form.
  `UndefinedFunction("${'a'.repeat(5_000)}")`,
];

describe('vm_error in words: each form exactly', () => {
  for (const [raw, sentence] of EXACT)
    it(JSON.stringify(raw).slice(0, 80), () => assert.strictEqual(vmErrorSentence(raw), sentence));

  it('a cost function that failed is the cost’s failure, whatever error of its own it quotes', () => {
    // CostComputationFailed quotes the cost function's error by its Display (clarity/src/vm/costs/mod.rs:
    // "Error evaluating result of cost function {…}: {e}"): the snapshot's Arithmetic one, a check error
    // (`RuntimeCheck(…)`, as simple_apply_eval.rs's test_from_consensus_buff_type_checks writes it) and an
    // internal one (`Internal(Expect(…))`, the message of errors.rs) are the quote, not the error.
    const cost =
      'Error evaluating result of cost function ST000000000000000000002AMW42H.costs-4.cost_from_consensus_buff';
    for (const quoted of [
      'Arithmetic(\\"log2 must be passed a positive integer\\")',
      'RuntimeCheck(TypeValueError(SequenceType(BufferType(BufferLength(1048576))), \\"Int(1)\\"))',
      'Internal(Expect(\\"Interpreter failure during cost calculation\\"))',
    ])
      assert.strictEqual(
        vmErrorSentence(`CostComputationFailed("${cost}: ${quoted}")`),
        'The node could not compute the cost of the call.',
        quoted,
      );
  });

  it('a known form inside other text is not read as that form', () => {
    for (const raw of NOT_THE_FORM)
      assert.strictEqual(vmErrorSentence(raw), 'The Clarity VM stopped the call with the error below.', raw);
  });

  it('a post-condition reason inside the aborted wrapper reads as the reason; only the first line is read', () => {
    assert.strictEqual(
      vmErrorSentence(
        `Post condition aborted transaction: Post-condition check failure on STX staked by ${P}: 1 SentLe 3`,
      ),
      `A post-condition on the STX staked by ${P} did not hold.`,
    );
    assert.strictEqual(vmErrorSentence('  DivisionByZero  \nNameAlreadyUsed("x")'), 'The contract divided by zero.');
  });

  it('a post-condition reason is read by its start: the words of other reasons later in it change nothing', () => {
    const Q = 'SP000000000000000000002Q6VF78';
    const quoted = [
      `Post-condition check failure on STX owned by ${Q}: 1 SentLe 3`,
      `Post-condition check failure on STX staked by ${Q}: 1 SentLe 3`,
      `Post-condition check failure on PoX action by ${Q}: NotPerformed`,
      `Post-condition check failure: Fungible asset ${Q}.t::t was moved by ${Q} but not checked`,
      `Post-condition check failure: No checks for non-fungible asset ${Q}.n::n moved by ${Q}`,
      `Post-condition check failure: 5 STX was staked by ${Q} but not checked`,
      `Post-condition check failure: ${Q} performed a PoX action but it was not checked`,
    ];
    // Each quoted reason alone is read as itself ...
    for (const q of quoted)
      assert.notStrictEqual(vmErrorSentence(q), vmErrorSentence('Post-condition check failure: x'));
    // ... but inside a reason of a form this version does not know, none of them is.
    assert.strictEqual(
      vmErrorSentence(`Post-condition check failure: a new check, quoting ${quoted.join('; ')}`),
      'A post-condition did not hold, so the transaction was aborted.',
    );
    // An NFT transfer not checked, whose value holds the words of the reasons read before it.
    assert.strictEqual(
      vmErrorSentence(
        `Post-condition check failure: Non-fungible asset ${P}.punks::punk value ${quoted.slice(0, 3).join(' ')} was moved by ${P} but not checked`,
      ),
      `${P} moved ${P}.punks::punk, which no post-condition allows (the mode denies transfers not listed).`,
    );
  });
});

// Where a runtime error happened. A node built with developer-mode writes the call stack after the
// error (clarity/src/vm/errors.rs, `Display for VmExecutionError`: " Stack Trace: " and one
// `FunctionIdentifier` a line, outermost first; clarity-types/src/types/mod.rs: a contract's
// function is `<contract id>:<name>`, a native one `_native_:<rust name>`); its `Debug` form,
// which an error nested in another writes, is `Runtime(<error>, Some([FunctionIdentifier { … }]))`.
// Older nodes wrote check errors and short returns as `Unchecked(…)` and `ShortReturn(…)` (the
// `Error` enum of clarity/src/vm/errors.rs before `VmExecutionError`, at f6668d8e).
const VAULT = `${P}.vault`;
const TOKEN = `${P}.token`;
const LOCATED: Array<[string, string]> = [
  [
    `ArithmeticUnderflow\n Stack Trace: \n${VAULT}:withdraw\n${VAULT}:pay-out\n${TOKEN}:burn\n_native_:native_sub\n`,
    'Arithmetic underflow in token’s burn, called from vault’s withdraw. An arithmetic operation underflowed: its result is below what its type can hold (a uint below zero).',
  ],
  [
    `Runtime(ArithmeticUnderflow, Some([FunctionIdentifier { identifier: "${VAULT}:withdraw" }, FunctionIdentifier { identifier: "${TOKEN}:burn" }, FunctionIdentifier { identifier: "_native_:native_sub" }]))`,
    'Arithmetic underflow in token’s burn, called from vault’s withdraw. An arithmetic operation underflowed: its result is below what its type can hold (a uint below zero).',
  ],
  [
    `Runtime(SupplyUnderflow(100, 250), Some([FunctionIdentifier { identifier: "${TOKEN}:burn" }]))`,
    'Token supply underflow in token’s burn. Burning 250 would take the token’s supply (100) below zero.',
  ],
  [
    `Runtime(Arithmetic("Power argument to (pow ...) must be a u32, got 4294967296"), Some([FunctionIdentifier { identifier: "${VAULT}:rate" }]))`,
    'Arithmetic error in vault’s rate. An arithmetic function was given an argument it cannot take: Power argument to (pow ...) must be a u32, got 4294967296.',
  ],
  // No stack (a node without developer-mode), an empty one (older nodes), only native frames.
  ['Runtime(DivisionByZero, None)', 'The contract divided by zero.'],
  ['Runtime(DivisionByZero, Some([]))', 'The contract divided by zero.'],
  [
    'ArithmeticOverflow\n Stack Trace: \n',
    'An arithmetic operation overflowed: its result is larger than its type (int or uint) can hold.',
  ],
  ['DivisionByZero\n Stack Trace:\n_native_:native_div\n', 'The contract divided by zero.'],
  // The header as errors.rs's own test writes it, with no space after the colon.
  [`DivisionByZero\n Stack Trace:\n${TOKEN}:burn\n`, 'Division by zero in token’s burn. The contract divided by zero.'],
  // A function that calls another of its own contract; two contracts' functions of the same name.
  [
    `DivisionByZero\n Stack Trace: \n${VAULT}:withdraw\n${VAULT}:pay-out\n_native_:native_div\n`,
    'Division by zero in vault’s pay-out, called from vault’s withdraw. The contract divided by zero.',
  ],
  [
    `DivisionByZero\n Stack Trace: \n${VAULT}:transfer\n${TOKEN}:transfer\n_native_:native_div\n`,
    'Division by zero in token’s transfer, called from vault’s transfer. The contract divided by zero.',
  ],
  // The bytes of a bad block hash are a list (the snapshots' `BadBlockHash([1, 2, …, 30])`): its
  // brackets and commas are the error's, not where the stack trace starts.
  [
    `Runtime(BadBlockHash([${Array.from({ length: 30 }, (_, i) => i + 1).join(', ')}]), Some([FunctionIdentifier { identifier: "${VAULT}:withdraw" }]))`,
    'Bad block hash in vault’s withdraw. The contract gave a block hash that is not one.',
  ],
  // BadTokenName quotes the contract's own string, the one Clarity could not read as a name: a quote
  // (escaped by `Debug`) or a bracket in it is the string's, not where the stack trace starts.
  [
    `Runtime(BadTokenName("gold\\" (v2"), Some([FunctionIdentifier { identifier: "${TOKEN}:transfer" }]))`,
    'Bad token name in token’s transfer. The contract named a token that does not exist: gold" (v2.',
  ],
  ['Unchecked(UndefinedFunction("missing-func"))', 'The call reached a function that is not defined: missing-func.'],
  ['RuntimeCheck(NoSuchContract("SP1.c"))', 'The call reached a contract that does not exist: SP1.c.'],
  [
    'ShortReturn(ExpectedValue(Response(ResponseData { committed: false, data: UInt(1) })))',
    'An unwrap! or try! returned its error early.',
  ],
  [
    'Interpreter(Expect("Interpreter failure during cost calculation"))',
    'The node met an internal error while running the call: a fault of the node, not of the contract.',
  ],
];

describe('vm_error in words: where a runtime error happened', () => {
  for (const [raw, sentence] of LOCATED)
    it(JSON.stringify(raw).slice(0, 80), () => assert.strictEqual(vmErrorSentence(raw), sentence));

  it('a frame that is not `<contract>:<function>` names no place; one function is named once', () => {
    assert.strictEqual(
      vmErrorSentence('DivisionByZero\n Stack Trace: \nnot a frame\n'),
      'The contract divided by zero.',
    );
    assert.strictEqual(
      vmErrorSentence(`DivisionByZero\n Stack Trace: \n${TOKEN}:burn\n${TOKEN}:burn\n`),
      'Division by zero in token’s burn. The contract divided by zero.',
    );
  });

  it('a hostile trace is read in one pass, within the cap', () => {
    const deep = `Runtime(DivisionByZero, Some([${'['.repeat(50_000)}${',"'.repeat(50_000)}]))`;
    const many = `DivisionByZero\n Stack Trace: \n${`${VAULT}:f\n`.repeat(100_000)}${TOKEN}:last\n`;
    const t0 = Date.now();
    assert.strictEqual(vmErrorSentence(deep), 'The Clarity VM stopped the call with the error below.');
    // The frame after the first 4,000 characters is not read: the place is the last frame within them.
    assert.strictEqual(vmErrorSentence(many), 'Division by zero in vault’s f. The contract divided by zero.');
    assert.ok(Date.now() - t0 < 500);
  });
});
