/**
 * A simulated call's answer under its form: the verdict, why it failed (the lines that return the
 * error, the `vm_error` in words, post-conditions), the assets it moved, its prints, its cost
 * against the block limit, the fee, and the post-conditions to copy. Everything is chain data or
 * made from it: text nodes only.
 */
import type { SimulationView } from '../protocol';
import { button, h, icon } from './dom';
import { post } from './host';

function table(title: string, columns: string[], rows: string[][], empty: string): HTMLElement {
  const wrap = h('div', 'sim-block', h('h3', undefined, title));
  if (!rows.length) {
    wrap.append(h('p', 'empty', empty));
    return wrap;
  }
  const t = h('table', 'sim-table');
  t.append(h('thead', undefined, h('tr', undefined, ...columns.map((c) => h('th', undefined, c)))));
  const body = h('tbody');
  for (const r of rows) body.append(h('tr', undefined, ...r.map((c) => h('td', undefined, h('code', undefined, c)))));
  t.append(body);
  wrap.append(t);
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
      button(`Copy ${title}`, 'copy', () => post({ type: 'copy', text: code }), { iconOnly: true, cls: 'wb-copy' }),
    ),
    h('pre', 'code long', code),
  );
}

export function simulationView(s: SimulationView): HTMLElement {
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
      'Asset movements',
      ['Asset', 'From', 'To', 'Amount'],
      s.movements.map((m) => [m.what, m.from, m.to, m.amount]),
      'No STX, token or NFT moved.',
    ),
    table(
      'Net change per principal',
      ['Principal', 'Asset', 'Change'],
      s.net.map((n) => [n.principal, n.asset, n.change]),
      'No balance changes.',
    ),
    table(
      'Prints',
      ['Contract', 'Value'],
      s.prints.map((p) => [p.contract, p.value]),
      'Nothing printed.',
    ),
    table(
      `Execution cost (block limit: ${s.cost.source})`,
      ['Dimension', 'Used', 'Block limit', 'Share'],
      s.cost.rows.map((r) => [r.dimension, r.used, r.limit, r.percent]),
      'No cost reported.',
    ),
    table(
      `Fee (${s.fee.source})`,
      ['Estimate', 'STX'],
      s.fee.rows.map((r) => [r.label, r.stx]),
      'No fee estimate.',
    ),
    snippet('Post-conditions, Deny mode', s.pc.deny),
    snippet('Post-conditions, Originator mode', s.pc.originator),
    h('div', 'hint', s.ran),
  );
  return out;
}
