// Replacing members of `vscode.window` for a test (the notifications, the quick pick): a plain
// object in both extension hosts, so assigning to it is enough. Browser-safe: only `vscode`.
import * as vscode from 'vscode';

/** Replaces members of `vscode.window` and returns a function that puts the originals back. */
export function replaceInWindow(replacements: { [K in keyof typeof vscode.window]?: unknown }): () => void {
  const keys = Object.keys(replacements) as Array<keyof typeof vscode.window>;
  const original = Object.fromEntries(keys.map((k) => [k, vscode.window[k]]));
  Object.assign(vscode.window, replacements);
  return () => void Object.assign(vscode.window, original);
}
