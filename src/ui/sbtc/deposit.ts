/**
 * What is known of an sBTC deposit by its Bitcoin txid: the registry's completed deposit (chain
 * first: `get-completed-deposit` through the chain API) and, when Emily may be asked, Emily's
 * record of each output (pending, accepted, confirmed, failed, replaced). No vscode: the panel's
 * loader, the hover and the chat tool share it.
 */
import type { CallOptions, StacksClient } from '../../api';
import type { EmilyDeposit } from '../../api/emily';
import { isStacksApiError } from '../../api/errors';
import { getCompletedDeposit, registryOf } from '../../api/sbtc';
import type { NetworkId } from '../../chain/networks';
import type { CompletedDeposit, DepositRef } from '../../chain/sbtc';
import type { EmilyAccess } from './gate';
import * as l10n from '../../chain/l10n';

/** The most outputs of one Bitcoin transaction asked of the registry. */
const MAX_OUTPUTS = 4;

export interface DepositFacts {
  ref: DepositRef;
  network: NetworkId;
  registry?: string;
  /** The registry's completed deposits, by output. */
  completed: Array<CompletedDeposit & { vout: number }>;
  /** Why the registry could not be read (the chain API's sentence), if it could not. */
  registryError?: string;
  /** Emily's records of the outputs, when it was asked. */
  emily?: EmilyDeposit[];
  /** Why Emily was not asked, or what went wrong when it was. */
  emilyOff?: string;
}

export async function findDeposit(
  c: StacksClient,
  network: NetworkId,
  ref: DepositRef,
  emily: EmilyAccess,
  options: CallOptions,
): Promise<DepositFacts> {
  const facts: DepositFacts = { ref, network, completed: [] };
  if ('client' in emily) {
    try {
      const list =
        ref.vout === undefined
          ? await emily.client.depositsOfTx(ref.txid, { timeoutMs: emily.timeoutMs, ...signal(options) })
          : compactList(
              await emily.client.deposit(ref.txid, ref.vout, { timeoutMs: emily.timeoutMs, ...signal(options) }),
            );
      facts.emily = list.slice(0, MAX_OUTPUTS * 5);
    } catch (e) {
      if (isStacksApiError(e) && e.kind === 'cancelled') throw e;
      facts.emilyOff = e instanceof Error ? e.message : String(e);
    }
  } else facts.emilyOff = emily.off;
  const registry = await registryOf(c, network, options);
  if (!registry) {
    facts.registryError = 'no sBTC registry is known on this network';
    return facts;
  }
  facts.registry = registry;
  const vouts =
    ref.vout !== undefined
      ? [ref.vout]
      : facts.emily?.length
        ? [...new Set(facts.emily.map((d) => d.bitcoinTxOutputIndex))].slice(0, MAX_OUTPUTS)
        : [0];
  try {
    for (const vout of vouts) {
      const done = await getCompletedDeposit(c, registry, ref.txid, vout, options);
      if (done) facts.completed.push({ ...done, vout });
    }
  } catch (e) {
    if (isStacksApiError(e) && e.kind === 'cancelled') throw e;
    facts.registryError = e instanceof Error ? e.message : String(e);
  }
  return facts;
}

function compactList<T>(x: T | undefined): T[] {
  return x === undefined ? [] : [x];
}

function signal(options: CallOptions): { signal?: AbortSignal } {
  return options.signal ? { signal: options.signal } : {};
}

/** Whether anything at all is known of the deposit. */
export function depositKnown(f: DepositFacts): boolean {
  return f.completed.length > 0 || (f.emily?.length ?? 0) > 0;
}

export type DepositOutcome = { ended: false } | { ended: true; tone: 'info' | 'warning'; message: string };

/** Whether a watched deposit has ended: minted (the registry, or Emily's confirmed), failed or replaced. */
export function depositOutcome(f: DepositFacts, amountText: (sats: string | number) => string): DepositOutcome {
  const short = `${f.ref.txid.slice(0, 10)}…`;
  const done = f.completed[0];
  if (done)
    return {
      ended: true,
      tone: 'info',
      message: l10n.t('sBTC deposit {0} was minted: {1} to {2}.', short, amountText(done.amount), done.recipient),
    };
  const e = f.emily?.[0];
  if (e?.status === 'confirmed')
    return {
      ended: true,
      tone: 'info',
      message: l10n.t('sBTC deposit {0} was minted: {1}.', short, amountText(e.amount)),
    };
  if (e?.status === 'failed')
    return {
      ended: true,
      tone: 'warning',
      message: l10n.t('sBTC deposit {0} failed: {1}', short, (e.statusMessage ?? '').slice(0, 200)),
    };
  if (e?.status === 'rbf')
    return {
      ended: true,
      tone: 'warning',
      message: l10n.t('sBTC deposit {0} was replaced by another Bitcoin transaction (replace-by-fee).', short),
    };
  return { ended: false };
}
