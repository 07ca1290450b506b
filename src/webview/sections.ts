/** The sections of a view model: fields, tables with paging and expandable rows, bars, notices, tabs, forms. */
import type { Action, Field, Paging, Section, TableRow } from '../protocol';
import { button, h, icon } from './dom';
import { post } from './host';
import { values } from './values';
import { workbench } from './workbench';
import { t } from './l10n';

/** A count as the page's language (VS Code's display language, the html element's lang) writes it. */
const count = (n: number): string => {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  try {
    return n.toLocaleString(lang || 'en');
  } catch {
    return n.toLocaleString('en');
  }
};

export function section(s: Section): HTMLElement {
  switch (s.type) {
    case 'fields':
      return h('section', 'fields', s.title && h('h2', undefined, s.title), fieldTable(s.rows));
    case 'table':
      return table(s);
    case 'bars':
      return bars(s.title, s.bars);
    case 'notice':
      return h('div', `notice tone-${s.tone}`, icon(s.icon ?? 'info'), h('span', undefined, s.text));
    case 'actions':
      return h('div', 'actions', ...s.actions.map(actionButton));
    case 'tabs': {
      const bar = h('div', 'tabs');
      bar.setAttribute('role', 'tablist');
      for (const t of s.tabs) {
        const b = button(t.label, t.deprecated ? 'warning' : undefined, () => post(t.intent), {
          cls: `tab${t.active ? ' active' : ''}${t.deprecated ? ' deprecated' : ''}`,
        });
        b.setAttribute('role', 'tab');
        b.setAttribute('aria-selected', String(t.active));
        bar.append(b);
      }
      return bar;
    }
    case 'balanceAt':
      return balanceAt(s.untilBlock, s.unanchored);
    case 'code':
      return h('section', 'code-block', h('h2', undefined, s.title), h('pre', undefined, h('code', undefined, s.text)));
    case 'workbench':
      return workbench(s);
  }
}

function fieldTable(rows: Field[]): HTMLElement {
  const t = h('table', 'kv');
  for (const r of rows) t.append(h('tr', undefined, h('th', undefined, r.label), h('td', undefined, values(r.values))));
  return t;
}

export function actionButton(a: Action): HTMLButtonElement {
  return button(a.label, a.icon, () => post(a.intent), { primary: !!a.primary });
}

function table(s: Extract<Section, { type: 'table' }>): HTMLElement {
  const wrap = h('section', 'table', s.title && h('h2', undefined, s.title));
  if (s.rows.length === 0) {
    wrap.append(h('p', 'empty', icon('info'), s.empty));
    if (s.paging) wrap.append(pager(s.paging));
    return wrap;
  }
  const expandable = s.rows.some((r) => r.expand);
  const t = h('table', 'data');
  const head = h('tr');
  if (expandable) head.append(h('th', 'toggle'));
  for (const c of s.columns) head.append(h('th', c.align === 'right' ? 'right' : undefined, c.label));
  t.append(h('thead', undefined, head));
  const body = h('tbody');
  for (const r of s.rows) body.append(...row(r, s, expandable));
  t.append(body);
  wrap.append(h('div', 'scroll', t));
  if (s.paging) wrap.append(pager(s.paging));
  return wrap;
}

function row(r: TableRow, s: Extract<Section, { type: 'table' }>, expandable: boolean): HTMLElement[] {
  const tr = h('tr', r.expand?.open ? 'open' : undefined);
  if (expandable) {
    const td = h('td', 'toggle');
    if (r.expand) {
      const intent = r.expand.intent;
      const b = button(
        r.expand.open ? t('Hide events') : t('Show events'),
        r.expand.open ? 'chevron-down' : 'chevron-right',
        () => post(intent),
        { iconOnly: true },
      );
      b.setAttribute('aria-expanded', String(r.expand.open));
      td.append(b);
    }
    tr.append(td);
  }
  r.cells.forEach((cell, i) => tr.append(h('td', s.columns[i]?.align === 'right' ? 'right' : undefined, values(cell))));
  const out = [tr];
  if (r.detail) {
    const td = h('td', 'detail', ...r.detail.map(section));
    td.colSpan = s.columns.length + (expandable ? 1 : 0);
    out.push(h('tr', 'detail-row', td));
  }
  return out;
}

function pager(p: Paging): HTMLElement {
  const go = (offset: number) => post({ type: 'page', params: { [p.param]: offset } });
  const last = Math.max(0, Math.floor((p.total - 1) / p.limit) * p.limit);
  const from = p.total === 0 ? 0 : p.offset + 1;
  const to = Math.min(p.total, p.offset + p.limit);
  return h(
    'nav',
    'pager',
    button(t('First page'), 'debug-step-back', () => go(0), { iconOnly: true, disabled: p.offset <= 0 }),
    button(t('Previous page'), 'chevron-left', () => go(Math.max(0, p.offset - p.limit)), {
      iconOnly: true,
      disabled: p.offset <= 0,
    }),
    h('span', 'range', `${count(from)}–${count(to)} of ${count(p.total)}`),
    button(t('Next page'), 'chevron-right', () => go(p.offset + p.limit), {
      iconOnly: true,
      disabled: p.offset + p.limit >= p.total,
    }),
    ...(p.sequential
      ? []
      : [button(t('Last page'), 'debug-step-over', () => go(last), { iconOnly: true, disabled: p.offset >= last })]),
  );
}

function bars(title: string, list: Array<{ label: string; value: number; text: string }>): HTMLElement {
  const max = Math.max(1, ...list.map((b) => b.value));
  const rows = list.map((b) => {
    const fill = h('span', 'bar-fill');
    // CSSOM, not an inline style attribute: allowed by the CSP.
    fill.style.width = `${Math.max(0, Math.min(100, (b.value / max) * 100)).toFixed(1)}%`;
    return h('div', 'bar-row', h('span', 'bar-label', b.label), h('span', 'bar-track', fill), h('span', 'num', b.text));
  });
  return h('section', 'bars', h('h2', undefined, title), ...rows);
}

function balanceAt(untilBlock: string, unanchored: boolean): HTMLElement {
  const form = h('form', 'balance-at');
  const input = h('input');
  input.type = 'text';
  input.value = untilBlock;
  input.placeholder = t('Block height or hash');
  input.pattern = '\\d+|0x[0-9a-fA-F]{64}';
  input.title = t('A block height or a block hash (0x + 64 hex digits)');
  input.setAttribute('aria-label', t('Balance at block'));
  const check = h('input');
  check.type = 'checkbox';
  check.checked = unanchored;
  input.addEventListener('input', () => {
    if (input.value.trim()) check.checked = false;
  });
  check.addEventListener('change', () => {
    if (check.checked) input.value = '';
  });
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (!input.reportValidity()) return;
    post({ type: 'page', params: { untilBlock: input.value.trim(), unanchored: check.checked } });
  });
  const apply = h('button', 'button', icon('history'), t('Show balance'));
  apply.type = 'submit';
  form.append(
    h('label', 'field-label', t('Balance at block'), input),
    h('label', 'check', check, 'Include unanchored (microblock) data'),
    apply,
  );
  if (untilBlock || unanchored)
    form.append(
      button(t('Current balance'), 'discard', () =>
        post({ type: 'page', params: { untilBlock: '', unanchored: false } }),
      ),
    );
  return form;
}
