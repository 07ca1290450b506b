import * as vscode from 'vscode';
import { Commands, ContextKeys } from '../../constants';
import type { ContractDrift } from './drift';
import type { CompareDeps as BaseDeps } from './driftState';
import { deploymentsOf } from '../projects/contractStatus';

export type CompareDeps = BaseDeps & { drift: ContractDrift };

/**
 * The read-only `stacks-deployed:` documents. Activation registers the scheme (src/extension.ts),
 * so a diff restored after a reload finds its left side; this serves it.
 */
export function deployedSourceProvider(deps: CompareDeps): vscode.TextDocumentContentProvider {
  return { provideTextDocumentContent: (uri) => deps.drift.document(uri) };
}

/**
 * `Stacks: Compare with Deployed` (its body, `compareCommand.ts`, loads with the drift engine)
 * and the context key of the editor title's button.
 */
export function registerCompare(deps: CompareDeps): vscode.Disposable[] {
  const update = () => void updateContextKey(deps);
  return [
    vscode.commands.registerCommand(Commands.compareWithDeployed, (arg?: unknown, api?: unknown, id?: unknown) =>
      deps.drift.module.compareWithDeployed(deps, arg, api, id),
    ),
    vscode.window.onDidChangeActiveTextEditor(update),
    deps.statuses.onDidChange(update),
    deps.projects.onDidChange(update),
  ];
}

/** Whether the editor title offers the comparison: only for a contract known to be deployed (no request). */
async function updateContextKey(deps: CompareDeps): Promise<void> {
  const uri = vscode.window.activeTextEditor?.document.uri;
  const table = deps.statuses.ready;
  const found = uri && table && deps.projects.loaded ? deps.projects.contractsFor(uri) : undefined;
  const deployed = !!found && found.contracts.some((c) => deploymentsOf(table!, c).length > 0);
  await vscode.commands.executeCommand('setContext', ContextKeys.editorContractDeployed, deployed);
}
