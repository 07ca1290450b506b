/**
 * Where the Clarinet SDK a trace runs comes from, in this order: the `stacksLookup.replay.sdkPath`
 * setting (a workspace value counts only in a trusted workspace), a trusted workspace folder's own
 * `node_modules/@stacks/clarinet-sdk` (a project made by `clarinet new` depends on it), or the copy
 * the user installed into the extension's global storage (`Stacks: Install the Clarinet SDK for
 * Trace`, only on request). An untrusted workspace's copy is never run. Nothing here runs the SDK:
 * a folder counts when its package.json names `@stacks/clarinet-sdk` at major version 3.
 */
import * as fs from 'fs';
import * as path from 'path';

export const SDK_PACKAGE = '@stacks/clarinet-sdk';
/** The version the install button installs (the one the extension is tested with). */
export const SDK_VERSION = '3.21.0';

export interface SdkLocation {
  path: string;
  version: string;
  from: 'setting' | 'workspace' | 'storage';
}

/** The package.json of `dir` if it is the SDK at a version this extension can drive. */
export function sdkAt(dir: string): { version: string } | undefined {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      name?: unknown;
      version?: unknown;
    };
    if (pkg.name !== SDK_PACKAGE || typeof pkg.version !== 'string' || !/^3\./.test(pkg.version)) return undefined;
    return { version: pkg.version };
  } catch {
    return undefined;
  }
}

/** The folder the storage copy is installed into (`npm install --prefix <it>`). */
export function storagePrefix(globalStorage: string): string {
  return path.join(globalStorage, 'clarinet-sdk');
}

export interface LocateInput {
  setting: string;
  trusted: boolean;
  workspaceFolders: readonly string[];
  globalStorage: string;
}

export function locateSdk(i: LocateInput): SdkLocation | undefined {
  const candidates: Array<[string, SdkLocation['from']]> = [];
  if (i.setting) candidates.push([i.setting, 'setting']);
  if (i.trusted)
    for (const f of i.workspaceFolders) candidates.push([path.join(f, 'node_modules', SDK_PACKAGE), 'workspace']);
  candidates.push([path.join(storagePrefix(i.globalStorage), 'node_modules', SDK_PACKAGE), 'storage']);
  for (const [dir, from] of candidates) {
    const found = sdkAt(dir);
    if (found) return { path: dir, version: found.version, from };
  }
  return undefined;
}

/** The exact command the install button runs, as it is shown to the user. */
export function installCommand(globalStorage: string): { command: string; args: string[]; shown: string } {
  const prefix = storagePrefix(globalStorage);
  const args = ['install', '--prefix', prefix, '--no-save', '--ignore-scripts', `${SDK_PACKAGE}@${SDK_VERSION}`];
  return {
    command: process.platform === 'win32' ? 'npm.cmd' : 'npm',
    args,
    shown: `npm ${args.map((a) => (/\s/.test(a) ? `"${a}"` : a)).join(' ')}`,
  };
}
