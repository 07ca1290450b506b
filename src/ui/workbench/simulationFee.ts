/**
 * The fee shown with a simulation: the node's three estimates for the call
 * (`POST /v2/fees/transaction`), or, when it has none, a fallback worked out from the simulated
 * cost the way stacks-core prices a transaction (src/chain/simulationFee.ts), at the rates pending
 * STX transfers pay, and labelled as such.
 */
import type { MempoolFees, StacksClient } from '../../api';
import { formatInt, formatStx } from '../../chain/format';
import type { Cost } from '../../chain/simulation';
import { fallbackFees, TRANSFER_SCALAR } from '../../chain/simulationFee';
import type { SimulationView } from '../../protocol';
import * as l10n from '../../chain/l10n';

type Fee = SimulationView['fee'];
type Dimensions = Parameters<typeof fallbackFees>[1];

export interface FeeInput {
  /** The unsigned call's payload (hex) and whole length in bytes. */
  payload: string;
  length: number;
  cost: Cost;
  limit: { label: string; cost: Dimensions };
}

export async function feeOf(client: StacksClient, f: FeeInput, signal: AbortSignal): Promise<Fee> {
  const e = await client.estimateFee(f.payload, f.length, { signal });
  if ('estimate' in e) {
    const labels = [l10n.t('Low'), l10n.t('Medium'), l10n.t('High')];
    return {
      source: l10n.t("the node's estimate for this call, POST /v2/fees/transaction"),
      rows: e.estimate.estimations
        .slice(0, 3)
        .map((x, i) => ({ label: labels[i] ?? `#${i + 1}`, stx: formatStx(x.fee) })),
    };
  }
  let mempool: MempoolFees | undefined;
  try {
    mempool = await client.getMempoolFees({ signal });
  } catch (err) {
    if (signal.aborted) throw err;
  }
  const reason = e.none.replace(/^The API rejected the request: /, '').replace(/\.$/, '');
  return fallbackFee(reason, f, mempool);
}

const rateText = (r: number) => (Number.isInteger(r) ? formatInt(r) : r.toFixed(1));

/** The labelled fallback: the call's scalar cost × what pending transfers pay per unit of theirs. */
export function fallbackFee(reason: string, f: FeeInput, mempool: MempoolFees | undefined): Fee {
  const head = l10n.t('fallback: the node has no estimate for this call ({0})', reason);
  const t = mempool?.token_transfer;
  if (!t)
    return {
      source: l10n.t('{0}; no STX transfer is pending in the mempool, so there is no fee rate to price it at', head),
      rows: [],
    };
  const x = fallbackFees(f.cost, f.limit.cost, f.length, {
    low: t.low_priority,
    medium: t.medium_priority,
    high: t.high_priority,
  });
  return {
    source: l10n.t(
      "{0}; estimated from the simulated cost × the fee rate pending STX transfers pay in the mempool: this call costs {1} units of stacks-core's fee metric (execution cost against the block limit, plus length), a transfer {2}, so the low, medium and high priority transfer fees give {3}, {4} and {5} µSTX a unit",
      head,
      formatInt(x.scalar),
      TRANSFER_SCALAR,
      rateText(x.rates.low),
      rateText(x.rates.medium),
      rateText(x.rates.high),
    ),
    rows: [
      { label: l10n.t('Low (fallback)'), stx: formatStx(x.fees.low) },
      { label: l10n.t('Medium (fallback)'), stx: formatStx(x.fees.medium) },
      { label: l10n.t('High (fallback)'), stx: formatStx(x.fees.high) },
    ],
  };
}
