// Smoke: the workbench loads with the packaged extension installed and its commands are in the
// command palette.
import * as assert from 'assert';
import type { E2EContext } from './context';

export async function run(ctx: E2EContext): Promise<void> {
  const { page, helpers } = ctx;
  await helpers.waitForWorkbench(page);
  const row = await helpers.findCommand(page, 'Stacks: Show API Status');
  const text = await row.innerText();
  assert.ok(text.includes('Stacks: Show API Status'), `palette row text: ${text}`);
  const shot = await helpers.screenshot(page, 'smoke', ctx.outDir);
  ctx.log(`screenshot ${shot}`);
  await page.keyboard.press('Escape');
}
