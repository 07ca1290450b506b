/**
 * The transaction panel's Trace section, browser side: the host posts `{ type: 'trace', trace }`
 * (src/ui/panels/traceSection.ts) and this draws it below the panel's sections, in place of the
 * one before. Every string is chain data or made from it: text only, through the DOM.
 */
import type { TraceView } from '../protocol';
import { button, h, icon } from './dom';
import { post } from './host';
import { t } from './l10n';

function block(title: string, ...children: Array<Node | string>): HTMLElement {
  return h('div', 'sim-block', h('h3', undefined, title), ...children);
}

function rowsTable(columns: string[], rows: string[][]): HTMLElement {
  const table = h('table', 'sim-table');
  table.append(h('thead', undefined, h('tr', undefined, ...columns.map((c) => h('th', undefined, c)))));
  const body = h('tbody');
  for (const r of rows) body.append(h('tr', undefined, ...r.map((c) => h('td', undefined, h('code', undefined, c)))));
  table.append(body);
  return table;
}

function callTree(v: TraceView): HTMLElement {
  const list = h('ul', 'trace-tree');
  for (const c of v.calls ?? []) {
    const item = h(
      'li',
      `trace-call${c.failed ? ' failed' : ''}`,
      icon(c.failed ? 'error' : 'pass'),
      h('code', 'trace-fn', c.label),
      c.args ? h('code', 'trace-args', ` ${c.args}`) : '',
      c.at ? h('span', 'hint trace-at', `  ${c.at}`) : '',
      h('div', 'trace-returned', '→ ', h('code', undefined, c.returned)),
    );
    // CSSOM, not a style attribute: the CSP allows it.
    item.style.marginLeft = `${Math.min(c.depth, 20) * 1.25}em`;
    item.dataset.depth = String(c.depth);
    list.append(item);
  }
  return block(t('Call tree'), list);
}

function done(v: TraceView): Array<HTMLElement | string> {
  const out: Array<HTMLElement | string> = [];
  if (v.verdict)
    out.push(
      h(
        'div',
        `notice tone-${v.verdict.matches ? 'success' : 'warning'} trace-verdict`,
        icon(v.verdict.matches ? 'pass' : 'warning'),
        h('strong', undefined, v.verdict.matches ? t('Matches the chain') : t('Diverged')),
        ' ',
        h('span', undefined, v.verdict.text),
      ),
    );
  const earlier = v.earlier;
  if (earlier)
    out.push(
      h(
        'div',
        'actions trace-earlier',
        button(earlier.label, 'history', () => post({ type: 'trace', earlier: true }), { primary: true }),
        h('span', 'hint', earlier.hint),
      ),
    );
  out.push(callTree(v));
  const f = v.failing;
  if (f) {
    const open = f.open;
    out.push(
      block(
        t('Failing expression'),
        h('p', 'trace-failing-at', h('code', undefined, f.at)),
        f.expression ? h('pre', 'code long trace-expression', f.expression) : '',
        h('p', 'trace-error', icon('error'), ' ', f.error),
        open
          ? button(t('Open the failing line'), 'go-to-file', () => post({ type: 'openTraceLine', line: open }), {
              primary: true,
              cls: 'trace-open',
            })
          : '',
      ),
    );
  }
  out.push(
    block(
      t('Events before the failure'),
      v.events?.length
        ? rowsTable(
            [t('Event')],
            v.events.map((e) => [e]),
          )
        : h('p', 'empty', t('No events.')),
    ),
  );
  // What the call changed: each row a name, its value before and after.
  const beforeAfter = (title: string, first: string, rows: string[][]) =>
    out.push(block(title, rowsTable([first, t('Before'), t('After')], rows)));
  if (v.vars?.length)
    beforeAfter(
      t('Data variables'),
      t('Variable'),
      v.vars.map((x) => [x.name, x.before, x.after]),
    );
  if (v.maps?.length)
    beforeAfter(
      t('Map entries'),
      t('Entry'),
      v.maps.map((x) => [x.entry, x.before, x.after]),
    );
  if (v.cost) {
    const c = v.cost;
    out.push(
      block(
        t('Costs'),
        h('p', 'hint', c.source),
        rowsTable(
          [t('Dimension'), t('Used'), t('Tenure budget'), t('Share')],
          c.rows.map((r) => [r.dimension, r.used, r.limit, `${r.percent}${r.over ? ' ⚠' : ''}`]),
        ),
        c.warning ? h('p', 'notice tone-warning', c.warning) : '',
      ),
    );
  }
  if (v.ran) out.push(h('div', 'hint trace-ran', v.ran));
  return out;
}

export function showTrace(v: TraceView, app: HTMLElement): void {
  const section = h('section', 'trace sim');
  section.id = 'trace';
  section.dataset.state = v.state;
  section.append(h('h2', undefined, icon('debug'), ' ', t('Trace')));
  if (v.state === 'running') {
    section.append(h('p', 'trace-running', icon('loading', 'codicon-modifier-spin'), ' ', v.message ?? ''));
    if (v.cancel)
      section.append(
        h(
          'div',
          'actions',
          button(v.cancel, 'stop', () => post({ type: 'traceCancel' }), { cls: 'trace-cancel' }),
        ),
      );
  } else if (v.state === 'failed') {
    section.append(h('div', 'notice tone-failed trace-failed', icon('error'), h('span', undefined, v.message ?? '')));
    if (v.setup)
      section.append(
        h(
          'div',
          'actions',
          button(
            t('Install the Clarinet SDK…'),
            'cloud-download',
            () => post({ type: 'traceSetup', what: 'install' }),
            { primary: true },
          ),
          button(t('Set the SDK Path'), 'folder-opened', () => post({ type: 'traceSetup', what: 'setPath' })),
        ),
      );
  } else section.append(...done(v));
  const before = document.getElementById('trace');
  if (before) before.replaceWith(section);
  else app.append(section);
  if (v.state !== 'running') section.scrollIntoView({ block: 'start' });
}
