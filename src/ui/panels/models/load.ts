/**
 * What every kind's loader (`loadTx` in tx.ts, `loadAddress` in address.ts, …) works with: the
 * client, the options each call carries, and `part`, which fetches a part once per key so that
 * turning a page reuses the other parts. Also the rules the loaders share for a part that did not
 * answer. index.ts picks the loader of a target's kind.
 */
import type { BudgetMode, CallOptions, StacksClient } from '../../../api';
import { isRouteMissing, isStacksApiError } from '../../../api/errors';
import { checkBlockRef } from '../../../chain/identifiers';
import type { Target } from '../../../chain/target';
import type { PanelParams, Paging, ViewModel } from '../../../protocol';
import { type Missing, type ModelContext, NOT_AVAILABLE } from './values';
import * as l10n from '../../../chain/l10n';

/** The raw responses of a panel, by part, with the key they were fetched for. */
export type Parts = Record<string, { key: string; value: unknown }>;

export interface LoadOptions {
  client: StacksClient;
  ctx: ModelContext;
  signal: AbortSignal;
  /** `fail-fast` for a panel the window restores (a background load); explicit loads wait (the default). */
  budget?: BudgetMode;
  onWait?: (ms: number) => void;
  /** The parts of the same target shown before (paging); absent to fetch everything again. */
  previous?: Parts;
  /** The workspace's own file of a deployed contract (its path and text), when a Clarinet project deploys it. */
  localContract?: (contractId: string) => Promise<{ file: string; text: string } | undefined>;
}

export interface Loaded {
  model: ViewModel;
  parts: Parts;
  /** The params the model was built with (defaults filled in, offsets clamped). */
  params: PanelParams;
}

/** One load of one panel, as its kind's loader sees it. */
export interface PanelLoad {
  c: StacksClient;
  ctx: ModelContext;
  /** What every request of this load carries: the signal, the budget mode, the wait callback. */
  call: CallOptions;
  /** The parts fetched or reused so far; the loader returns them with its model. */
  parts: Parts;
  /** The part `name` for `key`: the one shown before when its key is the same, else fetched. */
  part<T>(name: string, key: string, fetch: () => Promise<T>): Promise<T>;
  /** The workspace's own file of a deployed contract, when a Clarinet project of the workspace deploys it. */
  localContract(contractId: string): Promise<{ file: string; text: string } | undefined>;
}

/** Builds the model of one kind of target. */
export type PanelLoader = (target: Target, params: PanelParams, l: PanelLoad) => Promise<Loaded>;

export function panelLoad(options: LoadOptions): PanelLoad {
  const parts: Parts = {};
  return {
    c: options.client,
    ctx: options.ctx,
    call: {
      signal: options.signal,
      ...(options.budget ? { budget: options.budget } : {}),
      ...(options.onWait ? { onWait: options.onWait } : {}),
    },
    parts,
    localContract: async (contractId) => (options.localContract ? options.localContract(contractId) : undefined),
    part: async <T>(name: string, key: string, fetch: () => Promise<T>): Promise<T> => {
      const prev = options.previous?.[name];
      if (prev && prev.key === key) {
        parts[name] = prev;
        return prev.value as T;
      }
      const value = await fetch();
      parts[name] = { key, value };
      return value;
    },
  };
}

/**
 * A part beside the one a panel is about (a block's transactions, an address's list, a contract's
 * balance) that an older or custom API has no route for ("Route GET:… not found"): the panel shows
 * what answered and says so in that part's place. A 404 for the resource, or any other failure,
 * is still the panel's. `any404`: a part that names no resource (the mempool's), whose every 404
 * is the route's.
 */
export async function unlessRouteMissing<T>(p: Promise<T>, any404 = false): Promise<T | Missing> {
  try {
    return await p;
  } catch (e) {
    if (isRouteMissing(e) || (any404 && isStacksApiError(e) && e.kind === 'not-found'))
      return { missing: NOT_AVAILABLE };
    throw e;
  }
}

/**
 * A side part of a panel (holdings, pending transactions): an API without its route, or a failure
 * of its own, is said in its place; the rest of the panel is shown.
 */
export async function orMissing<T>(p: Promise<T>): Promise<T | Missing> {
  try {
    return await p;
  } catch (e) {
    return { missing: nonceProblem(e) };
  }
}

/** Why the nonces (or a side part) are not shown: an API without the route, or a short error. */
export function nonceProblem(e: unknown): string {
  if (isStacksApiError(e) && e.kind === 'cancelled') throw e;
  if (isStacksApiError(e) && (e.kind === 'not-found' || e.kind === 'gone')) return NOT_AVAILABLE;
  return l10n.t('not loaded: {0}', isStacksApiError(e) ? e.kind.replace(/-/g, ' ') : 'unexpected error');
}

/** An offset on a page boundary, never negative. */
/**
 * A table's paging: shown when its list is longer than a page, or when the page is not the first
 * (a list that shrank under a later page still offers the way back). `sequential`: the API pages
 * the list by cursor, so pages are reached one after another.
 */
export function tablePaging(
  param: Paging['param'],
  p: { offset: number; limit: number; total: number },
  sequential = false,
): { paging?: Paging } {
  return p.total > p.limit || p.offset > 0
    ? { paging: { param, offset: p.offset, limit: p.limit, total: p.total, ...(sequential ? { sequential } : {}) } }
    : {};
}

export function pageStart(offset: number | undefined, size: number): number {
  const n = Number.isSafeInteger(offset) && offset! > 0 ? offset! : 0;
  return n - (n % size);
}

/** A well-formed block or burn block hash. */
export const HASH = /^0x[0-9a-fA-F]{64}$/;

/** A block reference as the client takes it: a height as a number, a hash or `latest` as given. */
export function blockArg(id: string): number | string {
  const r = checkBlockRef(id);
  return r.ok && r.value.kind === 'height' ? r.value.height : id;
}
