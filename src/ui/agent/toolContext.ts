/**
 * What every chat tool's body uses: its context (the network service, the call's signal, the
 * log), the client of the network its input belongs to, and the errors that become answers.
 */
import type { CallOptions, StacksClient } from '../../api';
import { isStacksApiError } from '../../api/errors';
import type { ChainNetwork } from '../../chain/identifiers';
import type { NetworkId } from '../shared/config';
import type { ErrorContext } from '../shared/errorText';
import type { LogSink } from '../shared/log';
import type { Endpoint } from '../network/network';
import { ours, type Datum, type Vouched } from './toolText';
import * as l10n from '../../chain/l10n';

/** What the tools need of the network service, and no more (`NetworkService` is one). */
export interface AgentNetwork {
  readonly current: NetworkId;
  networkFor(chain?: ChainNetwork): NetworkId;
  urlOf(network: NetworkId): { ok: true; url: string } | { ok: false; reason: string };
  endpoint(network?: NetworkId): Promise<Endpoint>;
  errorContext(network: NetworkId, what?: string): Promise<ErrorContext>;
  label(network?: NetworkId): string;
}

export interface ToolContext {
  networks: AgentNetwork;
  signal: AbortSignal;
  log: LogSink;
}

/** Where a tool asks: the client of one network, the options of every request, and the network's name. */
export interface Asking {
  client: StacksClient;
  o: CallOptions;
  network: NetworkId;
  /** "Testnet (https://api.testnet.hiro.so)": the API by its origin, never its path (which may hold a key). */
  where: Vouched;
}

/** A tool's body: its input, already checked against its schema by VS Code (and again here). */
export type ToolBody = (input: Record<string, unknown>, ctx: ToolContext) => Promise<string>;

/** Input a tool cannot use, with the sentence that says what was wrong and what it quotes of the chain. */
export class BadInput extends Error {
  constructor(
    readonly sentence: Vouched,
    readonly data: readonly Datum[] = [],
  ) {
    super(sentence);
  }
}

/**
 * The origin of an API URL (`https://host:port`): how an answer names the API. A hosted API may
 * carry its key in the URL's path, and nothing of the path goes to the model.
 */
export function originOf(url: string): string {
  try {
    const origin = new URL(url).origin;
    if (origin !== 'null') return origin;
  } catch {
    // not a URL: said below
  }
  return l10n.t('(no usable URL)');
}

/** An error of the API while asking for `what` on `network`. */
export class Asked extends Error {
  constructor(
    readonly network: NetworkId,
    readonly what: string,
    readonly error: unknown,
  ) {
    super(what);
  }
}

/** The string input `key`, trimmed, or the sentence that says it is missing. */
export function text(input: Record<string, unknown>, key: string, what: string): string {
  const v = input[key];
  if (typeof v === 'string' && v.trim()) return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw new BadInput(ours(l10n.t('"{0}" is missing: give {1}.', key, what)));
}

/** The client of the network for a principal of `chain` (the selected one without), and the options of its requests. */
export async function asking(ctx: ToolContext, chain?: ChainNetwork): Promise<Asking> {
  const network = ctx.networks.networkFor(chain);
  const url = ctx.networks.urlOf(network);
  // The reason may quote the URL set, path and all: the answer names the setting instead.
  if (!url.ok)
    throw new BadInput(
      ours(l10n.t('{0} has no usable API URL: set one with "Stacks: Select Network".', ctx.networks.label(network))),
    );
  const { client } = await ctx.networks.endpoint(network);
  return {
    client,
    o: { signal: ctx.signal, budget: 'wait' },
    network,
    where: ours(`${ctx.networks.label(network)} (${originOf(url.url)})`),
  };
}

/** `request`, with an error of the API tied to what was asked, for the answer's sentence. */
export async function ask<T>(a: Asking, what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (e) {
    if (isStacksApiError(e) && e.kind === 'cancelled') throw e;
    throw new Asked(a.network, what, e);
  }
}

/** `request`, or undefined when it fails (a part of the answer that may be missing); cancellation still ends the call. */
export async function maybe<T>(request: () => Promise<T>): Promise<T | undefined> {
  try {
    return await request();
  } catch (e) {
    if (isStacksApiError(e) && e.kind === 'cancelled') throw e;
    return undefined;
  }
}
