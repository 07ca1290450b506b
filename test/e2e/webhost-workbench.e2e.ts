// The desktop spec workbench.e2e.ts, run on the packaged VSIX in the web worker extension host
// (`node test/host/run.js web`): the contract workbench: Call Read-Only Function, a form's call and its decoded result, state reads, as on the desktop.
import type { E2EContext } from './context';
import { run as onDesktop } from './workbench.e2e';
import { assertFromWorker } from './webhostCheck';

export async function run(ctx: E2EContext): Promise<void> {
  await onDesktop(ctx);
  assertFromWorker(ctx, 'workbench');
}
