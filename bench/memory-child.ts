/**
 * The memory measure's child (see memory.ts), run with --expose-gc: clients and a memo of
 * deployed sources, fed hostile answers by the parent's server through the client's Node
 * transport (as in the extension), then the heap they keep after a full GC, against the heap
 * before. Nothing else in this process holds the answers. Sends the result over IPC.
 */
import { createStacksClient, type StacksClient } from '../src/api';
import { DeployedSources, loadDeployedSource } from '../src/ui/drift/deployedSources';

const MB = 1024 * 1024;

export interface MemoryShape {
  /** Token metadata: tokens asked, and the characters of unshown fields each answer carries. */
  tokens: { count: number; extraChars: number; textChars: number };
  /** Deployed sources through the drift memo: how many, of how many characters. */
  sources: { count: number; chars: number };
  /** Settled transactions through the response cache: how many, with how many characters of padding. */
  answers: { count: number; chars: number };
}

export interface MemoryPart {
  what: string;
  retainedMB: number;
}

export interface MemoryChildResult {
  parts: MemoryPart[];
  totalMB: number;
}

const gc = (): void => {
  const g = (globalThis as { gc?: () => void }).gc;
  if (!g) throw new Error('run with --expose-gc');
  g();
  g();
};

function heapMB(): number {
  gc();
  return process.memoryUsage().heapUsed / MB;
}

const txId = (i: number): string => `0x${i.toString(16).padStart(64, '0')}`;
const tokenId = (i: number): string => `SP466FNC0P7JWTNM2R9T199QRZN1MYEDTAR0KP27.token-${i}`;

/** What the clients and the memo hold stays reachable from here until the end. */
const kept: unknown[] = [];

/**
 * The heap `feed` leaves behind. It runs in a function of its own and a timer tick passes before
 * the measure, so the last answer awaited is not still held by a suspended frame.
 */
async function retained(what: string, feed: () => Promise<void>): Promise<MemoryPart> {
  const before = heapMB();
  await feed();
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { what, retainedMB: heapMB() - before };
}

async function fill(shape: MemoryShape, baseUrl: string): Promise<MemoryChildResult> {
  // The Node transport, as in the extension: the hostile server is the parent process.
  const client = (): StacksClient => {
    const c = createStacksClient({ baseUrl, rateLimit: { limit: 1_000_000 } });
    kept.push(c);
    return c;
  };
  // Warm-up: the modules, the schemas and the JIT are in the heap before any baseline.
  await retained('warm-up', async () => {
    const warm = client();
    await warm.getTransaction(txId(1));
    await warm.getFtMetadata(tokenId(1));
  });
  const parts = [
    await retained('token metadata', async () => {
      const c = client();
      for (let i = 0; i < shape.tokens.count; i++) await c.getFtMetadata(tokenId(i));
    }),
    await retained('drift sources', async () => {
      const c = client();
      const sources = new DeployedSources();
      kept.push(sources);
      for (let i = 0; i < shape.sources.count; i++) {
        const id = txId(1_000 + i);
        const contract = `ST000000000000000000002AMW42H.c${1_000 + i}`;
        // A source over the bound is refused: the failure is what the memo keeps.
        await sources.get(id, () => loadDeployedSource(c, contract, id, 'wait')).catch(() => undefined);
      }
    }),
    await retained('response cache', async () => {
      const c = client();
      for (let i = 0; i < shape.answers.count; i++) await c.getTransaction(txId(10_000 + i));
    }),
  ];
  return { parts, totalMB: parts.reduce((n, p) => n + p.retainedMB, 0) };
}

process.once('message', (m: { shape: MemoryShape; url: string }) => {
  fill(m.shape, m.url).then(
    (r) => process.send?.(r, () => process.exit(0)),
    (e: unknown) => {
      process.stderr.write(`memory child: ${(e as Error).stack ?? String(e)}\n`);
      process.exit(1);
    },
  );
});
