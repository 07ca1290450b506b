/**
 * An address's sBTC in flight, beside its balance: the deposits Emily knows to it and the
 * withdrawals it asked for that are not settled yet (pending or accepted). Only with Emily on
 * (`stacksLookup.sbtc.emily.enabled`, asked once a window first); without it, nothing is shown
 * and nothing is sent.
 */
import { c32addressDecode } from 'c32check';
import { isStacksApiError } from '../../../api/errors';
import * as l10n from '../../../chain/l10n';
import { depositStatusWords, withdrawalStatusWords } from '../../../chain/sbtc';
import type { Section } from '../../../protocol';
import { emilyGate } from '../../sbtc/gate';
import type { PanelLoad } from './load';
import { sbtcAmount } from './sbtcDeposit';
import { badge, bitcoinTx, text, tx, type ModelContext } from './values';

const MAX_ROWS = 20;
const OPEN = new Set(['pending', 'accepted']);

export interface SbtcInFlight {
  deposits: Array<{ txid: string; vout: number; amount: number; status: string }>;
  withdrawals: Array<{ requestId: number; amount: number; status: string; txid: string; expected?: number | null }>;
  problem?: string;
}

/** Emily's key for a deposit's recipient: the hex of the serialized standard principal. */
export function principalHex(principal: string): string | undefined {
  if (principal.includes('.')) return undefined;
  try {
    const [version, hash] = c32addressDecode(principal);
    return `05${version.toString(16).padStart(2, '0')}${hash}`;
  } catch {
    return undefined;
  }
}

export async function loadSbtcInFlight(principal: string, l: PanelLoad): Promise<SbtcInFlight | undefined> {
  const emily = await emilyGate().access(l.ctx.network, l.call.budget !== 'fail-fast');
  if (!('client' in emily)) return undefined;
  const o = { timeoutMs: emily.timeoutMs, ...(l.call.signal ? { signal: l.call.signal } : {}) };
  try {
    const hex = principalHex(principal);
    const [deposits, withdrawals] = await Promise.all([
      hex ? emily.client.depositsTo(hex, o) : Promise.resolve([]),
      emily.client.withdrawalsFrom(principal, o),
    ]);
    return {
      deposits: deposits
        .filter((d) => OPEN.has(d.status))
        .slice(0, MAX_ROWS)
        .map((d) => ({ txid: d.bitcoinTxid, vout: d.bitcoinTxOutputIndex, amount: d.amount, status: d.status })),
      withdrawals: withdrawals
        .filter((w) => OPEN.has(w.status))
        .slice(0, MAX_ROWS)
        .map((w) => ({
          requestId: w.requestId,
          amount: w.amount,
          status: w.status,
          txid: w.txid,
          ...(w.expectedFulfillmentInfo ? { expected: w.expectedFulfillmentInfo.bitcoinBlockHeight ?? null } : {}),
        })),
    };
  } catch (e) {
    if (isStacksApiError(e) && e.kind === 'cancelled') throw e;
    return { deposits: [], withdrawals: [], problem: e instanceof Error ? e.message : String(e) };
  }
}

export function sbtcInFlightSection(f: SbtcInFlight | undefined, ctx: ModelContext): Section | undefined {
  if (!f) return undefined;
  const hex0x = (h: string) => `0x${h.replace(/^0x/i, '')}`;
  const rows = [
    ...f.deposits.map((d) => {
      const w = depositStatusWords(d.status);
      return {
        cells: [
          [text(l10n.t('deposit'))],
          [text(sbtcAmount(d.amount))],
          [badge(w.label, w.tone)],
          [
            {
              ...bitcoinTx(hex0x(d.txid), ctx),
              target: { kind: 'sbtcDeposit' as const, id: `${d.txid}:${d.vout}`, network: ctx.network },
            },
          ],
        ],
      };
    }),
    ...f.withdrawals.map((w) => {
      const s = withdrawalStatusWords(w.status);
      const when =
        typeof w.expected === 'number' ? l10n.t('{0}: expected in Bitcoin block {1}', s.label, w.expected) : s.label;
      return {
        cells: [
          [text(l10n.t('withdrawal {0}', w.requestId))],
          [text(sbtcAmount(w.amount))],
          [badge(when, s.tone)],
          [tx(hex0x(w.txid), ctx)],
        ],
      };
    }),
  ];
  return {
    type: 'table',
    title: l10n.t('sBTC in flight (Emily)'),
    columns: [
      { label: l10n.t('What') },
      { label: l10n.t('Amount') },
      { label: l10n.t('Status') },
      { label: l10n.t('Transaction') },
    ],
    rows,
    empty: f.problem
      ? l10n.t('Emily could not be read: {0}', f.problem)
      : l10n.t('No pending sBTC deposit or withdrawal of this address.'),
  };
}
