/**
 * A transaction's `vm_error` in one plain sentence. The node writes it with Rust's `Display` of
 * the error that stopped the call (stacks-core: `StacksTransactionReceipt` in
 * stackslib/src/chainstate/stacks/db/transactions.rs; the errors in clarity/src/vm/errors.rs,
 * clarity/src/vm/clarity.rs, clarity/src/vm/costs/errors.rs and clarity/src/vm/analysis/errors.rs),
 * mostly the `Debug` form of an enum: `DivisionByZero`, `Arithmetic("…")`, `SupplyOverflow(a, b)`,
 * a runtime error with its stack trace after it, a post-condition's reason, or an analysis
 * failure as `:line:column: message`. The raw text is always shown too; an unknown form reads as
 * what it is. Pure.
 */

/** Longest vm_error read for words (the raw text is shown whole, cut by the caller). */
const MAX_READ = 4_000;

const PLAIN: Record<string, string> = {
  ArithmeticOverflow: 'An arithmetic operation overflowed: its result is larger than its type (int or uint) can hold.',
  ArithmeticUnderflow:
    'An arithmetic operation underflowed: its result is below what its type can hold (a uint below zero).',
  DivisionByZero: 'The contract divided by zero.',
  UnwrapFailure:
    'An unwrap-panic (or unwrap-err-panic) met a none or an error: the call stopped there with no value of its own.',
  MaxStackDepthReached: 'The call nested deeper than Clarity allows (its maximum stack depth).',
  MaxContextDepthReached: 'The call nested more contexts (let, contract calls) than Clarity allows.',
  AtBlockUnavailable:
    'The contract uses at-block, which the chain no longer runs since epoch 3.4: every call that reaches it fails.',
  BlockTimeNotAvailable: 'The contract asked for a block time the chain does not have for that block.',
  NoSuchToken: 'The contract used a token that does not exist.',
  NotImplemented: 'The contract used a feature the Clarity VM does not implement.',
  NoCallerInContext: 'The contract asked for the caller where there is none.',
  NoSenderInContext: 'The contract asked for the sender where there is none.',
  DefunctPoxContract: 'The call went to a PoX contract that is no longer active.',
  PoxAlreadyLocked: 'The account’s STX are already locked for stacking.',
  CostOverflow: 'Counting the call’s cost overflowed: it would cost more than can be counted.',
  ValueTooLarge: 'The call built a value larger than Clarity allows.',
  TypeSignatureTooDeep: 'The call built a value nested deeper than Clarity allows.',
};

/** `Name(args)` forms, by the name. */
const WITH_ARGS: Record<string, (args: string) => string> = {
  Arithmetic: (a) => `An arithmetic function was given an argument it cannot take: ${unquote(a)}.`,
  SupplyOverflow: (a) => {
    const [total, max] = a.split(/,\s*/);
    return `Minting would take the token’s supply to ${total ?? '?'}, over its maximum of ${max ?? '?'}.`;
  },
  SupplyUnderflow: (a) => {
    const [total, amount] = a.split(/,\s*/);
    return `Burning ${amount ?? '?'} would take the token’s supply (${total ?? '?'}) below zero.`;
  },
  MemoryBalanceExceeded: (a) => {
    const [used, limit] = a.split(/,\s*/);
    return `The call used ${used ?? '?'} bytes of memory, over the limit of ${limit ?? '?'}.`;
  },
  CostBalanceExceeded: () => 'The call ran over the cost budget of its block: it does more work than a block allows.',
  CostComputationFailed: () => 'The node could not compute the cost of the call.',
  ExecutionResourceBudgetExceeded: () => 'The call ran over the resources a transaction may use.',
  BadBlockHeight: (a) => `The contract asked for a block height that does not exist: ${unquote(a)}.`,
  BadBlockHash: () => 'The contract gave a block hash that is not one.',
  UnknownBlockHeaderHash: (a) => `The contract asked for block ${a}, which the chain does not know.`,
  BadTokenName: (a) => `The contract named a token that does not exist: ${unquote(a)}.`,
  UndefinedFunction: (a) => `The call reached a function that is not defined: ${unquote(a)}.`,
  NoSuchContract: (a) => `The call reached a contract that does not exist: ${unquote(a)}.`,
  NoSuchPublicFunction: (a) => `The call named a public function the contract does not have: ${a}.`,
  IncorrectArgumentCount: (a) => {
    const [expected, got] = a.split(/,\s*/);
    return `A function was given ${got ?? '?'} arguments where it takes ${expected ?? '?'}.`;
  },
  TraitReferenceUnknown: (a) => `The call used a trait reference that is not known: ${unquote(a)}.`,
  BadTraitImplementation: () => 'A contract passed as a trait does not implement it as the trait says.',
  TypeValueError: () => 'A value did not have the type the contract expects.',
  TypeError: () => 'A value did not have the type the contract expects.',
  ExpectedContractPrincipalValue: () => 'A standard principal was given where a contract was expected.',
  CircularReference: () => 'Contracts called each other in a circle.',
  NameAlreadyUsed: (a) => `A name was defined twice: ${unquote(a)}.`,
};

