/** Text from strangers (the chain, a server) made inert for the Markdown of hovers and tooltips. Pure. */
import { clip } from '../../chain/format';

const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class
  /[\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb]/g;
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
/** Every ASCII punctuation character: CommonMark lets each be backslash-escaped. */
const PUNCTUATION = /[!-/:-@[-`{-~]/g;

/**
 * Untrusted text as inert Markdown: invisible and bidi controls removed, line breaks and runs of
 * white space folded to one space, then every ASCII punctuation character backslash-escaped, which
 * neutralises emphasis, headings, lists, links and images (`[`, `]`, `!`), HTML and entities
 * (`<`, `&`), code (`` ` ``), autolinks (`:` of `https:`/`command:`, `.` of `www.`, `@`) and theme
 * icons (`$`). Long text is cut to `max` characters.
 */
export function escapeMarkdown(raw: string, max = 240): string {
  const s = String(raw).normalize('NFC').replace(INVISIBLE, '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  return clip(s, max).replace(PUNCTUATION, '\\$&');
}
