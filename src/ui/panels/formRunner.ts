/**
 * The contract workbench's forms on the host side: each call or state read checked and encoded
 * against the interface the panel loaded (nothing is sent when a field is wrong), the block to run
 * at resolved to its index block hash, the node asked through the client, and the answer shown
 * under the form if the panel still shows its place. A second run of the same form, or leaving the
 * place, cancels the first.
 */
import type { ContractInterface } from '../../api';
import { isStacksApiError } from '../../api/errors';
import { clarityModule } from '../../chain/lazyClarity';
import { readOnlyRefusal } from '../../chain/readOnlyRefusal';
import { NETWORK_LABELS } from '../../chain/networks';
import type { FormResult, HostMessage } from '../../protocol';
import type { NetworkService } from '../network/network';
import { describeError } from '../shared/errorText';
import { showWarning } from '../shared/notify';
import type { Config } from '../shared/config';
import type { Log } from '../shared/log';
import { simulate } from '../workbench/simulation';
import type { Decision } from './messages';
import { callResult, parseAt, prepareCall, prepareRead, valueResult } from './models/workbench';
import { type Entry, identity } from './places';
import * as l10n from '../../chain/l10n';
import { formatCount } from '../../chain/format';
import { TraceSection } from './traceSection';

/** A call the node ran and refused (`okay: false`): its reason in words, then the node's own text. */
export function refusedCall(form: string, cause: string | null | undefined, at: string): FormResult {
  const words = readOnlyRefusal(cause).sentence;
  const raw = (cause ?? '').trim();
  const message = raw ? `${words} ${l10n.t('The node said: {0}', raw.slice(0, 2_000))}` : words;
  return { form, state: 'failed', message, at };
}

export type FormDecision = Extract<Decision, { do: 'call' | 'read' | 'simulate' }>;

export interface FormHost {
  post(m: HostMessage): void;
  /** The identity of the place the panel shows with its model, or undefined while it shows another state. */
  shownPlace(): string | undefined;
}

export class FormRunner {
  /** The forms running now, by form id. */
  private readonly forms = new Map<string, AbortController>();
  /** The last answer of each form of the place shown (cleared when the panel shows another state). */
  readonly results = new Map<string, FormResult>();
  /** The transaction panel's Trace section. */
  readonly trace: TraceSection;

  constructor(
    private readonly d: { networks: NetworkService; config: Config; log: Log },
    private readonly host: FormHost,
  ) {
    this.trace = new TraceSection(host);
  }

