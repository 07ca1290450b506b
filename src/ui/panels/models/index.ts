/**
 * Loads what a panel shows: fetches through the typed client, then builds the plain view model.
 * A panel is made of parts (a balance, a page of transactions, ...), each fetched once per key:
 * turning a page reuses the other parts, so a page costs exactly one request.
 */
import type { BudgetMode, CallOptions, StacksClient } from '../../../api';
import { isRouteMissing, isStacksApiError } from '../../../api/errors';
import { checkBlockRef } from '../../../chain/identifiers';
import { clarityDecoder } from '../../../chain/lazyClarity';
import type { Target } from '../../../chain/target';
import type { PanelParams, ViewModel } from '../../../protocol';
import { addressModel, ADDRESS_EVENTS_PER_PAGE, TXS_PER_PAGE } from './address';
import { ADDRESS_PENDING_PER_PAGE, FT_PER_PAGE, NFT_PER_PAGE } from './holdings';
import { BLOCK_TXS_PER_PAGE, blockModel } from './block';
import { BURN_BLOCKS_PER_PAGE, burnBlockModel } from './burnBlock';
import { boundTables } from './bounds';
import { contractModel, contractsModel, type InterfaceState } from './contracts';
import { mempoolModel, PENDING_PER_PAGE, statusModel } from './network';
import { loadTokens, tokensOfEvents, tokensOfHoldings, tokensOfTransaction } from './tokens';
import { EVENTS_PER_PAGE, txModel } from './tx';
import { resultText } from './failure';
import { txFailure } from '../../shared/failure';
import { isMissing, type Missing, type ModelContext, NOT_AVAILABLE } from './values';

export type { ModelContext } from './values';
export { MAX_TABLE_ROWS } from './bounds';

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
}

export interface Loaded {
  model: ViewModel;
  parts: Parts;
  /** The params the model was built with (defaults filled in, offsets clamped). */
  params: PanelParams;
}

/** The model of a target, from the parts already fetched where they still fit; no table is unbounded. */
export async function loadPanel(target: Target, params: PanelParams, o: LoadOptions): Promise<Loaded> {
  const loaded = await build(target, params, o);
  return { ...loaded, model: boundTables(loaded.model) };
}

