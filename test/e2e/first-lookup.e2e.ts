// A fresh profile with the welcome on: the first action is Stacks: Look Up with a transaction id typed at once; the walkthrough opens afterwards, beside it, without the keyboard or the side bar.
import type { E2EContext } from './context';
import { FIRST_RUN_SETTINGS, firstLookup } from './firstAction';

export const profileSettings = FIRST_RUN_SETTINGS;

export async function run(ctx: E2EContext): Promise<void> {
  await firstLookup(ctx, 'first-lookup');
}
