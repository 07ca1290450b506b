// The transport's default exchange in the web build: the worker's own `fetch`, so no Node module
// is bundled. Replaces platformExchange.ts there (esbuild.js, `webVariants`).
import { fetchGet, type Exchange } from './exchange';

export function platformGet(
  url: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
  maxBytes: number,
  body?: string,
): Promise<Exchange> {
  return fetchGet(globalThis.fetch.bind(globalThis), url, headers, signal, maxBytes, body);
}
