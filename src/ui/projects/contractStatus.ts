import * as vscode from 'vscode';
import type { BudgetMode, ContractsStatus, ContractStatus } from '../../api';
import type { ClarinetContract } from '../../chain/clarinet';
import type { ChainNetwork } from '../../chain/identifiers';
import { PLAN_NETWORKS, type PlanNetwork } from '../../chain/networks';
import type { NetworkId } from '../shared/config';
import type { Log } from '../shared/log';
import type { NetworkService } from '../network/network';
import type { ClarinetWorkspace } from './projects';
import { MAX_STATUS_IDS, statusIds } from './statusIds';
import { Disposable } from '../shared/lifecycle';

/** What one API said about the contracts it was asked about, or why it could not say. */
export type NetworkAnswer =
  { ok: true; network: NetworkId; statuses: ContractsStatus } | { ok: false; network: NetworkId; error: unknown };

/** The deployment status of every workspace contract, one request per network asked. */
export interface StatusTable {
  /** Per API network asked. */
  answers: Map<NetworkId, NetworkAnswer>;
  /** Which API answers for the ids of each plan network (absent: not asked, e.g. devnet while it is not selected). */
  askedFor: Partial<Record<PlanNetwork, NetworkId>>;
  /** Contract ids past `MAX_STATUS_IDS`, not asked about (their state is unknown). */
  leftOut: number;
}

export type ContractState =
  | { state: 'deployed'; id: string; blockHeight?: number; txId: string; status: string }
  | { state: 'not-deployed'; id: string }
  | { state: 'unknown'; id: string; error?: unknown }
  | { state: 'not-asked'; id: string };

/** One successful deploy of a workspace contract: the API that knows it, its id and its transaction. */
export interface Deployment {
  /** The plan network that names the id. */
  plan: PlanNetwork;
  /** The API asked about it (the plan's network, or the custom API while it is selected). */
  api: NetworkId;
  id: string;
  txId: string;
}

/**
 * The successful deploys of a workspace contract that a table knows, in network order, one per
 * network and id. A pending or failed deploy has no deployed source and no functions to call.
 */
export function deploymentsOf(table: StatusTable, c: Pick<ClarinetContract, 'deployments'>): Deployment[] {
  const out: Deployment[] = [];
  for (const plan of PLAN_NETWORKS) {
    for (const d of c.deployments) {
      if (d.network !== plan || out.some((o) => o.plan === plan && o.id === d.id)) continue;
      const api = table.askedFor[plan];
      const s = ContractStatuses.stateOf(table, plan, d.id);
      if (api && s.state === 'deployed' && s.status === 'success') out.push({ plan, api, id: d.id, txId: s.txId });
    }
  }
  return out;
}

/**
 * The API asked about the ids of a plan network, by the rule of every lookup of an id
 * (`NetworkService.networkFor`): the selected network's API, or with `autoNetwork` the hosted API
 * of the network the id names (an `SP` id mainnet; an `ST` id testnet, but devnet while devnet is
 * selected). A plan whose network that rule does not reach is not asked (`not-asked`): with devnet
 * selected the testnet plan's `ST` ids are devnet's, and the hosted testnet, which the user did not
 * choose, is never asked. The custom API answers for every plan while it is selected.
 */
export function apiForPlan(plan: PlanNetwork, networkFor: (chain: ChainNetwork) => NetworkId): NetworkId | undefined {
  const api = networkFor(plan === 'mainnet' ? 'mainnet' : 'testnet');
  return api === plan || api === 'custom' ? api : undefined;
}

/**
 * Deployment status of the workspace contracts, shared by the tree and the CodeLens: one
 * `getContractsStatus` request per network for all contracts (one per hundred, for at most
 * `MAX_STATUS_IDS` in all), kept until a refresh, a network change or a change of the projects,
 * so typing in a contract never asks again.
 */
export class ContractStatuses extends Disposable {
  private readonly emitter = this.register(new vscode.EventEmitter<void>());
  /** Fires when a new table is available or the old one was dropped. */
  readonly onDidChange = this.emitter.event;
  private table: Promise<StatusTable> | undefined;
  private settled: StatusTable | undefined;
  private controller: AbortController | undefined;
  /** Which API, at which URL, the table asks for each plan network (`askedOf`) when it was started. */
  private askedWith: string | undefined;

