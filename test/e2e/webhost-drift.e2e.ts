// The desktop spec drift.e2e.ts, run on the packaged VSIX in the web worker extension host
// (`node test/host/run.js web`): drift: the view and the CodeLens compare, the differs lens opens the diff with the deployed source, as on the desktop.
import type { E2EContext } from './context';
import { run as onDesktop } from './drift.e2e';
import { assertFromWorker } from './webhostCheck';

export async function run(ctx: E2EContext): Promise<void> {
  await onDesktop(ctx);
  assertFromWorker(ctx, 'drift');
}
