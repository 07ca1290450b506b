/**
 * Adding a requirement to `Clarinet.toml` the way Clarinet writes it: a `[[project.requirements]]`
 * table with `contract_id = "…"` (as `clarinet requirements add` leaves the manifest, e.g. the
 * ALEX project in test/fixtures/clarinet/real-alex). Pure: text in, one edit out.
 */
import { checkContractId } from './identifiers';
import * as l10n from './l10n';

/** Replace `[start, end)` of the manifest with `text`. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

export type RequirementEdit = { ok: true; edit: TextEdit } | { ok: false; reason: string };

const HEADER = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$/;

/** The lines of a text with their start offsets (`\n` ends a line; a `\r` before it stays in the line). */
function linesOf(text: string): Array<{ start: number; text: string }> {
  const out: Array<{ start: number; text: string }> = [];
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    out.push({ start, text: text.slice(start, nl < 0 ? text.length : nl) });
    if (nl < 0) return out;
    start = nl + 1;
  }
}

/** The requirement's table, with the manifest's own line ending. */
function block(id: string, eol: string): string {
  return `[[project.requirements]]${eol}contract_id = "${id}"${eol}`;
}

/**
 * The edit that adds `contractId` to the manifest's requirements: after the last
 * `[[project.requirements]]` table, or else at the end of the `[project]` table (an empty inline
 * `requirements = []` there, which Clarinet writes in a new project, is taken out, since TOML
 * allows one or the other); a non-empty inline array gets the entry appended.
 */
export function addRequirement(manifest: string, contractId: string): RequirementEdit {
  const checked = checkContractId(contractId);
  if (!checked.ok) return { ok: false, reason: checked.reason };
  const id = checked.value.contractId;
  const eol = manifest.includes('\r\n') ? '\r\n' : '\n';
  const lines = linesOf(manifest);
  const headerAt = (i: number) => HEADER.exec(lines[i]!.text.replace(/\r$/, ''))?.[1];
  let lastRequirement = -1;
  let project = -1;
  for (let i = 0; i < lines.length; i++) {
    const h = headerAt(i);
    if (h === 'project.requirements') lastRequirement = i;
    if (h === 'project' && /^\s*\[\s*project\s*\]/.test(lines[i]!.text)) project = i;
  }
  /** The offset where the table opened at line `from` ends: the next header, or the end. */
  const tableEnd = (from: number): number => {
    for (let i = from + 1; i < lines.length; i++) if (headerAt(i) !== undefined) return lines[i]!.start;
    return manifest.length;
  };
  /** Whether the line at `at` is empty or holds only blanks. */
  const blankLineAt = (at: number): boolean => {
    const blank = /[ \t]*\r?\n/y;
    blank.lastIndex = at;
    return blank.test(manifest);
  };
  /** A block inserted at `at`, on a line of its own, followed by a blank line when a table follows. */
  const insertAt = (at: number): TextEdit => {
    const before = at > 0 && manifest[at - 1] !== '\n' ? eol : '';
    const after = at < manifest.length && !blankLineAt(at) ? eol : '';
    return { start: at, end: at, text: before + block(id, eol) + after };
  };
  if (lastRequirement >= 0) {
    const at = trimBlankEnd(manifest, tableEnd(lastRequirement), lines[lastRequirement]!.start);
    const before = at > 0 && manifest[at - 1] !== '\n' ? eol : '';
    return { ok: true, edit: { start: at, end: at, text: before + block(id, eol) } };
  }
  if (project < 0) return { ok: true, edit: insertAt(manifest.length) };
  // An inline `requirements = [...]` in the [project] table.
  const end = tableEnd(project);
  for (let i = project + 1; i < lines.length && lines[i]!.start < end; i++) {
    // Up to the first "]": the list's entries are tables of contract ids, which hold none, and a
    // comment after the list may (`requirements = [] # see [docs]`).
    const m = /^(\s*requirements\s*=\s*)\[([^\]]*)\](\s*(#.*)?)\r?$/.exec(lines[i]!.text);
    if (!m) {
      if (/^\s*requirements\s*=/.test(lines[i]!.text))
        return {
          ok: false,
          reason: l10n.t('Clarinet.toml lists its requirements over several lines; add this one there.'),
        };
      continue;
    }
    const inner = m[2]!.trim();
    const lineEnd = lines[i]!.start + lines[i]!.text.length;
    if (inner === '') {
      // Taken out, and the table added where the [project] table ends.
      const nextLine = Math.min(lineEnd + 1, manifest.length);
      const at = trimBlankEnd(manifest, end, nextLine);
      const insert = insertAt(at);
      return {
        ok: true,
        edit: {
          start: lines[i]!.start,
          end: at,
          text: manifest.slice(nextLine, at) + insert.text,
        },
      };
    }
    const close = lines[i]!.start + m[1]!.length + 1 + m[2]!.length;
    const sep = inner.endsWith(',') ? ' ' : ', ';
    return { ok: true, edit: { start: close, end: close, text: `${sep}{ contract_id = "${id}" }` } };
  }
  return { ok: true, edit: insertAt(trimBlankEnd(manifest, end, lines[project]!.start)) };
}

/** `end` moved back over the blank lines before it, not before `floor`. */
function trimBlankEnd(text: string, end: number, floor: number): number {
  let at = end;
  while (at > floor) {
    const start = text.lastIndexOf('\n', at - 2) + 1;
    if (start < floor || !/^\s*$/.test(text.slice(start, at))) break;
    at = start;
  }
  return at;
}

/** Applies an edit (for tests and previews). */
export function applyEdit(text: string, e: TextEdit): string {
  return text.slice(0, e.start) + e.text + text.slice(e.end);
}
