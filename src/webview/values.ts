/** One value of a view model as the page shows it: text, an amount, an identifier with its actions, a Clarity tree. */
import type { ClarityNode, Value } from '../protocol';
import { button, h, icon } from './dom';
import { post } from './host';
import { t } from './l10n';

export function value(v: Value): HTMLElement {
  let e: HTMLElement;
  switch (v.t) {
    case 'id':
      e = idValue(v);
      break;
    case 'badge':
      e = h('span', `badge tone-${v.tone ?? 'muted'}`, v.icon && icon(v.icon), v.text);
      break;
    case 'code':
      e = h('code', longRun(v.text) ? 'code long' : 'code', v.text);
      break;
    case 'clarity':
      e = v.tree ? h('div', 'cv', clarityNode(v.tree, 0)) : h('code', 'code long', v.text);
      break;
    case 'amount':
    case 'number':
      e = h('span', 'num', v.text);
      if (v.full) e.title = v.full;
      break;
    default:
      e = h('span', v.t === 'time' ? 'time' : longRun(v.text) ? 'text long' : 'text', v.text);
  }
  if (v.hint) {
    const wrap = h('span', 'with-hint', e, h('span', 'hint', v.hint));
    return wrap;
  }
  return e;
}

/**
 * A decoded Clarity value: tuples, lists, optionals and responses as nested `<details>` (the first
 * levels open), leaves as text. The host has already cut it to a bounded size; `cut` says what is left out.
 */
export function clarityNode(n: ClarityNode, depth: number): HTMLElement {
  const key = n.key !== undefined && h('span', 'cv-key', n.key);
  const type = h('span', 'cv-type', n.type);
  const cut = n.cut && h('div', 'cv-cut', icon('warning'), n.cut);
  if (!n.children) {
    return h('div', 'cv-leaf', key, h('code', 'cv-text', n.text ?? ''), type, n.hint && h('span', 'hint', n.hint), cut);
  }
  const d = h('details', 'cv-node');
  d.open = depth < 3;
  const count = n.type === 'tuple' || n.type === 'list' ? `(${n.children.length}${n.cut ? '+' : ''})` : undefined;
  d.append(
    h('summary', undefined, key, type, count && h('span', 'hint', count)),
    h('div', 'cv-children', ...n.children.map((c) => clarityNode(c, depth + 1)), cut),
  );
  return d;
}

/** Whether text holds a run without a break opportunity that is too long for a table column. */
function longRun(text: string): boolean {
  return /[^\s-]{30,}/.test(text);
}

/** An identifier: a link opening it in this panel, shortened with the full value in the title, plus copy and explorer. */
function idValue(v: Value): HTMLElement {
  const full = v.full ?? v.text;
  const target = v.target;
  let main: HTMLElement;
  if (target) {
    const a = h('a', 'link mono', v.text);
    a.href = '#';
    a.addEventListener('click', (ev) => {
      ev.preventDefault();
      post({ type: 'open', target });
    });
    main = a;
  } else {
    main = h('span', 'mono', v.text);
  }
  main.title = full;
  const wrap = h(
    'span',
    'id',
    main,
    button(t('Copy {0}', full), 'copy', () => post({ type: 'copy', text: full }), { iconOnly: true, cls: 'mini' }),
  );
  if (target && v.explorer)
    wrap.append(
      button(t('Open in web explorer'), 'link-external', () => post({ type: 'openExternal', target }), {
        iconOnly: true,
        cls: 'mini',
      }),
    );
  const btc = v.bitcoin;
  if (btc)
    wrap.append(
      button(t('Open in Bitcoin explorer'), 'link-external', () => post({ type: 'openBitcoin', ref: btc }), {
        iconOnly: true,
        cls: 'mini bitcoin',
      }),
    );
  return wrap;
}

export function values(list: Value[]): HTMLElement {
  return h('span', 'values', ...list.map(value));
}
