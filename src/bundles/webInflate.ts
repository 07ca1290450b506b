/**
 * fflate's raw inflate alone, for src/bundles/webLazy.ts to require on first use: fflate builds its
 * Huffman tables as its module loads, which activation must not pay for, and a module of one
 * named export keeps the rest of fflate out of the bundle.
 */
export { inflateSync } from 'fflate';
