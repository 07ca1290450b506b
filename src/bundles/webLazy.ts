/**
 * The web build's lazily compiled half. A web extension is one file, and the web worker extension
 * host cannot load another module at run time; but compiling is what costs at start-up, not
 * bytes. So esbuild.js bundles every part that loads on first use (the client and its schemas,
 * the panels, the Clarity decoder, the Clarinet reader, drift, the tree, the chat tools, the
 * language features, the failure reasons: `webLazyEntry.ts`) into a second bundle and embeds it
 * in the web extension as one string, deflated and in base64. Scanning a string is several times
 * cheaper than parsing the code it holds, and the packed string is under half the text, so
 * activation pays little for it; the first part asked for inflates it and compiles it, as the host
 * compiles the extension itself (a function of module, exports and require), and every part after
 * shares it. Inside that bundle the same import is its own entry module, so a part that loads
 * another (the panels loading the decoder) finds it in place. Used by the `.web.ts` loaders; it
 * imports nothing of the project.
 */
import lazyHalf from 'stacks-lookup:web-lazy';

type Parts = Record<string, () => unknown>;
let parts: Parts | undefined;

/** The part `name` of `webLazyEntry.ts`, its bundle compiled on the first call. */
export function webPart(name: string, part: string): unknown {
  const all = (parts ??= typeof lazyHalf === 'string' ? compile(lazyHalf, part) : lazyHalf);
  const load = all[name];
  if (!load) throw new Error(`Stacks Lookup has no ${part} in this build: reinstall or update the extension.`);
  return load();
}

function compile(packed: string, part: string): Parts {
  const module = { exports: {} as Parts };
  try {
    const source = unpack(packed);
    // The bundle's only import is `vscode`, which the host's `require` serves.
    const run = new Function('module', 'exports', 'require', `${source}\n//# sourceURL=stacks-lookup-web-lazy.js`);
    run(module, module.exports, require);
  } catch (e) {
    throw new Error(
      `Stacks Lookup could not load its ${part}: reinstall or update the extension. ` +
        `(${e instanceof Error ? e.message.split('\n')[0] : String(e)})`,
    );
  }
  return module.exports;
}

/**
 * The text esbuild.js packed: base64 of the raw-deflated UTF-8. fflate is required here, not
 * imported: its module builds its Huffman tables as it loads, which activation must not pay for.
 */
function unpack(packed: string): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { inflateSync } = require('./webInflate') as typeof import('./webInflate');
  const binary = atob(packed);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder().decode(inflateSync(bytes));
}
