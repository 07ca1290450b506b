/**
 * The transaction panel's "Why it failed": the error's name in the called contract, each line
 * that returns it (a button opens it, see ui/drift/errorLine.ts), and the `vm_error` in words.
 */
import type { Transaction } from '../../../api';
import { clarityModule } from '../../../chain/lazyClarity';
import type { Action, Field, Section } from '../../../protocol';
import type { TxFailure } from '../../failure/failure';
import type { NetworkId } from '../../shared/config';
import { code, field, text } from './values';
import * as l10n from '../../../chain/l10n';

/** The `vm_error` in one sentence, for the Summary row above the raw text. */
export function vmErrorWords(f: TxFailure | undefined): Field | undefined {
  return f?.vm ? field(l10n.t('VM error in words'), text(f.vm.sentence)) : undefined;
}

/** At most this many lines are offered to open; the rest are counted. */
export const MAX_FAILURE_LINKS = 8;

export function failureSections(f: TxFailure | undefined, network: NetworkId): Section[] {
  if (!f) return [];
  const rows: Field[] = [field(l10n.t('Error'), text(f.headline, { tone: 'failed' }))];
  const actions: Action[] = [];
  const names = f.names;
  if (names && !names.ok) rows.push(field(l10n.t('Result'), code(names.result)));
  const links = f.links;
  links.slice(0, MAX_FAILURE_LINKS).forEach((l, i) => {
    rows.push(field(l.name ?? l10n.t('Unnamed'), text(l.text)));
    if (f.call)
      actions.push({
        label: l10n.t('Open {0} (line {1})', l.name ?? 'the line', l.line + 1),
        icon: 'go-to-file',
        ...(i === 0 ? { primary: true } : {}),
        intent: {
          type: 'openErrorLine',
          line: { network, contractId: f.call.contractId, fn: f.call.fn, result: f.call.result, link: i },
        },
      });
  });
  if (links.length > MAX_FAILURE_LINKS)
    rows.push(field(l10n.t('More'), text(l10n.t('More lines return it; the first ones are listed.'))));
  if (f.balance) rows.push(field(l10n.t('Balance before'), text(f.balance)));
  // Would it still fail? The same call, sender and arguments, simulated (ui/workbench/simulation.ts);
  // and how did it fail? The call replayed on this machine, traced (ui/trace).
  if (f.call)
    actions.push(
      { label: l10n.t('Trace'), icon: 'debug', intent: { type: 'trace' } },
      { label: l10n.t('Re-simulate now'), icon: 'beaker', intent: { type: 'resimulate', when: 'now' } },
      {
        label: l10n.t('Re-simulate at the block before'),
        icon: 'history',
        intent: { type: 'resimulate', when: 'before' },
      },
    );
  return [
    { type: 'fields', title: l10n.t('Why it failed'), rows },
    ...(actions.length ? [{ type: 'actions' as const, actions }] : []),
  ];
}

/**
 * A failed transaction's result as Clarity text, decoded from its hex with the Clarity module; the
 * API's `repr` where the decoder is not there (the web build) or the hex is not a value.
 */
export function resultText(tx: Transaction): { resultText?: string } {
  const r = tx.tx_result;
  if (!r || tx.tx_status === 'success' || tx.tx_status === 'pending') return {};
  try {
    const decoded = clarityModule().clarityText(r.hex, 10_000);
    return decoded !== undefined ? { resultText: decoded } : {};
  } catch {
    return {};
  }
}
