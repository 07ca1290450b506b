/**
 * The chat tools' bodies: a part loaded on first use (by agentModule.ts, on the first call), so activation carries only their registration. Each tool checks its input, asks the
 * API through the session's client for the network the input belongs to, and answers with the
 * text of toolText.ts. Bad input and errors of the API are answers too: one sentence of what was
 * wrong and what to do, never a stack trace.
 */
import { isStacksApiError } from '../../api/errors';
import { describeError, type ErrorText } from '../shared/errorText';
import { problemAnswer, ours, type Vouched } from './toolText';
import { Asked, BadInput, originOf, type ToolBody, type ToolContext } from './toolContext';
import { AgentTools, type AgentToolName } from './toolNames';
import { addressTool, blockTool, feesTool, transactionTool } from './chainTools';
import { callReadOnlyTool, callConfirmation, contractTool, functionSourceTool, whyFailedTool } from './contractTools';
import * as l10n from '../../chain/l10n';
import { sbtcDepositTool, sbtcWithdrawalTool } from './sbtcTools';
import { traceConfirmation, traceTool } from './traceTool';

export { callConfirmation, traceConfirmation };

const BODIES: Record<AgentToolName, ToolBody> = {
  [AgentTools.transaction]: transactionTool,
  [AgentTools.address]: addressTool,
  [AgentTools.block]: blockTool,
  [AgentTools.contract]: contractTool,
  [AgentTools.whyFailed]: whyFailedTool,
  [AgentTools.functionSource]: functionSourceTool,
  [AgentTools.callReadOnly]: callReadOnlyTool,
  [AgentTools.mempoolFees]: feesTool,
  [AgentTools.sbtcDeposit]: sbtcDepositTool,
  [AgentTools.sbtcWithdrawal]: sbtcWithdrawalTool,
  [AgentTools.trace]: traceTool,
};

/** Runs tool `name`; a cancelled call throws the API's `cancelled` error, everything else is an answer. */
export async function runTool(name: AgentToolName, input: unknown, ctx: ToolContext): Promise<string> {
  const body = BODIES[name];
  const args = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  try {
    return await body(args, ctx);
  } catch (e) {
    if (ctx.signal.aborted || (isStacksApiError(e) && e.kind === 'cancelled')) throw e;
    if (e instanceof BadInput)
      return problemAnswer(ours(l10n.t('Stacks: the input was not valid')), e.sentence, e.data);
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
    // The API by its origin: the URL set may carry a key in its path.
    const context = await ctx.networks.errorContext(network, what);
    const origin = originOf(context.baseUrl);
    const said = describeError(cause, { ...context, baseUrl: origin });
    return problemAnswer(ours(l10n.t('Stacks: the {0} could not be read', what)), ownSentence(cause, said), [
      ['the error in full (it may quote the API server)', withOrigin(said.message, context.baseUrl, origin)],
    ]);
  }
}

/**
 * `text` with the API URL set written as its origin wherever it is quoted, and its path (which may
 * hold a key, and a server may echo in a route it does not know) left out.
 */
function withOrigin(text: string, url: string, origin: string): string {
  if (!url || url === origin || !url.startsWith(origin)) return text;
  const path = url.slice(origin.length).replace(/\/+$/, '');
  const out = text.split(url).join(origin);
  return path.length > 1 ? out.split(path).join('') : out;
}

/**
 * The sentence outside the data block: the short form of the error, but for the kinds whose short
 * form is the server's own words (a 400's) or quotes the request (input the client refused), the
 * extension's sentence, with those words left to the block.
 */
function ownSentence(e: unknown, said: ErrorText): Vouched {
  if (isStacksApiError(e) && e.kind === 'bad-request')
    return ours(l10n.t('The API rejected the request ({0}); what it said is in the data block.', e.status ?? 400));
  if (isStacksApiError(e) && e.kind === 'invalid-input')
    return ours(l10n.t('The request was not sent: its input was not valid (the reason is in the data block).'));
  return ours(said.short);
}
