// Drift in the browser-hosted VS Code with the packaged extension: the view and the CodeLens say
// which workspace contract differs from its deploy, "Call on testnet" sits above each read-only
// function, and the "differs" lens opens the diff editor (deployed source left, local file right).
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { Locator } from 'playwright-core';
import type { E2EContext } from './context';
import { DEPLOYED, deployedStatus } from '../fixtures/ids';

const REPO = path.resolve(__dirname, '../../..');

function row(ctx: E2EContext, text: string): Locator {
  return ctx.page.locator('.part.sidebar .monaco-list-row', { hasText: text }).first();
}

/** A CodeLens link of the active editor whose text contains `text`. */
function lens(ctx: E2EContext, text: string): Locator {
  return ctx.page.locator('.monaco-editor .codelens-decoration a', { hasText: text }).first();
}

async function keep(ctx: E2EContext, name: string): Promise<string> {
  await ctx.page.mouse.move(5, 5);
  // The command palette fades out: wait until it is gone from the picture.
  await ctx.page
    .locator('.quick-input-widget')
    .first()
    .waitFor({ state: 'hidden', timeout: 5000 })
    .catch(() => undefined);
  await ctx.page.waitForTimeout(500);
  const shot = await ctx.helpers.screenshot(ctx.page, name, ctx.outDir);
  ctx.log(`screenshot ${shot}`);
  // Refreshes the README picture when asked (committed under media/screenshots).
  if (process.env.STACKS_LOOKUP_UPDATE_SCREENSHOTS === '1') {
    const readme = path.join(REPO, 'media', 'screenshots', `${name}.png`);
    fs.copyFileSync(shot, readme);
    ctx.log(`copied to ${path.relative(REPO, readme)}`);
  }
  return shot;
}

export async function run(ctx: E2EContext): Promise<void> {
  const { page, helpers, mock } = ctx;
  await helpers.waitForWorkbench(page);
  const notDeployed = { found: false };
  mock.override('/extended/v2/smart-contracts/status', {
    ...deployedStatus(DEPLOYED.userRegistry, DEPLOYED.cityRegistry),
    [`${DEPLOYED.deployer}.memo-payments`]: notDeployed,
    [`${DEPLOYED.deployer}.treasury`]: notDeployed,
    'ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.memo-payments': notDeployed,
    'ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.treasury': notDeployed,
  });
  await ctx.settings({ 'stacksLookup.network': 'custom', 'stacksLookup.customApiUrl': mock.url });

  // The view: the edited city registry differs, the user registry (a simnet-only helper added) does not.
  await helpers.runCommand(page, 'View: Show Stacks Lookup');
  await row(ctx, 'Workspace Contracts').waitFor({ timeout: 30000 });
  // Showing the view asks nothing: the deployments load at the user's click.
  await row(ctx, 'Deployment status').click();
  const city = page
    .locator('.part.sidebar .monaco-list-row', { hasText: DEPLOYED.cityRegistry.name })
    .filter({ hasText: 'differs from deployed' })
    .first();
  await city.waitFor({ timeout: 30000 });
  const user = row(ctx, DEPLOYED.userRegistry.name);
  await page
    .locator('.part.sidebar .monaco-list-row', { hasText: DEPLOYED.userRegistry.name })
    .filter({ hasText: 'same as deployed' })
    .first()
    .waitFor({ timeout: 30000 });
  assert.match((await user.textContent()) ?? '', /testnet: same as deployed/);
  ctx.log('the view: ccd004 differs from deployed, ccd003 is the same');
  // A wider sidebar, so the picture shows the whole description.
  const sash = await page.locator('.part.sidebar').boundingBox();
  if (sash) {
    await page.mouse.move(sash.x + sash.width + 1, 450);
    await page.mouse.down();
    await page.mouse.move(sash.x + sash.width + 200, 450, { steps: 8 });
    await page.mouse.up();
  }

  // The CodeLens of the edited contract: the drift, and a call lens above each read-only function.
  await helpers.openFile(page, `${DEPLOYED.cityRegistry.name}.clar`);
  await lens(ctx, 'testnet: differs from deployed').waitFor({ timeout: 30000 });
  // Folded, the whole contract fits: the drift lens on top, a call lens above each read-only function.
  await page.locator('.monaco-editor .view-line').first().click();
  await helpers.runCommand(page, 'Fold All');
  await lens(ctx, 'Call on testnet').waitFor({ timeout: 30000 });
  const calls = await page.locator('.monaco-editor .codelens-decoration a', { hasText: 'Call on testnet' }).count();
  assert.ok(calls >= 1, 'a "Call on testnet" lens above the read-only functions on screen');
  await page.locator('.monaco-editor .view-line', { hasText: 'ERR_UNAUTHORIZED (err u4001)' }).first().waitFor();
  await keep(ctx, 'drift-codelens');

  // The "differs" lens opens the diff editor: the deployed source (read-only) against the local file.
  await lens(ctx, 'testnet: differs from deployed').click();
  const tab = page.locator('.tab', { hasText: '(deployed on testnet) ↔ ccd004-city-registry.clar (local)' }).first();
  await tab.waitFor({ timeout: 30000 });
  await page.locator('.monaco-diff-editor').first().waitFor({ timeout: 30000 });
  // The changed constant is on both sides: u4000 deployed, u4001 local.
  await page.locator('.monaco-diff-editor .view-line', { hasText: '(err u4000)' }).first().waitFor({ timeout: 15000 });
  await page.locator('.monaco-diff-editor .view-line', { hasText: '(err u4001)' }).first().waitFor({ timeout: 15000 });
  assert.strictEqual(
    mock.requestsTo(`/extended/v1/tx/${DEPLOYED.cityRegistry.tx}`).length,
    1,
    'the deployed source was asked once, for the view, the lens and the diff',
  );
  await keep(ctx, 'drift-diff');
  ctx.log('the diff editor shows the deployed source against the local file');
  await helpers.runCommand(page, 'View: Close All Editors');
}
