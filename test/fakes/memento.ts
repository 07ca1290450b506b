// An in-memory Memento: what ExtensionContext's workspaceState and globalState hold, kept for one
// test or one benchmark run. Browser-safe (types only from `vscode`), so the web tests use it too.
import type * as vscode from 'vscode';

export class MemoryMemento implements vscode.Memento {
  private readonly map: Map<string, unknown>;

  /** Starts with `entries`, as a state kept from before a reload. */
  constructor(entries: Iterable<readonly [string, unknown]> = []) {
    this.map = new Map(entries);
  }

  keys(): readonly string[] {
    return [...this.map.keys()];
  }

  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  get<T>(key: string, defaultValue?: T): T | undefined {
    // A memento hands back what was stored under the key; the caller names its type, as with VS Code's.
    return this.map.has(key) ? (this.map.get(key) as T) : defaultValue;
  }

  /** As VS Code's: storing `undefined` removes the key. */
  async update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.map.delete(key);
    else this.map.set(key, value);
  }

  /** The global state's settings sync list: nothing syncs in memory. */
  setKeysForSync(_keys: readonly string[]): void {}
}
