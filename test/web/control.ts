// The web pass's tests run in the web worker extension host: no Node module, no server of their
// own. They drive the mock APIs (started by test/host/run.js web) through test/host/webControl.js
// over fetch; its URL and the mocks' come in through user settings.
import * as vscode from 'vscode';

function setting(name: string): string {
  const v = vscode.workspace.getConfiguration('stacksLookupTest').get<string>(name);
  if (!v) throw new Error(`the user setting stacksLookupTest.${name} is not set (run through test/host/run.js web)`);
  return v;
}

export const controlUrl = (): string => setting('controlUrl');
/** The main mock (the custom network's URL), and a second one on another origin. */
export const mockUrl = (): string => setting('mockUrl');
export const otherMockUrl = (): string => setting('otherMockUrl');

export interface SeenRequest {
  method: string;
  path: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body of a POST (a read-only call's arguments). */
  body?: string;
}

export type FaultSpec =
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'delay'; ms: number }
  | { kind: 'hang' }
  | { kind: 'reset' }
  | { kind: 'malformed' }
  | { kind: 'truncated' }
  | { kind: 'redirect'; location: string; status?: number };

async function post<T>(path: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`${controlUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`control ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** One of the mocks, as far as a test in the worker can reach it. */
export class RemoteMock {
  constructor(readonly name: 'main' | 'other') {}
  reset(): Promise<void> {
    return post(`/mock/${this.name}/reset`);
  }
  fault(fault: FaultSpec, match?: RegExp): Promise<void> {
    return post(`/mock/${this.name}/fault`, { fault, ...(match ? { match: match.source } : {}) });
  }
  override(path: string, body: unknown, status?: number): Promise<void> {
    return post(`/mock/${this.name}/override`, { path, body, status });
  }
  /** `body` (and `status`) for `path` once it has answered `after` more requests as before. */
  later(path: string, after: number, body: unknown, status?: number): Promise<void> {
    return post(`/mock/${this.name}/later`, { path, after, body, status });
  }
  /** `count` new transactions of `address` after `after` more requests of its list; the newest one's id. */
  async newTransactionLater(address: string, after: number, count?: number): Promise<string> {
    return (await post<{ id: string }>(`/mock/${this.name}/newTransactionLater`, { address, after, count })).id;
  }
  requests(): Promise<SeenRequest[]> {
    return post(`/mock/${this.name}/requests`);
  }
}

export const mainMock = new RemoteMock('main');
export const otherMock = new RemoteMock('other');

export function report(
  path: '/results' | '/first-test' | '/log' | '/bench-ready' | '/bench-done',
  body: unknown,
): Promise<unknown> {
  return post(path, body);
}
