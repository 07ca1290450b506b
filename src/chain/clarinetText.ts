/** Small helpers the Clarinet manifest and plan readers share. Pure. */

/** Every manifest and plan is read whole; a larger file is refused before it is parsed. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** A project holds at most this many contracts, and a plan at most this many publishes. */
export const MAX_CONTRACTS = 5000;

/** A problem in one file of the project, with the line (1-based) where it was found when known. */
export interface ClarinetProblem {
  file: string;
  line?: number;
  column?: number;
  message: string;
}

/**
 * Line numbers of offsets in one text, from one pass over it: the offsets where lines start, and
 * a binary search per question. (A search of the text per contract made large projects take
 * seconds.)
 */
export class Lines {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  /** The 1-based line of `offset`. */
  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }
}

export function tooLarge(file: string, size: number): ClarinetProblem {
  return {
    file,
    message: `${file} is ${formatMb(size)}, larger than the ${formatMb(MAX_FILE_BYTES)} this extension reads; it was not read.`,
  };
}

function formatMb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MB`;
}

/** Forward slashes, no leading "./". */
export function normalizePath(p: string): string {
  return p
    .trim()
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '');
}

/**
 * A contract path from a manifest or plan, or why it is refused: it must stay inside the project
 * (no absolute path, drive letter, URI or ".." that climbs out), so the view never opens a file
 * elsewhere.
 */
export function checkProjectPath(raw: string): { ok: true; path: string } | { ok: false; reason: string } {
  const p = normalizePath(raw);
  if (!p) return { ok: false, reason: 'the path is empty' };
  if (p.startsWith('/') || /^[a-zA-Z]:/.test(p) || /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(p))
    return { ok: false, reason: 'the path is absolute; it must be relative to the project folder' };
  if (p.includes('\0')) return { ok: false, reason: 'the path holds a NUL character' };
  const parts: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (!parts.length) return { ok: false, reason: 'the path leads out of the project folder' };
      parts.pop();
    } else parts.push(part);
  }
  if (!parts.length) return { ok: false, reason: 'the path names no file' };
  return { ok: true, path: parts.join('/') };
}

export function asRecord(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

export function firstLine(s: string): string {
  return s.split('\n')[0]!.trim();
}

export function optionalLine(line: number | undefined): { line?: number } {
  return line === undefined ? {} : { line };
}
