// Hostile chain data in the real UI: a hover and the detail panel of a transaction whose visible
// strings carry HTML, script, event-handler, link and command-URI payloads. An injected script would
// set window.__stacksLookupPwned; it must stay unset, no element may come from the data, and the
// only links in the hover are the extension's own commands. The status bar's tooltip shows a
// server's error words with the URLs they carry, and links none. Screenshots:
// test-results/e2e/hostile-*.png.
import * as assert from 'assert';
import type { Page } from 'playwright-core';
import {
  ALL_PAYLOADS,
  HOSTILE_FN,
  hostileCallResult,
  hostileFixture,
  hostileInterface,
  PAYLOADS,
  PWNED_FLAG,
} from '../fixtures/hostile';
import { CONTRACT, TX } from '../fixtures/ids';
import type { E2EContext } from './context';
import { pointOf } from './editor';

/** The transaction named in memo-payments.clar (line 3), served with payloads everywhere. */
const HOSTILE_TX = TX.mainnetContractCall;

function hostileTransaction(): Record<string, unknown> {
  const body = hostileFixture('tx-contract_call-sponsored.json') as Record<string, unknown>;
  return { ...body, tx_id: HOSTILE_TX, tx_status: 'abort_by_response', tx_result: { hex: '0x00', repr: ALL_PAYLOADS } };
}

async function pwned(page: Page): Promise<unknown> {
  return page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], PWNED_FLAG);
}

async function hover(ctx: E2EContext): Promise<void> {
  const { page, helpers } = ctx;
  await helpers.openFile(page, 'memo-payments.clar');
  let text = '';
  for (let attempt = 1; !text; attempt++) {
    const p = await pointOf(page, HOSTILE_TX);
    // From below, after closing any hover: the contract id on the line above has a hover tall
    // enough to cover this line, and a pointer that crosses it keeps that hover open.
    await page.keyboard.press('Escape');
    await page.mouse.move(p.x, p.y + 60);
    await page.mouse.move(p.x, p.y, { steps: 4 });
    try {
      text = await helpers.hoverText(page, 'Transaction', 8000);
    } catch (e) {
      if (attempt >= 4) throw e;
      await page.mouse.click(p.x, p.y);
      await page.keyboard.press('Control+K');
      await page.keyboard.press('Control+I');
      text = await helpers.hoverText(page, 'Transaction', 8000).catch(() => '');
    }
  }
  ctx.log(`hover: ${text.replace(/\s+/g, ' ').slice(0, 300)}`);
  const report = await page
    .locator('.monaco-hover:visible', { hasText: 'Transaction' })
    .first()
    .evaluate((el) => {
      const links = Array.from(el.querySelectorAll('a')).map(
        (a) => a.getAttribute('data-href') ?? a.getAttribute('href') ?? '',
      );
      return {
        links,
        imgs: el.querySelectorAll('img').length,
        scripts: el.querySelectorAll('script, iframe, object, embed').length,
        handlers: Array.from(el.querySelectorAll('*')).filter((e) =>
          Array.from(e.attributes).some((a) => /^on/i.test(a.name)),
        ).length,
        text: (el as HTMLElement).innerText,
      };
    });
  ctx.log(`hover links: ${JSON.stringify(report.links.map((l) => l.slice(0, 60)))}`);
  for (const l of report.links)
    assert.match(l, /^command:stacksLookup\.[A-Za-z.]+(\?|$)/, `an injected link in the hover: ${l}`);
  assert.ok(report.links.length >= 1, 'the hover has its own command links');
  assert.strictEqual(report.imgs, 0, 'no image from data in the hover');
  assert.strictEqual(report.scripts, 0, 'no script or frame in the hover');
  assert.strictEqual(report.handlers, 0, 'no on* attribute in the hover');
  assert.ok(report.text.includes('<img src=x onerror='), 'the HTML payload shows as text');
  assert.strictEqual(await pwned(page), undefined, 'no payload ran in the workbench');
  await helpers.screenshot(page, 'hostile-hover', ctx.outDir);
  await page.keyboard.press('Escape');
}

