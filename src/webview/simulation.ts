/**
 * A simulated call's answer under its form: the verdict, why it failed (the lines that return the
 * error, the `vm_error` in words, post-conditions), the assets it moved, its prints, its cost
 * against the block limit, the fee, and the post-conditions to copy. Everything is chain data or
 * made from it: text nodes only.
 */
import type { SimulationView } from '../protocol';
import { button, h, icon } from './dom';
import { post } from './host';
import { t } from './l10n';

export type PastedPcs = NonNullable<SimulationView['pasted']>;
type Mode = PastedPcs['mode'];

const MODE_LABELS: Record<Mode, string> = { deny: t('Deny'), allow: t('Allow'), originator: t('Originator') };
const MODES = Object.keys(MODE_LABELS) as Mode[];
const MODE_IN_CODE = /PostConditionMode\.(Deny|Allow|Originator)\b/;

/**
 * The box to paste a post-condition set into (the snippets above, edited or not) and simulate the
 * call again with them in the transaction. The text goes to the host as it is: the host reads it
 * with a strict parser and never runs it.
 */
function pasteBox(pasted: PastedPcs | undefined, resimulate: (p: PastedPcs) => void): HTMLElement {
  const code = h('textarea', 'sim-paste');
  code.spellcheck = false;
  code.rows = 6;
  code.placeholder = "Pc.principal('SP…').willSendEq(100n).ustx(),";
  code.setAttribute('aria-label', t('Post-conditions to simulate with'));
  if (pasted) code.value = pasted.code;
  const mode = h('select', 'sim-mode');
  mode.setAttribute('aria-label', t('Post-condition mode'));
  for (const m of MODES) {
    const o = h('option', undefined, MODE_LABELS[m]);
    o.value = m;
    mode.append(o);
  }
  mode.value = pasted?.mode ?? 'deny';
  // A pasted snippet names its mode in its first comment: the select follows it.
  code.addEventListener('input', () => {
    const named = MODE_IN_CODE.exec(code.value.slice(0, 2_000))?.[1];
    if (named) mode.value = named.toLowerCase();
  });
  const run = button(
    t('Simulate with these post-conditions'),
    'beaker',
    () => resimulate({ mode: mode.value as Mode, code: code.value }),
    { cls: 'sim-resimulate' },
  );
  return h(
    'div',
    'sim-block sim-paste-box',
    h('h3', undefined, t('Simulate with post-conditions')),
    h(
      'p',
      'hint',
      t(
        'Paste a set as the snippets above write it, one Pc line per condition, to see whether the call would abort with them.',
      ),
    ),
    code,
    h('div', 'wb-actions', h('label', 'field-label', t('Mode'), mode), run),
  );
}

function table(title: string, columns: string[], rows: string[][], empty: string): HTMLElement {
  const wrap = h('div', 'sim-block', h('h3', undefined, title));
  if (!rows.length) {
    wrap.append(h('p', 'empty', empty));
    return wrap;
  }
  const table = h('table', 'sim-table');
  table.append(h('thead', undefined, h('tr', undefined, ...columns.map((c) => h('th', undefined, c)))));
  const body = h('tbody');
  for (const r of rows) body.append(h('tr', undefined, ...r.map((c) => h('td', undefined, h('code', undefined, c)))));
  table.append(body);
  wrap.append(table);
  return wrap;
}

function snippet(title: string, code: string): HTMLElement {
  return h(
    'div',
    'sim-block sim-pc',
    h(
      'h3',
      undefined,
      title,
      button(t('Copy {0}', title), 'copy', () => post({ type: 'copy', text: code }), {
        iconOnly: true,
        cls: 'wb-copy',
      }),
    ),
    h('pre', 'code long', code),
  );
}

/** The cost as shares of the tenure budget, the shares above what one block may use marked. */
function costTable(cost: SimulationView['cost']): HTMLElement {
  const wrap = table(
    t('Execution cost (tenure budget: {0})', cost.source),
    [t('Dimension'), t('Used'), t('Tenure budget'), t('Share')],
    cost.rows.map((r) => [r.dimension, r.used, r.limit, r.percent]),
    t('No cost reported.'),
  );
  cost.rows.forEach((r, i) => {
    if (r.over) wrap.querySelectorAll('tbody tr')[i]?.classList.add('sim-over');
  });
  if (cost.warning)
    wrap.append(h('div', 'notice tone-warning sim-tenure', icon('warning'), h('span', undefined, cost.warning)));
  return wrap;
}

export function simulationView(s: SimulationView, resimulate?: (p: PastedPcs) => void): HTMLElement {
  const out = h('div', 'sim');
  out.dataset.tone = s.tone;
  out.append(
    h(
      'div',
      `notice tone-${s.tone}`,
      icon(s.tone === 'success' ? 'pass' : 'error'),
      h('span', 'sim-verdict', s.verdict),
    ),
  );
  for (const l of s.lines) out.append(h('div', 'hint sim-line', icon('debug-breakpoint-log'), l));
  if (s.vmError) out.append(h('p', 'sim-vm', s.vmError));
  out.append(h('p', 'sim-pcs', s.postConditions));
  out.append(
    table(
      t('Asset movements'),
      [t('Asset'), t('From'), t('To'), t('Amount')],
      s.movements.map((m) => [m.what, m.from, m.to, m.amount]),
      t('No STX, token or NFT moved.'),
    ),
    table(
      t('Net change per principal'),
      [t('Principal'), t('Asset'), t('Change')],
      s.net.map((n) => [n.principal, n.asset, n.change]),
      t('No balance changes.'),
    ),
    table(
      t('Prints'),
      [t('Contract'), t('Value')],
      s.prints.map((p) => [p.contract, p.value]),
      t('Nothing printed.'),
    ),
    costTable(s.cost),
    table(
      t('Fee ({0})', s.fee.source),
      [t('Estimate'), 'STX'],
      s.fee.rows.map((r) => [r.label, r.stx]),
      t('No fee estimate.'),
    ),
    snippet(t('Post-conditions, Deny mode'), s.pc.deny),
    snippet(t('Post-conditions, Originator mode'), s.pc.originator),
    resimulate ? pasteBox(s.pasted, resimulate) : '',
    h('div', 'hint', s.ran),
  );
  return out;
}
