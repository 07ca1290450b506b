// Headless Debian Chromium driven by playwright-core, confined to loopback, plus the helpers the
// e2e specs use (ctx.helpers): runCommand, findCommand, webviewFrame, screenshot, waitForWorkbench.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { chromium } = require('playwright-core');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const LOOPBACK = /^(https?|wss?):\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\]|[a-z0-9-]+\.localhost)[:/]/i;

/** True for a URL the browser may load (loopback http(s)/ws(s), or non-network schemes). */
function allowedUrl(href) {
  return !/^(https?|wss?):/i.test(href) || LOOPBACK.test(href);
}

/**
 * Launches Chromium with a fresh profile. Every non-loopback request is aborted (and recorded in
 * `blocked`). Returns { context, page, blocked, close() }.
 */
async function launchBrowser(opts = {}) {
  const profile = fs.mkdtempSync(path.join(opts.tmpDir || os.tmpdir(), 'stacks-lookup-chromium-'));
  const extra = process.env.EXTRA_CHROMIUM_ARGS ? process.env.EXTRA_CHROMIUM_ARGS.split(' ').filter(Boolean) : [];
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: opts.viewport || { width: 1400, height: 900 },
    args: [...CHROMIUM_ARGS, ...extra],
    timeout: 60000,
  });
  const blocked = [];
  await context.route(
    (u) => !allowedUrl(u.href),
    (route) => {
      blocked.push(route.request().url());
      return route.abort();
    },
  );
  const page = context.pages()[0] || (await context.newPage());
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    try {
      await Promise.race([context.close(), new Promise((r) => setTimeout(r, 10000))]);
    } catch {
      /* already gone */
    }
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return { context, page, blocked, close };
}

/** Workbench URL for a folder, with an optional smoke-test-driver payload. */
function workbenchUrl(baseUrl, folder, payload) {
  const q = [];
  if (folder) q.push(`folder=${encodeURIComponent(folder)}`);
  if (payload) q.push(`payload=${encodeURIComponent(JSON.stringify(payload))}`);
  return `${baseUrl}/${q.length ? '?' + q.join('&') : ''}`;
}

/** Waits until the workbench and its status bar (= remote extension host connected) are shown. */
async function waitForWorkbench(page, timeoutMs = 60000) {
  await page.locator('.monaco-workbench').waitFor({ timeout: timeoutMs });
  await page.locator('#workbench\\.parts\\.statusbar').waitFor({ timeout: timeoutMs });
}

/**
 * Takes keyboard focus out of a webview: a panel restored from the previous session can hold it,
 * and a shortcut pressed there reaches the workbench only through the webview's forwarding, which
 * may drop it.
 */
async function focusWorkbench(page) {
  await page.evaluate(() => {
    const a = document.activeElement;
    if (a && a.tagName === 'IFRAME') a.blur();
  });
}

/** Presses `key` (F1, Control+P) in the workbench until the quick input opens; returns its input box. */
async function openQuickInput(page, key, attempts = 3) {
  const input = page.locator('.quick-input-widget input');
  for (let i = 1; ; i++) {
    await focusWorkbench(page);
    await page.keyboard.press('Escape');
    await page.keyboard.press(key);
    try {
      await input.waitFor({ state: 'visible', timeout: 5000 });
      return input;
    } catch (e) {
      if (i >= attempts) throw new Error(`${key} opened no quick input after ${attempts} tries: ${e && e.message}`);
    }
  }
}

/**
 * Opens the command palette, types `title` and waits for a matching row. Retries: right after
 * startup the palette can open before the extension's commands are registered. Leaves the palette
 * open with the row present; returns the row locator.
 */
