/**
 * The chat tools' bodies: a bundle of its own (dist/agent.js, loaded by agentModule.ts on the
 * first call), so activation carries only their registration. Each tool checks its input, asks the
 * API through the session's client for the network the input belongs to, and answers with the
 * text of toolText.ts. Bad input and errors of the API are answers too: one sentence of what was
 * wrong and what to do, never a stack trace.
 */
import { isStacksApiError } from '../../api/errors';
import { describeError } from '../shared/errorText';
import { problemAnswer, ours } from './toolText';
import { Asked, BadInput, type ToolBody, type ToolContext } from './toolContext';
import { AgentTools, type AgentToolName } from './toolNames';
import { addressTool, blockTool, feesTool, transactionTool } from './chainTools';
import { callReadOnlyTool, callConfirmation, contractTool, functionSourceTool, whyFailedTool } from './contractTools';
import * as l10n from '../../chain/l10n';

export { callConfirmation };

const BODIES: Record<AgentToolName, ToolBody> = {
  [AgentTools.transaction]: transactionTool,
  [AgentTools.address]: addressTool,
  [AgentTools.block]: blockTool,
  [AgentTools.contract]: contractTool,
  [AgentTools.whyFailed]: whyFailedTool,
  [AgentTools.functionSource]: functionSourceTool,
  [AgentTools.callReadOnly]: callReadOnlyTool,
  [AgentTools.mempoolFees]: feesTool,
};

/** Runs tool `name`; a cancelled call throws the API's `cancelled` error, everything else is an answer. */
export async function runTool(name: AgentToolName, input: unknown, ctx: ToolContext): Promise<string> {
  const body = BODIES[name];
  const args = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  try {
    return await body(args, ctx);
  } catch (e) {
    if (ctx.signal.aborted || (isStacksApiError(e) && e.kind === 'cancelled')) throw e;
    if (e instanceof BadInput) return problemAnswer(ours(l10n.t('Stacks: the input was not valid')), e.sentence);
    const network = e instanceof Asked ? e.network : ctx.networks.current;
    const what = e instanceof Asked ? e.what : 'data';
    const cause = e instanceof Asked ? e.error : e;
    if (!isStacksApiError(cause))
      ctx.log.error(
        l10n.t(
          'Chat tool {0} failed: {1}',
          name,
          cause instanceof Error ? (cause.stack ?? cause.message) : String(cause),
        ),
      );
    const said = describeError(cause, await ctx.networks.errorContext(network, what));
    return problemAnswer(ours(l10n.t('Stacks: the {0} could not be read', what)), ours(said.short), said.message);
  }
}
