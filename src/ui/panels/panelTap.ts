import type * as vscode from 'vscode';
import type { HostMessage } from '../../protocol';

/**
 * Who hears the detail panel's traffic: each message posted to its webview, each one the panel
 * takes, and the webview it shows (undefined once closed). The in-host tests' probe is the one
 * tap there is (src/testApi.ts builds it, src/extension.ts hands it down); users' panels have none.
 */
export interface PanelTap {
  posted(m: HostMessage): void;
  received(m: unknown): void;
  shows(webview: vscode.Webview | undefined): void;
}
