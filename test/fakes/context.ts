// An ExtensionContext for calling activate() outside the host's own activation (the activation
// benchmarks): the real Extension's identity and URIs, in-memory state and secrets, storage where
// the caller says, and the parts the extension does not use (terminal environment, language-model
// access) as empty, working stand-ins. Browser-safe: only `vscode`.
import * as vscode from 'vscode';
import { MemoryMemento } from './memento';
import { MemorySecrets } from './secrets';

/** A terminal environment collection that only remembers what it is given. */
class MemoryEnvironment implements vscode.GlobalEnvironmentVariableCollection {
  persistent = false;
  description: string | vscode.MarkdownString | undefined = undefined;
  private readonly map = new Map<string, vscode.EnvironmentVariableMutator>();

  private set(
    type: vscode.EnvironmentVariableMutatorType,
    variable: string,
    value: string,
    options: vscode.EnvironmentVariableMutatorOptions = {},
  ): void {
    this.map.set(variable, { type, value, options });
  }
  replace(variable: string, value: string, options?: vscode.EnvironmentVariableMutatorOptions): void {
    this.set(vscode.EnvironmentVariableMutatorType.Replace, variable, value, options);
  }
  append(variable: string, value: string, options?: vscode.EnvironmentVariableMutatorOptions): void {
    this.set(vscode.EnvironmentVariableMutatorType.Append, variable, value, options);
  }
  prepend(variable: string, value: string, options?: vscode.EnvironmentVariableMutatorOptions): void {
    this.set(vscode.EnvironmentVariableMutatorType.Prepend, variable, value, options);
  }
  get(variable: string): vscode.EnvironmentVariableMutator | undefined {
    return this.map.get(variable);
  }
  forEach(
    callback: (
      variable: string,
      mutator: vscode.EnvironmentVariableMutator,
      collection: vscode.EnvironmentVariableCollection,
    ) => unknown,
  ): void {
    for (const [variable, mutator] of this.map) callback(variable, mutator, this);
  }
  delete(variable: string): void {
    this.map.delete(variable);
  }
  clear(): void {
    this.map.clear();
  }
  getScoped(): vscode.EnvironmentVariableCollection {
    return this;
  }
  [Symbol.iterator](): Iterator<[variable: string, mutator: vscode.EnvironmentVariableMutator]> {
    return this.map[Symbol.iterator]();
  }
}

export interface ContextPlaces {
  /** Where the extension's files are, as a path (`Extension.extensionPath` by default). */
  extensionPath?: string;
  globalStorageUri: vscode.Uri;
  storageUri: vscode.Uri;
  logUri: vscode.Uri;
  /** A path inside the extension, as `asAbsolutePath` answers it. */
  asAbsolutePath(relativePath: string): string;
}

export function fakeExtensionContext(ext: vscode.Extension<unknown>, places: ContextPlaces): vscode.ExtensionContext {
  const access = new vscode.EventEmitter<void>();
  return {
    subscriptions: [],
    extension: ext,
    extensionUri: ext.extensionUri,
    extensionPath: places.extensionPath ?? ext.extensionPath,
    extensionMode: vscode.ExtensionMode.Test,
    globalState: new MemoryMemento(),
    workspaceState: new MemoryMemento(),
    secrets: new MemorySecrets(),
    environmentVariableCollection: new MemoryEnvironment(),
    languageModelAccessInformation: { onDidChange: access.event, canSendRequest: () => undefined },
    globalStorageUri: places.globalStorageUri,
    storageUri: places.storageUri,
    logUri: places.logUri,
    globalStoragePath: places.globalStorageUri.fsPath,
    storagePath: places.storageUri.fsPath,
    logPath: places.logUri.fsPath,
    asAbsolutePath: places.asAbsolutePath,
  };
}
