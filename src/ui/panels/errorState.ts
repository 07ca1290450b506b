/** What the detail panel says when a place fails to load: a title, one sentence and its actions. */
import { isStacksApiError } from '../../api/errors';
import { targetWhat, type Target } from '../../chain/target';
import type { Action, HostMessage } from '../../protocol';
import { describeError, type ErrorAction, type ErrorContext } from '../shared/errorText';
import * as l10n from '../../chain/l10n';

export function errorTitle(kind: Target['kind']): string {
  return l10n.t('Could not load the {0}', targetWhat(kind));
}

/** Retry first (not for bad input, which a retry cannot mend), the error's own actions, then Back. */
export function errorActions(e: unknown, suggested: readonly ErrorAction[], canBack: boolean): Action[] {
  const wanted: ErrorAction[] = isStacksApiError(e) && e.kind === 'invalid-input' ? [] : ['Retry', ...suggested];
  const actions: Action[] = [];
  for (const a of new Set(wanted)) {
    if (a === 'Retry')
      actions.push({ label: l10n.t('Retry'), icon: 'refresh', primary: true, intent: { type: 'retry' } });
    if (a === 'Select Network')
      actions.push({
        label: l10n.t('Select Network'),
        icon: 'globe',
        intent: { type: 'runCommand', command: 'selectNetwork' },
      });
    if (a === 'Set API Key')
      actions.push({ label: l10n.t('Set API Key'), icon: 'key', intent: { type: 'runCommand', command: 'setApiKey' } });
  }
  if (canBack) actions.push({ label: l10n.t('Back'), icon: 'arrow-left', intent: { type: 'back' } });
  return actions;
}

/** The error state of a place of `kind` that failed with `e`, without its frame and state. */
export function errorMessage(
  kind: Target['kind'],
  e: unknown,
  context: ErrorContext,
  canBack: boolean,
): Omit<Extract<HostMessage, { type: 'error' }>, 'frame' | 'state'> {
  const text = describeError(e, context);
  return {
    type: 'error',
    title: errorTitle(kind),
    message: text.message,
    actions: errorActions(e, text.actions, canBack),
  };
}
