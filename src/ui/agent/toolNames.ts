/**
 * The chat tools' names, as `package.json` contributes them (`contributes.languageModelTools`).
 * The in-host tests check that the two lists agree.
 */
export const AgentTools = {
  transaction: 'stacks_transaction',
  address: 'stacks_address',
  block: 'stacks_block',
  contract: 'stacks_contract',
  whyFailed: 'stacks_whyFailed',
  functionSource: 'stacks_functionSource',
  callReadOnly: 'stacks_callReadOnly',
  mempoolFees: 'stacks_mempoolFees',
  sbtcDeposit: 'stacks_sbtcDeposit',
  sbtcWithdrawal: 'stacks_sbtcWithdrawal',
  trace: 'stacks_traceTransaction',
} as const;

export type AgentToolName = (typeof AgentTools)[keyof typeof AgentTools];
