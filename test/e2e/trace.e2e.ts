// Trace (issue 48): a failed call replayed on this machine with the Clarinet SDK. The transaction
// panel's Trace button replays the fixture's failed deposit (test/fixtures/traceIds.ts) with the
// repository's SDK (named by stacksLookup.replay.sdkPath: the VSIX holds no SDK); the section
// shows the call tree two calls deep, the "matches" verdict and the failing expression, in the
// light and the dark theme; its button opens the failing line of the deployed source. Then a
// deposit whose block changed the state before it (TRACE_BLOCK): alone it diverges, with the map
// entry it wrote; the section's "Replay with the block's earlier transactions" makes it match.
import * as assert from 'assert';
import * as path from 'path';
import { TRACE, TRACE_BLOCK } from '../fixtures/traceIds';
import type { E2EContext } from './context';
import { open, panelText } from './panel';

const SDK = path.resolve(__dirname, '../../../node_modules/@stacks/clarinet-sdk');

export async function run(ctx: E2EContext): Promise<void> {
  const { page, helpers } = ctx;
  await helpers.waitForWorkbench(page);
  await ctx.settings({
    'stacksLookup.network': 'custom',
    'stacksLookup.customApiUrl': ctx.mock.url,
    'stacksLookup.replay.sdkPath': SDK,
    'workbench.colorTheme': 'Default Light Modern',
  });
  await helpers.closeSideBar(page);
  const frame = helpers.webviewFrame(page);

  await open(ctx, { command: 'Stacks: Look Up…', input: TRACE.failedTx });
  await panelText(frame, 'tx', ['Why it failed']);
  await frame.getByRole('button', { name: 'Trace', exact: true }).click();
  const section = frame.locator('#trace[data-state="done"]');
  await section.waitFor({ timeout: 90_000 });
  const text = await section.innerText();
  for (const expected of [
    'Matches the chain',
    `${TRACE.vault}.deposit`,
    `${TRACE.ledger}.settle`,
    `${TRACE.fees}.fee-for`,
    'trace-vault:10:5',
    'trace-ledger:5:20',
    `${TRACE.fees}:7:26`,
    'ArithmeticUnderflow',
    'print event: (tuple (amount u100) (count u8) (event "deposit"))',
  ])
    assert.ok(text.includes(expected), `the Trace section shows ${expected}; it shows:\n${text.slice(0, 2000)}`);
  const depths = await frame
    .locator('#trace .trace-call')
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.depth));
  assert.deepStrictEqual(depths, ['0', '1', '2'], 'the tree goes two contract-calls deep');
  ctx.log('the Trace section shows the tree two calls deep, the failing expression and a match');

  await section.scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await helpers.screenshot(page, 'panel-trace-light', ctx.outDir);
  await ctx.settings({ 'workbench.colorTheme': 'Default Dark Modern' });
  await page.waitForTimeout(800);
  await helpers.screenshot(page, 'panel-trace-dark', ctx.outDir);

  await frame.getByRole('button', { name: 'Open the failing line' }).click();
  const tab = page.locator('.tab.active', { hasText: 'trace-fees' });
  await tab.waitFor({ timeout: 20_000 });
  const status = page.locator('.statusbar-item', { hasText: /Ln 7, Col 26/ });
  await status.first().waitFor({ timeout: 10_000 });
  await page.waitForTimeout(300);
  await helpers.screenshot(page, 'trace-failing-line', ctx.outDir);
  ctx.log('its button opens trace-fees at line 7, column 26');

  await open(ctx, { command: 'Stacks: Look Up…', input: TRACE_BLOCK.failedTx });
  await panelText(frame, 'tx', ['Why it failed']);
  await frame.getByRole('button', { name: 'Trace', exact: true }).click();
  const diverged = frame.locator('#trace[data-state="done"]', { hasText: 'Diverged' });
  await diverged.waitFor({ timeout: 90_000 });
  const alone = await diverged.innerText();
  for (const expected of ['Map entries', `deposits[${TRACE.sender}]`, '(some u40)'])
    assert.ok(alone.includes(expected), `the diverged trace shows ${expected}; it shows:\n${alone.slice(0, 2000)}`);
  const offer = frame.getByRole('button', { name: "Replay with the block's earlier transactions" });
  await offer.scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await helpers.screenshot(page, 'panel-trace-diverged-dark', ctx.outDir);
  await offer.click();
  const matched = frame.locator('#trace[data-state="done"]', { hasText: 'Matches the chain' });
  await matched.waitFor({ timeout: 90_000 });
  const withEarlier = await matched.innerText();
  assert.match(withEarlier, /The replay included the earlier transactions of block 7,500,002 before it: 2 ran\./);
  await matched.scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await helpers.screenshot(page, 'panel-trace-earlier-dark', ctx.outDir);
  ctx.log("the block's earlier transactions, replayed first, turn a diverged trace into a match");
}
