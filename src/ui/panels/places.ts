/**
 * The detail panel's back/forward history: the places it has shown, each a target (its network
 * always set) with its params. Only identities are kept, never data.
 */
import { NETWORK_LABELS } from '../../chain/networks';
import type { Target } from '../../chain/target';
import type { Frame, PanelParams, PanelState } from '../../protocol';

export interface Entry {
  target: Target & { network: NonNullable<Target['network']> };
  params: PanelParams;
}

const MAX_HISTORY = 50;

export class Places {
  private entries: Entry[] = [];
  private index = -1;

  /** The place shown now. */
  get here(): Entry | undefined {
    return this.entries[this.index];
  }
  get canBack(): boolean {
    return this.index > 0;
  }
  get canForward(): boolean {
    return this.index < this.entries.length - 1;
  }
  get previous(): Entry | undefined {
    return this.entries[this.index - 1];
  }
  get next(): Entry | undefined {
    return this.entries[this.index + 1];
  }

  /** A new place after the current one; anything forward of it is dropped. */
  push(entry: Entry): void {
    this.entries = [...this.entries.slice(0, this.index + 1), entry].slice(-MAX_HISTORY);
    this.index = this.entries.length - 1;
  }
  back(): void {
    if (this.canBack) this.index--;
  }
  forward(): void {
    if (this.canForward) this.index++;
  }
  /** The same place with other params (a page, a retry). */
  replace(entry: Entry): void {
    if (this.index >= 0) this.entries[this.index] = entry;
  }
  clear(): void {
    this.entries = [];
    this.index = -1;
  }
}

/** Which target a place shows: the key the fetched parts are kept under. */
export function identity(e: Entry): string {
  return `${e.target.kind}|${e.target.id}|${e.target.network}`;
}

/** What the webview keeps with setState: the identity and the page, never the data. */
export function stateOf(e: Entry): PanelState {
  return { kind: e.target.kind, id: e.target.id, network: e.target.network, params: e.params };
}

/** The new params of the same target: turning the transaction page closes an expanded row. */
export function mergeParams(cur: PanelParams, change: PanelParams): PanelParams {
  const next: PanelParams = { ...cur, ...change };
  if (change.txOffset !== undefined && change.txOffset !== cur.txOffset && change.expand === undefined) {
    delete next.expand;
    delete next.expandOffset;
  }
  if (change.untilBlock !== undefined || change.unanchored !== undefined) {
    // The balance controls: one or the other, never both.
    if (change.untilBlock) delete next.unanchored;
    if (change.unanchored) delete next.untilBlock;
  }
  if (!next.untilBlock) delete next.untilBlock;
  if (!next.unanchored) delete next.unanchored;
  if (!next.expand) {
    delete next.expand;
    delete next.expandOffset;
  }
  return next;
}

/** The frame around `entry`: back and forward, the network and its API URL, the explorer link. */
export function frameOf(
  entry: Entry,
  places: { canBack: boolean; canForward: boolean },
  url: { ok: true; url: string } | { ok: false },
  configuredUrl: string,
): Frame {
  const network = entry.target.network;
  // The Stacks explorer has no page for a burn (Bitcoin) block: its fields link to the Bitcoin explorer.
  const explorable = entry.target.kind !== 'contracts' && entry.target.kind !== 'burnBlock';
  return {
    canBack: places.canBack,
    canForward: places.canForward,
    network: NETWORK_LABELS[network],
    baseUrl: url.ok ? url.url : configuredUrl,
    ...(explorable ? { explorer: { kind: entry.target.kind, id: entry.target.id, network } } : {}),
  };
}
