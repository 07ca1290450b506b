/**
 * The hover of a callee function, `(contract-call? <principal> fn …)`: its signature from the
 * deployed interface (arguments with names and types, output, access), the `;;` lines above its
 * definition in the deployed source, and the network both were read from. Every string from the
 * chain is escaped; the signature is shown as code only when it cannot break out of its block.
 */
import * as vscode from 'vscode';
import type { ContractInterface } from '../../api';
import { accessText, definitionOf, navTargetAt, signatureLine } from '../../chain/contractNav';
import { NETWORK_LABELS } from '../../chain/networks';
import { escapeMarkdown } from '../shared/markdown';
import { Callees, navOptionsFor, type Read } from './callees';

/** At most this many doc comment lines, each at most this long. */
const DOC_LINES = 12;
const DOC_LINE_CHARS = 200;
/** Printable ASCII without a backtick: safe inside a fenced code block. */
const SAFE_FENCED = /^[\x20-\x5f\x61-\x7e]{1,4000}$/;

export interface CalleeHoverText {
  markdown: string;
  range: { start: number; end: number };
}

/** The Markdown of a callee's hover, from what was read (pure, for tests). */
export function calleeMarkdown(
  id: string,
  fn: string,
  networkLabel: string,
  iface: Read<ContractInterface>,
  source: Read<string>,
): string {
  const blocks: string[] = [];
  const name = escapeMarkdown(fn, 128);
  const contract = escapeMarkdown(id, 200);
  if (!iface.ok) {
    blocks.push(`**${name}** of ${contract}: ${escapeMarkdown(iface.why)}`);
  } else {
    const f = iface.value.functions.find((x) => x.name === fn);
    if (!f) {
      blocks.push(`${contract} has no function **${name}** on ${escapeMarkdown(networkLabel)}.`);
    } else {
      blocks.push(`**${name}**, ${escapeMarkdown(accessText(f.access))} function of ${contract}`);
      const line = signatureLine(f);
      blocks.push(SAFE_FENCED.test(line) ? '```clarity\n' + line + '\n```' : escapeMarkdown(line, 4000));
      if (f.access === 'private') blocks.push('*Private: other contracts cannot call it.*');
    }
  }
  if (source.ok) {
    const doc = definitionOf(source.value, fn)?.doc ?? [];
    const lines = doc.filter((l) => l.trim().length).slice(0, DOC_LINES);
    if (lines.length) blocks.push(lines.map((l) => escapeMarkdown(l, DOC_LINE_CHARS)).join('  \n'));
  }
  blocks.push(`*Read from ${escapeMarkdown(networkLabel)}.*`);
  return blocks.join('\n\n');
}

/** The hover of the callee function under `position`, or undefined where there is none. */
export async function calleeHover(
  callees: Callees,
  doc: vscode.TextDocument,
  position: vscode.Position,
  token: vscode.CancellationToken,
): Promise<vscode.Hover | undefined> {
  const target = navTargetAt(doc.getText(), doc.offsetAt(position), navOptionsFor(doc));
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
