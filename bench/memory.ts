/**
 * Memory after hostile answers: what the token metadata memo, the drift memo of deployed sources
 * and the response cache keep, measured as the heap after a full GC against the heap before, in a
 * child process run with --expose-gc (memory-child.ts). Two shapes: the hostile answers that used
 * to be kept whole (40 tokens with 8 MB of metadata, 200 deployed sources of 10 MB, 40 answers of
 * 8 MB), and answers just under each bound, which are kept: the most these can hold.
 */
import { fork } from 'child_process';
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as path from 'path';
import { loadFixture } from '../test/mock-api/fixtures';
import type { MemoryChildResult, MemoryShape } from './memory-child';

const MB = 1024 * 1024;

export const HOSTILE: MemoryShape = {
  tokens: { count: 40, extraChars: 8 * MB, textChars: 9 },
  sources: { count: 200, chars: 10_000_000 },
  answers: { count: 40, chars: 8 * MB },
};

/** Answers just under the bounds: 256-character names and symbols, 2 MiB sources, 1,000 KB answers. */
export const NEAR_BOUNDS: MemoryShape = {
  tokens: { count: 5_000, extraChars: 0, textChars: 256 },
  sources: { count: 200, chars: 2 * MB },
  answers: { count: 30, chars: 1_000 * 1024 },
};

export interface MemoryResult {
  hostile: MemoryChildResult;
  nearBounds: MemoryChildResult;
}

/**
 * The hostile server: every answer built on request from the shape. A deploy transaction (asked
 * with `event_limit`, as drift asks) carries a source of `sources.chars`; any other transaction
 * `answers.chars` of padding; token metadata `tokens.extraChars` of `metadata`.
 */
async function hostileServer(shape: MemoryShape): Promise<{ url: string; close(): Promise<void> }> {
  const tx = loadFixture('tx-smart_contract.json') as Record<string, unknown> & {
    smart_contract: Record<string, unknown>;
  };
  const meta = loadFixture('ft-metadata--miamicoin.json') as Record<string, unknown>;
  const answer = (pathname: string, query: URLSearchParams): unknown => {
    if (pathname.startsWith('/metadata/v1/ft/')) {
      const text = 'm'.repeat(shape.tokens.textChars);
      return {
        ...meta,
        name: text,
        symbol: text,
        metadata: { sip: 16, properties: { blob: 'x'.repeat(shape.tokens.extraChars) } },
      };
    }
    const id = pathname.slice('/extended/v1/tx/'.length);
    if (query.has('event_limit')) {
      const contract = `ST000000000000000000002AMW42H.c${parseInt(id.slice(2), 16)}`;
      const source = 's'.repeat(shape.sources.chars);
      return { ...tx, tx_id: id, smart_contract: { ...tx.smart_contract, contract_id: contract, source_code: source } };
    }
    return { ...tx, tx_id: id, padding: 'p'.repeat(shape.answers.chars) };
  };
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = JSON.stringify(answer(u.pathname, u.searchParams));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function inChild(shape: MemoryShape): Promise<MemoryChildResult> {
  const server = await hostileServer(shape);
  try {
    return await runChild(shape, server.url);
  } finally {
    await server.close();
  }
}

function runChild(shape: MemoryShape, url: string): Promise<MemoryChildResult> {
  const child = fork(path.join(__dirname, 'memory-child.js'), [], {
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as MemoryChildResult));
    child.once('exit', (code) => reject(new Error(`memory child exited with ${code} before answering`)));
    child.send({ shape, url });
  });
}

/**
 * The quick run (CI) sends 40 hostile sources, not 200: each one over 2 MiB is refused the same
 * way, and the 200-source bound of the memo is still filled by the shape just under the bounds.
 */
export const HOSTILE_QUICK: MemoryShape = { ...HOSTILE, sources: { ...HOSTILE.sources, count: 40 } };

export async function measureMemory(quick = false): Promise<MemoryResult> {
  return { hostile: await inChild(quick ? HOSTILE_QUICK : HOSTILE), nearBounds: await inChild(NEAR_BOUNDS) };
}

/** `node out/bench/memory.js`: this measure alone. */
if (require.main === module) {
  measureMemory().then(
    (r) => process.stdout.write(JSON.stringify(r, null, 2) + '\n'),
    (e: unknown) => {
      process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
      process.exit(1);
    },
  );
}
