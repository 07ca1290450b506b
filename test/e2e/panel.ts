// Helpers for specs that open the detail panel and read what it shows.
import * as assert from 'assert';
import type { FrameLocator } from 'playwright-core';
import type { E2EContext } from './context';

/** Opens a panel: a palette command, and the text to type into its input box if it asks. */
export async function open(ctx: E2EContext, c: { command: string; input?: string }): Promise<void> {
  const { page, helpers } = ctx;
  await helpers.runCommand(page, c.command);
  if (c.input !== undefined) {
    const input = page.locator('.quick-input-widget input');
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Stacks:' }).waitFor({ timeout: 15000 });
    await input.fill(c.input);
    await page.keyboard.press('Enter');
  }
}

/** Waits until the panel renders a model of `kind` that shows every expected text; returns its text. */
export async function panelText(
  frame: FrameLocator,
  kind: string,
  expect: string[],
  timeoutMs = 20000,
): Promise<string> {
  const app = frame.locator(`#app[data-state="render"][data-kind="${kind}"]`);
  await app.waitFor({ timeout: timeoutMs });
  const end = Date.now() + timeoutMs;
  let text = '';
  for (;;) {
    text = await app.innerText();
    const missing = expect.filter((e) => !text.includes(e));
    if (missing.length === 0) return text;
    if (Date.now() > end)
      assert.fail(`the ${kind} panel does not show ${JSON.stringify(missing)}; it shows:\n${text.slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
