import * as vscode from 'vscode';
import { isStacksApiError } from '../../api/errors';
import { Commands } from '../../constants';
import { actionLabel, describeError, ErrorContext } from './errorText';
import { showError, showWarning } from './notify';

/**
 * Reports a failure as one sentence with its useful actions. Cancelling is not a failure: a
 * cancelled request shows nothing.
 */
export async function reportError(
  e: unknown,
  ctx: ErrorContext,
  retry?: () => unknown,
  log?: (m: string) => void,
): Promise<void> {
  if (isStacksApiError(e) && e.kind === 'cancelled') return;
  const text = describeError(e, ctx);
  if (!isStacksApiError(e))
    log?.(vscode.l10n.t('Unexpected error: {0}', e instanceof Error ? (e.stack ?? e.message) : String(e)));
  const actions = text.actions.filter((a) => a !== 'Retry' || retry);
  const show = isStacksApiError(e) && (e.kind === 'invalid-input' || e.kind === 'not-found') ? showWarning : showError;
  const labels = actions.map(actionLabel);
  const chosen = await show(text.message, ...labels);
  switch (chosen === undefined ? undefined : actions[labels.indexOf(chosen)]) {
    case 'Set API Key':
      await vscode.commands.executeCommand(Commands.setApiKey);
      break;
    case 'Select Network':
      await vscode.commands.executeCommand(Commands.selectNetwork);
      break;
    case 'Show Log':
      await vscode.commands.executeCommand(Commands.showLog);
      break;
    case 'Retry':
      await retry?.();
      break;
  }
}
