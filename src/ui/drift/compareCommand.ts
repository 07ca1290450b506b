import * as vscode from 'vscode';
import type { ClarinetContract } from '../../chain/clarinet';
import { removeEnvSimnet } from '../../chain/drift';
import { clip } from '../../chain/format';
import { clarityModule } from '../../chain/lazyClarity';
import type { NetworkId } from '../shared/config';
import { deployedSourceUri, driftText, type CompareDeps } from './driftState';
import type { ErrorContext } from '../shared/errorText';
import { reportError } from '../shared/errors';
import { showInfo, showWarning } from '../shared/notify';
import { deploymentsOf, type Deployment } from '../projects/contractStatus';

interface Candidate {
  contract: ClarinetContract;
  dep: Deployment;
}

/** The file a command argument names: a URI (editor menus), a contract of the view, or the active editor's. */
function target(arg: unknown): { uri: vscode.Uri; name?: string } | undefined {
  if (arg instanceof vscode.Uri) return { uri: arg };
  if (arg && typeof arg === 'object' && 'uri' in arg && arg.uri instanceof vscode.Uri) {
    const contract = 'contract' in arg ? (arg.contract as { name?: unknown }) : undefined;
    return typeof contract?.name === 'string' ? { uri: arg.uri, name: contract.name } : { uri: arg.uri };
  }
  const editor = vscode.window.activeTextEditor;
  return editor ? { uri: editor.document.uri } : undefined;
}

/**
 * `Stacks: Compare with Deployed`: VS Code's diff editor between the source a contract's deploy
 * carries (read-only) and the local file. Run from the palette or an editor menu on the active
 * file, from the view on a contract, or from the drift CodeLens with the deploy to compare with.
 */
export async function compareWithDeployed(
  deps: CompareDeps,
  arg?: unknown,
  api?: unknown,
  id?: unknown,
): Promise<vscode.Uri | undefined> {
  const t = target(arg);
  if (!t) {
    void showWarning(vscode.l10n.t('Open a contract of a Clarinet project to compare it with its deployed source.'));
    return undefined;
  }
  await deps.projects.projects();
  const found = deps.projects.contractsFor(t.uri);
  const file = t.uri.path.slice(t.uri.path.lastIndexOf('/') + 1);
  if (!found) {
    void showWarning(vscode.l10n.t('{0} is not a contract of a Clarinet project in this workspace.', file));
    return undefined;
  }
  const table = await deps.statuses.get('wait');
  let candidates: Candidate[] = found.contracts
    .filter((c) => t.name === undefined || c.name === t.name)
    .flatMap((contract) => deploymentsOf(table, contract).map((dep) => ({ contract, dep })));
  if (typeof api === 'string' && typeof id === 'string')
    candidates = candidates.filter((c) => c.dep.api === api && c.dep.id === id);
  if (!candidates.length) {
    const failed = [...table.answers.values()].find((a) => !a.ok);
    if (failed && !failed.ok) {
      await reportError(failed.error, await errorContext(deps, failed.network), () =>
        compareWithDeployed(deps, arg, api, id),
      );
      return undefined;
    }
    void showWarning(
      vscode.l10n.t(
        '{0} is not deployed on any network its deployment plans name, so there is nothing to compare.',
        file,
      ),
    );
    return undefined;
  }
  let chosen = candidates[0]!;
  if (candidates.length > 1) {
    const several = new Set(candidates.map((c) => c.contract.name)).size > 1;
    const pick = await vscode.window.showQuickPick(
      candidates.map((c) => ({
        label: several ? `${c.contract.name} on ${c.dep.plan}` : c.dep.plan,
        description: c.dep.id,
        detail: driftText(deps.drift.get(t.uri, c.dep)),
        candidate: c,
      })),
      {
        title: vscode.l10n.t('Compare with the source deployed on…'),
        placeHolder: vscode.l10n.t('The deploy to compare the local file with'),
      },
    );
    if (!pick) return undefined;
    chosen = pick.candidate;
  }
  const { contract, dep } = chosen;
  try {
    await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Stacks: fetching the deployed source of {0}', dep.id),
      },
      () => deps.drift.compare(t.uri, dep),
    );
  } catch (e) {
    void reportError(
      e,
      await errorContext(deps, dep.api),
      () => compareWithDeployed(deps, t.uri, dep.api, dep.id),
      (m) => deps.log.error(m),
    );
    return undefined;
  }
  const left = deployedSourceUri(dep);
  // The contract's name is the local Clarinet.toml's; nothing of the deployed source is in the title.
  const title = vscode.l10n.t('{0} (deployed on {1}) ↔ {2} (local)', clip(contract.name, 80), dep.plan, clip(file, 80));
  await vscode.commands.executeCommand('vscode.diff', left, t.uri, title, { preview: true });
  void showHashes(deps, t.uri, dep);
  return left;
}

/**
 * Both sides' `contract-hash?`: the deployed source's, and the local file's as Clarinet broadcasts
 * it (`#[env(simnet)]` code stripped), which is the hash a deploy of it now would get. The deployed
 * source is the one just compared (kept, no request); the local side is the open document or the file.
 */
async function showHashes(deps: CompareDeps, uri: vscode.Uri, dep: Deployment): Promise<void> {
  try {
    const [deployed, local] = await Promise.all([deps.drift.source(dep), localText(uri)]);
    const { contractHash } = clarityModule();
    const deployedHash = contractHash(deployed);
    const localHash = contractHash(removeEnvSimnet(local) ?? local);
    void showInfo(
      deployedHash === localHash
        ? vscode.l10n.t(
            'contract-hash? of the deployed source and of the local file as Clarinet deploys it: {0}',
            deployedHash,
          )
        : vscode.l10n.t(
            'contract-hash? of the deployed source: {0}; of the local file as Clarinet deploys it: {1}',
            deployedHash,
            localHash,
          ),
    );
  } catch (e) {
    deps.log.error(`Compare with Deployed: no contract hash: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The local file's text: the open document (unsaved edits count), or else the file. */
async function localText(uri: vscode.Uri): Promise<string> {
  const open = vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === uri.toString());
  return open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}

function errorContext(deps: CompareDeps, api: NetworkId): Promise<ErrorContext> {
  return deps.networks.errorContext(api, vscode.l10n.t('contract'));
}
