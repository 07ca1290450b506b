import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { LookupDeps } from '../lookup/openTarget';
import { callReadOnlyFunction } from './workbenchCommand';

/** `Stacks: Call Read-Only Function…`, also the command of the "Call on <network>" CodeLens. */
export function registerWorkbenchCommands(deps: LookupDeps): vscode.Disposable[] {
  return [
    deps.activity.registerCommand(
      Commands.callReadOnlyFunction,
      (contractId?: unknown, fn?: unknown, network?: unknown) => callReadOnlyFunction(deps, contractId, fn, network),
    ),
  ];
}
