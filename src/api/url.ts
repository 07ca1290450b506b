/**
 * Which API URLs the client accepts. A module of its own, without the transport, so the editor can
 * check a URL it is given (settings, the network picker) without loading Node's http and https.
 */
import { isLoopbackHost } from '../chain/loopback';
import * as l10n from '../chain/l10n';

export { isLoopbackHost };

/**
 * How the API takes its key: the `X-API-Key` header (the hosted APIs), an `x-token` header, or a
 * token as the first segment of the path after the base URL (`https://host/base/<token>/extended/…`).
 */
export type ApiKeyMode = 'x-api-key' | 'x-token' | 'path';

export const API_KEY_MODES: readonly ApiKeyMode[] = ['x-api-key', 'x-token', 'path'];

/** What stands for a key taken out of a path, a log line or a server's words. */
export const KEY_REDACTED = '(key)';

/** A key mode named in a setting, or the default for anything else. */
export function apiKeyModeOf(v: unknown): ApiKeyMode {
  return (API_KEY_MODES as readonly unknown[]).includes(v) ? (v as ApiKeyMode) : 'x-api-key';
}

/** HTTPS, or plain HTTP to a loopback host (a local devnet). Returns the URL or why it is refused. */
export function checkBaseUrl(raw: string): { ok: true; url: URL } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: l10n.t('"{0}" is not a valid URL.', raw) };
  }
  if (url.username || url.password)
    return { ok: false, reason: l10n.t('The API URL must not contain a user name or password.') };
  if (url.search || url.hash) return { ok: false, reason: l10n.t('The API URL must not contain a query or fragment.') };
  if (url.protocol === 'https:') return { ok: true, url };
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return { ok: true, url };
  if (url.protocol === 'http:') {
    return {
      ok: false,
      reason: l10n.t(
        'Plain http is only allowed for a local devnet (localhost, 127.0.0.1, [::1]); use https for {0}.',
        url.host,
      ),
    };
  }
  return { ok: false, reason: l10n.t('The API URL must start with https:// (got {0}).', url.protocol) };
}
