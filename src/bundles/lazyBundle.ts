/**
 * The one way a lazily loaded part is loaded in the Node build: a bundle of its own in dist/
 * (esbuild.js), required the first time it is needed, so activation neither loads nor compiles it.
 * A bundle that is missing or broken (a damaged install, a build that left it out) becomes one
 * sentence that names the part and what to do, not a bare `Cannot find module`. Used by every
 * layer, so it imports nothing of the project.
 */
import * as path from 'path';

export class MissingBundleError extends Error {
  constructor(
    readonly part: string,
    readonly file: string,
    cause: unknown,
  ) {
    super(
      `Stacks Lookup could not load its ${part} (${file}): reinstall or update the extension. ` +
        `(${cause instanceof Error ? cause.message.split('\n')[0] : String(cause)})`,
    );
    this.name = 'MissingBundleError';
  }
}

/**
 * A loader of the bundle `file` beside `dir` (pass `__dirname`: the bundle's folder in the package,
 * the compiled module's folder in the unit tests), loaded once.
 */
export function lazyBundle<T>(dir: string, file: string, part: string): () => T {
  let loaded: T | undefined;
  return () => {
    if (loaded === undefined) {
      try {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        loaded = require(path.join(dir, file)) as T;
      } catch (e) {
        throw new MissingBundleError(part, file, e);
      }
    }
    return loaded;
  };
}
