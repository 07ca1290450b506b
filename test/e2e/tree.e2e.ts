// The Stacks Lookup view in the activity bar of the browser-hosted VS Code with the packaged
// extension: opened, it asks nothing until a click on "Select to load"; then its sections are
// filled from the mock API and the fixture Clarinet workspace. An address watched through the
// palette command's input box is still listed after a reload, and the view restored by the reload
// asks nothing again.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { Locator } from 'playwright-core';
import type { E2EContext } from './context';
import { ADDRESS } from '../fixtures/ids';

const REPO = path.resolve(__dirname, '../../..');
const WATCHED_LABEL = 'SP3FBR…J5SVTE';

/** A row of the explorer tree whose text contains `text`. */
function row(ctx: E2EContext, text: string): Locator {
  return ctx.page.locator('.part.sidebar .monaco-list-row', { hasText: text }).first();
}

/**
 * Opens the view from its activity-bar icon, the first time. After a reload the workbench
 * restores the open view by itself; the palette's "View: Show Stacks Lookup" (which, unlike a
 * click on the active icon, never closes the sidebar) is the fallback.
 */
async function openView(ctx: E2EContext, how: 'icon' | 'restored'): Promise<void> {
  const { page, helpers } = ctx;
  const contracts = row(ctx, 'Workspace Contracts');
  if (how === 'icon') {
    const icon = page
      .locator(
        '.part.activitybar .action-item a[aria-label^="Stacks Lookup"], .part.activitybar .action-item[aria-label^="Stacks Lookup"]',
      )
      .first();
    await icon.waitFor({ timeout: 20000 });
    await icon.click();
  }
  const shown = await contracts.waitFor({ timeout: how === 'icon' ? 10000 : 15000 }).then(
    () => true,
    () => false,
  );
  if (!shown) {
    await helpers.runCommand(page, 'View: Show Stacks Lookup');
    await contracts.waitFor({ timeout: 30000 });
  }
}

export async function run(ctx: E2EContext): Promise<void> {
  const { page, helpers, mock } = ctx;
  await helpers.waitForWorkbench(page);
  await ctx.settings({ 'stacksLookup.network': 'custom', 'stacksLookup.customApiUrl': mock.url });

  await openView(ctx, 'icon');
  // Opening the view is not asking for chain data: what would ask the API offers to load.
  await row(ctx, 'memo-payments').waitFor({ timeout: 30000 });
  assert.match((await row(ctx, 'API status').textContent()) ?? '', /Select to load/);
  assert.match((await row(ctx, 'memo-payments').textContent()) ?? '', /testnet: not checked/);
  assert.deepStrictEqual(
    mock.requests.map((r) => r.path),
    [],
    'opening the view asked the API',
  );
  await row(ctx, 'API status').click();
  // Filled from the mock API and the fixture workspace's Clarinet.toml and plans.
  await row(ctx, 'Chain tip').waitFor({ timeout: 30000 });
  await page
    .locator('.part.sidebar .monaco-list-row', { hasText: 'memo-payments' })
    .filter({ hasText: 'testnet: not deployed' })
    .first()
    .waitFor({ timeout: 30000 });
  await row(ctx, 'memo-payments').waitFor({ timeout: 30000 });
  assert.match((await row(ctx, 'Chain tip').textContent()) ?? '', /#3,275/);
  assert.match((await row(ctx, 'memo-payments').textContent()) ?? '', /testnet: not deployed/);
  assert.strictEqual(
    mock.requestsTo('/extended/v2/smart-contracts/status').length,
    1,
    'one status request for the workspace contracts',
  );
  ctx.log('the view shows the network, the API status and the workspace contracts');

  // Watch an address: the palette command, the address typed into its input box.
  await helpers.runCommand(page, 'Stacks: Watch Address…');
  const input = page.locator('.quick-input-widget input').first();
  await input.waitFor({ state: 'visible', timeout: 10000 });
  await input.fill('');
  await input.pressSequentially(ADDRESS.mainnet, { delay: 5 });
  await page.keyboard.press('Enter');
  await row(ctx, WATCHED_LABEL).waitFor({ timeout: 20000 });
  await page
    .locator('.part.sidebar .monaco-list-row', { hasText: WATCHED_LABEL })
    .filter({ hasText: '1 STX' })
    .first()
    .waitFor({ timeout: 20000 });
  ctx.log('the watched address is listed with its balance');

  await page.mouse.move(5, 5);
  const shot = await helpers.screenshot(page, 'tree', ctx.outDir);
  ctx.log(`screenshot ${shot}`);
  // Refreshes the README picture when asked (committed under media/screenshots).
  if (process.env.STACKS_LOOKUP_UPDATE_SCREENSHOTS === '1') {
    const readme = path.join(REPO, 'media', 'screenshots', 'tree.png');
    fs.mkdirSync(path.dirname(readme), { recursive: true });
    fs.copyFileSync(shot, readme);
    ctx.log(`copied to ${path.relative(REPO, readme)}`);
  }

  // Reload Window goes through the workbench's shutdown, so workspaceState is saved.
  await page.waitForTimeout(500);
  await Promise.all([
    page.waitForEvent('load', { timeout: 60000 }),
    helpers.runCommand(page, 'Developer: Reload Window'),
  ]);
  const sinceReload = mock.requests.length;
  await helpers.waitForWorkbench(page);
  await openView(ctx, 'restored');
  await row(ctx, WATCHED_LABEL).waitFor({ timeout: 30000 });
  ctx.log('the watched address is still listed after a reload');
  // The view the reload restored asks nothing: the balances wait for a click.
  assert.match((await row(ctx, 'Balances and transactions').textContent()) ?? '', /Select to load/);
  await page.waitForTimeout(1000);
  assert.deepStrictEqual(
    mock.requests.slice(sinceReload).map((r) => r.path),
    [],
    'the view restored by the reload asked the API',
  );

  // Leave the list empty for other specs: the inline "Stop Watching Address" action.
  const watched = row(ctx, WATCHED_LABEL);
  await watched.hover();
  await watched.locator('.action-label[aria-label^="Stop Watching Address"]').first().click();
  await row(ctx, 'No watched addresses yet').waitFor({ timeout: 20000 });
}
