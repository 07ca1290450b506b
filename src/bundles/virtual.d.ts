/**
 * The modules esbuild.js makes for each build (./parts.bundle.ts).
 * `stacks-lookup:lazy-half`: in the web build, the packed half; in the desktop build, a reader of
 * it (./halfFile.ts); inside the half, its own entry (./partsEntry.ts).
 * `stacks-lookup:host`: which host the package runs in, and the parts started so far, one object
 * shared by the build and its half.
 */
declare module 'stacks-lookup:lazy-half' {
  const lazyHalf: string | (() => string) | Record<string, () => unknown>;
  export default lazyHalf;
}
declare module 'stacks-lookup:host' {
  const host: { readonly node: boolean; readonly started: string[] };
  export default host;
}
