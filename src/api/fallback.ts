import { isStacksApiError } from './errors';
import type { LogFn } from './http';
import type { Fetch } from './replacements';
import type { Call } from './requests';

/**
 * The routes the server has switched off (410 Gone). A call of such a route goes to the
 * replacement the API names; the first 410 of a route is logged and reported once, and later calls
 * of the same client go straight to the replacement.
 */
export class Fallback {
  private readonly gone = new Set<string>();

  constructor(
    private readonly log: LogFn | undefined,
    private readonly onFallback: ((route: string, replacement: string) => void) | undefined,
  ) {}

  /** The call's answer from its route, or from the replacement once the route is switched off. */
  async load<T>(c: Call<T>, fetch: Fetch): Promise<T> {
    if (c.replacement && this.gone.has(c.route)) return c.replacement.load(fetch);
    try {
      return await fetch(c.route, c.path, c.query ?? [], c.schema, c.what);
    } catch (e) {
      if (!(c.replacement && isStacksApiError(e) && e.kind === 'gone')) throw e;
      this.switchedOff(c.route, c.replacement.route);
      return c.replacement.load(fetch);
    }
  }

  private switchedOff(route: string, replacement: string): void {
    if (this.gone.has(route)) return;
    this.gone.add(route);
    this.log?.('warn', `The API has switched off ${route} (410 Gone); using ${replacement} instead.`);
    this.onFallback?.(route, replacement);
  }
}
