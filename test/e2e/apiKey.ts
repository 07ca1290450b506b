// The API key as a user sets and clears it: typed into the password prompt of "Stacks: Set API
// Key…", and removed with "Stacks: Clear API Key", each confirmed by its notification.
import type { E2EContext } from './context';
import { notified } from './notifications';

export async function setApiKey(ctx: E2EContext, key: string): Promise<void> {
  const { page, helpers } = ctx;
  await page.mouse.move(5, 5);
  await page.keyboard.press('Escape');
  await helpers.runCommand(page, 'Stacks: Set API Key…');
  const input = page.locator('.quick-input-widget input[type="password"]');
  for (let attempt = 1; ; attempt++) {
    try {
      await input.waitFor({ state: 'visible', timeout: 5000 });
      break;
    } catch (e) {
      if (attempt >= 3) throw e;
      ctx.log(`no password prompt yet (attempt ${attempt})`);
      await helpers.screenshot(page, `api-key-prompt-${attempt}`, ctx.outDir);
      await helpers.runCommand(page, 'Stacks: Set API Key…');
    }
  }
  await input.pressSequentially(key, { delay: 5 });
  await page.keyboard.press('Enter');
  await notified(ctx, 'Stacks: API key saved');
}

/** Leaves no key behind for the specs after. */
export async function clearApiKey(ctx: E2EContext): Promise<void> {
  await ctx.page.mouse.move(5, 5);
  await ctx.helpers.runCommand(ctx.page, 'Stacks: Clear API Key');
  await notified(ctx, 'Stacks: API key removed');
}
