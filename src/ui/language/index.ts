/**
 * Deployed contracts as part of the Clarity code being edited: Go to Definition, completion and
 * signature help of a callee's functions, and the requirements quick fix. Registration is cheap
 * and asks nothing; each provider reads the API only when the editor asks it for an answer.
 */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import { Callees, CLARITY_FILES, type LanguageDeps } from './callees';
import { CalleeCompletions } from './completion';
import { DeployedDefinitions } from './definition';
import { RequirementFixes } from './requirements';

export { Callees, type LanguageDeps } from './callees';
export { calleeHover } from './calleeHover';

export function registerLanguageFeatures(d: LanguageDeps, callees = new Callees(d)): vscode.Disposable[] {
  const completions = new CalleeCompletions(callees);
  const fixes = new RequirementFixes(d);
  return [
    vscode.languages.registerDefinitionProvider(CLARITY_FILES, new DeployedDefinitions(callees)),
    vscode.languages.registerCompletionItemProvider(CLARITY_FILES, completions, ' '),
    vscode.languages.registerSignatureHelpProvider(CLARITY_FILES, completions, {
      triggerCharacters: [' '],
      retriggerCharacters: [' '],
    }),
    vscode.languages.registerCodeActionsProvider(CLARITY_FILES, fixes, {
      providedCodeActionKinds: RequirementFixes.kinds,
    }),
    vscode.commands.registerCommand(Commands.addRequirement, (manifest?: unknown, id?: unknown, network?: unknown) =>
      fixes.add(manifest, id, network),
    ),
  ];
}
