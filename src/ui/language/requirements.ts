/**
 * The quick fix "Add <id> to Clarinet.toml requirements" on a deployed contract a project's
 * contract names that is neither one of the project's contracts nor among its requirements. Its
 * command first checks that the contract exists on the network (one interface request, shared
 * with every other reader), then edits the manifest as Clarinet writes it.
 */
import * as vscode from 'vscode';
import { addRequirement } from '../../chain/clarinetRequirements';
import { navTargetAt } from '../../chain/contractNav';
import { checkContractId } from '../../chain/identifiers';
import { isNetworkId, NETWORK_LABELS } from '../../chain/networks';
import { Commands } from '../../constants';
import type { NetworkId } from '../shared/config';
import { reportError } from '../shared/errors';
import { showInfo, showWarning } from '../shared/notify';
import { type Callees, type LanguageDeps } from './callees';

export class RequirementFixes implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  constructor(
    private readonly deps: LanguageDeps,
    private readonly callees: Callees,
  ) {}

  /** Offered from what is known (the projects as read); nothing is asked of the API here. */
  provideCodeActions(doc: vscode.TextDocument, range: vscode.Range): vscode.CodeAction[] | undefined {
    const target = navTargetAt(this.callees.navRead(doc), doc.offsetAt(range.start), this.callees.navOptions(doc));
    if (!target?.ref.id) return undefined;
    const id = target.ref.id;
    for (const p of this.deps.projects.loaded ?? []) {
      if (!p.result.ok || !doc.uri.toString().startsWith(p.root.toString() + '/')) continue;
      const project = p.result.project;
      if (project.requirements.some((r) => r.contractId === id)) return undefined;
      if (project.contracts.some((c) => c.deployments.some((x) => x.id === id))) return undefined;
      if (target.ref.relative) return undefined;
      const network = this.deps.networks.networkFor(target.ref.network);
      const fix = new vscode.CodeAction(
        vscode.l10n.t('Add {0} to Clarinet.toml requirements', id),
        vscode.CodeActionKind.QuickFix,
      );
      fix.command = {
        command: Commands.addRequirement,
        title: fix.title,
        arguments: [p.manifest, id, network],
      };
      return [fix];
    }
    // The projects are read in the background the first time; the fix is offered from then on.
    if (!this.deps.projects.loaded) void this.deps.projects.projects();
    return undefined;
  }

  /** The command: checks the contract on its network, then adds it. Returns whether the manifest changed. */
  async add(manifest: unknown, contractId: unknown, networkArg: unknown): Promise<boolean> {
    const c = typeof contractId === 'string' ? checkContractId(contractId) : undefined;
    if (!(manifest instanceof vscode.Uri) || !c?.ok || typeof networkArg !== 'string' || !isNetworkId(networkArg)) {
      void showWarning(vscode.l10n.t('Run this from the quick fix on a deployed contract in a Clarinet project.'));
      return false;
    }
    const id = c.value.contractId;
    const network: NetworkId = networkArg;
    try {
      const { client } = await this.deps.networks.endpoint(network);
      await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Window,
          title: vscode.l10n.t('Stacks: checking {0} on {1}', id, NETWORK_LABELS[network]),
        },
        () => client.getContractInterface(id),
      );
    } catch (e) {
      void reportError(
        e,
        await this.deps.networks.errorContext(network, `contract ${id}`),
        () => this.add(manifest, contractId, networkArg),
        (m) => this.deps.log.error(m),
      );
      return false;
    }
    const doc = await vscode.workspace.openTextDocument(manifest);
    const edit = addRequirement(doc.getText(), id);
    if (!edit.ok) {
      void showWarning(edit.reason);
      return false;
    }
    const we = new vscode.WorkspaceEdit();
    we.replace(
      manifest,
      new vscode.Range(doc.positionAt(edit.edit.start), doc.positionAt(edit.edit.end)),
      edit.edit.text,
    );
    if (!(await vscode.workspace.applyEdit(we))) {
      void showWarning(vscode.l10n.t('Clarinet.toml could not be edited; add {0} to its requirements by hand.', id));
      return false;
    }
    await doc.save();
    void showInfo(
      vscode.l10n.t('Added {0} to the requirements of {1}.', id, vscode.workspace.asRelativePath(manifest)),
    );
    return true;
  }
}
