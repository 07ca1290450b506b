// Simulate in the real panel: the sbtc-token contract's public `transfer` form filled and
// Simulated, the modal question answered, and what the call would do shown under the form as
// text: (ok true), the FT movement, the cost shares, the fee estimates and the post-conditions.
// A screenshot of it for the README's gallery. Then the Deny snippet, pasted back with a smaller
// amount, aborts the call with the condition named.
import * as assert from 'assert';
import type { E2EContext } from './context';
import { panelText } from './panel';

const TOKEN = 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token';
const SENDER = 'SP212Y5JKN59YP3GYG07K3S8W5SSGE4KH6B5STXER';
const RECIPIENT = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';

export async function run(ctx: E2EContext): Promise<void> {
  const { page, helpers, mock } = ctx;
  await helpers.waitForWorkbench(page);
  await ctx.settings({
    'stacksLookup.network': 'custom',
    'stacksLookup.customApiUrl': mock.url,
    'stacksLookup.simulation.serviceUrl': `${mock.url}/simulation`,
    'workbench.colorTheme': 'Default Dark Modern',
  });
  await helpers.closeSideBar(page);

  await helpers.runCommand(page, 'Stacks: Call Read-Only Function…');
  const input = page.locator('.quick-input-widget input');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'contract' }).waitFor({ timeout: 15000 });
  await input.fill(TOKEN);
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'function' }).waitFor({ timeout: 15000 });
  await input.fill('get-name');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'get-name' }).first().waitFor({ timeout: 10000 });
  await page.keyboard.press('Enter');

  const frame = helpers.webviewFrame(page);
  await panelText(frame, 'contract', ['Simulate public functions (11)', 'transfer']);
  const form = frame.locator('.wb-form[data-form="public:transfer"]');
  await form.locator('summary').click();
  const fields = form.locator('.wb-input');
  await fields.nth(0).fill('u100');
  await fields.nth(1).fill(SENDER);
  await fields.nth(2).fill(RECIPIENT);
  await fields.nth(3).fill('none');
  const sender = frame.locator('section.workbench', { hasText: 'Simulate public functions' }).locator('.wb-sender');
  await sender.fill(SENDER);
  await form.locator('button[type="submit"]', { hasText: 'Simulate' }).click();

  // The question before anything is sent, naming the service.
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ timeout: 15000 });
  assert.match(await dialog.innerText(), new RegExp(`simulation service at ${mock.url}/simulation`));
  assert.strictEqual(mock.requestsTo('/simulation/').length, 0, 'nothing sent before the answer');
  await dialog.locator('a.monaco-button, button', { hasText: 'Send' }).first().click();

  const sim = form.locator('.wb-result .sim');
  await sim.waitFor({ timeout: 20000 });
  const text = await form.locator('.wb-result').innerText();
  assert.match(text, /\(ok true\)/);
  assert.match(text, /Would succeed\./);
  assert.match(text, new RegExp(`FT transfer ${TOKEN}::sbtc-token`));
  assert.match(text, /read count\s+8\s+15,000\s+0\.053 %/);
  assert.match(text, /Medium\s+0\.000125 STX/);
  assert.match(text, /willSendEq\(100n\)\.ft\(/);
  assert.strictEqual(mock.requestsTo('/simulation/').length, 1, 'one POST to the service');
  ctx.log(`simulation: ${text.slice(0, 300)}`);
  // Each heading of the result's tables on one line, even with the panel 480 px wide beside an
  // editor: a long principal in a column never breaks a heading inside a word ("Amoun|t").
  const brokenHeadings = await form.locator('.wb-result').evaluate(async (el) => {
    const app = el.closest('#app') as HTMLElement;
    const before = app.style.width;
    app.style.width = '480px';
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const out = Array.from(el.querySelectorAll('.sim-table th'))
      .filter((th) => {
        const range = document.createRange();
        range.selectNodeContents(th);
        return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size > 1;
      })
      .map((th) => th.textContent);
    app.style.width = before;
    return out;
  });
  assert.deepStrictEqual(brokenHeadings, [], 'table headings keep their words whole');

  await form.scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  ctx.log(`screenshot ${await helpers.screenshot(page, 'panel-simulate-dark', ctx.outDir)}`);

  // The Deny snippet pasted back with a too-small amount: simulated again with it, the call aborts
  // and the condition that did not hold is named; the box keeps what was pasted.
  const deny = await form.locator('.sim-pc pre').first().innerText();
  const pasted = deny.replace('willSendEq(100n)', 'willSendEq(10n)');
  await form.locator('.sim-paste').fill(pasted);
  assert.strictEqual(await form.locator('.sim-mode').inputValue(), 'deny', 'the mode the snippet names');
  await form.locator('.sim-resimulate').click();
  await form.locator('.wb-result .sim[data-tone="failed"]').waitFor({ timeout: 20000 });
  const aborted = await form.locator('.wb-result').innerText();
  assert.ok(
    aborted.includes(
      `The post-condition “the sender ${SENDER} sends exactly 10 base units of ${TOKEN}::sbtc-token” did not hold: it sent 100 base units.`,
    ),
    aborted.slice(0, 600),
  );
  assert.strictEqual(await form.locator('.sim-paste').inputValue(), pasted);
  assert.strictEqual(mock.requestsTo('/simulation/').length, 2, 'one more POST, with the post-conditions');

  // A line the parser cannot read: named above the last simulation, whose box keeps the text; nothing sent.
  const typo = pasted.replace('.ft(', '.fungible(');
  await form.locator('.sim-paste').fill(typo);
  await form.locator('.sim-resimulate').click();
  await form
    .locator('.wb-result .notice.tone-warning', { hasText: 'Post-conditions: Line 3' })
    .waitFor({ timeout: 20000 });
  assert.strictEqual(await form.locator('.sim-paste').inputValue(), typo);
  assert.strictEqual(mock.requestsTo('/simulation/').length, 2, 'nothing sent for a paste that was not read');
}
