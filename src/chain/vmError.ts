import * as l10n from './l10n';
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
  ArithmeticOverflow: l10n.t(
    'An arithmetic operation overflowed: its result is larger than its type (int or uint) can hold.',
  ),
  ArithmeticUnderflow: l10n.t(
    'An arithmetic operation underflowed: its result is below what its type can hold (a uint below zero).',
  ),
  DivisionByZero: l10n.t('The contract divided by zero.'),
  UnwrapFailure: l10n.t(
    'An unwrap-panic (or unwrap-err-panic) met a none or an error: the call stopped there with no value of its own.',
  ),
  MaxStackDepthReached: l10n.t('The call nested deeper than Clarity allows (its maximum stack depth).'),
  MaxContextDepthReached: l10n.t('The call nested more contexts (let, contract calls) than Clarity allows.'),
  AtBlockUnavailable: l10n.t(
    'The contract uses at-block, which the chain no longer runs since epoch 3.4: every call that reaches it fails.',
  ),
  BlockTimeNotAvailable: l10n.t('The contract asked for a block time the chain does not have for that block.'),
  NoSuchToken: l10n.t('The contract used a token that does not exist.'),
  NotImplemented: l10n.t('The contract used a feature the Clarity VM does not implement.'),
  NoCallerInContext: l10n.t('The contract asked for the caller where there is none.'),
  NoSenderInContext: l10n.t('The contract asked for the sender where there is none.'),
  DefunctPoxContract: l10n.t('The call went to a PoX contract that is no longer active.'),
  PoxAlreadyLocked: l10n.t('The account’s STX are already locked for stacking.'),
  CostOverflow: l10n.t('Counting the call’s cost overflowed: it would cost more than can be counted.'),
  ValueTooLarge: l10n.t('The call built a value larger than Clarity allows.'),
  TypeSignatureTooDeep: l10n.t('The call built a value nested deeper than Clarity allows.'),
};

