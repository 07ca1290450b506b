/** The webview's line to the extension: its messages and the state VS Code keeps across reloads. */
import type { WebviewMessage } from '../protocol';

interface VsCodeApi {
  postMessage(message: WebviewMessage): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();

export const post = (m: WebviewMessage): void => vscode.postMessage(m);
export const getState = (): unknown => vscode.getState();
export const setState = (state: unknown): void => vscode.setState(state);
