// The extension in Spanish, end to end: the run starts code-server with the display language "es"
// and the test language pack of test/fixtures/language-pack-es (VS Code switches its language only
// when a pack for it is installed; the pack translates none of VS Code's own words), so
// vscode.env.language is "es" and VS Code loads package.nls.es.json and l10n/bundle.l10n.es.json.
// The palette, a quick pick, the view, a detail panel and a notification then speak Spanish. With
// STACKS_LOOKUP_UPDATE_SCREENSHOTS=1 it refreshes the README's picture, media/screenshots/spanish.png.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import type { Locator } from 'playwright-core';
import type { E2EContext } from './context';
import { notification } from './notifications';
import { panelText } from './panel';

export const locale = 'es';

const REPO = path.resolve(__dirname, '../../..');

function row(ctx: E2EContext, text: string): Locator {
  return ctx.page.locator('.part.sidebar .monaco-list-row', { hasText: text }).first();
}

export async function run(ctx: E2EContext): Promise<void> {
  const { page, helpers, mock } = ctx;
  await helpers.waitForWorkbench(page);
  await ctx.settings({ 'stacksLookup.network': 'custom', 'stacksLookup.customApiUrl': mock.url });

  // A command of the palette, by its Spanish title (package.nls.es.json), opens a quick pick whose
  // title and items come from the Spanish runtime bundle.
  await helpers.runCommand(page, 'Stacks: Seleccionar red…');
  const pick = page.locator('.quick-input-widget');
  await pick.locator('.quick-input-title', { hasText: 'Stacks: Seleccionar red' }).waitFor({ timeout: 20000 });
  await pick.locator('.monaco-list-row', { hasText: 'Una devnet local de Clarinet' }).first().waitFor();
  await page.keyboard.press('Escape');
  ctx.log('the Select Network quick pick is in Spanish');

  // The view: its sections and what they offer before any request.
  await helpers.runCommand(page, 'View: Show Stacks Lookup');
  await row(ctx, 'Contratos del espacio de trabajo').waitFor({ timeout: 30000 });
  await row(ctx, 'Búsquedas recientes').waitFor();
  assert.match((await row(ctx, 'Estado de la API').textContent()) ?? '', /Selecciona para cargar/);
  assert.match((await row(ctx, 'memo-payments').textContent()) ?? '', /testnet: sin comprobar/);
  // Selecting the API status loads it from the mock: the tree's facts, in Spanish.
  await row(ctx, 'Estado de la API').click();
  await row(ctx, 'Punta de la cadena').waitFor({ timeout: 30000 });
  await row(ctx, 'Versión del servidor').waitFor();
  // Numbers the Spanish way: the chain tip's height is not grouped with a comma (3.275 → 3275 and
  // 164.123 in Spanish; 3,275 in English).
  const tip = (await row(ctx, 'Punta de la cadena').textContent()) ?? '';
  assert.match(tip, /\d{4}/, `the tip's height: ${tip}`);
  assert.doesNotMatch(tip, /\d,\d{3}/, `the tip's height is written the Spanish way: ${tip}`);
  ctx.log('the view is in Spanish');

  // A detail panel: its title, the model's labels and the webview's own buttons.
  await helpers.runCommand(page, 'Stacks: Mostrar estado de la API');
  const frame = helpers.webviewFrame(page);
  await panelText(frame, 'status', ['Estado de la API', 'Clave de API en uso', 'URL base']);
  await frame.locator('button[title="Actualizar"]').waitFor();
  await page.locator('.tab', { hasText: 'Estado de la API' }).first().waitFor();
  ctx.log('the API status panel is in Spanish');

  // A notification: no transaction is watched yet.
  await helpers.runCommand(page, 'Stacks: Mostrar transacciones vigiladas');
  const toast = await notification(ctx, 'No se vigila ninguna transacción', 20000);
  assert.match((await toast.textContent()) ?? '', /Stacks: Vigilar transacción…/);
  ctx.log('the notification is in Spanish');

  await page.mouse.move(5, 5);
  const shot = await helpers.screenshot(page, 'spanish', ctx.outDir);
  ctx.log(`screenshot ${shot}`);
  if (process.env.STACKS_LOOKUP_UPDATE_SCREENSHOTS === '1') {
    const readme = path.join(REPO, 'media', 'screenshots', 'spanish.png');
    fs.mkdirSync(path.dirname(readme), { recursive: true });
    fs.copyFileSync(shot, readme);
    // Smaller for the README when pngquant is there; the picture as taken otherwise.
    const q = spawnSync('pngquant', ['--force', '--skip-if-larger', '--output', readme, '--', readme]);
    ctx.log(`copied to ${path.relative(REPO, readme)}${q.status === 0 ? ' (pngquant)' : ''}`);
  }
}
