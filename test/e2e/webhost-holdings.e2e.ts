// The desktop spec holdings.e2e.ts, run on the packaged VSIX in the web worker extension host
// (`node test/host/run.js web`): an address's tokens, NFTs and pending transactions in its panel, as on the desktop.
import type { E2EContext } from './context';
import { run as onDesktop } from './holdings.e2e';
import { assertFromWorker } from './webhostCheck';

export async function run(ctx: E2EContext): Promise<void> {
  await onDesktop(ctx);
  assertFromWorker(ctx, 'holdings');
}
