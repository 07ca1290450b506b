// Hover over a principal in a Clarity file of the fixture workspace, in the browser-hosted VS Code
// with the packaged extension: the balance comes from the mock API. Then the API key is typed into
// the prompt of "Stacks: Set API Key…" and the mock must receive it as X-API-Key.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { Page } from 'playwright-core';
import type { E2EContext } from './context';
import { pointOf } from './editor';
import { clearApiKey, setApiKey } from './apiKey';
import { ADDRESS, API_KEY } from '../fixtures/ids';

const REPO = path.resolve(__dirname, '../../..');

export async function hoverOver(
  page: Page,
  lineText: string,
  needle: string,
  expect: string,
  ctx: E2EContext,
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const p = await pointOf(page, needle, lineText);
    await page.mouse.move(p.x, p.y - 40);
    await page.mouse.move(p.x, p.y, { steps: 4 });
    try {
      return await ctx.helpers.hoverText(page, expect, 8000);
    } catch {
      // The keyboard way: click into the identifier and show the hover with Ctrl+K Ctrl+I.
      await page.mouse.click(p.x, p.y);
      await page.keyboard.press('Control+K');
      await page.keyboard.press('Control+I');
    }
    try {
      return await ctx.helpers.hoverText(page, expect, 8000);
    } catch (e) {
      // Right after start-up the extension may still be activating: move away and hover again.
      if (attempt >= 4) throw e;
      ctx.log(`no hover with "${expect}" yet (attempt ${attempt})`);
      await page.mouse.move(5, 5);
      await page.waitForTimeout(1500);
    }
  }
}

export async function run(ctx: E2EContext): Promise<void> {
  const { page, helpers, mock } = ctx;
  await helpers.waitForWorkbench(page);
  // Applied and waited for, so the first hover already goes to the mock.
  await ctx.settings({ 'stacksLookup.network': 'custom', 'stacksLookup.customApiUrl': mock.url });
  await helpers.openFile(page, 'memo-payments.clar');

  const text = await hoverOver(page, 'REFERENCE-OPERATOR', ADDRESS.mainnet, 'Balance:', ctx);
  ctx.log(`hover: ${text.replace(/\s+/g, ' ')}`);
  assert.match(text, /Balance: 1 STX \(1,000,000 µSTX\)/);
  assert.match(text, /Locked: 0\.05 STX \(50,000 µSTX\) until burn block #200/);
  assert.match(text, /Custom · http:\/\/127\.0\.0\.1:\d+/);
  const balanceRequests = mock.requestsTo(`/extended/v1/address/${ADDRESS.mainnet}/stx`);
  assert.strictEqual(balanceRequests.length, 1, 'one request for the hover');
  assert.strictEqual(balanceRequests[0]!.headers['x-api-key'], undefined, 'no key before one is set');

  const shot = await helpers.screenshot(page, 'hover', ctx.outDir);
  ctx.log(`screenshot ${shot}`);
  // Refreshes the README picture when asked (committed under media/screenshots).
  if (process.env.STACKS_LOOKUP_UPDATE_SCREENSHOTS === '1') {
    const readme = path.join(REPO, 'media', 'screenshots', 'hover.png');
    fs.mkdirSync(path.dirname(readme), { recursive: true });
    fs.copyFileSync(shot, readme);
    ctx.log(`copied to ${path.relative(REPO, readme)}`);
  }

  // The key, typed into the password prompt of the command.
  await setApiKey(ctx, API_KEY);

  // A new key means a new client (empty cache): hovering again asks the mock, now with the key.
  await hoverOver(page, 'REFERENCE-OPERATOR', ADDRESS.mainnet, 'Balance:', ctx);
  const after = mock.requestsTo(`/extended/v1/address/${ADDRESS.mainnet}/stx`);
  assert.strictEqual(after.length, 2, 'the hover asked again after the key was set');
  assert.strictEqual(after[1]!.headers['x-api-key'], API_KEY, 'the mock API received the key as X-API-Key');

  await clearApiKey(ctx);
}
