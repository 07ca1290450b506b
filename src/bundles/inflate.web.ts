/**
 * The web build's raw inflate for ./half.ts: fflate's alone (a module of one named export keeps the
 * rest of fflate out of the bundle). It builds its Huffman tables as it loads, which is why
 * ./half.ts is required on the first part, never at activation. Replaces ./inflate.ts there
 * (esbuild.js, `variants`).
 */
export { inflateSync } from 'fflate';
