// The first five minutes in a browser-hosted VS Code with the VSIX installed: Stacks: Get Started
// opens the walkthrough with its six steps; a step completes when what it asks is done (Select
// Network, Open Sample Contract, the view); the sample contract hovers like any Clarity file.
// With STACKS_LOOKUP_UPDATE_SCREENSHOTS=1 it refreshes the walkthrough's network picture and the
// README's picture of the walkthrough.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { Locator, Page } from 'playwright-core';
import type { E2EContext } from './context';
import { TX } from '../fixtures/ids';
import { pointOf } from './editor';
import { open, panelText } from './panel';

const REPO = path.resolve(__dirname, '../../..');
const STEPS = [
  'Pick a network',
  'Hover an id in a contract',
  'Open the Stacks Lookup view',
  'Look up from the palette',
  'Call a read-only function',
  'Watch a transaction',
];

function keep(ctx: E2EContext, shot: string, dest: string): void {
  if (process.env.STACKS_LOOKUP_UPDATE_SCREENSHOTS !== '1') return;
  const to = path.join(REPO, dest);
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.copyFileSync(shot, to);
  ctx.log(`copied to ${dest}`);
}

/** The walkthrough's entry for a step (its title button in the page). */
const step = (page: Page, title: string): Locator =>
  page.locator('.gettingStartedContainer .getting-started-step', { hasText: title }).first();

async function isDone(s: Locator): Promise<boolean> {
  return (await s.locator('.codicon-getting-started-step-checked').count()) > 0;
}

async function waitDone(ctx: E2EContext, title: string): Promise<void> {
  const s = step(ctx.page, title);
  const end = Date.now() + 15000;
  while (!(await isDone(s))) {
    if (Date.now() > end) throw new Error(`the step "${title}" was not marked done: ${await s.innerHTML()}`);
    await ctx.page.waitForTimeout(250);
  }
}

async function backToWalkthrough(ctx: E2EContext): Promise<void> {
  await ctx.helpers.runCommand(ctx.page, 'Stacks: Get Started');
  await ctx.page.locator('.gettingStartedContainer', { hasText: 'Get started with Stacks Lookup' }).first().waitFor({
    timeout: 15000,
  });
}

export async function run(ctx: E2EContext): Promise<void> {
  const { page, helpers, mock } = ctx;
  await helpers.waitForWorkbench(page);
  await ctx.settings({ 'stacksLookup.network': 'custom', 'stacksLookup.customApiUrl': mock.url });

  await backToWalkthrough(ctx);
  for (const title of STEPS) await step(page, title).waitFor({ timeout: 10000 });
  for (const title of STEPS) assert.ok(!(await isDone(step(page, title))), `"${title}" starts not done`);
  ctx.log('Stacks: Get Started shows the six steps, none done');
  // The selected step's picture (lossless WebP, scripts/pictures.mjs) is decoded and shown.
  const pictures = (): Promise<{ src: string; width: number }[]> =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('img')).map((i) => ({ src: i.currentSrc || i.src, width: i.naturalWidth })),
    );
  let shown: { src: string; width: number } | undefined;
  for (const end = Date.now() + 10000; !shown?.width && Date.now() < end; await page.waitForTimeout(200))
    shown = (await pictures()).find((i) => /network\.webp/.test(decodeURIComponent(i.src)));
  assert.ok(shown, `the step shows its WebP picture; pictures: ${JSON.stringify(await pictures())}`);
  assert.ok(shown.width > 100, `the picture decoded (${shown.width} px wide)`);
  ctx.log(`the first step's picture shows: ${shown.src} (${shown.width} px wide)`);
  await page.mouse.move(5, 5);
  keep(ctx, await helpers.screenshot(page, 'walkthrough', ctx.outDir), 'media/screenshots/walkthrough.png');

  // Step 1: the network picker, opened from the palette as the step's button does.
  await helpers.runCommand(page, 'Stacks: Select Network…');
  const picker = page.locator('.quick-input-widget', { hasText: 'Testnet' }).first();
  await picker.waitFor({ timeout: 10000 });
  // The step's picture: the picker and the status bar item that names the network, not the page.
  const box = (await picker.boundingBox())!;
  const networkShot = path.join(ctx.outDir, 'walkthrough-network.png');
  await page.screenshot({
    path: networkShot,
    clip: { x: Math.max(0, box.x - 24), y: 0, width: box.width + 48, height: box.y + box.height + 24 },
  });
  keep(ctx, networkShot, 'media/walkthrough/network.png');
  await page.keyboard.press('Escape');
  await backToWalkthrough(ctx);
  await waitDone(ctx, 'Pick a network');
  ctx.log('Select Network marks "Pick a network" done');
  assert.deepStrictEqual(
    mock.requests.map((r) => `${r.method} ${r.path}`),
    [],
    'the walkthrough and the picker asked the API nothing',
  );

  // Step 2: the sample contract, read-only, hovers with the mock's answer.
  await helpers.runCommand(page, 'Stacks: Open Sample Contract');
  await page
    .locator('.editor-group-container.active .tab.active', { hasText: 'stacks-lookup-sample.clar' })
    .first()
    .waitFor({ timeout: 10000 });
  const p = await pointOf(page, 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE', 'OPERATOR');
  let hover = '';
  for (let attempt = 1; !hover; attempt++) {
    await page.mouse.move(p.x, p.y - 40);
    await page.mouse.move(p.x, p.y, { steps: 4 });
    hover = await helpers.hoverText(page, 'Balance:', 8000).catch((e: unknown) => {
      if (attempt >= 3) throw e;
      return '';
    });
  }
  assert.match(hover, /Balance: 1 STX/);
  ctx.log('the sample contract hovers: the operator’s balance from the mock');
  await page.mouse.move(5, 5);
  await backToWalkthrough(ctx);
  await waitDone(ctx, 'Hover an id in a contract');

  // Step 3: the view.
  await helpers.runCommand(page, 'View: Show Stacks Lookup');
  await page
    .locator('.part.sidebar .composite.title', { hasText: 'Stacks Lookup' })
    .first()
    .waitFor({ timeout: 10000 });
  await backToWalkthrough(ctx);
  await waitDone(ctx, 'Open the Stacks Lookup view');
  ctx.log('showing the view marks "Open the Stacks Lookup view" done');

  for (const title of STEPS.slice(3)) assert.ok(!(await isDone(step(page, title))), `"${title}" is still not done`);

  // The README's first picture (a failed call's panel beside the sample, and a hover in the
  // sample), taken only when the pictures are refreshed: it rearranges the editor groups.
  if (process.env.STACKS_LOOKUP_UPDATE_SCREENSHOTS === '1') {
    await helpers.runCommand(page, 'View: Close All Editor Groups');
    await helpers.closeSideBar(page);
    await helpers.runCommand(page, 'Stacks: Open Sample Contract');
    await open(ctx, { command: 'Stacks: Look Up…', input: TX.failedSbtc });
    await panelText(helpers.webviewFrame(page), 'tx', ['Failed with ERR_LOWER_THAN_DUST (err u302)']);
    await helpers.runCommand(page, 'View: Move Editor into Right Group');
    await helpers.runCommand(page, 'View: Focus First Editor Group');
    const q = await pointOf(page, 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE', 'OPERATOR');
    await page.mouse.move(q.x, q.y - 40);
    await page.mouse.move(q.x, q.y, { steps: 4 });
    await helpers.hoverText(page, 'Balance:', 10000);
    keep(ctx, await helpers.screenshot(page, 'hero', ctx.outDir), 'media/screenshots/hero.png');
    await page.mouse.move(5, 5);
  }
}