async function panel(ctx: E2EContext): Promise<void> {
  const { page, helpers } = ctx;
  await helpers.runCommand(page, 'Stacks: Look Up…');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Stacks:' }).waitFor({ timeout: 15000 });
  await page.locator('.quick-input-widget input').fill(HOSTILE_TX);
  await page.keyboard.press('Enter');
  const frame = helpers.webviewFrame(page);
  const app = frame.locator('#app[data-state="render"][data-kind="tx"]');
  await app.waitFor({ timeout: 20000 });
  await frame.locator('#app', { hasText: PAYLOADS.img }).first().waitFor({ timeout: 10000 });
  const report = await frame.locator('#app').evaluate((el, flag) => {
    const w = window as unknown as Record<string, unknown>;
    return {
      imgs: el.querySelectorAll('img').length,
      scripts:
        el.querySelectorAll('script, iframe, object, embed').length +
        Array.from(document.scripts).filter((s) => /pwned/i.test(s.textContent ?? '')).length,
      handlers: Array.from(el.querySelectorAll('*')).filter((e) =>
        Array.from(e.attributes).some((a) => /^on/i.test(a.name)),
      ).length,
      jsLinks: Array.from(el.querySelectorAll('a[href]')).filter((a) =>
        /^\s*(javascript|command|https?):/i.test(a.getAttribute('href') ?? ''),
      ).length,
      // Layout: a long string wraps; only a scroll container (a wide table, a code block) may be
      // wider than the panel, and then it scrolls inside itself.
      overflowing: Array.from(document.body.querySelectorAll('*'))
        .filter((e) => {
          const s = getComputedStyle(e);
          // The element itself, or text that spills out of it, passes the right edge.
          const spills = s.overflowX === 'visible' && e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0;
          return (
            e.getBoundingClientRect().right > document.scrollingElement!.clientWidth + 1 ||
            (spills && e.getBoundingClientRect().left + e.scrollWidth > document.scrollingElement!.clientWidth + 1)
          );
        })
        .filter((e) => {
          for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
            if (/auto|scroll|hidden/.test(getComputedStyle(p).overflowX)) return false;
          }
          return true;
        })
        .map((e) => `${e.tagName.toLowerCase()}.${e.className}`)
        .slice(0, 5),
      pageScrollsSideways: document.scrollingElement!.scrollWidth > document.scrollingElement!.clientWidth + 1,
      pwned: w[flag],
    };
  }, PWNED_FLAG);
  ctx.log(`panel: ${JSON.stringify(report)}`);
  assert.deepStrictEqual(report.overflowing, [], 'nothing from chain data runs past the right edge of the panel');
  assert.strictEqual(report.pageScrollsSideways, false, 'the panel does not scroll sideways');
  assert.strictEqual(report.imgs, 0, 'no <img> from data in the panel');
  assert.strictEqual(report.scripts, 0, 'no script from data in the panel');
  assert.strictEqual(report.handlers, 0, 'no on* attribute in the panel');
  assert.strictEqual(report.jsLinks, 0, 'no link to a URL from data in the panel');
  assert.strictEqual(report.pwned, undefined, 'no payload ran in the webview');
  // Give a late onerror (a broken image) the chance to fire, then look again.
  await page.waitForTimeout(1000);
  assert.strictEqual(
    await frame
      .locator('#app')
      .evaluate((_el, flag) => (window as unknown as Record<string, unknown>)[flag], PWNED_FLAG),
    undefined,
  );
  assert.strictEqual(await pwned(page), undefined);
  await helpers.screenshot(page, 'hostile-panel', ctx.outDir);
}

/**
 * The contract workbench: an interface whose function name, epoch and version carry HTML, a call
 * whose result holds every payload, and a refused call whose cause does: all text.
 */
