/**
 * An address's staking after epoch 4.0 (pox-5), from the API's v3 staking routes: the STX it has
 * locked in staking and the sBTC rewards that earned, its bond positions, and the current cycle
 * and active PoX contract from the node's `/v2/pox`. An API without the v3 staking route leaves
 * the panel as it was (the lock fields of the balance).
 */
import type { BondPositionsPage, PoxInfo, PrincipalStaking, StacksClient, CallOptions } from '../../../api';
import { formatTokenAmount } from '../../../chain/format';
import type { Section } from '../../../protocol';
import { isRouteMissing } from '../../../api/errors';
import { nonceProblem } from './load';
import {
  badge,
  compact,
  field,
  fields,
  isMissing,
  type Missing,
  missingNotice,
  type ModelContext,
  num,
  principal,
  stx,
  text,
} from './values';
import * as l10n from '../../../chain/l10n';

export const BONDS_SHOWN = 20;

export interface StakingData {
  summary: PrincipalStaking;
  /** Asked when the principal has bonds. */
  bonds?: BondPositionsPage | Missing;
  /** What the node says of PoX; absent when it did not answer. */
  pox?: PoxInfo;
}

/** Sats as sBTC (8 decimals). */
export function sbtc(sats: string): string {
  return `${formatTokenAmount(sats, 8) ?? sats} sBTC`;
}

const rewardsText = (r: { accrued: string; claimable: string }) =>
  l10n.t('{0} claimable · {1} accrued', sbtc(r.claimable), sbtc(r.accrued));

/** Whether a principal stakes, or has staked, with pox-5 (STX locked, bonds, or rewards earned). */
const staking = (s: PrincipalStaking) => s.stx.locked !== '0' || s.bonds.count > 0 || s.stx.rewards.btc.accrued !== '0';

/**
 * The staking of a principal, or undefined on an API without the v3 staking route (the panel
 * then shows the balance's lock alone); any other failure is said in the section's place.
 */
export async function loadStaking(
  client: StacksClient,
  principalId: string,
  call: CallOptions,
): Promise<StakingData | Missing | undefined> {
  let summary: PrincipalStaking;
  try {
    summary = await client.getPrincipalStaking(principalId, call);
  } catch (e) {
    if (isRouteMissing(e)) return undefined;
    return { missing: nonceProblem(e) };
  }
  if (!staking(summary)) return { summary };
  const [bonds, pox] = await Promise.all([
    summary.bonds.count > 0
      ? client
          .getPrincipalBonds(principalId, { ...call, limit: BONDS_SHOWN })
          .catch((e: unknown): Missing => ({ missing: nonceProblem(e) }))
      : undefined,
    client.getPoxInfo(call).catch(() => undefined),
  ]);
  return { summary, ...(bonds ? { bonds } : {}), ...(pox ? { pox } : {}) };
}

export function stakingSections(d: StakingData | Missing | undefined, ctx: ModelContext): Section[] {
  if (!d) return [];
  const title = l10n.t('Staking');
  if (isMissing(d)) return [missingNotice(title, d)];
  const s = d.summary;
  const cycle = d.pox?.current_cycle?.id;
  const contract = d.pox?.contract_id;
  // A principal that has never staked with pox-5: the panel stays as it was.
  if (!staking(s)) return [];
  const out: Section[] = [
    fields(title, [
      field(l10n.t('Reward cycle'), num(cycle)),
      contract && field(l10n.t('Active PoX contract'), principal(contract, ctx)),
      field(l10n.t('Locked in STX staking'), stx(s.stx.locked)),
      field(l10n.t('STX staking rewards'), text(rewardsText(s.stx.rewards.btc))),
      field(l10n.t('Bonds'), num(s.bonds.count)),
      s.bonds.count > 0 && field(l10n.t('Locked in bonds'), stx(s.bonds.locked.stx), text(sbtc(s.bonds.locked.btc))),
      s.bonds.count > 0 && field(l10n.t('Bond rewards'), text(rewardsText(s.bonds.rewards.btc))),
    ]),
  ];
  if (d.bonds) out.push(bondsTable(d.bonds));
  return compact(out);
}

function bondsTable(p: BondPositionsPage | Missing): Section {
  const title = l10n.t('Bond positions');
  if (isMissing(p)) return missingNotice(title, p);
  return {
    type: 'table',
    title: p.total > p.results.length ? `${title} (${p.results.length} / ${p.total})` : `${title} (${p.total})`,
    columns: [
      { label: l10n.t('Bond'), align: 'right' },
      { label: l10n.t('Status') },
      { label: l10n.t('Locked STX'), align: 'right' },
      { label: l10n.t('Locked BTC'), align: 'right' },
      { label: l10n.t('Rewards'), align: 'right' },
    ],
    rows: p.results.map((b) => ({
      cells: [
        [num(b.bond_index)],
        [badge(b.status.replace(/_/g, ' '), b.active ? 'info' : 'muted')],
        [stx(b.locked.stx)],
        [text(sbtc(b.locked.btc))],
        [text(rewardsText(b.rewards.btc))],
      ],
    })),
    empty: l10n.t('No bond positions.'),
  };
}
