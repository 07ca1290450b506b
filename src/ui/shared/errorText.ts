/** One clear sentence and the useful actions for each kind of failure. No `vscode` import. */
import { isStacksApiError } from '../../api/errors';
import { clip } from '../../chain/format';

export type ErrorAction = 'Set API Key' | 'Select Network' | 'Retry' | 'Show Log';

export interface ErrorContext {
  /** "Mainnet", "Testnet", "Devnet", "Custom". */
  networkLabel: string;
  baseUrl: string;
  /** What was being looked up, for "not found" messages. */
  what?: string;
  hasApiKey?: boolean;
}

export interface ErrorText {
  message: string;
  actions: ErrorAction[];
  /** A short form for hovers and tree items. */
  short: string;
}

export function describeError(e: unknown, ctx: ErrorContext): ErrorText {
  if (!isStacksApiError(e)) {
    const msg = e instanceof Error ? e.message : String(e);
    return {
      message: `Something went wrong: ${msg}`,
      actions: ['Show Log'],
      short: 'Something went wrong (see the log).',
    };
  }
  const on = `on ${ctx.networkLabel}`;
  switch (e.kind) {
    case 'invalid-input':
      return { message: e.message, actions: [], short: e.message };
    case 'insecure-url':
      // With a status, the server redirected to another site; without, the URL itself is refused.
      return {
        message: `${e.message} Choose another network or URL.`,
        actions: ['Select Network'],
        short: e.status !== undefined ? 'The API redirected to another site.' : 'The API URL is not allowed.',
      };
    case 'not-found': {
      const s = `${ctx.what ? `${capital(ctx.what)} not found` : 'Not found'} ${on} (${ctx.baseUrl}).`;
      return { message: `${s} It may be on another network.`, actions: ['Select Network'], short: `Not found ${on}` };
    }
    case 'bad-request':
      return { message: `${e.message}`, actions: [], short: e.message };
    case 'unauthorized':
      return {
        message: `${ctx.baseUrl} needs an API key: set one with "Stacks: Set API Key…".`,
        actions: ['Set API Key'],
        short: 'API key missing.',
      };
    case 'forbidden':
      return {
        message: `${ctx.baseUrl} refused the API key${ctx.hasApiKey ? '' : ' (none is set)'}: check it and set it again.`,
        actions: ['Set API Key'],
        short: 'API key refused.',
      };
    case 'gone':
      return {
        message: `${ctx.baseUrl} has switched this route off (410 Gone). ${e.message}`,
        actions: ['Select Network', 'Show Log'],
        short: 'This API route was switched off.',
      };
    case 'rate-limited': {
      const wait =
        e.retryAfterMs !== undefined ? ` Try again in ${Math.max(1, Math.ceil(e.retryAfterMs / 1000))} s.` : '';
      return ctx.hasApiKey
        ? { message: `Rate limited by ${ctx.baseUrl}.${wait}`, actions: ['Retry'], short: `Rate limited.${wait}` }
        : {
            message: `Rate limited by ${ctx.baseUrl}: set an API key for a higher limit.${wait}`,
            actions: ['Set API Key', 'Retry'],
            short: 'Rate limited: set an API key for a higher limit.',
          };
    }
    case 'server':
      return {
        message: `${ctx.networkLabel} API (${ctx.baseUrl}) had a problem: ${e.message}`,
        actions: ['Retry', 'Select Network'],
        short: `${ctx.networkLabel} API error (${e.status ?? 'server'}).`,
      };
    case 'timeout':
      return {
        message: `${ctx.networkLabel} API at ${ctx.baseUrl} did not answer in time.`,
        actions: ['Retry', 'Select Network'],
        short: `${ctx.networkLabel} API did not answer in time.`,
      };
    case 'cancelled':
      return { message: 'Cancelled.', actions: [], short: 'Cancelled.' };
    case 'network':
      return {
        message: `${ctx.networkLabel} at ${ctx.baseUrl} is not reachable: ${e.message}`,
        actions: ['Retry', 'Select Network'],
        short: `${ctx.networkLabel} at ${ctx.baseUrl} is not reachable.`,
      };
    case 'blocked':
      return {
        message: e.message,
        actions: ['Retry', 'Select Network'],
        short: 'The browser refused the request (CORS or mixed content).',
      };
    case 'invalid-response':
      return {
        message: `${ctx.networkLabel} API sent something unexpected: ${e.message}`,
        actions: ['Retry', 'Show Log'],
        short: `${ctx.networkLabel} API sent an unexpected response.`,
      };
  }
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Bidi overrides/isolates, zero-width characters and the BOM. */
const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g;

/**
 * Text for a notification. VS Code turns `[label](https:…)` and `[label](command:…)` in a
 * notification into a clickable link, and the server's words (or chain data echoed in them) end
 * up in the message: invisible controls go, `](` is broken up, line breaks fold, length is capped.
 */
export function inertNotification(s: string, max = 600): string {
  const t = s
    .replace(INVISIBLE, '')
    .replace(/\s+/g, ' ')
    .replace(/\]\s*\(/g, '] (')
    .trim();
  return clip(t, max);
}
