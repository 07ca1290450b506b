/**
 * The workspace's own copy of a deployed contract: the Clarinet contract whose deployment plans
 * name that contract id, and its file's text (the open document, unsaved edits included, or the
 * file). The contract panel shows its `contract-hash?` beside the deployed one; a failed call's
 * line opens in it when it is what was deployed.
 */
import * as vscode from 'vscode';
import { MAX_FILE_BYTES } from '../../chain/clarinetText';
import type { ClarinetWorkspace } from './projects';

export interface LocalContract {
  uri: vscode.Uri;
  /** The file, relative to its project's root (a workspace path, never chain data). */
  file: string;
  text: string;
}

/** The local contract deployed as `contractId`, or undefined when no project of the workspace deploys it. */
export async function localContract(
  projects: ClarinetWorkspace,
  contractId: string,
): Promise<LocalContract | undefined> {
  for (const project of await projects.projects()) {
    if (!project.result.ok) continue;
    const contract = project.result.project.contracts.find((c) => c.deployments.some((x) => x.id === contractId));
    if (!contract) continue;
    const uri = vscode.Uri.joinPath(project.root, contract.path);
    const text = await localText(uri);
    return text === undefined ? undefined : { uri, file: contract.path, text };
  }
  return undefined;
}

/** The open document (unsaved edits count), or the file; undefined when it cannot be read or is too large. */
async function localText(uri: vscode.Uri): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === uri.toString());
  if (open) return open.getText();
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.size > MAX_FILE_BYTES) return undefined;
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}
