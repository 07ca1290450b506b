/** One clear sentence and the useful actions for each kind of failure. No `vscode` import. */
import { isStacksApiError, type StacksApiError } from '../../api/errors';
import { quotaDate } from '../../api/rateLimit';
import { readOnlyHttpRefusal } from '../../chain/readOnlyRefusal';
import { clip } from '../../chain/format';
import * as l10n from '../../chain/l10n';

export type ErrorAction = 'Set API Key' | 'Select Network' | 'Retry' | 'Show Log';

/** The label of an action's button, in the user's language. */
export function actionLabel(a: ErrorAction): string {
  switch (a) {
    case 'Set API Key':
      return l10n.t('Set API Key');
    case 'Select Network':
      return l10n.t('Select Network');
    case 'Retry':
      return l10n.t('Retry');
    case 'Show Log':
      return l10n.t('Show Log');
  }
}

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
      message: l10n.t('Something went wrong: {0}', msg),
      actions: ['Show Log'],
      short: l10n.t('Something went wrong (see the log).'),
    };
  }
  const refused = callRefusal(e);
  if (refused) return { message: `${refused} (${e.message})`, actions: [], short: refused };
  switch (e.kind) {
    case 'invalid-input':
      return { message: e.message, actions: [], short: e.message };
    case 'insecure-url':
      // With a status, the server redirected to another site; without, the URL itself is refused.
      return {
        message: l10n.t('{0} Choose another network or URL.', e.message),
        actions: ['Select Network'],
        short:
          e.status !== undefined
            ? l10n.t('The API redirected to another site.')
            : l10n.t('The API URL is not allowed.'),
      };
    case 'not-found': {
      const message = ctx.what
        ? l10n.t(
            '{0} not found on {1} ({2}). It may be on another network.',
            capital(ctx.what),
            ctx.networkLabel,
            ctx.baseUrl,
          )
        : l10n.t('Not found on {0} ({1}). It may be on another network.', ctx.networkLabel, ctx.baseUrl);
      return { message, actions: ['Select Network'], short: l10n.t('Not found on {0}', ctx.networkLabel) };
    }
    case 'bad-request':
      return { message: `${e.message}`, actions: [], short: e.message };
    case 'unauthorized':
      return {
        message: l10n.t('{0} needs an API key: set one with "Stacks: Set API Key…".', ctx.baseUrl),
        actions: ['Set API Key'],
        short: l10n.t('API key missing.'),
      };
    case 'forbidden':
      return {
        message: ctx.hasApiKey
          ? l10n.t('{0} refused the API key: check it and set it again.', ctx.baseUrl)
          : l10n.t('{0} refused the API key (none is set): check it and set it again.', ctx.baseUrl),
        actions: ['Set API Key'],
        short: l10n.t('API key refused.'),
      };
    case 'gone':
      return {
        message: l10n.t('{0} has switched this route off (410 Gone). {1}', ctx.baseUrl, e.message),
        actions: ['Select Network', 'Show Log'],
        short: l10n.t('This API route was switched off.'),
      };
    case 'rate-limited': {
      if (e.quota === 'month') {
        const until = e.resetsAt !== undefined ? quotaDate(e.resetsAt) : undefined;
        const message = until
          ? l10n.t(
              'The monthly request quota of {0} is used up; it resets on {1}. Nothing is sent to it until then.',
              ctx.baseUrl,
              until,
            )
          : l10n.t(
              'The monthly request quota of {0} is used up, and the API did not say when it resets. Nothing is sent to it for an hour.',
              ctx.baseUrl,
            );
        return {
          message: ctx.hasApiKey ? message : `${message} ${l10n.t('An API key with a larger quota lifts it.')}`,
          actions: ctx.hasApiKey ? ['Select Network'] : ['Set API Key', 'Select Network'],
          short: until
            ? l10n.t('Monthly API quota used up (resets {0}).', until)
            : l10n.t('Monthly API quota used up.'),
        };
      }
      const wait =
        e.retryAfterMs !== undefined
          ? ` ${l10n.t('Try again in {0} s.', Math.max(1, Math.ceil(e.retryAfterMs / 1000)))}`
          : '';
      return ctx.hasApiKey
        ? {
            message: l10n.t('Rate limited by {0}.', ctx.baseUrl) + wait,
            actions: ['Retry'],
            short: l10n.t('Rate limited.') + wait,
          }
        : {
            message: l10n.t('Rate limited by {0}: set an API key for a higher limit.', ctx.baseUrl) + wait,
            actions: ['Set API Key', 'Retry'],
            short: l10n.t('Rate limited: set an API key for a higher limit.'),
          };
    }
    case 'server':
      return {
        message: l10n.t('{0} API ({1}) had a problem: {2}', ctx.networkLabel, ctx.baseUrl, e.message),
        actions: ['Retry', 'Select Network'],
        short: l10n.t('{0} API error ({1}).', ctx.networkLabel, e.status ?? l10n.t('server')),
      };
    case 'timeout':
      return {
        message: l10n.t('{0} API at {1} did not answer in time.', ctx.networkLabel, ctx.baseUrl),
        actions: ['Retry', 'Select Network'],
        short: l10n.t('{0} API did not answer in time.', ctx.networkLabel),
      };
    case 'cancelled':
      return { message: 'Cancelled.', actions: [], short: 'Cancelled.' };
    case 'network':
      return {
        message: l10n.t('{0} at {1} is not reachable: {2}', ctx.networkLabel, ctx.baseUrl, e.message),
        actions: ['Retry', 'Select Network'],
        short: l10n.t('{0} at {1} is not reachable.', ctx.networkLabel, ctx.baseUrl),
      };
    case 'blocked':
      return {
        message: e.message,
        actions: ['Retry', 'Select Network'],
        short: l10n.t('The browser refused the request (CORS or mixed content).'),
      };
    case 'invalid-response':
      return {
        message: l10n.t('{0} API sent something unexpected: {1}', ctx.networkLabel, e.message),
        actions: ['Retry', 'Show Log'],
        short: l10n.t('{0} API sent an unexpected response.', ctx.networkLabel),
      };
  }
}

/** The node's refusal of a read-only call as a whole request (its execution budget), in words; undefined for other requests. */
export function callRefusal(e: StacksApiError): string | undefined {
  if (!e.path?.startsWith('/v2/contracts/call-read/')) return undefined;
  return readOnlyHttpRefusal(e.status, e.words);
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
