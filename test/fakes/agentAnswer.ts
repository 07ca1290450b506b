/**
 * A chat tool's answer read the way a Markdown reader (and a model) reads it: the text outside
 * the untrusted data block, and the block's body, which ends at the first line of at least as
 * many backticks as opened it. Browser-safe: the web pass uses it too.
 */
export interface ReadAnswer {
  outside: string;
  /** The block's body; undefined when the answer has no block. */
  inside: string | undefined;
}

export function readAnswer(text: string): ReadAnswer {
  const lines = text.split('\n');
  const open = lines.findIndex((l) => /^`{3,}untrusted-chain-data$/.test(l));
  if (open < 0) return { outside: text, inside: undefined };
  const fence = /^`+/.exec(lines[open]!)![0].length;
  const close = lines.findIndex((l, i) => i > open && /^`+$/.test(l.trim()) && l.trim().length >= fence);
  if (close < 0) return { outside: lines.slice(0, open).join('\n'), inside: lines.slice(open + 1).join('\n') };
  return {
    outside: [...lines.slice(0, open), ...lines.slice(close + 1)].join('\n'),
    inside: lines.slice(open + 1, close).join('\n'),
  };
}
