/**
 * The loopback hosts plain http may go to: the literal names only. `*.localhost` goes to the
 * system resolver (which may send it anywhere), and the rest of 127.0.0.0/8 is not what a devnet
 * listens on.
 */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `hostname` as `URL` gives it (lower case, IPv6 in brackets). */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.has(hostname.toLowerCase());
}
