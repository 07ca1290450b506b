/**
 * The Markdown of a callee function's hover: its signature from the deployed interface (arguments
 * with names and types, output, access), the `;;` lines above its definition in the deployed
 * source, and the network both were read from. Every string from the chain is escaped; the
 * signature is shown as code only when it cannot break out of its block. Pure: no `vscode`.
 */
import type { ContractInterface } from '../../api';
import {
  accessText,
  callSnippet,
  definitionOf,
  definitionsOf,
  isCallable,
  signatureLine,
} from '../../chain/contractNav';
import { escapeMarkdown } from '../shared/markdown';
import * as l10n from '../../chain/l10n';

/** A value, or the sentence that says why there is none. */
export type Read<T> = { ok: true; value: T } | { ok: false; why: string; slow?: boolean; cancelled?: boolean };

/** At most this many doc comment lines, each at most this long. */
const DOC_LINES = 12;
const DOC_LINE_CHARS = 200;
/** Printable ASCII without a backtick: safe inside a fenced code block. */
const SAFE_FENCED = /^[\x20-\x5f\x61-\x7e]{1,4000}$/;

/** The Markdown of a callee's hover, from what was read. */
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
    blocks.push(l10n.t('**{0}** of {1}: {2}', name, contract, escapeMarkdown(iface.why)));
  } else {
    const f = iface.value.functions.find((x) => x.name === fn);
    if (!f) {
      blocks.push(l10n.t('{0} has no function **{1}** on {2}.', contract, name, escapeMarkdown(networkLabel)));
    } else {
      blocks.push(l10n.t('**{0}**, {1} function of {2}', name, escapeMarkdown(accessText(f.access)), contract));
      const line = signatureLine(f);
      blocks.push(SAFE_FENCED.test(line) ? '```clarity\n' + line + '\n```' : escapeMarkdown(line, 4000));
      if (f.access === 'private') blocks.push(l10n.t('*Private: other contracts cannot call it.*'));
    }
  }
  if (source.ok) {
    const doc = definitionOf(source.value, fn)?.doc ?? [];
    const lines = doc.filter((l) => l.trim().length).slice(0, DOC_LINES);
    if (lines.length) blocks.push(lines.map((l) => escapeMarkdown(l, DOC_LINE_CHARS)).join('  \n'));
  }
  blocks.push(l10n.t('*Read from {0}.*', escapeMarkdown(networkLabel)));
  return blocks.join('\n\n');
}

/** One completion of a callee's function: what the list shows and what it inserts. */
export interface CalleeEntry {
  name: string;
  /** `public` or `read-only`. */
  access: string;
  /** The signature as Clarity writes the definition. */
  detail: string;
  /** The call, one placeholder per argument. */
  snippet: string;
  /** The `;;` lines above the definition, from a source already read (none otherwise). */
  doc: string[];
}

/** The functions another contract may call (public and read-only, never private), in interface order. */
export function calleeEntries(iface: ContractInterface, source?: string): CalleeEntry[] {
  const docs = new Map<string, string[]>();
  if (source !== undefined) for (const d of definitionsOf(source)) docs.set(d.name, d.doc);
  return iface.functions.filter(isCallable).map((f) => ({
    name: f.name,
    access: accessText(f.access),
    detail: signatureLine(f),
    snippet: callSnippet(f),
    doc: (docs.get(f.name) ?? []).slice(0, DOC_LINES),
  }));
}
