/**
 * The one way the extension shows a notification. VS Code renders `[label](target)` in a
 * notification message as a link and runs `command:` targets, and a message often carries text
 * from outside (chain data, a server's words, a setting, a message from a webview): every message
 * goes through `inertNotification` here. ESLint forbids `window.show*Message` anywhere else.
 * Buttons are the extension's own words, never data.
 */
import * as vscode from 'vscode';
import { clip } from '../../chain/format';
import { inertNotification } from './errorText';

export function showInfo<T extends string>(message: string, ...actions: T[]): Thenable<T | undefined> {
  return vscode.window.showInformationMessage(inertNotification(message), ...actions);
}

export function showWarning<T extends string>(message: string, ...actions: T[]): Thenable<T | undefined> {
  return vscode.window.showWarningMessage(inertNotification(message), ...actions);
}

export function showError<T extends string>(message: string, ...actions: T[]): Thenable<T | undefined> {
  return vscode.window.showErrorMessage(inertNotification(message), ...actions);
}

/** A modal question: `detail` under the message, resolved with the button chosen (undefined for Cancel). */
export function askModal<T extends string>(message: string, detail: string, ...actions: T[]): Thenable<T | undefined> {
  return vscode.window.showWarningMessage(
    inertNotification(message),
    { modal: true, detail: inertNotification(detail) },
    ...actions,
  );
}

/** Says in the status bar what was copied, cut to a glance. */
export function showCopied(text: string): void {
  vscode.window.setStatusBarMessage(vscode.l10n.t('$(copy) Copied {0}', clip(text, 24)), 2500);
}
