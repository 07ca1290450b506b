import * as vscode from 'vscode';

type DeployerLookup = (uri: vscode.Uri) => string | undefined;
let lookup: DeployerLookup = () => undefined;

/**
 * The deployer address of the Clarinet project that holds `uri`, when one is known: relative
 * `.name` references in its contracts resolve against it. The Clarinet reader provides it.
 */
export function workspaceDeployer(uri: vscode.Uri): string | undefined {
  return lookup(uri);
}

export function setDeployerLookup(f: DeployerLookup): vscode.Disposable {
  lookup = f;
  return new vscode.Disposable(() => {
    if (lookup === f) lookup = () => undefined;
  });
}