async function build(target: Target, params: PanelParams, o: LoadOptions): Promise<Loaded> {
  const parts: Parts = {};
  const call = {
    signal: o.signal,
    ...(o.budget ? { budget: o.budget } : {}),
    ...(o.onWait ? { onWait: o.onWait } : {}),
  };
  const part = async <T>(name: string, key: string, fetch: () => Promise<T>): Promise<T> => {
    const prev = o.previous?.[name];
    if (prev && prev.key === key) {
      parts[name] = prev;
      return prev.value as T;
    }
    const value = await fetch();
    parts[name] = { key, value };
    return value;
  };
  const c = o.client;
  const ctx = o.ctx;
  switch (target.kind) {
    case 'tx': {
      const eventOffset = pageStart(params.eventOffset, EVENTS_PER_PAGE);
      const tx = await part('tx', String(eventOffset), () =>
        c.getTransaction(target.id, { ...call, eventLimit: EVENTS_PER_PAGE, eventOffset }),
      );
      const tokens = await loadTokens(tokensOfTransaction(tx), c, ctx, call);
      const failure = await txFailure(tx, c, { ...call, ...resultText(tx) });
      return {
        model: txModel(tx, eventOffset, { ...ctx, decode: clarityDecoder(), tokens, ...(failure ? { failure } : {}) }),
        parts,
        params: { eventOffset },
      };
    }
    case 'address': {
      const untilBlock = params.untilBlock?.trim() || undefined;
      const unanchored = !untilBlock && !!params.unanchored;
      const txOffset = pageStart(params.txOffset, TXS_PER_PAGE);
      const expand = params.expand || undefined;
      const expandOffset = expand ? pageStart(params.expandOffset, ADDRESS_EVENTS_PER_PAGE) : undefined;
      const balanceOptions = {
        ...call,
        ...(untilBlock ? { untilBlock: /^\d+$/.test(untilBlock) ? Number(untilBlock) : untilBlock } : {}),
        ...(unanchored ? { unanchored } : {}),
      };
      const nonces = target.id.includes('.')
        ? undefined
        : part('nonces', '', () =>
            c.getNonces(target.id, call).then(
              (value) => ({ ok: true as const, value }),
              (e: unknown) => ({ ok: false as const, short: nonceProblem(e) }),
            ),
          );
      // Holdings and pending transactions are today's: not shown beside a balance at a past block.
      const current = !untilBlock;
      const ftOffset = pageStart(params.ftOffset, FT_PER_PAGE);
      const nftOffset = pageStart(params.nftOffset, NFT_PER_PAGE);
      const pendingOffset = pageStart(params.pendingOffset, ADDRESS_PENDING_PER_PAGE);
      const balance = part('balance', `${untilBlock ?? ''}|${unanchored}`, () =>
        c.getStxBalance(target.id, balanceOptions),
      );
      // Asked once the balance has answered: an API that fails the panel is not asked three more times.
      const side = current
        ? balance.then(() =>
            Promise.all([
              part('ft', String(ftOffset), () =>
                orMissing(c.getFtHoldings(target.id, { ...call, limit: FT_PER_PAGE, offset: ftOffset })),
              ),
              part('nft', String(nftOffset), () =>
                orMissing(c.getNftHoldings(target.id, { ...call, limit: NFT_PER_PAGE, offset: nftOffset })),
              ),
              part('pending', String(pendingOffset), () =>
                orMissing(
                  c.getPrincipalMempoolTransactions(target.id, {
                    ...call,
                    limit: ADDRESS_PENDING_PER_PAGE,
                    offset: pendingOffset,
                  }),
                ),
              ),
            ]),
          )
        : undefined;
      const [stxBalance, txs, events, nonceState, sideParts] = await Promise.all([
        balance,
        part('txs', String(txOffset), () =>
          unlessRouteMissing(c.getAddressTransactions(target.id, { ...call, limit: TXS_PER_PAGE, offset: txOffset })),
        ),
        expand
          ? part('events', `${expand}|${expandOffset}`, () =>
              unlessRouteMissing(
                c.getAddressTransactionEvents(target.id, expand, {
                  ...call,
                  limit: ADDRESS_EVENTS_PER_PAGE,
                  offset: expandOffset ?? 0,
                }),
              ),
            )
          : undefined,
        nonces,
        side,
      ]);
      const [ft, nft, pending] = sideParts ?? [];
      const p: PanelParams = {
        txOffset,
        ...(ftOffset ? { ftOffset } : {}),
        ...(nftOffset ? { nftOffset } : {}),
        ...(pendingOffset ? { pendingOffset } : {}),
        ...(untilBlock ? { untilBlock } : {}),
        ...(unanchored ? { unanchored } : {}),
        ...(expand ? { expand, expandOffset: expandOffset ?? 0 } : {}),
      };
      // The events of an expanded transaction and the tokens held have token amounts.
      const held = ft && !isMissing(ft) ? tokensOfHoldings(ft) : [];
      const shownEvents = events && !isMissing(events) ? events : undefined;
      const named = [...new Set([...held, ...(shownEvents ? tokensOfEvents(shownEvents) : [])])];
      const tokens = named.length ? await loadTokens(named, c, ctx, call) : undefined;
      return {
        model: addressModel(
          {
            principal: target.id,
            balance: stxBalance,
            txs,
            ...(expand && events ? { events: { txId: expand, page: events } } : {}),
            ...(nonceState ? { nonces: nonceState } : {}),
            ...(ft && nft ? { holdings: { ft, nft } } : {}),
            ...(pending ? { pending } : {}),
          },
          p,
          shownEvents || (nft && !isMissing(nft) && nft.results.length)
            ? { ...ctx, decode: clarityDecoder(), ...(tokens ? { tokens } : {}) }
            : tokens
              ? { ...ctx, tokens }
              : ctx,
        ),
        parts,
        params: p,
      };
    }
    case 'block': {
      const tab = params.tab === 'v1' ? 'v1' : 'v2';
      const b = await part('v2', '', () => c.getBlock(blockArg(target.id), call));
      const v1 =
        tab === 'v1'
          ? await part('v1', String(b.height), () => unlessRouteMissing(c.getBlockByHeightV1(b.height, call)))
          : undefined;
      // The list is read by the block's hash (as `latest` or a height resolved): it stays the same
      // block's list while the tip moves, and it is immutable once cached.
      const txOffset = pageStart(params.txOffset, BLOCK_TXS_PER_PAGE);
      const txs =
        tab === 'v2' && b.tx_count > 0
          ? await part('txs', `${b.hash}|${txOffset}`, () =>
              unlessRouteMissing(
                c.getBlockTransactions(HASH.test(b.hash) ? b.hash : blockArg(target.id), {
                  ...call,
                  limit: BLOCK_TXS_PER_PAGE,
                  offset: txOffset,
                }),
              ),
            )
          : tab === 'v2'
            ? { limit: BLOCK_TXS_PER_PAGE, offset: 0, total: 0, results: [] }
            : undefined;
      return {
        model: blockModel(b, v1, tab, ctx, target.id === 'latest', txs),
        parts,
        params: tab === 'v1' ? { tab } : txOffset > 0 ? { txOffset } : {},
      };
    }
    case 'burnBlock': {
      const blockOffset = pageStart(params.blockOffset, BURN_BLOCKS_PER_PAGE);
      const b = await part('burn', '', () => c.getBurnBlock(blockArg(target.id), call));
      // By hash, not `latest`: the page belongs to the burn block shown even when a new one arrives.
      const blocks = await part('blocks', `${b.burn_block_hash}|${blockOffset}`, () =>
        unlessRouteMissing(
          c.getBurnBlockBlocks(burnArg(b, target.id), { ...call, limit: BURN_BLOCKS_PER_PAGE, offset: blockOffset }),
        ),
      );
      return {
        model: burnBlockModel(b, blocks, ctx, target.id === 'latest'),
        parts,
        params: blockOffset > 0 ? { blockOffset } : {},
      };
    }
    case 'contract': {
      const statuses = await part('status', '', () => c.getContractsStatus([target.id], call));
      const s = statuses[target.id];
      const deployed = !!s?.found && s.result?.status === 'success';
      const [balance, iface] = await Promise.all([
        s?.found ? part('balance', '', () => unlessRouteMissing(c.getStxBalance(target.id, call))) : undefined,
        // A pending deploy has no interface yet: not asked for.
        deployed ? part('interface', '', () => contractInterface(c, target.id, call)) : undefined,
      ]);
      const fn = params.fn && iface && 'iface' in iface ? params.fn : undefined;
      return { model: contractModel(target.id, statuses, balance, ctx, iface), parts, params: fn ? { fn } : {} };
    }
    case 'contracts': {
      const ids = target.id.split(',').filter(Boolean);
      const statuses = await part('status', '', () => c.getContractsStatus(ids, call));
      return { model: contractsModel(ids, statuses, ctx), parts, params: {} };
    }
    case 'mempool': {
      const pendingOffset = pageStart(params.pendingOffset, PENDING_PER_PAGE);
      const [stats, fees, pending] = await Promise.all([
        part('stats', '', () => c.getMempoolStats(call)),
        part('fees', '', () => unlessRouteMissing(c.getMempoolFees(call), true)),
        part('pending', String(pendingOffset), () =>
          unlessRouteMissing(
            c.getMempoolTransactions({ ...call, limit: PENDING_PER_PAGE, offset: pendingOffset }),
            true,
          ),
        ),
      ]);
      return {
        model: mempoolModel({ stats, fees, pending }, ctx),
        parts,
        params: pendingOffset ? { pendingOffset } : {},
      };
    }
    case 'status':
      return { model: statusModel(await part('status', '', () => c.getServerStatus(call)), ctx), parts, params: {} };
  }
}

