import * as vscode from 'vscode';
import { webviewStrings } from './webviewStrings';

/** A fresh nonce for every document: only the bundled script with it may run. */
export function nonce(): string {
  const bytes = new Uint8Array(18);
  globalThis.crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** The roots a panel may load from: the bundle and the media folder, nothing else. */
export function resourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')];
}

/**
 * The document of the detail panel. It holds no data: the script renders what the host posts.
 * CSP: nothing by default; styles, fonts and images only from the extension; scripts only with
 * the nonce. No inline styles, no remote resources.
 */
export function panelHtml(webview: vscode.Webview, extensionUri: vscode.Uri): string {
  const n = nonce();
  const dist = (f: string) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', f)).toString();
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${n}'`,
    `style-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    `img-src ${webview.cspSource}`,
  ].join('; ');
  // The panel's own words, translated, as an attribute: no inline script, so the CSP stays the same.
  const words = escapeAttribute(JSON.stringify(webviewStrings()));
  return `<!DOCTYPE html>
<html lang="${escapeAttribute(vscode.env.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${dist('webview.css')}">
<title>Stacks Lookup</title>
</head>
<body>
<main id="app" aria-live="polite" data-l10n="${words}"><p class="state loading">${escapeText(vscode.l10n.t('Loading…'))}</p></main>
<script nonce="${n}" src="${dist('webview.js')}"></script>
</body>
</html>`;
}

function escapeAttribute(s: string): string {
  return escapeText(s).replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