  constructor(
    private readonly networks: NetworkService,
    private readonly projects: Pick<ClarinetWorkspace, 'projects' | 'onDidChange'>,
    private readonly log: Pick<Log, 'warn'>,
  ) {
    super();
    this.registerAll(
      networks.onDidChange(() => this.networksChanged()),
      projects.onDidChange(() => this.clear()),
    );
  }

  /** The table once it has been fetched (no request). */
  get ready(): StatusTable | undefined {
    return this.settled;
  }

  get(budget: BudgetMode): Promise<StatusTable> {
    if (!this.table) {
      const controller = new AbortController();
      this.controller = controller;
      this.askedWith = this.askedOf();
      const p = this.fetch(budget, controller.signal);
      this.table = p;
      void p.then((t) => {
        if (this.table === p) {
          this.settled = t;
          this.emitter.fire();
        }
      });
    }
    return this.table;
  }

  /** Forgets the table; the next `get` asks again. */
  clear(): void {
    this.controller?.abort();
    this.table = undefined;
    this.settled = undefined;
    this.emitter.fire();
  }

  /**
   * A network change forgets the table only when it changes what the table asked (another API or
   * URL for a plan network), or when one of its answers failed (a key set or trust granted may
   * mend it): a change of an unrelated setting, or the event of a change the table was already
   * built with, asks nothing again.
   */
  private networksChanged(): void {
    const failed = this.settled && [...this.settled.answers.values()].some((a) => !a.ok);
    if (!this.table || failed || this.askedOf() !== this.askedWith) this.clear();
  }

  private askedOf(): string {
    const networkFor = (chain: ChainNetwork) => this.networks.networkFor(chain);
    return PLAN_NETWORKS.map((plan) => {
      const api = apiForPlan(plan, networkFor);
      const url = api && this.networks.urlOf(api);
      return `${plan}=${api ?? '-'}@${url ? (url.ok ? url.url : `!${url.reason}`) : ''}`;
    }).join(' ');
  }

  /** The state of one contract id a plan of network `plan` publishes, from a table. */
  static stateOf(table: StatusTable, plan: PlanNetwork, id: string): ContractState {
    const api = table.askedFor[plan];
    if (!api) return { state: 'not-asked', id };
    const answer = table.answers.get(api);
    if (!answer) return { state: 'unknown', id };
    if (!answer.ok) return { state: 'unknown', id, error: answer.error };
    const s: ContractStatus | undefined = answer.statuses[id];
    if (!s) return { state: 'unknown', id };
    if (!s.found || !s.result) return { state: 'not-deployed', id };
    return {
      state: 'deployed',
      id,
      txId: s.result.tx_id,
      status: s.result.status,
      ...(s.result.block_height !== undefined ? { blockHeight: s.result.block_height } : {}),
    };
  }

  private async fetch(budget: BudgetMode, signal: AbortSignal): Promise<StatusTable> {
    const projects = await this.projects.projects();
    const networkFor = (chain: ChainNetwork) => this.networks.networkFor(chain);
    const { perApi, askedFor, leftOut } = statusIds(
      projects.flatMap((p) => (p.result.ok ? [p.result.project] : [])),
      (plan) => apiForPlan(plan, networkFor),
    );
    if (leftOut)
      this.log.warn(
        vscode.l10n.t(
          'Deployment status: {0} contract ids past the first {1} were not asked about.',
          leftOut,
          MAX_STATUS_IDS,
        ),
      );
    const answers = new Map<NetworkId, NetworkAnswer>();
    await Promise.all(
      [...perApi].map(async ([network, ids]) => {
        try {
          const { client } = await this.networks.endpoint(network);
          // A table nobody asked for explicitly (the CodeLens, the view's own loads) spreads its
          // requests over the minute, at most half the budget as every background request: one
          // per 2.4 s without a key. An explicit refresh waits for the budget instead.
          const spacing = budget === 'fail-fast' ? 60_000 / ((client.hasApiKey ? 500 : 50) / 2) : 0;
          const statuses: ContractsStatus = {};
          for (let i = 0; i < ids.length; i += 100) {
            if (i > 0 && spacing) await this.networks.clock.sleep(spacing, signal);
            Object.assign(statuses, await client.getContractsStatus(ids.slice(i, i + 100), { signal, budget }));
          }
          answers.set(network, { ok: true, network, statuses });
        } catch (error) {
          answers.set(network, { ok: false, network, error });
        }
      }),
    );
    return { answers, askedFor, leftOut };
  }

  override dispose(): void {
    this.controller?.abort();
    super.dispose();
  }
}
