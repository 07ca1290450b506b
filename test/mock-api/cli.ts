/**
 * Starts the mock chain data API in the foreground.
 *   node out/test/mock-api/cli.js [--port N] [--host H] [--require-key KEY] [--rate-limit N/windowMs] [--sunset]
 * Prints its URL and the ids it serves. Ctrl+C stops it.
 */
import { ADDRESS, API_KEY, BLOCK, CONTRACT, TX, UNKNOWN_TX } from '../fixtures/ids';
import { startMockApi } from './server';

function arg(name: string): string | undefined {
  const argv = process.argv.slice(2);
  const i = argv.indexOf(name);
  if (i >= 0) return argv[i + 1];
  const eq = argv.find((a) => a.startsWith(name + '='));
  return eq?.slice(name.length + 1);
}

async function main(): Promise<void> {
  const portArg = arg('--port');
  const port = portArg === undefined ? 3999 : Number(portArg);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid --port ${portArg}`);
  const rl = arg('--rate-limit');
  const rateLimit = rl ? { limit: Number(rl.split('/')[0]), windowMs: Number(rl.split('/')[1] ?? 60000) } : undefined;
  const sunset = process.argv.slice(2).includes('--sunset');
  const api = await startMockApi({ port, host: arg('--host'), requireKey: arg('--require-key'), rateLimit, sunset });
  const out = (s: string): boolean => process.stdout.write(s + '\n');
  out(`Stacks chain data API mock listening on ${api.url}`);
  out('');
  out(`  ${api.url}/extended`);
  for (const [name, id] of Object.entries(TX)) out(`  tx ${name.padEnd(22)} ${api.url}/extended/v1/tx/${id}`);
  out(`  tx ${'(unknown, 404)'.padEnd(22)} ${api.url}/extended/v1/tx/${UNKNOWN_TX}`);
  for (const [name, a] of Object.entries(ADDRESS)) out(`  address ${name.padEnd(17)} ${a}`);
  for (const [name, c] of Object.entries(CONTRACT)) out(`  contract ${name.padEnd(16)} ${c}`);
  out(`  block latest             ${api.url}/extended/v2/blocks/latest  (height ${BLOCK.height}, ${BLOCK.hash})`);
  out(`  block big (300 txs)      ${api.url}/extended/v1/block/by_height/${BLOCK.big.height}`);
  out(`  block nakamoto           ${api.url}/extended/v2/blocks/${BLOCK.nakamoto.height}`);
  out(`  mempool stats            ${api.url}/extended/v1/tx/mempool/stats`);
  if (arg('--require-key') !== undefined) out(`  X-API-Key required (tests use ${API_KEY})`);
  if (sunset) out('  sunset mode: every deprecated route answers 410 Gone (ENABLE_DEPRECATED_ENDPOINTS=false)');
  out('');
  out('Press Ctrl+C to stop.');
  const stop = (): void => {
    void api.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  process.stderr.write(`mock-api: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
