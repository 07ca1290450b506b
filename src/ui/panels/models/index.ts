/**
 * Loads what a panel shows: fetches through the typed client, then builds the plain view model.
 * Each kind of target has its loader beside its model (`loadTx` in tx.ts, …); this file looks the
 * kind up. A panel is made of parts (a balance, a page of transactions, ...), each fetched once
 * per key (load.ts): turning a page reuses the other parts, so a page costs exactly one request.
 */
import type { Target, TargetKind } from '../../../chain/target';
import type { PanelParams } from '../../../protocol';
import { loadAddress } from './address';
import { loadBlock } from './block';
import { boundTables } from './bounds';
import { loadBurnBlock } from './burnBlock';
import { loadContract, loadContracts } from './contracts';
import { type Loaded, type LoadOptions, type PanelLoader, panelLoad } from './load';
import { loadMempool, loadStatus } from './network';
import { loadTx } from './tx';
import { loadSbtcDeposit } from './sbtcDeposit';

export type { ModelContext } from './values';
export type { Loaded, LoadOptions, Parts } from './load';
export { MAX_TABLE_ROWS } from './bounds';

/** The loader of each kind of target. */
const LOADERS: Record<TargetKind, PanelLoader> = {
  tx: loadTx,
  address: loadAddress,
  block: loadBlock,
  burnBlock: loadBurnBlock,
  contract: loadContract,
  contracts: loadContracts,
  mempool: loadMempool,
  status: loadStatus,
  sbtcDeposit: loadSbtcDeposit,
};

/** The model of a target, from the parts already fetched where they still fit; no table is unbounded. */
export async function loadPanel(target: Target, params: PanelParams, options: LoadOptions): Promise<Loaded> {
  const loaded = await LOADERS[target.kind](target, params, panelLoad(options));
  return { ...loaded, model: boundTables(loaded.model) };
}
