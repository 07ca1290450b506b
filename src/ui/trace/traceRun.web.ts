/**
 * The web build's Trace: a browser cannot start the Node process the Clarinet SDK runs in, so a
 * trace says it needs the desktop (src/ui/trace/index.ts words it), and nothing is installed.
 */
import type * as vscode from 'vscode';
import type { StacksClient } from '../../api';
import type { TraceReport } from '../../chain/traceReport';
import type { NetworkId } from '../shared/config';
import type { Config } from '../shared/config';
import type { Log } from '../shared/log';

export interface TraceDeps {
  config: Config;
  log: Log;
  extensionUri: vscode.Uri;
  globalStorageUri: vscode.Uri;
}

export interface TraceAsk {
  network: NetworkId;
  baseUrl: string;
  apiKey?: string | undefined;
  client: StacksClient;
  txId: string;
}

interface SdkLocation {
  path: string;
  version: string;
  from: 'setting' | 'workspace' | 'storage';
}

export interface TraceDone {
  report: TraceReport;
  run: { requests: number; ms: number; cold: boolean };
  sdk: SdkLocation;
  height: number;
  txId: string;
  contractId: string;
  fn: string;
  apiOrigin: string;
}

export class SdkMissing extends Error {}

export const TRACE_SUPPORTED = false;

export function runTrace(): Promise<TraceDone> {
  return Promise.reject(new Error('Trace needs VS Code on the desktop.'));
}

export function sdkWords(s: SdkLocation): string {
  return s.version;
}

export function installShown(): string | undefined {
  return undefined;
}

export function runInstall(): Promise<number | null | string> {
  return Promise.resolve('Trace needs VS Code on the desktop.');
}

export function disposeEngine(): void {}

export function findSdk(): SdkLocation | undefined {
  return undefined;
}

export function replayCall(): Promise<never> {
  return Promise.reject(new Error('Trace needs VS Code on the desktop.'));
}

export function dataVarsOf(): string[] {
  return [];
}
