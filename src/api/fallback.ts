import { isStacksApiError } from './errors';
import type { LogFn } from './http';
import type { Fetch } from './replacements';
import type { Call } from './call';

/**
 * The routes each API origin has switched off (410 Gone). A server switches its deprecated routes
 * off for everyone at once, so what one client learnt holds for every client of the same origin
 * (another key, network name or timeout makes another client, not another server).
 */
export class SwitchedOffRoutes {
  private static readonly byOrigin = new Map<string, SwitchedOffRoutes>();
  private readonly routes = new Set<string>();

  /** The shared memory of one origin (scheme, host and port of the API URL). */
  static forOrigin(baseUrl: string): SwitchedOffRoutes {
    let origin: string;
    try {
      origin = new URL(baseUrl).origin;
    } catch {
      origin = baseUrl;
    }
    let m = SwitchedOffRoutes.byOrigin.get(origin);
    if (!m) {
      m = new SwitchedOffRoutes();
      SwitchedOffRoutes.byOrigin.set(origin, m);
    }
    return m;
  }

  has(route: string): boolean {
    return this.routes.has(route);
  }

  /** True the first time a route is recorded. */
  add(route: string): boolean {
    if (this.routes.has(route)) return false;
    this.routes.add(route);
    return true;
  }
}

/**
 * A call of a route the server has switched off goes to the replacement the API names. The seed's
 * route is always asked first (a self-hosted API of an older version has no v3); after its first
 * 410 the origin's clients go straight to the replacement. Each client logs and reports a
 * switched-off route once.
 */
export class Fallback {
  private readonly reported = new Set<string>();

  constructor(
    private readonly log: LogFn | undefined,
    private readonly onFallback: ((route: string, replacement: string) => void) | undefined,
    private readonly gone: SwitchedOffRoutes,
  ) {}

  /** The call's answer from its route, or from the replacement once the route is switched off. */
  async load<T>(c: Call<T>, fetch: Fetch): Promise<T> {
    if (c.replacement && this.gone.has(c.route)) {
      this.report(c.route, c.replacement.route);
      return c.replacement.load(fetch);
    }
    try {
      return await fetch(c.route, c.path, c.query ?? [], c.schema, c.what);
    } catch (e) {
      if (!(c.replacement && isStacksApiError(e) && e.kind === 'gone')) throw e;
      this.gone.add(c.route);
      this.report(c.route, c.replacement.route);
      return c.replacement.load(fetch);
    }
  }

  private report(route: string, replacement: string): void {
    if (this.reported.has(route)) return;
    this.reported.add(route);
    this.log?.('warn', `The API has switched off ${route} (410 Gone); using ${replacement} instead.`);
    this.onFallback?.(route, replacement);
  }
}
