// The transport's default exchange in the Node build: Node's http module (nodeExchange.ts).
// The web build replaces this file with platformExchange.web.ts (esbuild.js, `webVariants`).
export { nodeGet as platformGet } from './nodeExchange';
