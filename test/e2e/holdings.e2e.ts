// What an address holds and has pending (issue 14), in a browser-hosted VS Code with the VSIX
// installed: fungible tokens with decimals and symbol (the custom API serves token metadata here),
// raw ones with their asset identifier and the reason, NFTs, the nonce gap and the pending
// transactions it holds back; and a screenshot for the README.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { ADDRESS } from '../fixtures/ids';
import type { E2EContext } from './context';
import { open, panelText } from './panel';

const README_SHOT = 'panel-address-holdings-dark';

export async function run(ctx: E2EContext): Promise<void> {
  const { page, helpers } = ctx;
  await helpers.waitForWorkbench(page);
  await ctx.settings({
    'stacksLookup.network': 'custom',
    'stacksLookup.customApiUrl': ctx.mock.url,
    'stacksLookup.customApiTokenMetadata': true,
    'workbench.colorTheme': 'Default Dark Modern',
  });
  await helpers.closeSideBar(page);
  const frame = helpers.webviewFrame(page);

  await open(ctx, { command: 'Stacks: Look Up…', input: ADDRESS.pendingSender });
  const text = await panelText(frame, 'address', [
    'Fungible tokens (4)',
    '1,234.56789 MIA',
    '3,000,000',
    'raw amount: the Token Metadata API does not know this token',
    'SP000000000000000000002Q6VF78.token-big::big',
    'NFTs (3)',
    'u2',
    'Nonce 4 is missing',
    'Missing nonces',
    'Pending transactions',
    'Stuck: nonce 4 is missing',
  ]);
  assert.ok(text.indexOf('Fungible tokens') < text.indexOf('Pending transactions'), 'tokens, then what is pending');
  ctx.log(
    'the address panel shows tokens with decimals, raw ones with the reason, NFTs, the nonce gap and the stuck ones',
  );

  // The picture: from the tokens down to the first pending transactions.
  await frame
    .locator('h2', { hasText: 'Fungible tokens' })
    .first()
    .evaluate((h) => {
      // Clear of the panel's sticky header.
      (h as HTMLElement).style.scrollMarginTop = '90px';
      h.scrollIntoView({ block: 'start' });
    });
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  const file = await helpers.screenshot(page, README_SHOT, ctx.outDir);
  if (process.env.STACKS_LOOKUP_UPDATE_SCREENSHOTS === '1') {
    const dest = path.resolve(__dirname, '../../../media/screenshots');
    fs.mkdirSync(dest, { recursive: true });
    fs.copyFileSync(file, path.join(dest, path.basename(file)));
  }
}
