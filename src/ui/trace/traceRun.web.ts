/**
 * The web build's Trace: a browser cannot start the Node process the Clarinet SDK runs in, so a
 * trace says it needs the desktop (src/ui/trace/index.ts words it), and nothing is installed. The
 * types are the desktop run's own (./traceTypes.ts).
 */
import type { SdkLocation, TraceDone } from './traceTypes';

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
