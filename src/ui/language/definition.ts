/**
 * Go to Definition (F12, Ctrl+click, Peek) in Clarity files on what a deployed contract names: a
 * contract principal, a `.name` or trait reference, a boot contract, the function of a
 * `contract-call?`. The target is the deployed source, the read-only `stacks-contract:` document,
 * at the `define-*` line, or the workspace file when the contract is one of the project's (left to
 * the Clarity extension when it is installed, so a local contract is never answered twice).
 */
import * as vscode from 'vscode';
import { definitionOf, navTargetAt, type NavTarget } from '../../chain/contractNav';
import { Callees, contractSourceUri, localText, type Resolved } from './callees';

/** What a definition request tells the user when it has no answer: a status bar message, for this long. */
const MESSAGE_MS = 6000;

export class DeployedDefinitions implements vscode.DefinitionProvider {
  constructor(private readonly callees: Callees) {}

  async provideDefinition(
    doc: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.Location | undefined> {
    const target = navTargetAt(this.callees.navRead(doc), doc.offsetAt(position), this.callees.navOptions(doc));
    if (!target) return undefined;
    const where = await this.callees.resolve(doc, target.ref);
    if (!where || token.isCancellationRequested) return undefined;
    if (where.kind === 'local') {
      if (this.callees.clarityExtension) return undefined;
      const text = await localText(where.uri);
      return new vscode.Location(where.uri, lineOf(text, target));
    }
    const read = await this.callees.source(where, token);
    if (!read.ok) {
      if (!read.cancelled) say(vscode.l10n.t('Stacks: no definition of {0}: {1}', describe(target, where), read.why));
      return undefined;
    }
    if (token.isCancellationRequested) return undefined;
    if (target.kind === 'function' && !definitionOf(read.value, target.fn)) {
      say(vscode.l10n.t('Stacks: {0} defines no function {1}.', where.id, target.fn));
      return undefined;
    }
    return new vscode.Location(contractSourceUri(where.network, where.id), lineOf(read.value, target));
  }
}

/** The `define-*` line of what the target names in a source: the function, the trait, or the first line. */
function lineOf(source: string | undefined, target: NavTarget): vscode.Position {
  if (source === undefined) return new vscode.Position(0, 0);
  const d =
    target.kind === 'function'
      ? definitionOf(source, target.fn)
      : target.ref.trait
        ? definitionOf(source, target.ref.trait, ['define-trait'])
        : undefined;
  return d ? new vscode.Position(d.line, d.character) : new vscode.Position(0, 0);
}

function describe(target: NavTarget, where: Extract<Resolved, { kind: 'deployed' }>): string {
  return target.kind === 'function' ? `${target.fn} of ${where.id}` : where.id;
}

function say(message: string): void {
  vscode.window.setStatusBarMessage(message, MESSAGE_MS);
}
