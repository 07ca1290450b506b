// A transaction the miner skipped (problematic_skipped, the API's own shape): the panel says in
// words that it did not run and that its fee was paid, and shows no "failed with (err none)".
import * as assert from 'assert';
import { TX } from '../fixtures/ids';
import type { E2EContext } from './context';
import { open, panelText } from './panel';

export async function run(ctx: E2EContext): Promise<void> {
  const { page, helpers } = ctx;
  await helpers.waitForWorkbench(page);
  await ctx.settings({ 'stacksLookup.network': 'custom', 'stacksLookup.customApiUrl': ctx.mock.url });
  await helpers.closeSideBar(page);
  const frame = helpers.webviewFrame(page);

  await open(ctx, { command: 'Stacks: Look Up…', input: TX.problematicSkipped });
  const text = await panelText(frame, 'tx', [
    'Skipped (problematic)',
    'The miner put it in a block but skipped it as problematic, without running it: it did nothing, but its fee was paid and its nonce was used.',
  ]);
  assert.ok(!text.includes('This transaction failed'), 'a skipped transaction is not said to have failed');
  assert.ok(!text.includes('Why it failed'), 'nothing explains a failure of a call that did not run');
  ctx.log('the skipped transaction reads in words: not run, fee paid');

  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await helpers.screenshot(page, 'panel-skipped', ctx.outDir);
}
