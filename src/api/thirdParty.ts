/**
 * One request to a third-party service (the simulation service, Emily): never the API key, a
 * timeout, the caller's cancellation, a body size cap, no redirect followed, and each way it can
 * fail as a `StacksApiError` in the service's own words. Its own transport, apart from the chain
 * API's (http.ts): nothing of the chain API's key, budget or cache applies.
 */
import { StacksApiError } from './errors';
import { fetchGet, type Exchange } from './exchange';
import { platformGet } from './platformExchange';

export interface ThirdPartyRequest {
  url: URL;
  /** The route, for errors and the log (never the query). */
  path: string;
  /** A JSON body to POST; a GET without. */
  body?: string;
  timeoutMs: number;
  maxBodyBytes: number;
  signal?: AbortSignal | undefined;
  fetch?: typeof fetch | undefined;
  log?: ((line: string) => void) | undefined;
}

/** The service's words for each way a request fails. */
export interface ThirdPartyWords {
  timeout: string;
  cancelled: string;
  network: string;
  /** A browser's refusal (CORS) where the service says it apart from a network failure. */
  blocked?: string;
  redirect: string;
  tooLarge: string;
}

export async function thirdPartyExchange(
  r: ThirdPartyRequest,
  words: ThirdPartyWords,
): Promise<{ status: number; text: string }> {
  // No X-API-Key, ever: the key belongs to the chain API, not to a third party.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...(r.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
  };
  const fail = (kind: ConstructorParameters<typeof StacksApiError>[0], message: string) =>
    new StacksApiError(kind, message, { path: r.path });
  // A signal aborted before the call never fires its event: refuse now rather than send.
  if (r.signal?.aborted) throw fail('cancelled', words.cancelled);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, r.timeoutMs);
  const onAbort = () => controller.abort();
  r.signal?.addEventListener('abort', onAbort, { once: true });
  const stopped = () => (timedOut ? fail('timeout', words.timeout) : fail('cancelled', words.cancelled));
  try {
    let res: Exchange;
    try {
      res = r.fetch
        ? await fetchGet(r.fetch, r.url, headers, controller.signal, r.maxBodyBytes, r.body)
        : await platformGet(r.url, headers, controller.signal, r.maxBodyBytes, r.body);
    } catch (e) {
      if (controller.signal.aborted) throw stopped();
      // A browser's fetch says only `TypeError` for a request it refused (CORS) or could not send.
      const code = (e as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (e as { code?: unknown }).code;
      if (words.blocked && e instanceof TypeError && !code) throw fail('blocked', words.blocked);
      throw fail('network', words.network);
    }
    if (res.opaqueRedirect || (res.status >= 300 && res.status < 400)) throw fail('insecure-url', words.redirect);
    let text: string;
    try {
      text = await res.read();
    } catch {
      if (controller.signal.aborted) throw stopped();
      throw fail('invalid-response', words.tooLarge);
    }
    r.log?.(`${r.body !== undefined ? 'POST' : 'GET'} ${r.path} -> ${res.status} (${text.length} bytes)`);
    return { status: res.status, text };
  } finally {
    clearTimeout(timer);
    r.signal?.removeEventListener('abort', onAbort);
  }
}
