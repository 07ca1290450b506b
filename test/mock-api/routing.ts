/**
 * What every route handler works with: the request it is given, the reply it returns, and the
 * checks of ids and paging the real API makes (with its own 400 bodies).
 */
import { c32addressDecode } from 'c32check';
import { ERROR_BODIES, Json } from './fixtures';

export interface RouteContext {
  params: string[];
  query: URLSearchParams;
  method: string;
  url: string;
  /** The request's body as text (a POST). */
  body?: string;
}

/** The group `i` of the route's pattern, as matched: a route reads only groups its pattern has. */
export function param(ctx: RouteContext, i: number): string {
  const value = ctx.params[i];
  if (value === undefined) throw new Error(`the route for ${ctx.url} has no group ${i} in its pattern`);
  return value;
}

export interface Reply {
  status: number;
  body: unknown;
  /** Send `body` (a string) as plain text, not as JSON: what a simulation service answers when it cannot run. */
  raw?: boolean;
  headers?: Record<string, string> | undefined;
}

export interface Route {
  pattern: RegExp;
  handler: (ctx: RouteContext) => Reply;
  /** A route that takes a POST (the node's call-read and map_entry); every other route is GET only. */
  post?: boolean;
}

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const err = (status: number, body: unknown): Reply => ({ status, body });

export const TX_ID_RE = /^(0x)?[a-fA-F0-9]{64}$/;
const CONTRACT_NAME_RE = /^[a-zA-Z]([a-zA-Z0-9]|[-_])*$/;

export function normalizeHash(id: string): string {
  return ('0x' + id.replace(/^0x/, '')).toLowerCase();
}

function isValidStxAddress(address: string): boolean {
  try {
    const [version] = c32addressDecode(address);
    return [20, 21, 22, 26].includes(version);
  } catch {
    return false;
  }
}

export function isValidPrincipal(principal: string): boolean {
  const [address, name, ...rest] = principal.split('.');
  if (address === undefined || rest.length) return false;
  if (name === undefined) return isValidStxAddress(address);
  return isValidStxAddress(address) && name.length <= 128 && CONTRACT_NAME_RE.test(name);
}

/** Parses limit/offset like the real API (Fastify/TypeBox): 400 with the validation body. */
export function paging(
  query: URLSearchParams,
  defLimit: number,
  maxLimit: number,
): { limit: number; offset: number } | Reply {
  let limit = defLimit;
  let offset = 0;
  const l = query.get('limit');
  if (l !== null) {
    if (!/^-?\d+$/.test(l)) return err(400, ERROR_BODIES.validation('querystring/limit must be integer'));
    limit = Number(l);
    if (limit > maxLimit)
      return err(400, { ...ERROR_BODIES.limitTooLarge(), message: `querystring/limit must be <= ${maxLimit}` });
    if (limit < 1) return err(400, ERROR_BODIES.validation('querystring/limit must be >= 1'));
  }
  const o = query.get('offset');
  if (o !== null) {
    if (!/^-?\d+$/.test(o)) return err(400, ERROR_BODIES.validation('querystring/offset must be integer'));
    offset = Number(o);
    if (offset < 0) return err(400, ERROR_BODIES.validation('querystring/offset must be >= 0'));
  }
  return { limit, offset };
}

export function page(items: Json[], p: { limit: number; offset: number }): Json {
  return { limit: p.limit, offset: p.offset, total: items.length, results: items.slice(p.offset, p.offset + p.limit) };
}
