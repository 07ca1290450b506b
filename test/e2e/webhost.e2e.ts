// The web extension in the web worker extension host (run by `node test/host/run.js web`): the
// packaged VSIX installed, the user setting `remote.extensionKind` putting it on ["web"]. A hover
// and a panel, with data the worker fetched from the mock: the browser's own requests carry an
// Origin header, which Node's http client never sends, so the test knows where they came from.
import * as assert from 'assert';
import type { E2EContext } from './context';
import { pointOf } from './editor';
import { open, panelText } from './panel';
import { ADDRESS, TX } from '../fixtures/ids';

export async function run(ctx: E2EContext): Promise<void> {
  const { page, helpers, mock } = ctx;
  await helpers.waitForWorkbench(page);
  await ctx.settings({ 'stacksLookup.network': 'custom', 'stacksLookup.customApiUrl': mock.url });
  await helpers.openFile(page, 'memo-payments.clar');

  let text = '';
  for (let attempt = 1; ; attempt++) {
    const p = await pointOf(page, ADDRESS.mainnet, 'REFERENCE-OPERATOR');
    await page.mouse.move(p.x, p.y - 40);
    await page.mouse.move(p.x, p.y, { steps: 4 });
    try {
      text = await helpers.hoverText(page, 'Balance:', 8000);
      break;
    } catch (e) {
      // Right after start-up the extension may still be activating: move away and hover again.
      if (attempt >= 4) throw e;
      await page.mouse.move(5, 5);
      await page.waitForTimeout(1500);
    }
  }
  assert.match(text, /Balance: 1 STX \(1,000,000 µSTX\)/);
  ctx.log(`hover: ${text.replace(/\s+/g, ' ').slice(0, 120)}`);

  await open(ctx, { command: 'Stacks: Look Up…', input: TX.tokenTransfer });
  await panelText(helpers.webviewFrame(page), 'tx', ['Token transfer', 'Success']);
  const shot = await helpers.screenshot(page, 'web-worker-panel', ctx.outDir);
  ctx.log(`panel shown; screenshot ${shot}`);

  const fromWorker = mock.requests.filter((r) => r.method === 'GET');
  assert.ok(fromWorker.length >= 2, 'the hover and the panel asked the mock');
  for (const r of fromWorker)
    assert.ok(r.headers.origin, `${r.path} came from the browser's fetch (web worker), not from Node's http`);
}
