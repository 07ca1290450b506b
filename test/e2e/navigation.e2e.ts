// Navigation inside the detail panel, in a browser-hosted VS Code with the VSIX installed: paging,
// tabs, links between kinds (a block's burn block, its Stacks blocks), the mempool's pending list
// paged by cursor, and back, all clicked in the webview. A spec of its own: a fresh window, so the
// rate budget the panels gallery spent does not hold these lookups back.
import * as assert from 'assert';
import type { FrameLocator } from 'playwright-core';
import { BLOCK, BURN, mempoolTxId, TX } from '../fixtures/ids';
import type { E2EContext } from './context';
import { open, panelText } from './panel';

export async function run(ctx: E2EContext): Promise<void> {
  await ctx.helpers.waitForWorkbench(ctx.page);
  await ctx.settings({ 'stacksLookup.network': 'custom', 'stacksLookup.customApiUrl': ctx.mock.url });
  await ctx.helpers.closeSideBar(ctx.page);
  await interactions(ctx, ctx.helpers.webviewFrame(ctx.page));
}

/** Paging, tabs, links and back, clicked in the webview. */
async function interactions(ctx: E2EContext, frame: FrameLocator): Promise<void> {
  await open(ctx, { command: 'Stacks: Look Up…', input: TX.manyEvents });
  await panelText(frame, 'tx', ['1–50 of 300']);
  const before = ctx.mock.requestsTo(`/extended/v1/tx/${TX.manyEvents}`).length;
  await frame.locator('.pager button[title="Next page"]').click();
  await panelText(frame, 'tx', ['51–100 of 300']);
  assert.strictEqual(
    ctx.mock.requestsTo(`/extended/v1/tx/${TX.manyEvents}`).length,
    before + 1,
    'one request for the next page',
  );

  await open(ctx, { command: 'Stacks: Look Up…', input: 'latest' });
  await panelText(frame, 'block', [`Block #${BLOCK.height}`]);
  await frame.locator('.tabs button', { hasText: 'v1, deprecated' }).click();
  await panelText(frame, 'block', ['deprecated v1 block endpoint', 'Transactions (']);
  await frame.locator('.actions button', { hasText: `Previous block #${BLOCK.height - 1}` }).click();
  await panelText(frame, 'block', [`Block #${BLOCK.height - 1}`]);
  await frame.locator('.toolbar button[title="Back"]').click();
  await panelText(frame, 'block', [`Block #${BLOCK.height}`]);
  ctx.log('paging, the v1 tab, a block link and back work in the webview');

  // The burn block of a block opens its panel; a Stacks block of that panel opens the block.
  await open(ctx, { command: 'Stacks: Look Up…', input: String(BLOCK.nakamoto.height) });
  await panelText(frame, 'block', [`Block #${BLOCK.nakamoto.height}`, 'Anchor transaction (Bitcoin)']);
  await frame.locator('a.link', { hasText: '#700,000' }).first().click();
  await panelText(frame, 'burnBlock', [`Bitcoin block #${BURN.height700000}`, 'Stacks blocks (5)']);
  await frame.locator('table a.link', { hasText: '#3' }).first().click();
  await panelText(frame, 'block', ['Block #3']);
  ctx.log('a burn block height opens the burn-block panel, and its rows open their blocks');
  // The mempool's pending list: pages by cursor (no jump to the last page), and a row opens its transaction.
  await open(ctx, { command: 'Stacks: Show Mempool Statistics' });
  await panelText(frame, 'mempool', ['1–20 of 45']);
  assert.strictEqual(await frame.locator('.pager button[title="Last page"]').count(), 0, 'no jump to the last page');
  const list = '/extended/v3/mempool/transactions';
  const sent = ctx.mock.requests.length;
  await frame.locator('.pager button[title="Next page"]').click();
  await panelText(frame, 'mempool', ['21–40 of 45']);
  assert.deepStrictEqual(
    ctx.mock.requests.slice(sent).map((r) => r.path),
    [list],
    'one request, for the list only',
  );
  await frame.locator('table.data a.link').first().click();
  await panelText(frame, 'tx', ['Pending', mempoolTxId(20).slice(0, 8)]);
  await frame.locator('.toolbar button[title="Back"]').click();
  await panelText(frame, 'mempool', ['21–40 of 45']);
  ctx.log('the pending list pages by cursor and its rows open their transaction');
}
