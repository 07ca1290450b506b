/**
 * The types a trace's desktop run (./traceRun.ts) and its web stand-in (./traceRun.web.ts) share,
 * so that both, and the command that calls them (./index.ts), speak of one shape. Type imports
 * only, besides `SdkMissing`: the web build pulls in neither Node modules nor the replay engine.
 */
import type * as vscode from 'vscode';
import type { StacksClient } from '../../api';
import type { TraceReport } from '../../chain/traceReport';
import type { TraceRun } from '../../replay/engine';
import type { Config, NetworkId } from '../shared/config';
import type { Log } from '../shared/log';
import type { SdkLocation } from './locate';

export type { SdkLocation };

/**
 * What the in-host tests' probe sets and reads of the replay process (src/testApi.ts builds it,
 * src/extension.ts hands it down); a user's window has none.
 */
export interface ReplayTap {
  /** The idle time after which the replay process is stopped, when a test set one. */
  idleMs(): number | undefined;
  /** The replay engine, handed over when it is made, so the probe can name its process. */
  engine(e: { readonly pid: number | undefined }): void;
}

export interface TraceDeps {
  config: Config;
  log: Log;
  extensionUri: vscode.Uri;
  globalStorageUri: vscode.Uri;
  tap?: ReplayTap | undefined;
}

export interface TraceAsk {
  network: NetworkId;
  baseUrl: string;
  apiKey?: string | undefined;
  client: StacksClient;
  txId: string;
  /** Replay the block's earlier transactions first (the offer of a replay that diverged). */
  earlier?: boolean | undefined;
}

export interface TraceDone {
  report: TraceReport;
  run: Pick<TraceRun, 'requests' | 'ms' | 'cold'>;
  sdk: SdkLocation;
  height: number;
  txId: string;
  contractId: string;
  fn: string;
  apiOrigin: string;
}

/** Said when no SDK is found (the UI offers the install button and the setting). */
export class SdkMissing extends Error {}
