/** One contract (its status, balance and source) and the deployment status of many (4.6). */
import type { CallOptions, ContractInterface, ContractsStatus, StacksClient, StxBalance } from '../../../api';
import { NETWORK_LABELS, PLAN_NETWORKS } from '../../../chain/networks';
import { statusLabel } from '../../../chain/format';
import type { Action, PanelParams, Section, ViewModel } from '../../../protocol';
import {
  badge,
  block,
  code,
  compact,
  field,
  fields,
  id,
  isMissing,
  type Missing,
  missingNotice,
  ModelContext,
  principal,
  stx,
  text,
  tx,
  unlessUnavailable,
} from './values';
import { interfaceSections } from './workbench';
import { isStacksApiError } from '../../../api/errors';
import { clarityModule } from '../../../chain/lazyClarity';
import { removeEnvSimnet } from '../../../chain/drift';
import type { Target } from '../../../chain/target';
import { type Loaded, type PanelLoad, unlessRouteMissing } from './load';
import * as l10n from '../../../chain/l10n';

/** The interface of a contract as loaded: there, or why not (`missing` says it in words). */
export type InterfaceState = { iface: ContractInterface } | { missing: string };

/** The deployed source's `contract-hash?`, or a sentence saying why the panel shows none. */
export type HashState = { hash: string } | { missing: string };

/** The workspace file's `contract-hash?` as Clarinet would deploy it (`#[env(simnet)]` code stripped). */
export interface LocalHash {
  /** The file, relative to its Clarinet project. */
  file: string;
  hash: string;
}

const BALANCE = l10n.t('Contract balance');

/** "Check on Mainnet" etc.: the same target on each other network. */
function otherNetworks(kind: 'contract' | 'contracts', idText: string, ctx: ModelContext): Action[] {
  return PLAN_NETWORKS.filter((n) => n !== ctx.network).map((n) => ({
    label: l10n.t('Check on {0}', NETWORK_LABELS[n]),
    icon: 'globe',
    intent: { type: 'open' as const, target: { kind, id: idText, network: n } },
  }));
}

function statusBadge(found: boolean, status: string | undefined) {
  if (!found) return badge(l10n.t('Not deployed'), 'failed', 'circle-slash');
  if (status === 'success') return badge(l10n.t('Deployed'), 'success', 'pass');
  if (status === 'pending') return badge(l10n.t('Pending'), 'pending', 'clock');
  return badge(status ? statusLabel(status) : l10n.t('Unknown'), status?.startsWith('abort') ? 'failed' : 'muted');
}

export function contractModel(
  contractId: string,
  statuses: ContractsStatus,
  balance: StxBalance | Missing | undefined,
  ctx: ModelContext,
  iface?: InterfaceState,
  hash?: HashState,
  local?: LocalHash,
): ViewModel {
  const s = statuses[contractId];
  const found = !!s?.found && !!s.result;
  const [deployer, name] = [
    contractId.slice(0, contractId.indexOf('.')),
    contractId.slice(contractId.indexOf('.') + 1),
  ];
  return {
    kind: 'contract',
    title: l10n.t('Contract {0}', name),
    icon: 'file-code',
    subject: id(contractId, ctx, 'contract'),
    badges: [statusBadge(found, s?.result?.status)],
    sections: compact<Section>([
      !found && {
        type: 'notice',
        tone: 'warning',
        icon: 'info',
        text: l10n.t(
          '{0} is not deployed on {1} ({2}). It may be on another network.',
          contractId,
          ctx.networkLabel,
          ctx.baseUrl,
        ),
      },
      fields(l10n.t('Deployment'), [
        field(l10n.t('Name'), text(name)),
        field(l10n.t('Deployer'), principal(deployer, ctx)),
        field(l10n.t('Status'), statusBadge(found, s?.result?.status)),
        found && field(l10n.t('Deploy transaction'), tx(s.result?.tx_id, ctx)),
        found &&
          field(
            l10n.t('Block'),
            s.result?.block_height !== undefined
              ? block(s.result.block_height, ctx)
              : text(l10n.t('Not in a block yet')),
          ),
        found &&
          hash &&
          field(l10n.t('Contract hash'), 'hash' in hash ? code(hash.hash) : text(hash.missing, { tone: 'muted' })),
        found && local && localHashField(local, hash),
      ]),
      found && balance && isMissing(balance) && missingNotice(BALANCE, balance),
      found &&
        balance &&
        !isMissing(balance) &&
        fields(BALANCE, [
          field(l10n.t('Balance'), stx(balance.balance)),
          field(l10n.t('Locked'), stx(balance.locked)),
          field(l10n.t('Total received'), unlessUnavailable(balance, 'total_received', stx(balance.total_received))),
          field(l10n.t('Total sent'), unlessUnavailable(balance, 'total_sent', stx(balance.total_sent))),
        ]),
      {
        type: 'actions',
        actions: [
          ...(found
            ? [
                {
                  label: l10n.t('Open source'),
                  icon: 'file-code',
                  primary: true,
                  intent: {
                    type: 'openSource' as const,
                    target: { kind: 'contract' as const, id: contractId, network: ctx.network },
                  },
                },
              ]
            : []),
          ...(found
            ? [
                {
                  label: l10n.t('Transactions'),
                  icon: 'list-unordered',
                  intent: {
                    type: 'open' as const,
                    target: { kind: 'address' as const, id: contractId, network: ctx.network },
                  },
                },
              ]
            : []),
          ...otherNetworks('contract', contractId, ctx),
        ],
      },
      found &&
        s.result?.status === 'pending' && {
          type: 'notice',
          tone: 'pending',
          icon: 'clock',
          text: l10n.t(
            'The deploy of this contract is still pending: its interface, functions and state are there once it is in a block.',
          ),
        },
      ...(found && iface && 'missing' in iface
        ? [{ type: 'notice' as const, tone: 'warning' as const, icon: 'warning', text: iface.missing }]
        : []),
      ...(found && iface && 'iface' in iface ? interfaceSections(iface.iface, deployer) : []),
    ]),
  };
}

