// The Node build's exchange (src/api/nodeExchange.ts) against a real HTTP server on 127.0.0.1:
// the method and body it sends, the headers it hands back, where it stops reading (a declared
// length or the bytes that arrived), a body cut off mid-way, and the one retry of a kept-alive
// socket the server dropped. Each test starts its own server, so no socket is shared between tests.
import * as assert from 'assert';
import * as http from 'http';
import { AddressInfo, Socket } from 'net';
import { BodyTooLarge } from '../../src/api/exchange';
import { nodeGet } from '../../src/api/nodeExchange';

interface Seen {
  method: string;
  url: string;
  body: string;
  /** The request came on a connection that had carried a request before. */
  reused: boolean;
}

interface Server {
  base: string;
  seen: Seen[];
  close(): Promise<void>;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, seen: Seen) => void;

async function serve(handler: Handler): Promise<Server> {
  const seen: Seen[] = [];
  const used = new WeakSet<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
        reused: used.has(req.socket),
      };
      used.add(req.socket);
      seen.push(s);
      handler(req, res, s);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const get = (s: Server, path: string, maxBytes = 1_000, body?: string) =>
  nodeGet(new URL(s.base + path), { Accept: 'application/json' }, new AbortController().signal, maxBytes, body);

/** Writes `parts` as separate chunks of a chunked body, each after the one before is flushed. */
function writeChunks(res: http.ServerResponse, parts: Array<string | Buffer>): void {
  const next = (i: number): void => {
    if (i === parts.length) return void res.end();
    res.write(parts[i]!, () => setImmediate(() => next(i + 1)));
  };
  next(0);
}

async function tooLarge(p: Promise<unknown>): Promise<void> {
  await assert.rejects(p, (e: unknown) => {
    assert.ok(e instanceof BodyTooLarge, `expected BodyTooLarge, got ${String(e)}`);
    return true;
  });
}