async function workbench(ctx: E2EContext): Promise<void> {
  const { page, helpers, mock } = ctx;
  const [address, name] = CONTRACT.typeProbe.split('.');
  const base = `/v2/contracts/call-read/${address}/${name}`;
  mock.override(`/v2/contracts/interface/${address}/${name}`, hostileInterface());
  mock.override(`${base}/${HOSTILE_FN.replace(/[<>]/g, encodeURIComponent)}`, hostileCallResult());
  mock.override(`${base}/safe-div`, { okay: false, cause: ALL_PAYLOADS });
  await helpers.runCommand(page, 'Stacks: Look Up…');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Stacks:' }).waitFor({ timeout: 15000 });
  await page.locator('.quick-input-widget input').fill(CONTRACT.typeProbe);
  await page.keyboard.press('Enter');
  const frame = helpers.webviewFrame(page);
  await frame.locator('#app[data-state="render"][data-kind="contract"]').waitFor({ timeout: 20000 });
  const form = frame.locator('.wb-form').filter({ hasText: HOSTILE_FN }).first();
  await form.locator('summary').click();
  await form.locator('.wb-input').fill('1');
  await form.locator('button[type="submit"]').click();
  await form.locator('.wb-result .wb-value', { hasText: PAYLOADS.img }).waitFor({ timeout: 15000 });
  const div = frame.locator('.wb-form[data-form="fn:safe-div"]');
  await div.locator('summary').click();
  await div.locator('.wb-input').nth(0).fill('1');
  await div.locator('.wb-input').nth(1).fill('1');
  await div.locator('button[type="submit"]').click();
  await div.locator('.wb-result', { hasText: PAYLOADS.script }).waitFor({ timeout: 15000 });
  const report = await frame.locator('#app').evaluate((el, flag) => {
    const w = window as unknown as Record<string, unknown>;
    return {
      imgs: el.querySelectorAll('img').length,
      scripts: el.querySelectorAll('script, iframe, object, embed').length,
      handlers: Array.from(el.querySelectorAll('*')).filter((e) =>
        Array.from(e.attributes).some((a) => /^on/i.test(a.name)),
      ).length,
      links: el.querySelectorAll('a[href]:not([href="#"])').length,
      pwned: w[flag],
    };
  }, PWNED_FLAG);
  ctx.log(`workbench: ${JSON.stringify(report)}`);
  assert.deepStrictEqual(report, { imgs: 0, scripts: 0, handlers: 0, links: 0, pwned: undefined });
  await page.waitForTimeout(500);
  assert.strictEqual(await pwned(page), undefined);
  await helpers.screenshot(page, 'hostile-workbench', ctx.outDir);
}

/** What the API status route answers while this spec runs: a server error whose words carry URLs. */
const STATUS_FAULT = {
  kind: 'status',
  status: 503,
  body: {
    error: 'Service Unavailable',
    message: 'Down for maintenance: see https://status.phish.example/login or www.phish.example',
  },
} as const;

/**
 * The status bar's tooltip after its chain tip check met that error (the first check comes 30 s
 * after the window's first request, the hover's, so the steps before run meanwhile).
 */
async function statusBarTooltip(ctx: E2EContext): Promise<void> {
  const { page, helpers } = ctx;
  const item = page
    .locator('#workbench\\.parts\\.statusbar .statusbar-item', {
      hasText: 'Stacks: Custom',
      has: page.locator('.codicon-warning'),
    })
    .first();
  await item.waitFor({ timeout: 45000 });
  await page.keyboard.press('Escape');
  const box = await item.boundingBox();
  assert.ok(box, 'the status bar item has a place on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 3 });
  const tooltip = page.locator('.monaco-hover:visible', { hasText: 'Last check failed' }).first();
  await tooltip.waitFor({ timeout: 10000 });
  const report = await tooltip.evaluate((el) => ({
    text: (el as HTMLElement).innerText.replace(/\u00a0/g, ' '),
    links: Array.from(el.querySelectorAll('a')).map((a) => a.getAttribute('data-href') ?? a.getAttribute('href') ?? ''),
  }));
  ctx.log(`status bar tooltip: ${JSON.stringify(report)}`);
  assert.match(
    report.text,
    /see https:\/\/status\.phish\.example\/login or www\.phish\.example/,
    'the words are shown',
  );
  assert.deepStrictEqual(report.links, [], 'the tooltip links a URL');
  await helpers.screenshot(page, 'hostile-statusbar', ctx.outDir);
  await page.mouse.move(5, 5);
}

export async function run(ctx: E2EContext): Promise<void> {
  await ctx.helpers.waitForWorkbench(ctx.page);
  await ctx.settings({
    'stacksLookup.network': 'custom',
    'stacksLookup.customApiUrl': ctx.mock.url,
    'stacksLookup.statusBar.chainTip': true,
  });
  ctx.mock.override(`/extended/v1/tx/${HOSTILE_TX}`, hostileTransaction());
  ctx.mock.fault({ match: /^\/extended$/, fault: STATUS_FAULT });
  await hover(ctx);
  await panel(ctx);
  await workbench(ctx);
  await statusBarTooltip(ctx);
}
