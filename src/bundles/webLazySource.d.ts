/**
 * esbuild.js (`webLazy`): in the web extension, the lazily compiled bundle's text; inside that
 * bundle, its own entry module (src/bundles/webLazyEntry.ts).
 */
declare module 'stacks-lookup:web-lazy' {
  const lazyHalf: string | Record<string, () => unknown>;
  export default lazyHalf;
}