describe('Node exchange (http module) against a local server', () => {
  const servers: Server[] = [];
  const start = async (h: Handler) => {
    const s = await serve(h);
    servers.push(s);
    return s;
  };
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  describe('what it sends and hands back', () => {
    it('a body is sent as a POST, and without one the request is a GET', async () => {
      const s = await start((_, res, seen) => res.end(JSON.stringify({ method: seen.method })));
      const posted = await get(s, '/v2/contracts/call-read', 1_000, '{"sender":"S","arguments":[]}');
      assert.strictEqual(posted.status, 200);
      assert.strictEqual(await posted.read(), '{"method":"POST"}');
      const got = await get(s, '/v2/info');
      assert.strictEqual(await got.read(), '{"method":"GET"}');
      assert.deepStrictEqual(
        s.seen.map((x) => [x.method, x.url, x.body]),
        [
          ['POST', '/v2/contracts/call-read', '{"sender":"S","arguments":[]}'],
          ['GET', '/v2/info', ''],
        ],
      );
    });

    it('hands back every response header as sent, a repeated one with both values', async () => {
      const s = await start((_, res) => {
        res.sendDate = false;
        res.writeHead(429, [
          ['Content-Type', 'application/json'],
          ['Warning', '299 - "Deprecated"'],
          ['Connection', 'keep-alive'],
          ['Retry-After', '3'],
          ['Warning', '199 - "Miscellaneous warning"'],
          ['Content-Length', '2'],
        ]);
        res.end('{}');
      });
      const ex = await get(s, '/r');
      assert.strictEqual(ex.status, 429);
      const all: Array<[string, string]> = [];
      ex.headers.forEach((value, name) => all.push([name, value]));
      assert.deepStrictEqual(all, [
        ['connection', 'keep-alive'],
        ['content-length', '2'],
        ['content-type', 'application/json'],
        ['retry-after', '3'],
        ['warning', '299 - "Deprecated", 199 - "Miscellaneous warning"'],
      ]);
      assert.strictEqual(await ex.read(), '{}');
    });
  });

  describe('the size limit', () => {
    it('a declared length over the limit fails at once, without waiting for the bytes', async () => {
      // Ten bytes of a declared 1,001, then the connection drops: only the declared length can tell.
      const s = await start((_, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1001' });
        res.write('{"a":"xxxx', () => setImmediate(() => res.socket?.destroy()));
      });
      const ex = await get(s, '/r', 1_000);
      assert.strictEqual(ex.status, 200);
      await tooLarge(ex.read());
    });

    it('a declared length of exactly the limit is read whole', async () => {
      const body = JSON.stringify({ padding: 'x'.repeat(986) });
      assert.strictEqual(body.length, 1_000);
      const s = await start((_, res) => {
        res.writeHead(200, { 'content-length': String(body.length) });
        res.end(body);
      });
      assert.strictEqual(await (await get(s, '/r', 1_000)).read(), body);
    });

    it('a chunked body of exactly the limit is read whole, one byte more is refused', async () => {
      const parts = ['{"padding":"', 'x'.repeat(600), 'x'.repeat(386), '"}'];
      assert.strictEqual(parts.join('').length, 1_000);
      const s = await start((req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        writeChunks(res, req.url === '/over' ? [...parts.slice(0, 3), 'x"}'] : parts);
      });
      const exact = await get(s, '/exact', 1_000);
      assert.strictEqual(exact.headers.get('transfer-encoding'), 'chunked');
      assert.strictEqual(await exact.read(), parts.join(''));
      await tooLarge((await get(s, '/over', 1_000)).read());
    });

    it('a character split across two chunks arrives whole', async () => {
      const word = Buffer.from('{"name":"Señal"}', 'utf8');
      const cut = word.indexOf(0xc3) + 1; // between the two bytes of "ñ"
      const s = await start((_, res) => writeChunks(res, [word.subarray(0, cut), word.subarray(cut)]));
      assert.strictEqual(await (await get(s, '/r')).read(), '{"name":"Señal"}');
    });
  });

  describe('a body that does not arrive whole', () => {
    it('a connection dropped mid-body rejects the read with "aborted", not the part that came', async () => {
      const s = await start((_, res) => {
        res.writeHead(200, { 'content-length': '100' });
        res.write('{"tx_id":', () => setImmediate(() => res.socket?.destroy()));
      });
      const ex = await get(s, '/r');
      assert.strictEqual(ex.status, 200);
      await assert.rejects(ex.read(), (e: unknown) => {
        assert.ok(!(e instanceof BodyTooLarge));
        assert.strictEqual((e as Error).message, 'aborted');
        assert.strictEqual((e as NodeJS.ErrnoException).code, 'ECONNRESET');
        return true;
      });
    });

    it('a request cancelled mid-body rejects the read at once: it does not wait for the rest', async () => {
      const s = await start((_, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"tx_id":');
      });
      const ac = new AbortController();
      const ex = await nodeGet(new URL(s.base + '/r'), {}, ac.signal, 1000);
      setTimeout(() => ac.abort(), 20);
      const t0 = Date.now();
      await assert.rejects(ex.read(), (e: unknown) => !(e instanceof BodyTooLarge));
      assert.ok(Date.now() - t0 < 2000);
    });
  });

  describe('resets', () => {
    it('a reset on a fresh connection fails at once: it is not sent again', async () => {
      const s = await start((req) => req.socket.destroy());
      await assert.rejects(get(s, '/r'), { code: 'ECONNRESET' });
      assert.strictEqual(s.seen.length, 1);
    });

    it('a kept-alive socket the server dropped is retried once, on a fresh connection', async () => {
      const s = await start((_, res, seen) => (seen.reused ? res.socket?.destroy() : res.end('{"ok":true}')));
      assert.strictEqual(await (await get(s, '/a')).read(), '{"ok":true}');
      await new Promise((r) => setImmediate(r)); // the socket goes back to the pool
      const again = await get(s, '/b');
      assert.strictEqual(await again.read(), '{"ok":true}');
      assert.deepStrictEqual(
        s.seen.map((x) => [x.url, x.reused]),
        [
          ['/a', false],
          ['/b', true],
          ['/b', false],
        ],
      );
    });

    it('only once: when the retry meets a second dropped socket, the reset is the answer', async () => {
      const s = await start((_, res, seen) => (seen.reused ? res.socket?.destroy() : res.end('{}')));
      // Two requests at once open two connections, both kept alive afterwards.
      const [a, b] = await Promise.all([get(s, '/a'), get(s, '/b')]);
      await Promise.all([a.read(), b.read()]);
      await new Promise((r) => setImmediate(r));
      await assert.rejects(get(s, '/c'), { code: 'ECONNRESET' });
      assert.deepStrictEqual(
        s.seen.map((x) => [x.url, x.reused]),
        [
          ['/a', false],
          ['/b', false],
          ['/c', true],
          ['/c', true],
        ],
      );
    });
  });
});
