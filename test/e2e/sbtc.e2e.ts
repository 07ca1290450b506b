// sBTC in the real workbench: a Bitcoin txid in a Clarity file hovers as an sBTC deposit (amount,
// status, the mint and sweep links), Look Up opens its panel after the one question about Emily,
// and a withdrawal's transaction panel shows the decoded bc1 address and "accepted: expected in
// Bitcoin block N". Screenshots of each for docs/images/.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { E2EContext } from './context';
import { hoverOver } from './hover.e2e';
import { open, panelText } from './panel';
import { DEPOSIT_TXID, WITHDRAWAL_TX } from '../mock-api/sbtc';

const REPO = path.resolve(__dirname, '../../..');
const FILE = 'sbtc-deposit-check.clar';

/** Copies a screenshot to docs/images/ when asked (STACKS_LOOKUP_UPDATE_SCREENSHOTS=1). */
function keep(shot: string, name: string, ctx: E2EContext): void {
  if (process.env.STACKS_LOOKUP_UPDATE_SCREENSHOTS !== '1') return;
  const to = path.join(REPO, 'docs', 'images', `${name}.png`);
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.copyFileSync(shot, to);
  ctx.log(`copied to ${path.relative(REPO, to)}`);
}

export async function run(ctx: E2EContext): Promise<void> {
  const { page, helpers, mock } = ctx;
  await helpers.waitForWorkbench(page);
  fs.writeFileSync(
    path.join(ctx.workspace, FILE),
    `;; Has this deposit been minted?\n(contract-call? 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-registry get-completed-deposit\n  0x${DEPOSIT_TXID} u0)\n`,
  );
  try {
    await ctx.settings({
      'stacksLookup.network': 'custom',
      'stacksLookup.customApiUrl': mock.url,
      'stacksLookup.sbtc.emily.enabled': true,
      'stacksLookup.sbtc.emily.customUrl': `${mock.url}/emily`,
      'workbench.colorTheme': 'Default Dark Modern',
    });
    await helpers.closeSideBar(page);

    // Look Up of the txid: no Stacks transaction or block has it, so it is read as a deposit, after the question.
    await open(ctx, { command: 'Stacks: Look Up', input: `0x${DEPOSIT_TXID}` });
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 20000 });
    assert.match(await dialog.innerText(), /Ask Emily, the sBTC bridge API at http:\/\/127\.0\.0\.1:\d+\?/);
    assert.strictEqual(mock.requestsTo('/emily/').length, 0, 'nothing sent to Emily before the answer');
    await dialog.locator('a.monaco-button, button', { hasText: 'Ask Emily' }).first().click();
    const frame = helpers.webviewFrame(page);
    const panel = await panelText(frame, 'sbtcDeposit', ['confirmed', '0.01 sBTC', 'Stacks mint transaction', 'Sweep']);
    ctx.log(`deposit panel: ${panel.replace(/\s+/g, ' ').slice(0, 300)}`);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    keep(await helpers.screenshot(page, 'sbtc-deposit-panel', ctx.outDir), 'sbtc-deposit-panel', ctx);

    // The hover of the same txid in a Clarity file.
    await helpers.runCommand(page, 'View: Close All Editor Groups');
    await helpers.openFile(page, FILE);
    const hover = await hoverOver(page, DEPOSIT_TXID.slice(0, 12), DEPOSIT_TXID.slice(0, 12), 'sBTC deposit', ctx);
    ctx.log(`hover: ${hover.replace(/\s+/g, ' ')}`);
    assert.match(hover, /confirmed/);
    assert.match(hover, /Amount: 0\.01 sBTC/);
    assert.match(hover, /Mint transaction/);
    assert.match(hover, /Sweep on Bitcoin/);
    keep(await helpers.screenshot(page, 'sbtc-deposit-hover', ctx.outDir), 'sbtc-deposit-hover', ctx);

    // A withdrawal request's transaction panel.
    await page.mouse.move(5, 5);
    await open(ctx, { command: 'Stacks: Show Transaction', input: WITHDRAWAL_TX });
    const w = await panelText(frame, 'tx', [
      'sBTC withdrawal request 1',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'accepted: expected in Bitcoin block 141',
    ]);
    ctx.log(`withdrawal: ${w.replace(/\s+/g, ' ').slice(0, 200)}`);
    await frame.locator('text=sBTC withdrawal request 1').first().scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    keep(await helpers.screenshot(page, 'sbtc-withdrawal-panel', ctx.outDir), 'sbtc-withdrawal-panel', ctx);
  } finally {
    fs.rmSync(path.join(ctx.workspace, FILE), { force: true });
  }
}
