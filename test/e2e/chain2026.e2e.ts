// Issue 45 items 3 and 4 in the real editor, on a node in epoch 4.0 (pox-5 active): a Clarity file
// that stakes through pox-4 is opened first and nothing is asked; after the first lookup (a
// transaction whose read count is 30 % of the tenure budget) the panel shows its costs as shares of
// the tenure budget with the warning, and the file's pox-4 `stack-stx` call gets a warning that
// names pox-5 and its `stake`. Screenshots of both.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { E2EContext } from './context';
import { open, panelText } from './panel';
import { TX } from '../fixtures/ids';
import { loadFixture } from '../mock-api/server';

const FIXTURES = path.resolve(__dirname, '../../../test/fixtures/chain2026');
const FILE = 'pox4-stacker.clar';

export async function run(ctx: E2EContext): Promise<void> {
  const { page, helpers, mock } = ctx;
  await helpers.waitForWorkbench(page);
  mock.override('/v2/pox', JSON.parse(fs.readFileSync(path.join(FIXTURES, 'pox-info--epoch40.json'), 'utf8')));
  mock.override(`/extended/v1/tx/${TX.ftTransfer}`, {
    ...loadFixture('tx-contract_call-ft_transfer.json'),
    execution_cost_read_count: 9000,
  });
  fs.copyFileSync(path.join(FIXTURES, FILE), path.join(ctx.workspace, FILE));
  await ctx.settings({
    'stacksLookup.network': 'custom',
    'stacksLookup.customApiUrl': mock.url,
    'workbench.colorTheme': 'Default Dark Modern',
  });
  await helpers.closeSideBar(page);

  // Before any lookup: the file is open and nothing is asked, nothing flagged.
  await helpers.openFile(page, FILE);
  await page.locator('.monaco-editor .view-line', { hasText: 'stack-stx' }).first().waitFor({ timeout: 15000 });
  await page.waitForTimeout(2000);
  assert.strictEqual(mock.requestsTo('/v2/pox').length, 0, '/v2/pox asked before the first lookup');
  assert.strictEqual(await page.locator('.monaco-editor .squiggly-warning').count(), 0, 'flagged before any lookup');

  // The first lookup: a transaction above 25 % of the tenure budget in one dimension.
  await open(ctx, { command: 'Stacks: Look Up…', input: TX.ftTransfer });
  const frame = helpers.webviewFrame(page);
  const text = await panelText(frame, 'tx', [
    'Execution costs (tenure budget: Epoch40, as the node reports it (/v2/pox))',
    'Tenure budget',
    '30.0 %',
    'Above 25 % of the tenure budget (read_count 30.0 %)',
    'may wait for a new tenure',
  ]);
  assert.doesNotMatch(text, /block limit/i);
  await frame.locator('text=Above 25 % of the tenure budget').first().scrollIntoViewIfNeeded();
  ctx.log(`screenshot: ${await helpers.screenshot(page, 'chain2026-tenure-budget')}`);

  // The file's pox-4 calls are flagged now, /v2/pox asked once for both.
  await page.locator('.tab', { hasText: FILE }).first().click();
  const squiggle = page.locator('.monaco-editor .squiggly-warning');
  await squiggle.first().waitFor({ timeout: 20000 });
  assert.strictEqual((await squiggle.count()) >= 2, true, 'stack-stx and stack-extend are flagged');
  assert.strictEqual(mock.requestsTo('/v2/pox').length, 1, '/v2/pox asked once');
  // The squiggle is a decoration under the text: the mouse goes to its middle.
  await page.mouse.move(0, 0);
  const box = await squiggle.first().boundingBox();
  assert.ok(box, 'the squiggle has a place');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const hover = await helpers.hoverText(page, 'no longer the active PoX contract', 15000);
  assert.match(
    hover,
    /SP000000000000000000002Q6VF78\.pox-4 is no longer the active PoX contract: `?stack-stx`? there no longer stakes\. The active contract is SP000000000000000000002Q6VF78\.pox-5; use its `?stake`?\./,
  );
  ctx.log(`screenshot: ${await helpers.screenshot(page, 'chain2026-pox4-call-flagged')}`);
}
