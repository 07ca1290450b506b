/**
 * The tokenizer of the plan reader (planScanner.ts): a plan's text as lines, each with its
 * indentation, whether it starts a sequence item, and its content without a trailing comment; a
 * quoted scalar that goes on over several lines is one line standing for it (`MULTILINE`). What
 * is outside the subset the reader takes ends the scan (`bail`).
 */

/** One line of a plan as the builder reads it. */
export interface Line {
  indent: number;
  /** Where the content starts in the text. */
  offset: number;
  /** The content after the indentation and any "- ", without a trailing comment. */
  text: string;
  /** Whether the line starts a sequence item ("- "), and the column of what follows the dash. */
  dash: boolean;
  col: number;
}

/** Thrown where the text leaves the subset: the caller reads the plan with the full parser. */
export class Bail extends Error {}

export const bail = (): never => {
  throw new Bail();
};

/** Stands for a quoted scalar that goes on over several lines; its value is left to the full parser. */
export const MULTILINE = '\u0000multi-line\u0000';

/** The lines of a plan, read a stretch at a time (`run`). */
export class Lexer {
  readonly out: Line[] = [];
  private readonly raws: string[];
  private r = 0;
  private offset = 0;
  private started = false;

  constructor(text: string) {
    this.raws = text.split('\n');
  }

  /** Reads about `budget` more lines; true when every line is read. */
  run(budget: number): boolean {
    const { out, raws } = this;
    let { r, offset, started } = this;
    const end = Math.min(raws.length, r + budget);
    for (; r < end; r++) {
      const raw = raws[r]!;
      const lineStart = offset;
      offset += raw.length + 1;
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      // Indentation is spaces nearly always: counted without copying the line. YAML's blanks are
      // the space and the tab only: a no-break space or any other Unicode space is text to it.
      let indent = 0;
      while (line.charCodeAt(indent) === 32) indent++;
      if (line.charCodeAt(indent) === 9) while (isBlank(line.charCodeAt(indent))) indent++;
      const content = indent ? line.slice(indent) : line;
      if (content === '' || content.startsWith('#')) continue;
      if (indent && line.lastIndexOf('\t', indent - 1) >= 0) bail();
      if (indent === 0 && /^(---|\.\.\.)([ \t]|$)/.test(content)) {
        // One document, its start marker before anything else.
        if (started || !/^---[ \t]*(#.*)?$/.test(content)) bail();
        started = true;
        continue;
      }
      if (indent === 0 && content.startsWith('%')) bail();
      started = true;
      let dash = false;
      let rest = content;
      let col = indent;
      const m = /^-([ \t]+|$)/.exec(rest);
      if (m) {
        // A tab after the dash: where the item's map is indented is a question YAML answers with an error.
        if (m[0].includes('\t')) bail();
        dash = true;
        col = indent + m[0].length;
        rest = rest.slice(m[0].length);
        if (/^-([ \t]|$)/.test(rest)) bail(); // "- - x": nested sequences on one line
      }
      const stripped = stripComment(rest);
      if (typeof stripped === 'string') {
        out.push({ indent, offset: lineStart + indent, text: stripped, dash, col });
        continue;
      }
      // A quoted scalar that does not close on this line: find where it closes.
      const quote = rest[stripped.open]!;
      let closed = -1;
      let previous = rest;
      while (closed < 0 && ++r < raws.length) {
        // An escaped line break ("…\" at the end of a line) is YAML's business, not this reader's.
        if (quote === '"' && /(^|[^\\])(\\\\)*\\\r?$/.test(previous)) bail();
        const nextRaw = raws[r]!;
        offset += nextRaw.length + 1;
        const next = nextRaw.endsWith('\r') ? nextRaw.slice(0, -1) : nextRaw;
        previous = next;
        closed = quotedEnd(quote + next, 0);
        if (closed >= 0 && stripComment(next.slice(closed - 1)) !== '') bail(); // something after the closing quote
      }
      if (closed < 0) bail();
      out.push({ indent, offset: lineStart + indent, text: rest.slice(0, stripped.open) + MULTILINE, dash, col });
    }
    this.r = r;
    this.offset = offset;
    this.started = started;
    return r >= raws.length;
  }
}

/**
 * The text without a trailing comment (quoted scalars are skipped whole), or where a quoted scalar
 * opens that does not close on the line.
 */
function stripComment(s: string): string | { open: number } {
  // Most lines have neither quotes nor a comment.
  if (!s.includes('#') && !s.includes('"') && !s.includes("'")) return trimBlanks(s);
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if ((c === '"' || c === "'") && (i === 0 || /[ \t:]/.test(s[i - 1]!))) {
      const end = quotedEnd(s, i);
      if (end < 0) return { open: i };
      i = end;
      continue;
    }
    if (c === '#' && i > 0 && isBlank(s.charCodeAt(i - 1))) return trimBlanks(s.slice(0, i));
    i++;
  }
  return trimBlanks(s);
}

/** A space or a tab: YAML's only blanks. */
const isBlank = (c: number): boolean => c === 32 || c === 9;

/** Without the spaces and tabs at its end (trimEnd would take a no-break space too, which YAML keeps). */
function trimBlanks(s: string): string {
  let end = s.length;
  while (end > 0 && isBlank(s.charCodeAt(end - 1))) end--;
  return end === s.length ? s : s.slice(0, end);
}

/** The index after the quoted scalar that starts at `i`, or -1 when it does not close on the line. */
export function quotedEnd(s: string, i: number): number {
  const q = s[i]!;
  for (let j = i + 1; j < s.length; j++) {
    if (q === '"' && s[j] === '\\') {
      j++;
      continue;
    }
    if (s[j] === q) {
      if (q === "'" && s[j + 1] === "'") {
        j++;
        continue;
      }
      return j + 1;
    }
  }
  return -1;
}
