// Which contract ids the deployment status table asks about. Apart from contractStatus.ts, and
// without `vscode`, so the benchmark measures it on the largest workspaces.
import type { ClarinetProject } from '../../chain/clarinet';
import type { PlanNetwork } from '../../chain/networks';
import type { NetworkId } from '../shared/config';

/**
 * At most this many contract ids are asked about, across every project of the workspace: ten
 * requests of 100 ids per API. 20 projects may name 100,000 contracts; asking about all of them
 * would take a thousand requests, twenty times the budget of a minute without a key.
 */
export const MAX_STATUS_IDS = 1000;

export interface StatusIds {
  /** Per API, the distinct ids to ask about, in project and contract order. */
  perApi: Map<NetworkId, string[]>;
  /** Which API answers for the ids of each plan network. */
  askedFor: Partial<Record<PlanNetwork, NetworkId>>;
  /** Distinct ids past `MAX_STATUS_IDS`, not asked about. */
  leftOut: number;
}

/** The ids of every contract deployment of `projects`, per API that `apiFor` names (none: not asked). */
export function statusIds(
  projects: Iterable<Pick<ClarinetProject, 'contracts'>>,
  apiFor: (plan: PlanNetwork) => NetworkId | undefined,
): StatusIds {
  const perApi = new Map<NetworkId, string[]>();
  const askedFor: StatusIds['askedFor'] = {};
  // One set per API: a list searched per id took minutes on 100,000 ids.
  const seen = new Map<NetworkId, Set<string>>();
  const apis = new Map<PlanNetwork, NetworkId | undefined>();
  let asked = 0;
  let leftOut = 0;
  for (const project of projects)
    for (const c of project.contracts)
      for (const { network: plan, id } of c.deployments) {
        if (!apis.has(plan)) apis.set(plan, apiFor(plan));
        const api = apis.get(plan);
        if (!api) continue;
        askedFor[plan] = api;
        let ids = seen.get(api);
        if (!ids) seen.set(api, (ids = new Set()));
        if (ids.has(id)) continue;
        ids.add(id);
        if (asked === MAX_STATUS_IDS) {
          leftOut++;
          continue;
        }
        asked++;
        let list = perApi.get(api);
        if (!list) perApi.set(api, (list = []));
        list.push(id);
      }
  return { perApi, askedFor, leftOut };
}
