// Decoded Clarity values in the transaction panel (issue 17): a tuple result as a collapsible tree
// of its fields, a print of a text buffer read as text, an FT amount raw with its asset on a custom
// network, nothing wider than the panel, and a screenshot for the README.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TOKEN, TX } from '../fixtures/ids';
import type { E2EContext } from './context';
import { open, panelText } from './panel';

const README_SHOT = 'panel-decoded-light';

export async function run(ctx: E2EContext): Promise<void> {
  const { page, helpers } = ctx;
  await helpers.waitForWorkbench(page);
  await ctx.settings({
    'stacksLookup.network': 'custom',
    'stacksLookup.customApiUrl': ctx.mock.url,
    'workbench.colorTheme': 'Default Light Modern',
  });
  await helpers.closeSideBar(page);
  const frame = helpers.webviewFrame(page);

  // The MiamiCoin transfer: the print's (some <buffer>) reads as its text, the FT amount is raw.
  await open(ctx, { command: 'Stacks: Look Up…', input: TX.ftTransfer });
  const ft = await panelText(frame, 'tx', ['Contract call', '115457', '100,000', `${TOKEN.mia}::miamicoin`]);
  assert.ok(ft.includes('raw amount'), 'the raw amount says why');

  // The stack-stx: its tuple result is a tree whose fields are visible without a click.
  await open(ctx, { command: 'Stacks: Look Up…', input: TX.stackStx });
  await panelText(frame, 'tx', ['lock-amount', 'u3892859330416', 'unlock-burn-height', 'u752150', 'pox-addr']);
  const tree = frame.locator('.cv details').first();
  assert.strictEqual(await tree.getAttribute('open'), '', 'the first levels are open');
  // Collapsible: a click on a summary closes it.
  await frame.locator('.cv summary').first().click();
  assert.strictEqual(await tree.getAttribute('open'), null, 'a click collapses it');
  await frame.locator('.cv summary').first().click();
  // Nothing is wider than the panel (measured at 480 px, as beside an editor).
  const overflow = await frame.locator('#app').evaluate(async (app) => {
    const el = app as HTMLElement;
    el.style.width = '480px';
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const wide = Array.from(app.querySelectorAll('.cv')).filter(
      (e) => e.getBoundingClientRect().right > app.getBoundingClientRect().right + 1,
    ).length;
    el.style.width = '';
    return wide;
  });
  assert.strictEqual(overflow, 0, 'a decoded value overflows the panel');
  ctx.log('the tuple result shows its fields, the text print reads as text, the FT amount is raw on Custom');

  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  const file = await helpers.screenshot(page, README_SHOT, ctx.outDir);
  if (process.env.STACKS_LOOKUP_UPDATE_SCREENSHOTS === '1') {
    const dest = path.resolve(__dirname, '../../../media/screenshots');
    fs.mkdirSync(dest, { recursive: true });
    fs.copyFileSync(file, path.join(dest, path.basename(file)));
  }
}
