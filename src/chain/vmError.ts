import * as l10n from './l10n';
/**
 * A transaction's `vm_error` in one plain sentence. The node writes it with Rust's `Display` of
 * the error that stopped the call (stacks-core: `StacksTransactionReceipt` in
 * stackslib/src/chainstate/stacks/db/transactions.rs; the errors in clarity/src/vm/errors.rs,
 * clarity/src/vm/clarity.rs, clarity/src/vm/costs/errors.rs and clarity/src/vm/analysis/errors.rs),
 * mostly the `Debug` form of an enum: `DivisionByZero`, `Arithmetic("…")`, `SupplyOverflow(a, b)`,
 * a runtime error with its stack trace after it, a post-condition's reason, or an analysis
 * failure as `:line:column: message`. A runtime error's stack trace, when the node wrote one, names
 * the function it happened in and the one that called into it. The raw text is always shown too;
 * an unknown form reads as what it is. Pure; reads at most `MAX_READ` characters, in one pass each.
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

/**
 * A runtime error's name, to say where it happened ("Arithmetic underflow in token’s burn"): the
 * variants of `RuntimeError` (clarity/src/vm/errors.rs) and of the older `RuntimeErrorType`.
 */
const NAMES: Record<string, string> = {
  Arithmetic: l10n.t('Arithmetic error'),
  ArithmeticOverflow: l10n.t('Arithmetic overflow'),
  ArithmeticUnderflow: l10n.t('Arithmetic underflow'),
  SupplyOverflow: l10n.t('Token supply overflow'),
  SupplyUnderflow: l10n.t('Token supply underflow'),
  DivisionByZero: l10n.t('Division by zero'),
  MaxStackDepthReached: l10n.t('Maximum stack depth reached'),
  MaxContextDepthReached: l10n.t('Maximum context depth reached'),
  BadBlockHeight: l10n.t('Unknown block height'),
  BadBlockHash: l10n.t('Bad block hash'),
  UnknownBlockHeaderHash: l10n.t('Unknown block'),
  NoSuchToken: l10n.t('No such token'),
  NotImplemented: l10n.t('Feature not implemented'),
  NoCallerInContext: l10n.t('No caller'),
  NoSenderInContext: l10n.t('No sender'),
  UnwrapFailure: l10n.t('Unwrap failure'),
  DefunctPoxContract: l10n.t('Defunct PoX contract'),
  PoxAlreadyLocked: l10n.t('STX already locked'),
  BlockTimeNotAvailable: l10n.t('Block time not available'),
  AtBlockUnavailable: l10n.t('at-block unavailable'),
  BadTokenName: l10n.t('Bad token name'),
};

/** Frames of a stack trace read, at most; the node's own depth limit is far below. */
const MAX_FRAMES = 256;
/** One frame as the node writes it (`FunctionIdentifier`): `<contract id>:<function>`, or `_native_:<name>`. */
const FRAME = /^([^\s:]{1,200}):([^\s:]{1,128})$/;

interface Frame {
  contract: string;
  fn: string;
}

/** One sentence for a `vm_error`, or undefined when there is none. */
export function vmErrorSentence(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  const { error, frames } = unwrap(raw.slice(0, MAX_READ));
  const sentence = errorSentence(error);
  const where = location(frames);
  if (!where) return sentence;
  const head = /^(\w+)/.exec(error)?.[1] ?? '';
  const name = NAMES[head] ?? head.slice(0, 60);
  return `${l10n.t('{0} in {1}.', name, where)} ${sentence}`;
}

/**
 * The error and its stack trace, from each form the node writes: the `Display` of a runtime error
 * (its name, then " Stack Trace: " and one frame a line, outermost first), the `Debug` of one
 * (`Runtime(ArithmeticUnderflow, Some([FunctionIdentifier { identifier: "…" }, …]))`), and the
 * older wrappers `Unchecked(…)` and `RuntimeCheck(…)` around a check error.
 */
function unwrap(text: string): { error: string; frames: string[] } {
  const lines = text.split('\n');
  const first = lines[0]!.trim();
  const runtime = /^Runtime\((.*)\)$/s.exec(first);
  if (runtime) {
    const [error = '', trace = ''] = splitTopLevel(runtime[1]!, 2);
    return { error: error.trim(), frames: debugFrames(trace.trim()) };
  }
  const checked = /^(?:Unchecked|RuntimeCheck)\((.*)\)$/s.exec(first);
  if (checked) return { error: checked[1]!.trim(), frames: [] };
  const frames: string[] = [];
  if (/^\s*Stack Trace:\s*$/.test(lines[1] ?? ''))
    for (const l of lines.slice(2, 2 + MAX_FRAMES)) {
      const f = l.trim();
      if (f) frames.push(f);
    }
  return { error: first, frames };
}

/** The frames of `Some([…])`: each a `FunctionIdentifier { identifier: "…" }` or the bare identifier. */
function debugFrames(trace: string): string[] {
  const list = /^Some\(\[(.*)\]\)$/s.exec(trace);
  if (!list) return [];
  return splitTopLevel(list[1]!, MAX_FRAMES).map((item) => {
    const t = item.trim();
    const m = /^FunctionIdentifier \{ identifier: "((?:[^"\\]|\\.)*)" \}$/s.exec(t);
    return m ? m[1]!.replace(/\\(.)/g, '$1') : t.replace(/^"(.*)"$/s, '$1');
  });
}

/**
 * `text` cut at its commas outside brackets and quoted strings, into at most `max` parts (the last
 * keeps the rest). One pass over the text.
 */
function splitTopLevel(text: string, max: number): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length && parts.length < max - 1; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if ((c === ')' || c === ']' || c === '}') && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** Where the error happened: the innermost function of a contract, and the outermost one that called it. */
function location(frames: string[]): string | undefined {
  const user: Frame[] = [];
  for (const f of frames) {
    const m = FRAME.exec(f);
    if (m && m[1] !== '_native_') user.push({ contract: m[1]!, fn: m[2]! });
  }
  const inner = user[user.length - 1];
  if (!inner) return undefined;
  const outer = user[0]!;
  if (outer.contract === inner.contract && outer.fn === inner.fn) return functionWords(inner);
  return l10n.t('{0}, called from {1}', functionWords(inner), functionWords(outer));
}

/** "token’s burn": the contract's name (after the deployer's address) and the function. */
function functionWords(f: Frame): string {
  const dot = f.contract.lastIndexOf('.');
  return l10n.t('{0}’s {1}', dot >= 0 && dot < f.contract.length - 1 ? f.contract.slice(dot + 1) : f.contract, f.fn);
}

/** The sentence for the error itself (its first line, without a stack trace). */
function errorSentence(first: string): string {
  let text = first;
  if (/^(?:Interpreter|Internal)\(/.test(text))
    return l10n.t('The node met an internal error while running the call: a fault of the node, not of the contract.');
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
