/**
 * The one way the extension shows a notification. VS Code renders `[label](target)` in a
 * notification message as a link and runs `command:` targets, and a message often carries text
 * from outside (chain data, a server's words, a setting, a message from a webview): every message
 * goes through `inertNotification` here. ESLint forbids `window.show*Message` anywhere else.
 * Buttons are the extension's own words, never data.
 */
import * as vscode from 'vscode';
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
