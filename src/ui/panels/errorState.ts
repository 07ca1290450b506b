/** What the detail panel says when a place fails to load: a title, one sentence and its actions. */
import { isStacksApiError } from '../../api/errors';
import { TARGET_WHAT, type Target } from '../../chain/target';
import type { Action } from '../../protocol';
import type { ErrorAction } from '../shared/errorText';

export function errorTitle(kind: Target['kind']): string {
  return `Could not load the ${TARGET_WHAT[kind]}`;
}

/** Retry first (not for bad input, which a retry cannot mend), the error's own actions, then Back. */
export function errorActions(e: unknown, suggested: readonly ErrorAction[], canBack: boolean): Action[] {
  const wanted: ErrorAction[] = isStacksApiError(e) && e.kind === 'invalid-input' ? [] : ['Retry', ...suggested];
  const actions: Action[] = [];
  for (const a of new Set(wanted)) {
    if (a === 'Retry') actions.push({ label: 'Retry', icon: 'refresh', primary: true, intent: { type: 'retry' } });
    if (a === 'Select Network')
      actions.push({
        label: 'Select Network',
        icon: 'globe',
        intent: { type: 'runCommand', command: 'selectNetwork' },
      });
    if (a === 'Set API Key')
      actions.push({ label: 'Set API Key', icon: 'key', intent: { type: 'runCommand', command: 'setApiKey' } });
  }
  if (canBack) actions.push({ label: 'Back', icon: 'arrow-left', intent: { type: 'back' } });
  return actions;
}
