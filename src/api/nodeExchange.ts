import * as http from 'http';
import * as https from 'https';

/** One request/response, read whole: what the transport needs from either fetch or Node's http. */
export interface Exchange {
  status: number;
  headers: Headers;
  /** The body, or a reason it was not read. */
  read(): Promise<string>;
}

export class BodyTooLarge extends Error {}

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 8 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 8 }),
};

/**
 * A GET (or, with a body, a POST of JSON) with Node's http module and keep-alive sockets. It does
 * per request a fraction of the work of `fetch` (no WHATWG streams), never follows redirects, and
 * stops reading at `maxBytes`.
 */
export function nodeGet(
  url: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
  maxBytes: number,
  body?: string,
  retried = false,
): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const mod = url.protocol === 'https:' ? https : http;
    const req = mod.request(
      url,
      {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        agent: agents[url.protocol as 'http:' | 'https:'],
        signal,
      },
      (res) => {
        const h = new Headers();
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) h.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        const body = new Promise<string>((ok, fail) => {
          const declared = Number(res.headers['content-length']);
          if (Number.isFinite(declared) && declared > maxBytes) {
            fail(new BodyTooLarge());
            return void res.destroy();
          }
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            size += c.length;
            if (size > maxBytes) {
              fail(new BodyTooLarge());
              res.destroy();
            } else chunks.push(c);
          });
          res.on('end', () => ok(Buffer.concat(chunks).toString('utf8')));
          res.on('error', fail);
          res.on('aborted', () => fail(new Error('aborted')));
          res.on('close', () => {
            if (!res.complete) fail(new Error('premature close'));
          });
        });
        body.catch(() => undefined);
        resolve({ status: res.statusCode ?? 0, headers: h, read: () => body });
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => {
      // A kept-alive socket the server already closed (a devnet that stopped) fails on reuse:
      // retry once on a fresh socket, so the user hears "refused", not "reset".
      if (!retried && req.reusedSocket && e.code === 'ECONNRESET' && !signal.aborted) {
        resolve(nodeGet(url, headers, signal, maxBytes, body, true));
      } else reject(e);
    });
    req.end(body);
  });
}

/** The same exchange through a `fetch` function (injected by callers and tests). */
export async function fetchGet(
  f: typeof fetch,
  url: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
  maxBytes: number,
  body?: string,
): Promise<Exchange> {
  const res = await f(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    redirect: 'manual',
    signal,
    ...(body === undefined ? {} : { body }),
  });
  return { status: res.status, headers: res.headers, read: () => readLimited(res, maxBytes) };
}

async function readLimited(res: Response, max: number): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => undefined);
    throw new BodyTooLarge();
  }
  if (!res.body) return '';
  // A declared length within the limit is read in one go, which is cheaper than streaming.
  if (res.headers.get('content-length') !== null) return res.text();
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
