// What the transport needs from one HTTP exchange, and the exchange through `fetch` (the web build's
// transport, and the one tests inject). No Node module here: the web build bundles this file.

/** One request/response, read whole: what the transport needs from either fetch or Node's http. */
export interface Exchange {
  status: number;
  headers: Headers;
  /** The body, or a reason it was not read. */
  read(): Promise<string>;
  /**
   * A browser's answer to a redirect under `redirect: 'manual'`: opaque, status 0, no `Location`,
   * so the transport cannot tell where it leads and does not follow it.
   */
  opaqueRedirect?: boolean;
}

export class BodyTooLarge extends Error {}

/** The same exchange through a `fetch` function (injected by callers and tests). */
export async function fetchGet(
  f: typeof fetch,
  url: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
  maxBytes: number,
  body?: string,
): Promise<Exchange> {
  // `manual`: a browser's fetch would otherwise follow a redirect to any origin with the key header.
  const res = await f(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    redirect: 'manual',
    signal,
    ...(body === undefined ? {} : { body }),
  });
  if (res.type === 'opaqueredirect')
    return { status: 0, headers: res.headers, read: async () => '', opaqueRedirect: true };
  return { status: res.status, headers: res.headers, read: () => readLimited(res, maxBytes) };
}

async function readLimited(res: Response, max: number): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => undefined);
    throw new BodyTooLarge();
  }
  if (!res.body) return '';
  // A declared length within the limit still does not bound the text: `fetch` decompresses, and
  // `Content-Length` is the compressed size (10 KB of gzip can be 10 MB of JSON). Count what comes.
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
