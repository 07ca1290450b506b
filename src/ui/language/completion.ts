/**
 * Completion after `(contract-call? <principal> `: the callee's public and read-only functions
 * (never private ones) with their signatures, each inserting a snippet with one placeholder per
 * argument; and signature help while the arguments are typed. Both read the deployed interface
 * (once a session per contract) and only when the editor asks, that is when the user types there.
 */
import * as vscode from 'vscode';
import type { ContractInterface } from '../../api';
import { accessText, calleeArgumentAt, calleeCompletionAt, isCallable, signatureText } from '../../chain/contractNav';
import { typeText } from '../../chain/abi';
import { NETWORK_LABELS } from '../../chain/networks';
import { Callees, type Resolved } from './callees';
import { calleeEntries } from './calleeText';

export class CalleeCompletions implements vscode.CompletionItemProvider, vscode.SignatureHelpProvider {
  constructor(private readonly callees: Callees) {}

  async provideCompletionItems(
    doc: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.CompletionList | undefined> {
    const at = calleeCompletionAt(this.callees.navRead(doc), doc.offsetAt(position), this.callees.navOptions(doc));
    if (!at) return undefined;
    const where = await this.callees.resolve(doc, at.ref);
    if (!where || where.kind === 'local' || token.isCancellationRequested) return undefined;
    const read = await this.callees.interface(where, token);
    if (!read.ok) {
      if (read.cancelled) return undefined;
      const item = new vscode.CompletionItem(
        vscode.l10n.t('No functions of {0}', where.id),
        vscode.CompletionItemKind.Issue,
      );
      item.detail = read.why;
      item.insertText = '';
      item.range = new vscode.Range(doc.positionAt(at.start), doc.positionAt(at.end));
      return new vscode.CompletionList([item], !!read.slow);
    }
    const range = new vscode.Range(doc.positionAt(at.start), doc.positionAt(at.end));
    return new vscode.CompletionList(await this.items(where, read.value, range));
  }

  private async items(
    where: Extract<Resolved, { kind: 'deployed' }>,
    iface: ContractInterface,
    range: vscode.Range,
  ): Promise<vscode.CompletionItem[]> {
    // The doc comments come from a source already read (a definition, a hover); completion never asks for it.
    const { source } = await this.callees.known(where);
    const network = NETWORK_LABELS[where.network];
    return calleeEntries(iface, source).map((e, i) => {
      const item = new vscode.CompletionItem(
        { label: e.name, description: e.access },
        vscode.CompletionItemKind.Function,
      );
      item.detail = e.detail;
      const doc = new vscode.MarkdownString();
      doc.supportHtml = false;
      doc.isTrusted = false;
      for (const line of e.doc) doc.appendText(line + '\n');
      doc.appendText(vscode.l10n.t('\n{0} on {1}', where.id, network));
      item.documentation = doc;
      item.insertText = new vscode.SnippetString(e.snippet);
      item.range = range;
      item.sortText = String(i).padStart(5, '0');
      return item;
    });
  }

  async provideSignatureHelp(
    doc: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.SignatureHelp | undefined> {
    const at = calleeArgumentAt(this.callees.navRead(doc), doc.offsetAt(position), this.callees.navOptions(doc));
    if (!at) return undefined;
    const where = await this.callees.resolve(doc, at.ref);
    if (!where || where.kind === 'local' || token.isCancellationRequested) return undefined;
    const read = await this.callees.interface(where, token);
    if (!read.ok || token.isCancellationRequested) return undefined;
    const f = read.value.functions.find((x) => x.name === at.fn && isCallable(x));
    if (!f) return undefined;
    const s = signatureText(f);
    const label = `(${[s.head, ...s.params].join(' ')}) → ${s.output}`;
    const info = new vscode.SignatureInformation(
      label,
      vscode.l10n.t('{0} function of {1}', accessText(f.access), where.id),
    );
    let from = s.head.length + 2;
    info.parameters = f.args.map((a, i) => {
      const start = from;
      const end = start + s.params[i]!.length;
      from = end + 1;
      return new vscode.ParameterInformation([start, end], typeText(a.type));
    });
    const help = new vscode.SignatureHelp();
    help.signatures = [info];
    help.activeSignature = 0;
    help.activeParameter = Math.min(at.active, Math.max(0, f.args.length - 1));
    return help;
  }
}