async function findCommand(page, title, { attempts = 6, rowTimeoutMs = 5000 } = {}) {
  for (let i = 1; ; i++) {
    const input = await openQuickInput(page, 'F1');
    const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
    try {
      // The palette can close or turn inert between opening and typing (a modal dialog or a
      // notification taking focus): then it is opened again, not waited on for 30 s.
      await input.fill('>' + title, { timeout: 5000 });
      await row.waitFor({ timeout: rowTimeoutMs });
      return row;
    } catch (e) {
      const dialog = page.locator('.monaco-dialog-box');
      if (await dialog.isVisible().catch(() => false))
        console.log(`  (a dialog was open: ${(await dialog.innerText().catch(() => '')).replace(/\s+/g, ' ')})`);
      await page.keyboard.press('Escape');
      if (i >= attempts)
        throw new Error(
          `command "${title}" not found in the command palette after ${attempts} tries: ${e && e.message}`,
        );
      const why = String((e && e.message) || e).split('\n')[0];
      console.log(`  (command "${title}" not run yet, try ${i} of ${attempts}: ${why})`);
      await page.waitForTimeout(2000);
    }
  }
}

/**
 * Runs a command by its palette title (with retries, see findCommand). Enter runs the focused row,
 * which is the command's once the list has settled on the typed title; until then (a recently used
 * command can still be on top) Enter would run another, so the row is clicked instead.
 */
async function runCommand(page, title, opts) {
  const row = await findCommand(page, title, opts);
  const focused = page.locator('.quick-input-list .monaco-list-row.focused', { hasText: title }).first();
  const settled = await focused.waitFor({ timeout: 3000 }).then(
    () => true,
    () => false,
  );
  if (settled) await page.keyboard.press('Enter');
  else await row.click();
}

/**
 * Closes the primary side bar when it is open. Its palette command is offered only while the bar
 * is shown, and a reload restores the bar as the previous spec left it.
 */
async function closeSideBar(page) {
  const bar = page.locator('#workbench\\.parts\\.sidebar');
  if (!(await bar.isVisible())) return;
  await runCommand(page, 'View: Close Primary Side Bar');
  await bar.waitFor({ state: 'hidden', timeout: 5000 });
}

/** The content frame of the active webview panel. */
function webviewFrame(page) {
  return page.frameLocator('iframe.webview').frameLocator('#active-frame');
}

/** Saves a PNG of the page to outDir/name(.png); returns the path. */
async function screenshot(page, name, outDir = 'test-results/e2e') {
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.resolve(outDir, name.endsWith('.png') ? name : name + '.png');
  await page.screenshot({ path: file });
  return file;
}

/**
 * Opens a workspace file by name through Quick Open (Ctrl+P) and waits until it is the active tab
 * of the active editor group, with its text rendered. Tries again when Enter picked another row
 * (the list can still be settling after a reload that restored the previous spec's editors).
 */
async function openFile(page, name, attempts = 3) {
  const activeTab = page.locator('.editor-group-container.active .tab.active', { hasText: name }).first();
  for (let i = 1; ; i++) {
    const input = await openQuickInput(page, 'Control+P');
    await input.fill(name);
    const row = page.locator('.quick-input-list .monaco-list-row.focused', { hasText: name }).first();
    try {
      await row.waitFor({ timeout: 15000 });
      await page.keyboard.press('Enter');
      await activeTab.waitFor({ timeout: 5000 });
      await page
        .locator('.editor-group-container.active .monaco-editor .view-lines')
        .first()
        .waitFor({ timeout: 15000 });
      return;
    } catch (e) {
      if (i >= attempts)
        throw new Error(`${name} did not open as the active editor after ${attempts} tries: ${e && e.message}`);
      await page.keyboard.press('Escape');
    }
  }
}

/** Text of the first visible hover widget that contains `text` (waits up to timeoutMs). */
async function hoverText(page, text, timeoutMs = 15000) {
  const hover = page.locator('.monaco-hover:visible', { hasText: text }).first();
  await hover.waitFor({ timeout: timeoutMs });
  return hover.innerText();
}

module.exports = {
  CHROMIUM_ARGS,
  allowedUrl,
  launchBrowser,
  workbenchUrl,
  waitForWorkbench,
  findCommand,
  runCommand,
  closeSideBar,
  webviewFrame,
  screenshot,
  openFile,
  hoverText,
};
