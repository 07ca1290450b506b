// The desktop spec first-lookup.e2e.ts in the web worker extension host, in a fresh profile of its own.
import type { E2EContext } from './context';
import { FIRST_RUN_SETTINGS, firstLookup } from './firstAction';
import { assertFromWorker } from './webhostCheck';

export const profileSettings = FIRST_RUN_SETTINGS;

export async function run(ctx: E2EContext): Promise<void> {
  await firstLookup(ctx, 'webhost-first-lookup');
  assertFromWorker(ctx, 'first-lookup');
}
