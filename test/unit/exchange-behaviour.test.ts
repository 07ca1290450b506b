// The exchange through a `fetch` function (src/api/exchange.ts), the web build's transport and
// the one callers inject: what it asks fetch for, the body of a redirect the browser hides, and
// how it reads a body: refused at once when its declared length is over the limit, otherwise
// counted as it streams and stopped at the limit (a declared length is the compressed size). The bodies are the real ones of test/fixtures/api; the Responses around them are
// built here because what is tested is the reading of bytes, not the chain's data.
import * as assert from 'assert';
import { BodyTooLarge, fetchGet } from '../../src/api/exchange';
import { loadFixture } from '../mock-api/fixtures';
import { fakeFetch } from '../fakes/fetch';

const URL_ = new URL('https://api.example.test/extended/v1/status');
const status = JSON.stringify(loadFixture('server-status.json'));
const bytes = (s: string) => new TextEncoder().encode(s);

/** A fetch that answers `res` and records what it was asked. */
function answering(res: Response | (() => Response)) {
  const asked: RequestInit[] = [];
  const f = fakeFetch(async (_url, init) => {
    asked.push(init);
    return typeof res === 'function' ? res() : res;
  });
  return { f, asked };
}

/** A body of `chunks`, without a declared length; records whether the reader cancelled it. */
function streamed(
  chunks: Uint8Array[],
  headers: Record<string, string> = {},
): { res: Response; cancelled: () => boolean } {
  let cancelled = false;
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (i < chunks.length) c.enqueue(chunks[i++]!);
      else c.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return { res: new Response(body, { status: 200, headers }), cancelled: () => cancelled };
}

const read = async (res: Response, max: number) =>
  (await fetchGet(answering(res).f, URL_, {}, new AbortController().signal, max)).read();

async function tooLarge(p: Promise<unknown>): Promise<void> {
  await assert.rejects(p, (e: unknown) => {
    assert.ok(e instanceof BodyTooLarge, `expected BodyTooLarge, got ${String(e)}`);
    return true;
  });
}

describe('fetch exchange', () => {
  it('a redirect the browser hides is status 0 with nothing to read', async () => {
    const opaque = Object.defineProperties(new Response(status, { status: 200 }), {
      type: { value: 'opaqueredirect' },
      status: { value: 0 },
    });
    const ex = await fetchGet(answering(opaque).f, URL_, {}, new AbortController().signal, 10_000);
    assert.strictEqual(ex.status, 0);
    assert.strictEqual(ex.opaqueRedirect, true);
    assert.strictEqual(await ex.read(), '');
  });

  it('an answer without a body reads as empty text', async () => {
    assert.strictEqual(await read(new Response(null, { status: 204 }), 10_000), '');
  });

  it('a body whose declared length is exactly the limit is read whole', async () => {
    const len = bytes(status).byteLength;
    const res = new Response(status, { status: 200, headers: { 'content-length': String(len) } });
    assert.strictEqual(await read(res, len), status);
  });

  it('a declared length within the limit does not let more through: a decompressed body is counted as it comes', async () => {
    // What fetch hands over for `Content-Encoding: gzip`: the header says the compressed size,
    // the stream yields the decompressed bytes.
    const s = streamed([bytes('x'.repeat(600)), bytes('x'.repeat(600)), bytes('x'.repeat(600))], {
      'content-length': '120',
    });
    await assert.rejects(read(s.res, 1_000), BodyTooLarge);
    assert.strictEqual(s.cancelled(), true, 'the rest of the body is not read');
  });

  describe('a body without a declared length', () => {
    const parts = (s: string, n: number): Uint8Array[] => {
      const b = bytes(s);
      const size = Math.ceil(b.byteLength / n);
      return Array.from({ length: n }, (_, i) => b.subarray(i * size, (i + 1) * size));
    };

    it('of exactly the limit, in several chunks, is read whole', async () => {
      const s = streamed(parts(status, 4));
      assert.strictEqual(await read(s.res, bytes(status).byteLength), status);
      assert.strictEqual(s.cancelled(), false);
    });

    it('is refused at the chunk that passes the limit, and the rest is not read', async () => {
      const chunks = parts(status, 4);
      const s = streamed(chunks);
      await tooLarge(read(s.res, chunks[0]!.byteLength + chunks[1]!.byteLength));
      assert.strictEqual(s.cancelled(), true);
    });

    it('a character split between two chunks arrives whole', async () => {
      // A token name in another script, as a stranger may deploy it: each character is 3 bytes.
      const text = JSON.stringify({ name: 'トークン', symbol: 'TKN' });
      const b = bytes(text);
      const cut = b.indexOf(0xe3) + 1; // inside the first character
      const s = streamed([b.subarray(0, cut), b.subarray(cut)]);
      assert.strictEqual(await read(s.res, 10_000), text);
    });
  });
});
