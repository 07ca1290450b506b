/**
 * What the editor needs from the start, before any lookup: the hover's registration (its provider
 * is built with the rest of the extension the first time a hover is asked, src/services.ts) and
 * the context key of the identifier under the cursor, for the editor's context menu. Recognition
 * only: nothing here asks the API or loads the lookups.
 */
import * as vscode from 'vscode';
import { ContextKeys, Settings } from '../../constants';
import type { Config } from '../shared/config';
import { identifierAtCursor, type DeployerLookup } from '../shared/workspaceContext';
import { disposeAll } from '../shared/lifecycle';
import type { UserActivity } from '../shared/activity';

/** Clarity files by language id (the official Clarity extension) and by name (without it). */
export const CLARITY_SELECTOR: vscode.DocumentFilter[] = [{ language: 'clarity' }, { pattern: '**/*.clar' }];
const ALL_FILES_SELECTOR: vscode.DocumentFilter[] = [...CLARITY_SELECTOR, { scheme: 'file' }, { scheme: 'untitled' }];

/**
 * Registers the hover for Clarity files, or for every file when `hover.allFiles` is on, and
 * registers it again when those settings change; `hover.enabled = false` unregisters it. The
 * provider itself is asked for on the first hover.
 */
export function registerHover(
  config: Config,
  provider: () => vscode.HoverProvider,
  activity: UserActivity,
): vscode.Disposable {
  const standIn: vscode.HoverProvider = {
    provideHover: (doc, position, token) => {
      activity.touch();
      return provider().provideHover(doc, position, token);
    },
  };
  let registration: vscode.Disposable | undefined;
  const register = () => {
    registration?.dispose();
    registration = config.hoverEnabled
      ? vscode.languages.registerHoverProvider(config.hoverAllFiles ? ALL_FILES_SELECTOR : CLARITY_SELECTOR, standIn)
      : undefined;
  };
  register();
  const onConfig = vscode.workspace.onDidChangeConfiguration((e) => {
    if (config.affects(e, Settings.hoverEnabled, Settings.hoverAllFiles)) register();
  });
  return new vscode.Disposable(() => {
    onConfig.dispose();
    registration?.dispose();
  });
}

export { identifierUnder, isClarity } from '../shared/workspaceContext';

/**
 * Keeps `stacksLookup.identifierAtCursor` (false, 'tx', 'address' or 'contract') up to date for
 * the editor context menu. Recognition only: moving the cursor never asks the API.
 */
export function trackIdentifierAtCursor(deployerOf: DeployerLookup): vscode.Disposable {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last: string | false | undefined;
  const update = () => {
    timer = undefined;
    const editor = vscode.window.activeTextEditor;
    const found = editor ? identifierAtCursor(editor.document, editor.selection.active, deployerOf) : undefined;
    const value = found ? found.kind : false;
    if (value !== last) {
      last = value;
      void vscode.commands.executeCommand('setContext', ContextKeys.identifierAtCursor, value);
    }
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(update, 150);
  };
  const subs = [
    vscode.window.onDidChangeTextEditorSelection(schedule),
    vscode.window.onDidChangeActiveTextEditor(schedule),
  ];
  return new vscode.Disposable(() => {
    if (timer) clearTimeout(timer);
    disposeAll(subs);
  });
}
