// Watching a pending transaction in a browser-hosted VS Code with the VSIX installed: the panel's
// "Watch until it lands" button, the status-bar count, and the notification when the mock mines it.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TX } from '../fixtures/ids';
import { loadFixture } from '../mock-api/server';
import type { E2EContext } from './context';
import { notification } from './notifications';
import { open, panelText } from './panel';

export async function run(ctx: E2EContext): Promise<void> {
  const { page, helpers, mock } = ctx;
  await helpers.waitForWorkbench(page);
  await ctx.settings({ 'stacksLookup.network': 'custom', 'stacksLookup.customApiUrl': mock.url });
  const frame = helpers.webviewFrame(page);

  await open(ctx, { command: 'Stacks: Look Up…', input: TX.pending });
  await panelText(frame, 'tx', ['Pending', 'Watch until it lands']);
  // Mined from the next answer on: the panel's own request came first.
  mock.later(`/extended/v1/tx/${TX.pending}`, 1, {
    ...(loadFixture('tx-token_transfer.json') as Record<string, unknown>),
    tx_id: TX.pending,
  });
  await frame.locator('button', { hasText: 'Watch until it lands' }).click();
  const item = page.locator('#workbench\\.parts\\.statusbar .statusbar-item', { has: page.locator('.codicon-eye') });
  await item.first().waitFor({ timeout: 15000 });
  assert.match((await item.first().innerText()).trim(), /^1$/, 'the status bar counts one watch');
  ctx.log('watching: the status bar counts the watch');

  // The first round asks 5 s after the watch began.
  await item.first().waitFor({ state: 'hidden', timeout: 20000 });
  const toast = await notification(ctx, 'was mined');
  assert.match(await toast.innerText(), /Transaction 0x4413739d…e697b43f was mined in block #3,275: success\./);
  assert.ok(await toast.locator('a.monaco-button, .monaco-button', { hasText: 'Open' }).count(), 'an Open button');
  await page.mouse.move(5, 5);
  const shot = await helpers.screenshot(page, 'watch-mined', ctx.outDir);
  // The walkthrough's picture of its "Watch a transaction" step, refreshed when asked.
  if (process.env.STACKS_LOOKUP_UPDATE_SCREENSHOTS === '1') {
    fs.copyFileSync(shot, path.resolve(__dirname, '../../../media/walkthrough/watch.png'));
    ctx.log('copied to media/walkthrough/watch.png');
  }
  ctx.log('the watch ended with one notification when the mock mined the transaction');
}
