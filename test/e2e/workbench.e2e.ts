// The contract workbench in the real panel: Stacks: Call Read-Only Function… asks for the contract
// and the function, the panel opens at that function's form, a field typed wrong shows its message
// without anything sent, the form filled right is called and its decoded result shows under it,
// a data variable and a map entry are read, a result is copied, a screenshot for the README, and
// what was typed is still there after a reload.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { CONTRACT, DESCRIBE_ARGS, PROBE_OWNER as OWNER } from '../fixtures/ids';
import type { E2EContext } from './context';
import { panelText } from './panel';

const README_SHOT = 'panel-workbench-dark';

export async function run(ctx: E2EContext): Promise<void> {
  const { page, helpers, mock } = ctx;
  await helpers.waitForWorkbench(page);
  await ctx.settings({
    'stacksLookup.network': 'custom',
    'stacksLookup.customApiUrl': mock.url,
    'workbench.colorTheme': 'Default Dark Modern',
  });
  await helpers.closeSideBar(page);

  // The command asks for the contract, then picks the function from its interface.
  await helpers.runCommand(page, 'Stacks: Call Read-Only Function…');
  const input = page.locator('.quick-input-widget input');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'contract' }).waitFor({ timeout: 15000 });
  await input.fill(CONTRACT.typeProbe);
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'function' }).waitFor({ timeout: 15000 });
  await input.fill('describe');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'describe' }).first().waitFor({ timeout: 10000 });
  await page.keyboard.press('Enter');

  const frame = helpers.webviewFrame(page);
  await panelText(frame, 'contract', ['Call read-only functions (4)', 'Clarity 3', 'describe', 'Read state', 'scores']);
  const form = frame.locator('.wb-form[data-form="fn:describe"]');
  await form.waitFor({ timeout: 10000 });
  assert.match((await form.getAttribute('class')) ?? '', /focused/, 'the panel opens at the function asked for');
  assert.strictEqual(await form.getAttribute('open'), '', 'its form is open');
  assert.strictEqual(
    await frame.locator('.wb-form[open]').count(),
    1,
    'the other forms are closed: a contract of many functions paints a list of names',
  );
  const fields = form.locator('.wb-input');
  assert.strictEqual(await fields.count(), 11, 'one input per argument');

  // A uint out of range: its message under the field, nothing sent.
  const values = ['340282366920938463463374607431768211456', ...DESCRIBE_ARGS.slice(1)];
  for (let i = 0; i < values.length; i++) {
    if (i === 2) await fields.nth(i).selectOption(values[i]!);
    else await fields.nth(i).fill(values[i]!);
  }
  const before = mock.requestsTo('/v2/contracts/call-read/').length;
  await form.locator('button[type="submit"]').click();
  await form.locator('.wb-error', { hasText: 'Too large for a uint' }).waitFor({ timeout: 10000 });
  await form.locator('.wb-result', { hasText: 'nothing was sent' }).waitFor({ timeout: 5000 });
  assert.strictEqual(mock.requestsTo('/v2/contracts/call-read/').length, before, 'an invalid form sends nothing');

  // Fixed, the call goes to the node and its decoded result shows under the form.
  await fields.nth(0).fill('42');
  await form.locator('button[type="submit"]').click();
  const result = form.locator('.wb-result .wb-value');
  await result.waitFor({ timeout: 15000 });
  const text = await result.innerText();
  assert.match(text, /^\(ok \(tuple \(a u5\) \(amount u42\) \(delta -17\) \(flag true\) \(items u3\)/);
  await form.locator('.wb-result .cv', { hasText: 'amount' }).waitFor({ timeout: 5000 });
  assert.strictEqual(await form.locator('.wb-error:not(:empty)').count(), 0, 'no field message once it is right');
  ctx.log(`call result: ${text.slice(0, 200)}`);

  // A failing call shows the node's cause.
  const div = frame.locator('.wb-form[data-form="fn:safe-div"]');
  await div.locator('summary').click();
  await div.locator('.wb-input').nth(0).fill('7');
  await div.locator('.wb-input').nth(1).fill('0');
  await div.locator('button[type="submit"]').click();
  await div.locator('.wb-result', { hasText: 'DivisionByZero' }).waitFor({ timeout: 15000 });

  // State: a data variable and a map entry read back.
  const counter = frame.locator('.wb-form[data-form="var:counter"]');
  await counter.locator('summary').click();
  await counter.locator('button[type="submit"]').click();
  await counter.locator('.wb-result .wb-value', { hasText: '-7' }).waitFor({ timeout: 15000 });
  const scores = frame.locator('.wb-form[data-form="map:scores"]');
  await scores.locator('summary').click();
  await scores.locator('.wb-input').fill(`{ player: '${OWNER}, round: u1 }`);
  await scores.locator('button[type="submit"]').click();
  await scores.locator('.wb-result .wb-value', { hasText: 'first round' }).waitFor({ timeout: 15000 });

  // The screenshot: the called form in view.
  await form.scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  const file = await helpers.screenshot(page, README_SHOT, ctx.outDir);
  ctx.log(`screenshot ${file}`);
  if (process.env.STACKS_LOOKUP_UPDATE_SCREENSHOTS === '1') {
    const dest = path.resolve(__dirname, '../../../media/screenshots');
    fs.mkdirSync(dest, { recursive: true });
    fs.copyFileSync(file, path.join(dest, path.basename(file)));
  }

  // The answer can be copied; the status bar names it, without showing chain text.
  await form.locator('.wb-copy').click();
  await page.locator('#workbench\\.parts\\.statusbar', { hasText: 'Copied the result' }).waitFor({ timeout: 10000 });

  // What was typed comes back after a reload: the open forms open again, their fields filled.
  const calls = (f: typeof frame) => f.locator('section.workbench', { hasText: 'Call read-only functions' });
  await calls(frame).locator('.wb-at').fill('3275');
  await page.waitForTimeout(500);
  await Promise.all([
    page.waitForEvent('load', { timeout: 60000 }),
    helpers.runCommand(page, 'Developer: Reload Window'),
  ]);
  await helpers.waitForWorkbench(page);
  const again = helpers.webviewFrame(page);
  await panelText(again, 'contract', ['Call read-only functions (4)'], 60000);
  const typed = async (id: string) =>
    again
      .locator(`.wb-form[data-form="${id}"] .wb-input`)
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  await again.locator('.wb-form[data-form="fn:describe"] .wb-input').first().waitFor({ timeout: 10000 });
  assert.deepStrictEqual(await typed('fn:describe'), [...DESCRIBE_ARGS], 'the eleven fields of describe');
  assert.deepStrictEqual(await typed('fn:safe-div'), ['7', '0']);
  assert.deepStrictEqual(await typed('map:scores'), [`{ player: '${OWNER}, round: u1 }`]);
  assert.deepStrictEqual(
    await again.locator('.wb-at').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
    ['3275', '', ''],
    'the block to call at; the blocks to read state and to simulate at were left empty',
  );
  assert.deepStrictEqual(
    await again.locator('.wb-form[open]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.form)),
    ['fn:describe', 'fn:safe-div', 'var:counter', 'map:scores'],
    'the forms that were open',
  );
  ctx.log('typed arguments, the block and the open forms came back after a reload');
}