export function contractsModel(ids: string[], statuses: ContractsStatus, ctx: ModelContext): ViewModel {
  const foundCount = ids.filter((i) => statuses[i]?.found).length;
  return {
    kind: 'contracts',
    title: l10n.t('Contract deployment status'),
    icon: 'checklist',
    badges: [
      badge(
        l10n.t('{0} of {1} found on {2}', foundCount, ids.length, ctx.networkLabel),
        foundCount === ids.length ? 'success' : foundCount === 0 ? 'failed' : 'warning',
      ),
    ],
    sections: [
      { type: 'actions', actions: otherNetworks('contracts', ids.join(','), ctx) },
      {
        type: 'table',
        columns: [
          { label: l10n.t('Contract') },
          { label: l10n.t('Status') },
          { label: l10n.t('Deploy transaction') },
          { label: l10n.t('Block'), align: 'right' },
        ],
        rows: ids.map((c) => {
          const s = statuses[c];
          const r = s?.found ? s.result : undefined;
          return {
            cells: [
              [id(c, ctx, 'contract')],
              [statusBadge(!!r, r?.status)],
              [r ? tx(r.tx_id, ctx) : text(undefined)],
              [r?.block_height !== undefined ? block(r.block_height, ctx) : text(undefined)],
            ],
          };
        }),
        empty: l10n.t('No contracts given.'),
      },
    ],
  };
}

/**
 * The local file's hash beside the deployed one: the same (the file is what was deployed) or not
 * (a deploy of the file now would make a contract whose `contract-hash?` differs).
 */
function localHashField(local: LocalHash, deployed: HashState | undefined) {
  const same = deployed && 'hash' in deployed ? deployed.hash === local.hash : undefined;
  return field(
    l10n.t('Local file hash'),
    code(local.hash),
    text(l10n.t('{0}, as Clarinet deploys it', local.file), { tone: 'muted' }),
    ...(same === undefined
      ? []
      : [
          same
            ? badge(l10n.t('Same as deployed'), 'success', 'pass')
            : badge(l10n.t('Differs from the deployed contract'), 'warning', 'warning'),
        ]),
  );
}

/** A contract panel: its deploy status, balance and (once deployed) its interface and workbench. */
export async function loadContract(target: Target, params: PanelParams, l: PanelLoad): Promise<Loaded> {
  const { c, ctx, call, part } = l;
  const statuses = await part('status', '', () => c.getContractsStatus([target.id], call));
  const s = statuses[target.id];
  const deployed = !!s?.found && s.result?.status === 'success';
  const [balance, iface, hash] = await Promise.all([
    s?.found ? part('balance', '', () => unlessRouteMissing(c.getStxBalance(target.id, call))) : undefined,
    // A pending deploy has no interface yet: not asked for.
    deployed ? part('interface', '', () => contractInterface(c, target.id, call)) : undefined,
    // Nor a stored source to hash.
    deployed ? part('hash', '', () => deployedHash(c, target.id, call)) : undefined,
  ]);
  // The workspace's own file of this contract, hashed as Clarinet deploys it (read each load: it may be edited).
  const mine = deployed ? await l.localContract(target.id) : undefined;
  const local = mine && {
    file: mine.file,
    hash: clarityModule().contractHash(removeEnvSimnet(mine.text) ?? mine.text),
  };
  const fn = params.fn && iface && 'iface' in iface ? params.fn : undefined;
  return {
    model: contractModel(target.id, statuses, balance, ctx, iface, hash, local),
    parts: l.parts,
    params: fn ? { fn } : {},
  };
}

/**
 * The `contract-hash?` of the source the node stores for a contract (the source every other
 * reader of it shares, read once a session), or a sentence saying why the panel shows none.
 */
async function deployedHash(client: StacksClient, id: string, call: CallOptions): Promise<HashState> {
  try {
    const { source } = await client.getContractSource(id, call);
    return { hash: clarityModule().contractHash(source) };
  } catch (e) {
    if (isStacksApiError(e) && e.kind === 'cancelled') throw e;
    if (isStacksApiError(e) && e.kind === 'not-found')
      return { missing: l10n.t("The node does not have this contract's source (yet): its hash cannot be shown.") };
    return {
      missing: l10n.t('The deployed source did not load: {0}', e instanceof Error ? e.message : String(e)),
    };
  }
}

/** The panel of several contracts (the comma-joined ids): the deploy status of each. */
export async function loadContracts(target: Target, _params: PanelParams, l: PanelLoad): Promise<Loaded> {
  const ids = target.id.split(',').filter(Boolean);
  const statuses = await l.part('status', '', () => l.c.getContractsStatus(ids, l.call));
  return { model: contractsModel(ids, statuses, l.ctx), parts: l.parts, params: {} };
}

/**
 * A contract's interface, or a sentence saying why the panel shows none: the rest of the panel
 * (status, balance, source) stays useful when only this fails.
 */
async function contractInterface(client: StacksClient, id: string, call: CallOptions): Promise<InterfaceState> {
  try {
    return { iface: await client.getContractInterface(id, call) };
  } catch (e) {
    if (!isStacksApiError(e) || e.kind === 'cancelled') throw e;
    if (e.kind === 'not-found')
      return {
        missing: l10n.t(
          "The node does not have this contract's interface (yet): its functions and state cannot be shown.",
        ),
      };
    return { missing: l10n.t("The contract's interface did not load: {0}", e.message) };
  }
}
