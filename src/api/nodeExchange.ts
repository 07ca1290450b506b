// Node's http module: the Node build's transport (src/api/platformExchange.ts). Never in the web build.
import * as http from 'http';
import * as https from 'https';
import { BodyTooLarge, type Exchange } from './exchange';

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
          // A body cut short (a dropped connection, a cancelled request) ends in 'error': Node
          // emits "aborted" (ECONNRESET) there, so nothing else needs listening to.
          res.on('error', fail);
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
