/**
 * The hover of a callee function, `(contract-call? <principal> fn …)`, with its Markdown from
 * `calleeText.ts`: asked only for a function of a deployed contract, cancelled with the hover.
 */
import * as vscode from 'vscode';
import { navTargetAt } from '../../chain/contractNav';
import { NETWORK_LABELS } from '../../chain/networks';
import { Callees } from './callees';
import { calleeMarkdown } from './calleeText';

/** The hover of the callee function under `position`, or undefined where there is none. */
export async function calleeHover(
  callees: Callees,
  doc: vscode.TextDocument,
  position: vscode.Position,
  token: vscode.CancellationToken,
): Promise<vscode.Hover | undefined> {
  const target = navTargetAt(callees.navRead(doc), doc.offsetAt(position), callees.navOptions(doc));
  if (target?.kind !== 'function') return undefined;
  const where = await callees.resolve(doc, target.ref);
  // The Clarity extension describes the workspace's own contracts.
  if (!where || where.kind === 'local' || token.isCancellationRequested) return undefined;
  const [iface, source] = await Promise.all([callees.interface(where, token), callees.source(where, token)]);
  if (token.isCancellationRequested || (!iface.ok && iface.cancelled)) return undefined;
  const md = new vscode.MarkdownString(
    calleeMarkdown(where.id, target.fn, NETWORK_LABELS[where.network], iface, source),
    false,
  );
  md.isTrusted = false;
  md.supportHtml = false;
  const range = new vscode.Range(doc.positionAt(target.start), doc.positionAt(target.end));
  return new vscode.Hover(md, range);
}
