/**
 * The client of a simulation service: stxer's `POST /devtools/v2/simulations:instant`, which runs
 * an unsigned transaction on the chain's confirmed state (stxer/stxer-sdk `src/simulation-api.ts`,
 * `instantSimulation`). It is a third party, so this is its own small client: it never sends the
 * API key (the chain API's transport would), follows no redirect, and reads the plain-text answers
 * the service gives when it cannot run a simulation: 409 `simulation_busy:` (tried once more, then
 * said) and 410 `simulation_outdated:`. Every failure is a `StacksApiError` with one sentence.
 */
import * as l10n from '../chain/l10n';
import { sleep } from './clock';
import { StacksApiError } from './errors';
import { thirdPartyExchange } from './thirdParty';
import { InstantSimulation, SimulationEvent, type SimulationReceipt } from './schemas/simulation';
import { parseWith } from './schemas/parse';
import { checkBaseUrl } from './url';

export const SIMULATION_ROUTE = '/devtools/v2/simulations:instant';
const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** The events of an answer read between two turns of the event loop. */
const EVENTS_PER_TURN = 1_000;
/** How long to wait before the one retry of a busy answer. */
const BUSY_RETRY_MS = 1_500;

export interface SimulationRequest {
  /** The unsigned transaction, hex. */
  transaction: string;
  block_height?: number;
  block_hash?: string;
}

export interface SimulationOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  /** A fetch function instead of the build's own exchange (tests). */
  fetch?: typeof fetch;
  /** Waits between the busy answer and its retry (tests pass their clock). */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
  log?: (level: 'debug' | 'warn', message: string) => void;
}

/** A receipt with its events parsed; an event of a kind not known here is kept by its type name. */
export interface Simulated {
  receipt: SimulationReceipt;
  events: Array<SimulationEvent | { type: 'other'; name: string }>;
}

/** Sends one call to the service; one retry when it answers busy. */
export async function simulateCall(
  serviceUrl: string,
  req: SimulationRequest,
  options: SimulationOptions,
): Promise<Simulated> {
  const checked = checkBaseUrl(serviceUrl);
  if (!checked.ok)
    throw new StacksApiError('insecure-url', l10n.t('The simulation service URL is not usable: {0}', checked.reason));
  const url = new URL(checked.url.href.replace(/\/+$/, '') + SIMULATION_ROUTE);
  const body = JSON.stringify(req);
  for (let attempt = 0; ; attempt++) {
    const { status, text } = await exchange(url, body, options);
    if (status === 409 && attempt === 0) {
      options.log?.('warn', `POST ${SIMULATION_ROUTE}: busy, trying once more`);
      await (options.wait ?? sleep)(BUSY_RETRY_MS, options.signal);
      continue;
    }
    return await answer(url.origin, status, text);
  }
}

async function answer(origin: string, status: number, text: string): Promise<Simulated> {
  const words = text.trim().slice(0, 300);
  if (status === 409 || words.startsWith('simulation_busy:'))
    throw new StacksApiError(
      'server',
      l10n.t(
        'The simulation service at {0} is busy (it said: {1}), twice in a row: try again in a moment.',
        origin,
        words || l10n.t('nothing'),
      ),
      { status, path: SIMULATION_ROUTE },
    );
  if (status === 410 || words.startsWith('simulation_outdated:'))
    throw new StacksApiError(
      'gone',
      l10n.t(
        'The simulation service at {0} cannot run at that block any more (it said: {1}): simulate at the latest block or a more recent one.',
        origin,
        words || l10n.t('nothing'),
      ),
      { status, path: SIMULATION_ROUTE },
    );
  if (status < 200 || status >= 300)
    throw new StacksApiError(
      status >= 500 ? 'server' : status === 404 ? 'not-found' : 'bad-request',
      `The simulation service at ${origin} answered ${status}${words ? `: ${words}` : ''}.${status === 404 ? ' Is the URL the service’s root (e.g. https://api.stxer.xyz)?' : ''}`,
      { status, path: SIMULATION_ROUTE },
    );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid(origin, 'it is not JSON');
  }
  const parsed = parseWith(InstantSimulation, json);
  if (!parsed.ok) throw invalid(origin, parsed.problem);
  const events: Simulated['events'] = [];
  for (const [i, raw] of parsed.value.receipt.events.entries()) {
    // An answer may hold some 20,000 events: a turn of the event loop between slices of them.
    if (i > 0 && i % EVENTS_PER_TURN === 0) await new Promise<void>((resolve) => setTimeout(resolve, 0));
    events.push(parseEvent(origin, raw, i));
  }
  return { receipt: parsed.value.receipt, events };
}

/** Event `i` of a receipt (a JSON string); an event of a kind not known here is kept by its type name. */
function parseEvent(origin: string, raw: string, i: number): Simulated['events'][number] {
  let ev: unknown;
  try {
    ev = JSON.parse(raw);
  } catch {
    throw invalid(origin, `event ${i + 1} is not JSON`);
  }
  const type = ev && typeof ev === 'object' ? (ev as { type?: unknown }).type : undefined;
  const e = parseWith(SimulationEvent, ev);
  if (e.ok) return e.value;
  if (typeof type === 'string' && !KNOWN_EVENTS.has(type)) return { type: 'other', name: type.slice(0, 80) };
  throw invalid(origin, `event ${i + 1} (${String(type).slice(0, 40)}): ${e.problem}`);
}

/** The event kinds `SimulationEvent` reads: one of these that does not fit it is a broken answer, not a new kind. */
const KNOWN_EVENTS = new Set(
  ['contract', 'stx_transfer', 'stx_mint', 'stx_burn', 'stx_lock', 'ft_transfer', 'ft_mint', 'ft_burn']
    .concat(['nft_transfer', 'nft_mint', 'nft_burn'])
    .map((k) => `${k}_event`),
);

function invalid(origin: string, problem: string): StacksApiError {
  return new StacksApiError(
    'invalid-response',
    l10n.t(
      'The simulation service at {0} sent an answer that is not a simulation receipt ({1}), so nothing is shown.',
      origin,
      problem,
    ),
    { path: SIMULATION_ROUTE },
  );
}

function exchange(url: URL, body: string, options: SimulationOptions): Promise<{ status: number; text: string }> {
  const origin = url.origin;
  return thirdPartyExchange(
    {
      url,
      path: SIMULATION_ROUTE,
      body,
      timeoutMs: options.timeoutMs,
      maxBodyBytes: MAX_BODY_BYTES,
      signal: options.signal,
      fetch: options.fetch,
      log: options.log && ((line) => options.log?.('debug', line)),
    },
    {
      timeout: l10n.t(
        'The simulation service at {0} did not answer within {1} s.',
        origin,
        Math.round(options.timeoutMs / 1000),
      ),
      cancelled: l10n.t('The simulation was cancelled.'),
      network: l10n.t(
        'Could not reach the simulation service at {0}: check stacksLookup.simulation.serviceUrl and your connection.',
        origin,
      ),
      redirect: l10n.t(
        'The simulation service at {0} answered with a redirect, which is not followed: set its final URL.',
        origin,
      ),
      tooLarge: l10n.t('The simulation service at {0} sent an answer too large or cut off; it was not read.', origin),
    },
  );
}
