// Notifications in the workbench, for the specs that expect one.
import type { Locator } from 'playwright-core';
import type { E2EContext } from './context';

/**
 * The notification with `text`: a toast, or an entry of the notification centre (the workbench may
 * file a message there without showing a toast, e.g. right after a quick input closed, or while
 * another toast is up). Waits up to `timeoutMs` for either.
 */
export async function notification(ctx: E2EContext, text: string, timeoutMs = 15000): Promise<Locator> {
  const { page, helpers } = ctx;
  const toast = page.locator('.notifications-toasts .notification-list-item', { hasText: text }).first();
  const shown = await toast.waitFor({ timeout: Math.min(3000, timeoutMs) }).then(
    () => true,
    () => false,
  );
  if (shown) return toast;
  await helpers.runCommand(page, 'Notifications: Show Notifications');
  const entry = page.locator('.notifications-center .notification-list-item', { hasText: text }).first();
  await entry.waitFor({ timeout: timeoutMs });
  return entry;
}

/** Waits for the notification with `text`, then clears the notifications so the next check sees only new ones. */
export async function notified(ctx: E2EContext, text: string): Promise<void> {
  await notification(ctx, text);
  await ctx.helpers.runCommand(ctx.page, 'Notifications: Clear All Notifications');
  await ctx.page.keyboard.press('Escape');
}
