// Helpers for specs that point at text in the workbench's editor.
import * as assert from 'assert';
import type { Page } from 'playwright-core';

/**
 * A point inside `needle` (on its 5th to 8th characters) on the rendered line of the active editor
 * that contains `lineText` (by default the needle's first 12 characters), where the mouse can rest.
 */
export async function pointOf(
  page: Page,
  needle: string,
  lineText = needle.slice(0, 12),
): Promise<{ x: number; y: number }> {
  await page.locator('.monaco-editor .view-line', { hasText: lineText }).first().waitFor({ timeout: 15000 });
  const point = await page.evaluate(
    ([lineText, text]) => {
      for (const line of Array.from(document.querySelectorAll('.monaco-editor .view-line'))) {
        if (!(line.textContent ?? '').replace(/\u00a0/g, ' ').includes(lineText)) continue;
        const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const value = n.nodeValue ?? '';
          const at = value.indexOf(text.slice(0, 12));
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(n, at + 4);
          range.setEnd(n, at + 8);
          const r = range.getBoundingClientRect();
          return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
        }
      }
      return undefined;
    },
    [lineText, needle] as const,
  );
  assert.ok(point, `"${needle}" is not on screen`);
  return point;
}
