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
export function deployedSourceProvider(d: CompareDeps): vscode.TextDocumentContentProvider {
  return { provideTextDocumentContent: (uri) => d.drift.document(uri) };
}

/**
 * `Stacks: Compare with Deployed` (its body, `compareCommand.ts`, loads with the drift engine)
 * and the context key of the editor title's button.
 */
export function registerCompare(d: CompareDeps): vscode.Disposable[] {
  const update = () => void updateContextKey(d);
  return [
    vscode.commands.registerCommand(Commands.compareWithDeployed, (arg?: unknown, api?: unknown, id?: unknown) =>
      d.drift.module.compareWithDeployed(d, arg, api, id),
    ),
    vscode.window.onDidChangeActiveTextEditor(update),
    d.statuses.onDidChange(update),
    d.projects.onDidChange(update),
  ];
}

/** Whether the editor title offers the comparison: only for a contract known to be deployed (no request). */
async function updateContextKey(d: CompareDeps): Promise<void> {
  const uri = vscode.window.activeTextEditor?.document.uri;
  const table = d.statuses.ready;
  const found = uri && table && d.projects.loaded ? d.projects.contractsFor(uri) : undefined;
  const deployed = !!found && found.contracts.some((c) => deploymentsOf(table!, c).length > 0);
  await vscode.commands.executeCommand('setContext', ContextKeys.editorContractDeployed, deployed);
}
