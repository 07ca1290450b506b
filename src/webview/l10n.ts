/**
 * The panel's own words (buttons, labels) in the user's language. The host writes them, already
 * translated, into the document as `data-l10n` on #app (src/ui/panels/webviewStrings.ts): no
 * script, nothing fetched, so the CSP stays as it is. A word the host did not send stays English.
 */
const strings: Record<string, string> = (() => {
  try {
    const raw = document.getElementById('app')?.dataset.l10n;
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
})();

/** `message` in the user's language, `{0}`, `{1}`, ... replaced by the arguments. */
export function t(message: string, ...args: Array<string | number>): string {
  const s = typeof strings[message] === 'string' ? strings[message] : message;
  return s.replace(/\{(\d+)\}/g, (whole, i: string) =>
    args[Number(i)] === undefined ? whole : String(args[Number(i)]),
  );
}
