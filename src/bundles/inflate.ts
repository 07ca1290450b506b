/** The desktop build's raw inflate for ./half.ts: Node's own (the web build has ./inflate.web.ts). */
import { inflateRawSync } from 'zlib';

export function inflateSync(bytes: Uint8Array): Uint8Array {
  return inflateRawSync(bytes);
}
