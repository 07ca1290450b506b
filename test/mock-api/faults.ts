/**
 * Fault injection: rules that pick requests by path and query, and the faults they play instead
 * of (or on top of) the normal answer: error statuses, delays, hangs, resets, broken or huge
 * bodies, redirects, extra headers.
 */
import type * as http from 'http';
import { TX } from '../fixtures/ids';
import { defaultErrorBody, ERROR_BODIES } from './fixtures';
import type { Reply } from './routing';

export type Fault =
  /** `raw`: the body is sent as plain text, as the node sends its `HttpBadRequest` refusals. */
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string>; raw?: boolean }
  | { kind: 'delay'; ms: number }
  | { kind: 'hang' }
  | { kind: 'reset' }
  | { kind: 'malformed' }
  | { kind: 'truncated' }
  | { kind: 'oversized'; bytes: number }
  | { kind: 'body'; body: unknown; status?: number; headers?: Record<string, string> }
  | { kind: 'redirect'; location: string; status?: number }
  | { kind: 'slowFirstByte'; ms: number }
  | { kind: 'headers'; headers: Record<string, string> };

export interface FaultRule {
  /** Tested against the request path + query: a string matches when it is a substring; a RegExp is tested. No match = every request. */
  match?: string | RegExp;
  /** How many requests the rule applies to (default: unlimited). */
  times?: number;
  fault: Fault;
}

/** A fault rule that switches a route off the way the API operator does (410 with the real body). */
export function switchedOff(match: RegExp): FaultRule {
  return { match, fault: { kind: 'status', status: 410, body: ERROR_BODIES.gone() } };
}

/** A fault rule that marks a route deprecated with the API's `Warning: 299` header. */
export function deprecated(
  match: RegExp,
  text = 'Deprecated: this endpoint will be removed; use its replacement',
): FaultRule {
  return { match, fault: { kind: 'headers', headers: { warning: `299 - "${text}"` } } };
}

/** The rules of one server, first added first tried; a rule goes once its `times` are used up. */
export class FaultRules {
  private rules: Array<{ match?: string | RegExp | undefined; remaining: number; fault: Fault }> = [];

  add(rule: FaultRule | Fault): void {
    const r: FaultRule = 'kind' in rule ? { fault: rule } : rule;
    this.rules.push({ match: r.match, remaining: r.times ?? Infinity, fault: r.fault });
  }

  clear(): void {
    this.rules = [];
  }

  /** The fault for a request (path + query), counting one use of its rule. */
  take(target: string): Fault | undefined {
    for (const rule of this.rules) {
      const m = rule.match;
      let hit = true;
      if (typeof m === 'string') hit = target.includes(m);
      else if (m instanceof RegExp) {
        m.lastIndex = 0;
        hit = m.test(target);
      }
      if (!hit) continue;
      rule.remaining--;
      if (rule.remaining <= 0) this.rules = this.rules.filter((r) => r !== rule);
      return rule.fault;
    }
    return undefined;
  }
}

/** What the server lends a fault to play it on one request. */
export interface Stage {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  /** Sends a reply the normal way, with the rate-limit headers. */
  send(reply: Reply): void;
  /** Waits on a timer the server clears when it closes. */
  wait(ms: number): Promise<void>;
  /** Leaves the response open until the client goes or the server closes. */
  hang(): void;
  /** The body the route would send without the fault. */
  normalBody(): unknown;
}

/** How a fault changes the normal answer when it does not give one of its own. */
export interface Change {
  headers: Record<string, string>;
  /** Send the headers at once and the body this much later. */
  slowBodyMs: number;
}

/** Plays a fault: `answered` when it has dealt with the request itself, else what to change in the normal answer. */
export async function playFault(fault: Fault, s: Stage): Promise<'answered' | Change> {
  const change: Change = { headers: {}, slowBodyMs: 0 };
  const { req, res } = s;
  switch (fault.kind) {
    case 'status':
      s.send({
        status: fault.status,
        body: fault.body === undefined ? defaultErrorBody(fault.status) : fault.body,
        headers: fault.headers,
        ...(fault.raw ? { raw: true } : {}),
      });
      return 'answered';
    case 'body':
      s.send({ status: fault.status ?? 200, body: fault.body, headers: fault.headers });
      return 'answered';
    case 'delay':
      await s.wait(fault.ms);
      return change;
    case 'slowFirstByte':
      return { ...change, slowBodyMs: fault.ms };
    case 'hang':
      s.hang();
      return 'answered';
    case 'reset':
      req.socket.destroy();
      return 'answered';
    case 'malformed': {
      const body = '{"tx_id": "0x03807fdb726b3cb843e0330c564a4974037be8f9ea58ec7f8ebe03c34b890009", "tx_status": succ';
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
      });
      res.end(body);
      return 'answered';
    }
    case 'truncated': {
      const normal = JSON.stringify(s.normalBody() ?? {});
      const part = normal.slice(0, Math.max(1, Math.floor(normal.length / 2)));
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(normal) + 100),
      });
      res.write(part, () => setImmediate(() => res.socket?.destroy()));
      return 'answered';
    }
    case 'oversized':
      await streamOversized(res, fault.bytes);
      return 'answered';
    case 'redirect':
      res.writeHead(fault.status ?? 302, {
        location: fault.location,
        'content-type': 'application/json; charset=utf-8',
        'content-length': '2',
      });
      res.end('{}');
      return 'answered';
    case 'headers':
      return { ...change, headers: { ...fault.headers } };
  }
}

/** A JSON body of `bytes` bytes, written as the client reads it, stopping when the client goes. */
async function streamOversized(res: http.ServerResponse, bytes: number): Promise<void> {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  const head = '{"tx_id":"' + TX.tokenTransfer + '","padding":"';
  const tail = '"}';
  let remaining = Math.max(0, bytes - head.length - tail.length);
  const chunk = 'a'.repeat(64 * 1024);
  const write = async (s: string): Promise<boolean> => {
    if (res.destroyed) return false;
    if (!res.write(s)) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
    return !res.destroyed;
  };
  if (!(await write(head))) return;
  while (remaining > 0) {
    const n = Math.min(remaining, chunk.length);
    if (!(await write(n === chunk.length ? chunk : chunk.slice(0, n)))) return;
    remaining -= n;
  }
  if (!res.destroyed) res.end(tail);
}
