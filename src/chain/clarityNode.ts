/**
 * One decoded Clarity value (src/chain/clarity.ts): a leaf with its text, or a tuple, list,
 * optional or response with its children. Bounded in depth and count; `cut` says what was left out.
 */
export interface ClarityNode {
  /** The Clarity type as written in Clarity: `tuple`, `list`, `ok`, `some`, `uint`, `buffer`, ... */
  type: string;
  /** The tuple field name, or the list position, this value sits at. */
  key?: string;
  /** A leaf's value as text; a buffer that holds UTF-8 text shows that text. */
  text?: string;
  /** Secondary text for a leaf (a text buffer's hex). */
  hint?: string;
  children?: ClarityNode[];
  /** What was left out below this node (too deep, too many items, too long). */
  cut?: string;
}
