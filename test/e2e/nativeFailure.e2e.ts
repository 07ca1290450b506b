// Why a call failed when the error is a native function's own (issue 45): the transaction panel
// names the `stx-transfer?` that returned (err u1), not the contract's unrelated constant of the
// same value, and offers to open its line; then a Clarity 4 allowance overrun names the allowance.
import * as assert from 'assert';
import { ADDRESS } from '../fixtures/ids';
import { NATIVE_FAILURE } from '../fixtures/nativeFailure';
import { setAccountBalance } from '../mock-api/accounts';
import { loadFixture } from '../mock-api/server';
import type { E2EContext } from './context';
import { open, panelText } from './panel';

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

  // The block before the transaction (#51,450), at which the sender had 1 STX of the 5 it moved.
  const parent = { ...(loadFixture('block-v2--latest.json') as object), height: 51450 };
  ctx.mock.override('/extended/v2/blocks/51450', parent);
  setAccountBalance(ADDRESS.testnet, 1_000_000n);
  await open(ctx, { command: 'Stacks: Look Up…', input: NATIVE_FAILURE.stakeTx });
  const said = 'Failed with (err u1): stx-transfer? at line 72: the sender’s balance is too low (u1)';
  const confirmed = `Confirmed: at block #51,450, before this transaction, ${ADDRESS.testnet} had 1 STX unlocked, less than the 5 STX it tried to move.`;
  const text = await panelText(frame, 'tx', ['Why it failed', said, 'try! in stake-tokens, line 72', confirmed]);
  assert.ok(!text.includes('err-owner-only'), 'the unrelated constant is not named');
  assert.ok(await frame.getByText('Open stx-transfer? (line 72)').first().isVisible(), 'the line opens');
  await frame.getByText('Why it failed').first().scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await helpers.screenshot(page, 'panel-native-failure', ctx.outDir);
  ctx.log('the panel names the stx-transfer? and its line, not err-owner-only, and the balance before confirms it');

  await open(ctx, { command: 'Stacks: Look Up…', input: NATIVE_FAILURE.payOutTx });
  const allowance = await panelText(frame, 'tx', [
    'Failed with (err u0): as-contract? at line 15: allowance #0 (with-stx u100) was exceeded (u0)',
  ]);
  assert.ok(!allowance.includes('ERR-CLOSED'), 'the unrelated constant is not named');
  await frame.getByText('Why it failed').first().scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await helpers.screenshot(page, 'panel-allowance-failure', ctx.outDir);
  ctx.log('the panel names allowance #0 of the as-contract?');
}
