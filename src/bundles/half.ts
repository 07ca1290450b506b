/**
 * The lazily compiled half of the package (esbuild.js): every part that loads on first use (the
 * client and its schemas, the panels, the Clarity decoder, the Clarinet reader, drift, the tree,
 * the chat tools, the language features, the failure reasons, Trace: `partsEntry.ts`) in one
 * bundle, which the desktop and the web builds share. Its text sits once in the package, in
 * dist/web/extension.js, as one string, raw-deflated and in base64 after `PACKED_MARK`: the web
 * worker host cannot load a second file, and the desktop build reads the string out of that file.
 * Scanning a string is several times cheaper than parsing the code it holds, so the web
 * activation pays little for it; the first part asked for inflates it and compiles it, as the
 * host compiles an extension (a function of module, exports and require). Imports nothing of the
 * project, so every layer may load a part.
 */
import { inflateSync } from './inflate';

/** Starts the packed string, so the desktop build finds it in the web build's text. */
export const PACKED_MARK = 'SLH1:';

/** The parts of the half by name, each loading its modules on its first call. */
export type Parts = Record<string, () => unknown>;

/** A part that could not be loaded (a damaged install, a build that left it out), in one sentence. */
export class MissingPartError extends Error {
  constructor(
    readonly part: string,
    cause: unknown,
  ) {
    super(
      `Stacks Lookup could not load its ${part}: reinstall or update the extension. ` +
        `(${cause instanceof Error ? cause.message.split('\n')[0] : String(cause)})`,
    );
    this.name = 'MissingPartError';
  }
}

/**
 * The packed string inside the web build's text: from `"SLH1:` to the closing quote (base64 needs
 * no escape, so the first quote after the mark ends it). The mark itself is a string of that file
 * too (this module is in it), so the longest such string is the half.
 */
export function packedIn(text: string): string {
  let best = '';
  for (let at = text.indexOf(`"${PACKED_MARK}`); at >= 0; at = text.indexOf(`"${PACKED_MARK}`, at + 1)) {
    const end = text.indexOf('"', at + 1);
    if (end < 0) break;
    if (end - at - 1 > best.length) best = text.slice(at + 1, end);
  }
  if (best.length <= PACKED_MARK.length) throw new Error('the web build holds no packed half');
  return best;
}

/** The text esbuild.js packed: base64 of the raw-deflated UTF-8, after the mark. */
export function unpack(packed: string): string {
  if (!packed.startsWith(PACKED_MARK)) throw new Error('the packed half has no mark');
  const binary = atob(packed.slice(PACKED_MARK.length));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder().decode(inflateSync(bytes));
}

/** Compiles and runs the half's text as a CommonJS module whose `require` is `load`. */
export function compile(source: string, load: (id: string) => unknown): Parts {
  const module = { exports: {} as Parts };
  const run = new Function('module', 'exports', 'require', `${source}\n//# sourceURL=stacks-lookup-parts.js`);
  run(module, module.exports, load);
  return module.exports;
}