/** One sentence for a `vm_error`, or undefined when there is none. */
export function vmErrorSentence(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  // A runtime error carries its stack trace after a line break ("DivisionByZero\n Stack Trace: …").
  let text = raw.slice(0, MAX_READ).split('\n')[0]!.trim();
  const aborted = /^Post condition aborted transaction: (.*)$/s.exec(text);
  if (aborted) text = aborted[1]!;
  if (text.startsWith('Post-condition check failure')) return postCondition(text);
  if (/^Cost Error: /.test(text) || /^Cost balance exceeded/.test(text))
    return 'The call ran over the cost budget of its block: it does more work than a block allows.';
  const memory = /^Memory balance exceeded: used (\d+), limit (\d+)/.exec(text);
  if (memory) return WITH_ARGS.MemoryBalanceExceeded!(`${memory[1]!}, ${memory[2]!}`);
  if (/^(Execution|Analysis) resource budget exceeded/.test(text))
    return 'The call ran over the resources a transaction may use.';
  const analysis = /^:(\d+):(\d+): (.*)$/.exec(text);
  if (analysis)
    return `The contract failed the node’s analysis at line ${analysis[1]!}, column ${analysis[2]!}: ${analysis[3]!}.`;
  const early = /^(?:EarlyReturn|ShortReturn)\((UnwrapFailed|ExpectedValue|AssertionFailed)\(/.exec(text);
  if (early)
    return early[1] === 'AssertionFailed'
      ? 'An asserts! failed and returned its error early.'
      : 'An unwrap! or try! returned its error early.';
  const plain = PLAIN[text];
  if (plain) return plain;
  const call = /^(\w+)\((.*)\)$/s.exec(text);
  const withArgs = call && WITH_ARGS[call[1]!];
  if (withArgs) return withArgs(call[2]!);
  return 'The Clarity VM stopped the call with the error below.';
}

function postCondition(text: string): string {
  let m = /^Post-condition check failure on (STX|fungible asset (\S+)|non-fungible asset (\S+)) owned by (\S+):/.exec(
    text,
  );
  if (m) {
    const what = m[1] === 'STX' ? 'the STX' : m[2] ? `the token ${m[2]}` : `the NFT ${m[3]!}`;
    return `A post-condition on ${what} of ${m[4]!} did not hold: the call moved other amounts than it allows.`;
  }
  m = /^Post-condition check failure on STX staked by (\S+):/.exec(text);
  if (m) return `A post-condition on the STX staked by ${m[1]!} did not hold.`;
  m = /^Post-condition check failure on PoX action by (\S+):/.exec(text);
  if (m) return `A post-condition on the PoX actions of ${m[1]!} did not hold.`;
  m =
    /^Post-condition check failure: (?:Non-fungible|Fungible) asset (\S+)(?: value .*)? was moved by (\S+) but not checked/.exec(
      text,
    );
  if (m) return `${m[2]!} moved ${m[1]!}, which no post-condition allows (the mode denies transfers not listed).`;
  m = /^Post-condition check failure: No checks for non-fungible asset (\S+) moved by (\S+)/.exec(text);
  if (m)
    return `${m[2]!} moved the NFT ${m[1]!}, which no post-condition allows (the mode denies transfers not listed).`;
  m = /^Post-condition check failure: (\d+) STX was staked by (\S+) but not checked/.exec(text);
  if (m) return `${m[2]!} staked ${m[1]!} micro-STX, which no post-condition allows.`;
  m = /^Post-condition check failure: (\S+) performed a PoX action but it was not checked/.exec(text);
  if (m) return `${m[1]!} performed a PoX action, which no post-condition allows.`;
  return 'A post-condition did not hold, so the transaction was aborted.';
}

function unquote(s: string): string {
  const m = /^"(.*)"$/s.exec(s.trim());
  return m ? m[1]!.replace(/\\"/g, '"') : s.trim();
}
