// The desktop spec watch.e2e.ts, run on the packaged VSIX in the web worker extension host
// (`node test/host/run.js web`): Watch Transaction: the panel's button, the status-bar count, one notification when it is mined, as on the desktop.
import type { E2EContext } from './context';
import { run as onDesktop } from './watch.e2e';
import { assertFromWorker } from './webhostCheck';

export async function run(ctx: E2EContext): Promise<void> {
  await onDesktop(ctx);
  assertFromWorker(ctx, 'watch');
}
