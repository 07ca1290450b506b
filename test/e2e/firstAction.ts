// The first action in a fresh profile with the welcome on (as after an install): the walkthrough
// waits for a quiet moment, opens beside what the user did, and never takes the keyboard or the
// side bar. Shared by the desktop and web worker specs (first-*.e2e.ts, webhost-first-*.e2e.ts).
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { Page } from 'playwright-core';
import { ADDRESS, TX } from '../fixtures/ids';
import type { E2EContext } from './context';
import { hoverOver } from './hover.e2e';
import { open, panelText } from './panel';

const REPO = path.resolve(__dirname, '../../..');

/** User settings of the fresh profile: the welcome left on, as for a new user. */
export const FIRST_RUN_SETTINGS = {
  'stacksLookup.showWelcome': true,
  'workbench.welcomePage.walkthroughs.openOnInstall': true,
};

/** The label of the side bar's open view container ('' when the side bar is closed). */
const sideBarTitle = (page: Page): Promise<string> =>
  page
    .locator('#workbench\\.parts\\.sidebar .composite.title h2')
    .first()
    .innerText({ timeout: 2000 })
    .catch(() => '');

/** The label of the active tab of the active editor group. */
const activeTab = (page: Page): Promise<string> =>
  page
    .locator('.editor-group-container.active .tab.active')
    .first()
    .getAttribute('aria-label', { timeout: 5000 })
    .then((l) => l ?? '');

/** True when the keyboard focus is inside the walkthrough. */
const focusInWalkthrough = (page: Page): Promise<boolean> =>
  page.evaluate(() => !!document.activeElement?.closest('[class*="gettingStarted"], .getting-started-step'));

/**
 * Waits for the walkthrough: its tab, and our walkthrough in it (not VS Code's generic Welcome
 * page, which has the same tab label), then for the seconds in which the welcome gives the focus back.
 */
async function walkthroughShown(page: Page): Promise<void> {
  await page.locator('.tabs-container .tab', { hasText: 'Welcome' }).first().waitFor({ timeout: 30000 });
  await page
    .locator('.gettingStartedContainer', { hasText: 'Get started with Stacks Lookup' })
    .first()
    .waitFor({ timeout: 10000 });
  await page.waitForTimeout(2500);
}

function keep(ctx: E2EContext, shot: string, dest: string): void {
  if (process.env.STACKS_LOOKUP_UPDATE_SCREENSHOTS !== '1') return;
  const to = path.join(REPO, dest);
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.copyFileSync(shot, to);
  ctx.log(`copied to ${dest}`);
}

/** The first action is Stacks: Look Up with a transaction id typed at once. */
export async function firstLookup(ctx: E2EContext, name: string): Promise<void> {
  const { page, helpers } = ctx;
  await helpers.waitForWorkbench(page);
  const sideBar = await sideBarTitle(page);
  await open(ctx, { command: 'Stacks: Look Up…', input: TX.ftTransfer });
  await panelText(helpers.webviewFrame(page), 'tx', ['Contract call', '115457']);
  assert.strictEqual(await page.locator('.quick-input-widget input').isVisible(), false, 'the input box closed');
  await walkthroughShown(page);
  // The keyboard stays with the panel: the active group's active tab is the transaction, and the
  // focus is not in the walkthrough.
  const active = await activeTab(page);
  assert.ok(/Transaction/.test(active), `the walkthrough took the focus (active tab: ${active})`);
  assert.strictEqual(await focusInWalkthrough(page), false, 'the focus is not in the walkthrough');
  assert.strictEqual(await sideBarTitle(page), sideBar, 'the side bar shows what it showed before');
  // The keyboard still works for the user: a second lookup opens its panel.
  await open(ctx, { command: 'Stacks: Look Up…', input: TX.stackStx });
  await panelText(helpers.webviewFrame(page), 'tx', ['lock-amount']);
  const shot = await helpers.screenshot(page, name, ctx.outDir);
  ctx.log(`screenshot ${shot}`);
  keep(ctx, shot, 'docs/images/first-lookup.png');
}

/** The first action is a hover over an address in a contract of the workspace. */
export async function firstHover(ctx: E2EContext, name: string): Promise<void> {
  const { page, helpers } = ctx;
  await helpers.waitForWorkbench(page);
  const sideBar = await sideBarTitle(page);
  await helpers.openFile(page, 'memo-payments.clar');
  const text = await hoverOver(page, 'REFERENCE-OPERATOR', ADDRESS.mainnet, 'Balance:', ctx);
  assert.match(text, /Balance: 1 STX/);
  await walkthroughShown(page);
  const active = await activeTab(page);
  assert.ok(/memo-payments\.clar/.test(active), `the editor lost the focus (active tab: ${active})`);
  assert.strictEqual(await focusInWalkthrough(page), false, 'the focus is not in the walkthrough');
  assert.strictEqual(await sideBarTitle(page), sideBar, 'the side bar shows what it showed before');
  // The editor still has the keyboard: typing lands in the contract.
  // (The pointer leaves the hover; Escape would be the walkthrough's "go back" if it had the focus.)
  await page.mouse.move(5, 5);
  await page.keyboard.press('End');
  await page.keyboard.type(';;TYPEDHERE');
  await page.locator('.monaco-editor .view-lines', { hasText: 'TYPEDHERE' }).first().waitFor({ timeout: 5000 });
  const shot = await helpers.screenshot(page, name, ctx.outDir);
  ctx.log(`screenshot ${shot}`);
  keep(ctx, shot, 'docs/images/first-screen.png');
}
