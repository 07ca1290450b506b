// Records every outgoing connection made in this process (the extension host: the extension and
// the tests share it). Installed by index.ts before anything else is loaded. It only records; the
// suite fails at the end if anything left loopback (see index.ts).
//
// Layers: net.Socket.prototype.connect sees every TCP/TLS/IPC connection (http, https, undici
// fetch and net.connect all end up there); globalThis.fetch is wrapped as well to record the URL.
import * as net from 'net';

export interface Connection {
  /** Host name or address; `unix:<path>` for local sockets / pipes. */
  host: string;
  port: number | undefined;
  /** Date.now() when the connection was started. */
  time: number;
  /** 'socket' (net layer) or 'fetch' (URL requested through globalThis.fetch). */
  via: 'socket' | 'fetch';
  url?: string;
  /** Call site, kept for non-loopback connections only. */
  stack?: string | undefined;
}

const connections: Connection[] = [];
let installedAt = 0;

/** True for loopback hosts and local sockets. */
export function isLoopback(host: string | undefined): boolean {
  if (!host) return true; // net defaults to localhost
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    h.startsWith('unix:') ||
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    h === '::1' ||
    /^127\.\d+\.\d+\.\d+$/.test(h) ||
    /^::ffff:127\.\d+\.\d+\.\d+$/.test(h)
  );
}

function record(c: Omit<Connection, 'time' | 'stack'>): void {
  const entry: Connection = { ...c, time: Date.now() };
  if (!isLoopback(c.host)) entry.stack = new Error().stack?.split('\n').slice(3, 12).join('\n');
  connections.push(entry);
}

function fromConnectArgs(args: unknown[]): { host: string; port: number | undefined } {
  // net.connect() passes an already normalized [options, cb] array as the single argument.
  let first = args[0];
  if (Array.isArray(first)) first = first[0];
  if (first && typeof first === 'object') {
    const o = first as { host?: string; port?: number | string; path?: string };
    if (o.path) return { host: `unix:${o.path}`, port: undefined };
    return { host: o.host || 'localhost', port: o.port === undefined ? undefined : Number(o.port) };
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return { host: `unix:${first}`, port: undefined };
  const host = typeof args[1] === 'string' ? args[1] : 'localhost';
  return { host, port: first === undefined ? undefined : Number(first) };
}

/** Installs the guard once; later calls do nothing. */
export function installNetGuard(): void {
  if (installedAt) return;
  installedAt = Date.now();

  const originalConnect = net.Socket.prototype.connect;
  Object.assign(net.Socket.prototype, {
    connect(this: net.Socket, ...args: unknown[]) {
      try {
        record({ ...fromConnectArgs(args), via: 'socket' });
      } catch {
        /* never break a connection because of the guard */
      }
      return Reflect.apply(originalConnect, this, args);
    },
  });

  const originalFetch = globalThis.fetch;
  if (typeof originalFetch === 'function') {
    globalThis.fetch = function (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) {
      try {
        const href = typeof input === 'string' ? input : input instanceof URL ? input.href : (input as Request).url;
        const u = new URL(href);
        record({
          host: u.hostname,
          port: u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80,
          via: 'fetch',
          url: `${u.protocol}//${u.host}${u.pathname}`,
        });
      } catch {
        /* relative or odd URL: fetch itself will complain */
      }
      return originalFetch.call(globalThis, input, init);
    } as typeof fetch;
  }
}

/** When the guard was installed (0 if not installed). */
export function guardInstalledAt(): number {
  return installedAt;
}

/** Every recorded connection (a copy), optionally only those at or after `since` (Date.now()). */
export function getConnections(since = 0): Connection[] {
  return connections.filter((c) => c.time >= since);
}

/** Recorded TCP/fetch connections, i.e. without local sockets/pipes (IPC of VS Code itself). */
export function getNetworkConnections(since = 0): Connection[] {
  return getConnections(since).filter((c) => !c.host.startsWith('unix:'));
}

/** Recorded connections to hosts that are not loopback. */
export function getNonLoopbackConnections(since = 0): Connection[] {
  return getConnections(since).filter((c) => !isLoopback(c.host));
}