/**
 * A part beside the one a panel is about (a block's transactions, an address's list, a contract's
 * balance) that an older or custom API has no route for ("Route GET:… not found"): the panel shows
 * what answered and says so in that part's place. A 404 for the resource, or any other failure,
 * is still the panel's. `any404`: a part that names no resource (the mempool's), whose every 404
 * is the route's.
 */
async function unlessRouteMissing<T>(p: Promise<T>, any404 = false): Promise<T | Missing> {
  try {
    return await p;
  } catch (e) {
    if (isRouteMissing(e) || (any404 && isStacksApiError(e) && e.kind === 'not-found'))
      return { missing: NOT_AVAILABLE };
    throw e;
  }
}

/**
 * A contract's interface, or a sentence saying why the panel shows none: the rest of the panel
 * (status, balance, source) stays useful when only this fails.
 */
async function contractInterface(c: StacksClient, id: string, call: CallOptions): Promise<InterfaceState> {
  try {
    return { iface: await c.getContractInterface(id, call) };
  } catch (e) {
    if (!isStacksApiError(e) || e.kind === 'cancelled') throw e;
    if (e.kind === 'not-found')
      return {
        missing: "The node does not have this contract's interface (yet): its functions and state cannot be shown.",
      };
    return { missing: `The contract's interface did not load: ${e.message}` };
  }
}

/**
 * A side part of a panel (holdings, pending transactions): an API without its route, or a failure
 * of its own, is said in its place; the rest of the panel is shown.
 */
async function orMissing<T>(p: Promise<T>): Promise<T | Missing> {
  try {
    return await p;
  } catch (e) {
    return { missing: nonceProblem(e) };
  }
}

/** An offset on a page boundary, never negative. */
function pageStart(offset: number | undefined, size: number): number {
  const n = Number.isSafeInteger(offset) && offset! > 0 ? offset! : 0;
  return n - (n % size);
}

/** The burn block's hash when it is a well-formed one, else what the panel was asked for. */
function burnArg(b: { burn_block_hash: string }, asked: string): number | string {
  return HASH.test(b.burn_block_hash) ? b.burn_block_hash : blockArg(asked);
}

const HASH = /^0x[0-9a-fA-F]{64}$/;

function blockArg(id: string): number | string {
  const r = checkBlockRef(id);
  return r.ok && r.value.kind === 'height' ? r.value.height : id;
}

/** Why the nonces are not shown: an API without the v3 route, or a short error. */
function nonceProblem(e: unknown): string {
  if (isStacksApiError(e) && e.kind === 'cancelled') throw e;
  if (isStacksApiError(e) && (e.kind === 'not-found' || e.kind === 'gone')) return NOT_AVAILABLE;
  return `not loaded: ${isStacksApiError(e) ? e.kind.replace(/-/g, ' ') : 'unexpected error'}`;
}
