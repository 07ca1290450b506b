// In-memory SecretStorage, firing onDidChange as VS Code's does. Browser-safe: only `vscode`.
import * as vscode from 'vscode';

export class MemorySecrets implements vscode.SecretStorage {
  private readonly map = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  readonly onDidChange = this.changed.event;

  async get(key: string): Promise<string | undefined> {
    return this.map.get(key);
  }
  async keys(): Promise<string[]> {
    return [...this.map.keys()];
  }
  async store(key: string, value: string): Promise<void> {
    this.map.set(key, value);
    this.changed.fire({ key });
  }
  async delete(key: string): Promise<void> {
    this.map.delete(key);
    this.changed.fire({ key });
  }
}