/** `Name(args)` forms, by the name. */
const WITH_ARGS: Record<string, (args: string) => string> = {
  Arithmetic: (a) => l10n.t('An arithmetic function was given an argument it cannot take: {0}.', unquote(a)),
  SupplyOverflow: (a) => {
    const [total, max] = a.split(/,\s*/);
    return l10n.t('Minting would take the token’s supply to {0}, over its maximum of {1}.', total ?? '?', max ?? '?');
  },
  SupplyUnderflow: (a) => {
    const [total, amount] = a.split(/,\s*/);
    return l10n.t('Burning {0} would take the token’s supply ({1}) below zero.', amount ?? '?', total ?? '?');
  },
  MemoryBalanceExceeded: (a) => {
    const [used, limit] = a.split(/,\s*/);
    return l10n.t('The call used {0} bytes of memory, over the limit of {1}.', used ?? '?', limit ?? '?');
  },
  CostBalanceExceeded: () =>
    l10n.t('The call ran over the cost budget of its block: it does more work than a block allows.'),
  CostComputationFailed: () => l10n.t('The node could not compute the cost of the call.'),
  ExecutionResourceBudgetExceeded: () => l10n.t('The call ran over the resources a transaction may use.'),
  BadBlockHeight: (a) => l10n.t('The contract asked for a block height that does not exist: {0}.', unquote(a)),
  BadBlockHash: () => l10n.t('The contract gave a block hash that is not one.'),
  UnknownBlockHeaderHash: (a) => l10n.t('The contract asked for block {0}, which the chain does not know.', a),
  BadTokenName: (a) => l10n.t('The contract named a token that does not exist: {0}.', unquote(a)),
  UndefinedFunction: (a) => l10n.t('The call reached a function that is not defined: {0}.', unquote(a)),
  NoSuchContract: (a) => l10n.t('The call reached a contract that does not exist: {0}.', unquote(a)),
  NoSuchPublicFunction: (a) => l10n.t('The call named a public function the contract does not have: {0}.', a),
  IncorrectArgumentCount: (a) => {
    const [expected, got] = a.split(/,\s*/);
    return l10n.t('A function was given {0} arguments where it takes {1}.', got ?? '?', expected ?? '?');
  },
  TraitReferenceUnknown: (a) => l10n.t('The call used a trait reference that is not known: {0}.', unquote(a)),
  BadTraitImplementation: () => l10n.t('A contract passed as a trait does not implement it as the trait says.'),
  TypeValueError: () => l10n.t('A value did not have the type the contract expects.'),
  TypeError: () => l10n.t('A value did not have the type the contract expects.'),
  ExpectedContractPrincipalValue: () => l10n.t('A standard principal was given where a contract was expected.'),
  CircularReference: () => l10n.t('Contracts called each other in a circle.'),
  NameAlreadyUsed: (a) => l10n.t('A name was defined twice: {0}.', unquote(a)),
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
    return l10n.t('The call ran over the cost budget of its block: it does more work than a block allows.');
  const memory = /^Memory balance exceeded: used (\d+), limit (\d+)/.exec(text);
  if (memory) return WITH_ARGS.MemoryBalanceExceeded!(`${memory[1]!}, ${memory[2]!}`);
  if (/^(Execution|Analysis) resource budget exceeded/.test(text))
    return l10n.t('The call ran over the resources a transaction may use.');
  const analysis = /^:(\d+):(\d+): (.*)$/s.exec(text);
  if (analysis)
    return l10n.t(
      'The contract failed the node’s analysis at line {0}, column {1}: {2}.',
      analysis[1]!,
      analysis[2]!,
      analysis[3]!,
    );
  const early = /^(?:EarlyReturn|ShortReturn)\((UnwrapFailed|ExpectedValue|AssertionFailed)\(/.exec(text);
  if (early)
    return early[1] === 'AssertionFailed'
      ? l10n.t('An asserts! failed and returned its error early.')
      : l10n.t('An unwrap! or try! returned its error early.');
  const plain = PLAIN[text];
  if (plain) return plain;
  const call = /^(\w+)\((.*)\)$/s.exec(text);
  const withArgs = call && WITH_ARGS[call[1]!];
  if (withArgs) return withArgs(call[2]!);
  return l10n.t('The Clarity VM stopped the call with the error below.');
}

function postCondition(text: string): string {
  let m = /^Post-condition check failure on (STX|fungible asset (\S+)|non-fungible asset (\S+)) owned by (\S+):/.exec(
    text,
  );
  if (m) {
    const what =
      m[1] === 'STX' ? l10n.t('the STX') : m[2] ? l10n.t('the token {0}', m[2]) : l10n.t('the NFT {0}', m[3]!);
    return l10n.t(
      'A post-condition on {0} of {1} did not hold: the call moved other amounts than it allows.',
      what,
      m[4]!,
    );
  }
  m = /^Post-condition check failure on STX staked by (\S+):/.exec(text);
  if (m) return l10n.t('A post-condition on the STX staked by {0} did not hold.', m[1]!);
  m = /^Post-condition check failure on PoX action by (\S+):/.exec(text);
  if (m) return l10n.t('A post-condition on the PoX actions of {0} did not hold.', m[1]!);
  m =
    /^Post-condition check failure: (?:Non-fungible|Fungible) asset (\S+)(?: value .*)? was moved by (\S+) but not checked/.exec(
      text,
    );
  if (m)
    return l10n.t(
      '{0} moved {1}, which no post-condition allows (the mode denies transfers not listed).',
      m[2]!,
      m[1]!,
    );
  m = /^Post-condition check failure: No checks for non-fungible asset (\S+) moved by (\S+)/.exec(text);
  if (m)
    return l10n.t(
      '{0} moved the NFT {1}, which no post-condition allows (the mode denies transfers not listed).',
      m[2]!,
      m[1]!,
    );
  m = /^Post-condition check failure: (\d+) STX was staked by (\S+) but not checked/.exec(text);
  if (m) return l10n.t('{0} staked {1} micro-STX, which no post-condition allows.', m[2]!, m[1]!);
  m = /^Post-condition check failure: (\S+) performed a PoX action but it was not checked/.exec(text);
  if (m) return l10n.t('{0} performed a PoX action, which no post-condition allows.', m[1]!);
  return l10n.t('A post-condition did not hold, so the transaction was aborted.');
}

function unquote(s: string): string {
  const m = /^"(.*)"$/s.exec(s.trim());
  return m ? m[1]!.replace(/\\"/g, '"') : s.trim();
}
