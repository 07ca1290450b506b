// A fresh profile with the welcome on: the first action is a hover over an address in a contract; the walkthrough opens afterwards, beside it, without the keyboard or the side bar.
import type { E2EContext } from './context';
import { FIRST_RUN_SETTINGS, firstHover } from './firstAction';

export const profileSettings = FIRST_RUN_SETTINGS;

export async function run(ctx: E2EContext): Promise<void> {
  await firstHover(ctx, 'first-hover');
}
