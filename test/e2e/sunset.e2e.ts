// The API's sunset in a browser-hosted VS Code with the packaged extension: with every deprecated
// route answering 410 Gone, the transaction, address and block panels open from the palette, fed
// by the v3 replacements, and say "not available on this API" where v3 has no value.
import * as assert from 'assert';
import { ADDRESS, BLOCK, TX } from '../fixtures/ids';
import { startMockApi } from '../mock-api/server';
import type { E2EContext } from './context';
import { open, panelText } from './panel';

const NOT_AVAILABLE = 'not available on this API';

export async function run(ctx: E2EContext): Promise<void> {
  const { page, helpers } = ctx;
  await helpers.waitForWorkbench(page);
  // A mock of its own, at an origin the extension has not seen: a panel restored from the spec
  // before, and what the client cached for it, come from the run's mock before the sunset.
  const mock = await startMockApi({ sunset: true });
  await ctx.settings({ 'stacksLookup.network': 'custom', 'stacksLookup.customApiUrl': mock.url });
  try {
    const frame = helpers.webviewFrame(page);

    await open(ctx, { command: 'Stacks: Look Up…', input: TX.contractCall });
    const tx = await panelText(frame, 'tx', ['Contract call', 'Arguments', 'Result', NOT_AVAILABLE]);
    ctx.log(`transaction: ${tx.slice(0, 160).replace(/\s+/g, ' ')}`);
    assert.ok(mock.requestsTo(`/extended/v3/transactions/${TX.contractCall}`).length >= 1, 'asked the v3 route');

    await open(ctx, { command: 'Stacks: Look Up…', input: ADDRESS.mainnet });
    const address = await panelText(frame, 'address', ['Balance', '1 STX', 'Transactions (2)', NOT_AVAILABLE]);
    ctx.log(`address: ${address.slice(0, 160).replace(/\s+/g, ' ')}`);
    await helpers.screenshot(page, 'sunset-address', ctx.outDir);

    await open(ctx, { command: 'Stacks: Look Up…', input: 'latest' });
    await panelText(frame, 'block', [`Block #${BLOCK.height}`, 'Canonical']);

    // The seed's route was asked first (it answered 410), then its replacement.
    assert.ok(mock.requestsTo(`/extended/v1/tx/${TX.contractCall}`).length >= 1, 'asked the v1 route first');
    assert.ok(mock.requestsTo(`/extended/v3/principals/${ADDRESS.mainnet}/`).length >= 1, 'the v3 principal routes');
    const errors = await page.locator('.notifications-toasts .notification-list-item.error').count();
    assert.strictEqual(errors, 0, 'no error notification');
  } finally {
    await mock.close();
  }
}
