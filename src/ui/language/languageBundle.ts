/**
 * The language features' heavy part, a part (src/bundles/parts.ts) loaded the first time
 * the editor asks one of them for an answer in a Clarity file: the Clarity reader and the rules of
 * chain/contractNav.ts, the providers and the reader of deployed contracts.
 */
import type * as vscode from 'vscode';
import { calleeHover } from './calleeHover';
import { Callees, type LanguageDeps } from './callees';
import { CalleeCompletions } from './completion';
import { DeployedDefinitions } from './definition';
import { RequirementFixes } from './requirements';

export interface LanguageFeatures {
  definitions: DeployedDefinitions;
  completions: CalleeCompletions;
  fixes: RequirementFixes;
  hover(
    doc: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.Hover | undefined>;
}

export function createLanguageFeatures(deps: LanguageDeps): LanguageFeatures {
  const callees = new Callees(deps);
  return {
    definitions: new DeployedDefinitions(callees),
    completions: new CalleeCompletions(callees),
    fixes: new RequirementFixes(deps, callees),
    hover: (doc, position, token) => calleeHover(callees, doc, position, token),
  };
}
