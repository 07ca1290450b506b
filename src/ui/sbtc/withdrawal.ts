/**
 * The sBTC withdrawals a transaction makes or settles: an `initiate-withdrawal-request` call of
 * `sbtc-withdrawal` and the registry's print events (`withdrawal-create`, `-accept`, `-reject`),
 * with each request's state in the registry (read-only `get-withdrawal-request`) and Emily's word
 * where the user lets it be asked. No vscode: the transaction panel and the chat tool share it.
 */
import { c32address } from 'c32check';
import type { CallOptions, StacksClient, Transaction } from '../../api';
import type { EmilyWithdrawal } from '../../api/emily';
import { isStacksApiError } from '../../api/errors';
import { getWithdrawal, registryOf, type RegistryWithdrawal } from '../../api/sbtc';
import * as l10n from '../../chain/l10n';
import type { NetworkId } from '../../chain/networks';
import { registryEvent, withdrawalStatusWords, type RegistryEvent, type WithdrawalRequest } from '../../chain/sbtc';
import { readCv } from '../../chain/sbtcClarity';
import { emilyGate } from './gate';

/** The most withdrawals one transaction's panel reads. */
const MAX_REQUESTS = 5;

export interface WithdrawalFacts {
  id?: string;
  /** The registry read, whose deployer says which Bitcoin network the recipient is on. */
  registryId?: string;
  /** What the transaction itself says (the call's arguments, the create event). */
  request?: WithdrawalRequest;
  events: RegistryEvent[];
  registry?: RegistryWithdrawal;
  emily?: EmilyWithdrawal;
  /** Why Emily was not asked, or its error. */
  emilyOff?: string;
  registryError?: string;
}

/** The withdrawals a transaction names, from its call and its registry events; [] for any other transaction. */
export function withdrawalsOf(t: Transaction): WithdrawalFacts[] {
  const byId = new Map<string, WithdrawalFacts>();
  const get = (id: string | undefined) => {
    const key = id ?? '';
    let f = byId.get(key);
    if (!f) byId.set(key, (f = { ...(id ? { id } : {}), events: [] }));
    return f;
  };
  for (const e of t.events ?? []) {
    const log = e.contract_log;
    if (!log || log.topic !== 'print' || !/\.sbtc-registry$/.test(log.contract_id)) continue;
    const ev = registryEvent(readCv(log.value.hex, c32address));
    if (!ev || ev.topic === 'completed-deposit') continue;
    const f = get(ev.requestId);
    f.events.push(ev);
    if (ev.topic === 'withdrawal-create') f.request = ev;
  }
  const c = t.contract_call;
  if (
    c &&
    c.function_name === 'initiate-withdrawal-request' &&
    /\.sbtc-withdrawal$/.test(c.contract_id) &&
    !byId.size
  ) {
    // A call without its events (pending, or failed): what it asked for, from its arguments.
    const [amount, recipient, maxFee] = (c.function_args ?? []).map((a) =>
      a.hex ? readCv(a.hex, c32address) : undefined,
    );
    const version = recipient?.type === 'tuple' ? recipient.value['version'] : undefined;
    const hashbytes = recipient?.type === 'tuple' ? recipient.value['hashbytes'] : undefined;
    if (amount?.type === 'uint' && maxFee?.type === 'uint' && version?.type === 'buff' && hashbytes?.type === 'buff')
      get(undefined).request = {
        amount: amount.value.toString(),
        maxFee: maxFee.value.toString(),
        recipient: { version: version.value, hashbytes: hashbytes.value },
      };
  }
  return [...byId.values()].slice(0, MAX_REQUESTS);
}

/** Reads each withdrawal's registry state and Emily's record (Emily: asking first only when `ask`). */
export async function readWithdrawals(
  c: StacksClient,
  network: NetworkId,
  list: WithdrawalFacts[],
  ask: boolean,
  call: CallOptions,
): Promise<WithdrawalFacts[]> {
  if (!list.length) return list;
  const registry = await registryOf(c, network, call).catch(() => undefined);
  const emily = await emilyGate().access(network, ask);
  for (const f of list) {
    if (registry) f.registryId = registry;
    if (!f.id) continue;
    try {
      if (registry) {
        const r = await getWithdrawal(c, registry, f.id, call);
        if (r) f.registry = r;
      } else f.registryError = l10n.t('no sBTC registry is known on this network');
    } catch (e) {
      if (isStacksApiError(e) && e.kind === 'cancelled') throw e;
      f.registryError = e instanceof Error ? e.message : String(e);
    }
    if ('client' in emily) {
      try {
        const w = await emily.client.withdrawal(f.id, {
          timeoutMs: emily.timeoutMs,
          ...(call.signal ? { signal: call.signal } : {}),
        });
        if (w) f.emily = w;
      } catch (e) {
        if (isStacksApiError(e) && e.kind === 'cancelled') throw e;
        f.emilyOff = e instanceof Error ? e.message : String(e);
      }
    } else f.emilyOff = emily.off;
  }
  return list;
}

/** The status in words: the registry's decision first, then Emily's word on what is under way. */
export function withdrawalStatus(f: WithdrawalFacts): {
  text: string;
  tone: 'success' | 'failed' | 'pending' | 'warning';
} {
  const accepted =
    f.registry?.request.accepted ??
    (f.events.some((e) => e.topic === 'withdrawal-accept')
      ? true
      : f.events.some((e) => e.topic === 'withdrawal-reject')
        ? false
        : undefined);
  const acceptEvent = f.events.find((e) => e.topic === 'withdrawal-accept');
  const swept =
    f.registry?.sweep?.sweepBurnHeight ??
    (acceptEvent?.topic === 'withdrawal-accept' ? acceptEvent.burnHeight : undefined);
  if (accepted === true)
    return {
      text: swept ? l10n.t('accepted: swept in Bitcoin block {0}', String(swept)) : l10n.t('accepted'),
      tone: 'success',
    };
  if (accepted === false) return { text: l10n.t('rejected: the sBTC is returned to the sender'), tone: 'failed' };
  const e = f.emily;
  if (e) {
    const expected = e.expectedFulfillmentInfo?.bitcoinBlockHeight;
    const w = withdrawalStatusWords(e.status);
    if (e.status === 'accepted' && typeof expected === 'number')
      return { text: l10n.t('accepted: expected in Bitcoin block {0}', expected), tone: 'pending' };
    if (e.status === 'confirmed' && e.fulfillment)
      return {
        text: l10n.t('confirmed: swept in Bitcoin block {0}', e.fulfillment.BitcoinBlockHeight),
        tone: 'success',
      };
    return { text: w.label, tone: w.tone };
  }
  return { text: l10n.t('pending: the signers have not accepted or rejected it on Stacks yet'), tone: 'pending' };
}