  async run(d: FormDecision, here: Entry, iface: ContractInterface): Promise<void> {
    const form = d.do === 'call' ? `fn:${d.fn}` : d.do === 'simulate' ? `public:${d.fn}` : `${d.what}:${d.name}`;
    const place = identity(here);
    this.forms.get(form)?.abort();
    const controller = new AbortController();
    this.forms.set(form, controller);
    this.host.post({ type: 'formBusy', form });
    const network = here.target.network;
    try {
      const codec = clarityModule();
      const prepared =
        d.do === 'read'
          ? prepareRead(iface, d.what, d.name, d.key, codec)
          : prepareCall(iface, d.fn, d.args, d.sender, codec, d.do === 'simulate' ? 'public' : 'read_only');
      if (!prepared.ok) return this.show(place, prepared.result);
      const at = parseAt(d.at);
      if (!at.ok) return this.show(place, { form, state: 'invalid', message: l10n.t('At block: {0}', at.reason) });
      const { client } = await this.d.networks.endpoint(network);
      const o = { signal: controller.signal };
      let tip: string | undefined;
      let block: { height: number; hash: string } | undefined;
      let atText = l10n.t('latest block');
      if (at.at.kind !== 'latest') {
        // The node reads only an index block hash as the block to run at: a height or block hash is resolved first.
        const ref = at.at.kind === 'height' ? at.at.height : at.at.hash;
        const b = await client.getBlock(ref, o).catch((e: unknown) => {
          if (isStacksApiError(e) && e.kind === 'not-found') return undefined;
          throw e;
        });
        if (!b)
          return this.show(place, {
            form,
            state: 'invalid',
            message: l10n.t('At block: there is no block {0} on {1}.', String(ref), NETWORK_LABELS[network]),
          });
        tip = b.index_block_hash;
        block = { height: b.height, hash: b.hash };
        atText = l10n.t('block {0} (index block hash {1})', formatCount(b.height), tip);
      }
      const id = here.target.id;
      const where = tip ? { tip } : {};
      let result: FormResult;
      if ('fn' in prepared && d.do === 'simulate') {
        const ask = { form, network, contractId: id, fn: prepared.fn, args: prepared.args, sender: prepared.sender };
        const where = { atText, signal: controller.signal, ...(block ? { block } : {}) };
        const pcs = d.postConditions ? { postConditions: d.postConditions } : {};
        result = await simulate(this.d, { ...ask, ...where, ...pcs });
      } else if ('fn' in prepared) {
        const call = { sender: prepared.sender, arguments: prepared.args, ...where };
        const r = await client.callReadOnly(id, prepared.fn, call, o);
        result = r.okay ? callResult(form, r, atText, codec) : refusedCall(form, r.cause, atText);
      } else {
        const r =
          prepared.what === 'var'
            ? await client.getDataVar(id, prepared.name, where, o)
            : prepared.what === 'constant'
              ? await client.getConstant(id, prepared.name, where, o)
              : await client.getMapEntry(id, prepared.name, prepared.key ?? '', where, o);
        result = valueResult(form, r.data, atText, codec);
      }
      this.show(place, result);
    } catch (e) {
      if (isStacksApiError(e) && e.kind === 'cancelled') return;
      if (!isStacksApiError(e))
        this.d.log.error(`Contract workbench: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      const text = describeError(
        e,
        await this.d.networks.errorContext(
          network,
          d.do === 'call' ? l10n.t('read-only call') : d.do === 'simulate' ? 'simulation' : l10n.t('contract state'),
        ),
      );
      this.show(place, { form, state: 'error', message: text.message });
    } finally {
      if (this.forms.get(form) === controller) this.forms.delete(form);
    }
  }

  /**
   * Re-simulates the failed transaction shown: its sender, contract, function and arguments (as the
   * transaction carries them, serialized), at the latest block or the one before the transaction's,
   * shown under the function's form of the contract panel, which `open` brings up.
   */
  async resimulate(
    d: Extract<Decision, { do: 'resimulate' }>,
    open: (e: Entry) => Promise<{ here: Entry; iface: ContractInterface } | undefined>,
  ): Promise<void> {
    const network = d.target.network ?? this.d.networks.current;
    const controller = new AbortController();
    const o = { signal: controller.signal };
    let form: string | undefined;
    let place: string | undefined;
    try {
      const { client } = await this.d.networks.endpoint(network);
      const tx = await client.getTransaction(d.target.id, o);
      const call = tx.contract_call;
      const args = (call?.function_args ?? []).map((a) => a.hex);
      if (!call || args.some((a) => a === undefined)) return;
      const shown = await open({ target: { kind: 'contract', id: call.contract_id, network }, params: {} });
      if (!shown) {
        void showWarning(
          l10n.t('The interface of {0} could not be read, so the call was not re-simulated.', call.contract_id),
        );
        return;
      }
      form = `public:${call.function_name}`;
      place = identity(shown.here);
      this.forms.get(form)?.abort();
      this.forms.set(form, controller);
      this.host.post({ type: 'formBusy', form });
      let block: { height: number; hash: string } | undefined;
      let atText = l10n.t('latest block');
      if (d.when === 'before' && tx.block_height !== undefined && tx.block_height > 0) {
        const b = await client.getBlock(tx.block_height - 1, o);
        block = { height: b.height, hash: b.hash };
        atText = l10n.t('block {0}, the one before transaction {1}', formatCount(b.height), d.target.id);
      } else atText = l10n.t('latest block, re-simulating transaction {0}', d.target.id);
      const ask = { form, network, contractId: call.contract_id, fn: call.function_name, sender: tx.sender_address };
      const where = { atText, signal: controller.signal, ...(block ? { block } : {}) };
      this.show(place, await simulate(this.d, { ...ask, args: args as string[], ...where }));
    } catch (e) {
      if (isStacksApiError(e) && e.kind === 'cancelled') return;
      if (!isStacksApiError(e))
        this.d.log.error(`Re-simulation: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      const text = describeError(e, await this.d.networks.errorContext(network, l10n.t('simulation')));
      if (form && place) this.show(place, { form, state: 'error', message: text.message });
      else void showWarning(text.message);
    } finally {
      if (form && this.forms.get(form) === controller) this.forms.delete(form);
    }
  }

  /** Shows a form's answer, if the panel still shows the place the form belongs to. */
  private show(place: string, result: FormResult): void {
    if (this.host.shownPlace() !== place) return;
    this.results.set(result.form, result);
    this.host.post({ type: 'result', result });
  }

  /** The texts of the answers shown: a copy of one is named, not shown, in the status bar. */
  texts(): Set<string> {
    const texts = new Set<string>();
    for (const r of this.results.values()) {
      if (r.state === 'ok' && r.text !== undefined) texts.add(r.text);
      if (r.simulation) texts.add(r.simulation.pc.deny).add(r.simulation.pc.originator);
    }
    return texts;
  }

  /** What a webview that loads again is sent after the model: the answers under its forms, the Trace section. */
  replayMessages(): HostMessage[] {
    return [
      ...[...this.results.values()].map((result): HostMessage => ({ type: 'result', result })),
      ...this.trace.replay(),
    ];
  }

  /** Cancels every running form and forgets the answers shown. */
  cancel(): void {
    for (const c of this.forms.values()) c.abort();
    this.forms.clear();
    this.results.clear();
    this.trace.forget();
  }
}
