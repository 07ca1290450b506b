/**
 * The browser side of the detail panel: one small renderer for every view model the host posts.
 * Every string from the host is chain data written by strangers: it goes into the page only as
 * text (`textContent`, `append(string)`, attributes set through the DOM). No HTML is parsed.
 */
import './panel.css';
import type {
  Action,
  ArgField,
  ClarityNode,
  FormResult,
  Field,
  Frame,
  HostMessage,
  Paging,
  PanelState,
  Section,
  TableRow,
  Value,
  ViewModel,
  WebviewMessage,
  WorkbenchForm,
  WorkbenchSection,
} from '../protocol';

/**
 * What was typed into the workbench of one contract panel: the values of each form, which forms
 * are open, the sender and the block. Kept in the webview's state, so a reload of the window (or
 * of a hidden panel) gives them back; only the webview writes it, and it is read back as text.
 */
interface Draft {
  values: Record<string, string[]>;
  open: string[];
  sender?: string;
  /** The block to run at, by workbench section (calls, state). */
  at: Record<string, string>;
}
/** The webview's state: the place (what the host revives) and the drafts of the last few places. */
type SavedState = PanelState & { drafts?: Record<string, Draft> };

interface VsCodeApi {
  postMessage(message: WebviewMessage): void;
  getState(): unknown;
  setState(state: SavedState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
/** The place the panel shows (what `setState` keeps for the serializer). */
let shown: PanelState | undefined;
const app = document.getElementById('app') as HTMLElement;
const post = (m: WebviewMessage) => vscode.postMessage(m);

type Child = Node | string | undefined | null | false;

function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  cls?: string,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  for (const c of children) if (c !== undefined && c !== null && c !== false) e.append(c);
  return e;
}

function icon(name: string, extra = ''): HTMLElement {
  const e = h('span', `codicon codicon-${name}${extra ? ' ' + extra : ''}`);
  e.setAttribute('aria-hidden', 'true');
  return e;
}

function button(
  label: string,
  iconName: string | undefined,
  onClick: () => void,
  opts: { iconOnly?: boolean; primary?: boolean; disabled?: boolean; cls?: string } = {},
): HTMLButtonElement {
  const b = h(
    'button',
    `${opts.iconOnly ? 'icon-button' : 'button'}${opts.primary ? ' primary' : ''}${opts.cls ? ' ' + opts.cls : ''}`,
    iconName && icon(iconName),
    !opts.iconOnly && label,
  );
  b.type = 'button';
  b.title = label;
  if (opts.iconOnly) b.setAttribute('aria-label', label);
  b.disabled = !!opts.disabled;
  b.addEventListener('click', (ev) => {
    ev.preventDefault();
    ev.stopPropagation();
    onClick();
  });
  return b;
}

// ---- values --------------------------------------------------------------------------------

function value(v: Value): HTMLElement {
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
function clarityNode(n: ClarityNode, depth: number): HTMLElement {
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
    button(`Copy ${full}`, 'copy', () => post({ type: 'copy', text: full }), { iconOnly: true, cls: 'mini' }),
  );
  if (target && v.explorer)
    wrap.append(
      button('Open in web explorer', 'link-external', () => post({ type: 'openExternal', target }), {
        iconOnly: true,
        cls: 'mini',
      }),
    );
  const btc = v.bitcoin;
  if (btc)
    wrap.append(
      button('Open in Bitcoin explorer', 'link-external', () => post({ type: 'openBitcoin', ref: btc }), {
        iconOnly: true,
        cls: 'mini bitcoin',
      }),
    );
  return wrap;
}

function values(list: Value[]): HTMLElement {
  return h('span', 'values', ...list.map(value));
}

// ---- sections ------------------------------------------------------------------------------

function section(s: Section): HTMLElement {
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

// ---- the contract workbench ----------------------------------------------------------------

interface FormView {
  details: HTMLDetailsElement;
  /** The form's inputs, made the first time it opens: a contract of 100 functions paints 100 summaries. */
  body(): {
    form: HTMLFormElement;
    inputs: Array<HTMLInputElement | HTMLSelectElement>;
    out: HTMLElement;
    errors: HTMLElement[];
  };
}
/** The forms of the panel shown, by form id (a Map: names from the chain never become selectors). */
let forms = new Map<string, FormView>();

/** Drafts are kept for this many places, and only while one place's text stays under DRAFT_CHARS. */
const DRAFT_PLACES = 8;
const DRAFT_CHARS = 200_000;

function readDrafts(state: unknown): Map<string, Draft> {
  const out = new Map<string, Draft>();
  const raw = state && typeof state === 'object' ? (state as { drafts?: unknown }).drafts : undefined;
  if (!raw || typeof raw !== 'object') return out;
  const strings = (v: unknown): string[] =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  for (const [place, d] of Object.entries(raw as Record<string, unknown>)) {
    if (!d || typeof d !== 'object') continue;
    const r = d as Record<string, unknown>;
    const values: Record<string, string[]> = {};
    if (r['values'] && typeof r['values'] === 'object')
      for (const [id, v] of Object.entries(r['values'] as Record<string, unknown>)) values[id] = strings(v);
    const at: Record<string, string> = {};
    if (r['at'] && typeof r['at'] === 'object')
      for (const [section, v] of Object.entries(r['at'] as Record<string, unknown>))
        if (typeof v === 'string') at[section] = v;
    const draft: Draft = { values, open: strings(r['open']), at };
    if (typeof r['sender'] === 'string') draft.sender = r['sender'];
    out.set(place, draft);
  }
  return out;
}

const drafts = readDrafts(vscode.getState());

function placeKey(s: PanelState): string {
  return `${s.kind}|${s.id}|${s.network ?? ''}`;
}

let saveTimer: ReturnType<typeof setTimeout> | undefined;

function saveState(): void {
  if (saveTimer !== undefined) clearTimeout(saveTimer);
  saveTimer = undefined;
  if (!shown) return;
  const kept: Record<string, Draft> = {};
  for (const [place, d] of drafts) kept[place] = d;
  vscode.setState({ ...shown, ...(drafts.size ? { drafts: kept } : {}) });
}

/** The draft of the place shown, made (and moved to the newest) on first edit. */
function draftHere(create: boolean): Draft | undefined {
  if (!shown) return undefined;
  const key = placeKey(shown);
  let d = drafts.get(key);
  if (!d && !create) return undefined;
  d ??= { values: {}, open: [], at: {} };
  drafts.delete(key);
  drafts.set(key, d);
  while (drafts.size > DRAFT_PLACES) drafts.delete(drafts.keys().next().value as string);
  return d;
}

function draftSize(d: Draft): number {
  let n = d.sender?.length ?? 0;
  for (const x of Object.values(d.at)) n += x.length;
  for (const v of Object.values(d.values)) for (const x of v) n += x.length;
  return n;
}

/** Records an edit of the place shown; a draft too large to keep is dropped, not cut. */
function recordDraft(edit: (d: Draft) => void): void {
  const d = draftHere(true);
  if (!d) return;
  edit(d);
  if (draftSize(d) > DRAFT_CHARS && shown) drafts.delete(placeKey(shown));
  // Typing is saved at most four times a second: the state (every kept draft) is not copied per key.
  if (saveTimer === undefined) saveTimer = setTimeout(saveState, 250);
}

function workbench(s: WorkbenchSection): HTMLElement {
  const wrap = h('section', 'workbench', h('h2', undefined, s.title));
  if (s.forms.length === 0) {
    wrap.append(h('p', 'empty', icon('info'), s.empty));
    return wrap;
  }
  const draft = draftHere(false);
  const at = h('input', 'wb-at');
  at.type = 'text';
  at.placeholder = 'latest';
  const section = s.title.replace(/\s*\(\d+\)$/, '');
  const typedAt = draft?.at[section];
  if (typedAt !== undefined) at.value = typedAt;
  at.addEventListener('input', () => recordDraft((d) => (d.at[section] = at.value)));
  at.title = 'A block height or hash; empty for the latest block';
  at.setAttribute('aria-label', 'At block');
  const context = h('div', 'wb-context');
  let sender: HTMLInputElement | undefined;
  if (s.sender) {
    sender = h('input', 'wb-sender');
    sender.type = 'text';
    sender.value = draft?.sender ?? s.sender;
    sender.spellcheck = false;
    const typed = sender;
    typed.addEventListener('input', () => recordDraft((d) => (d.sender = typed.value)));
    sender.setAttribute('aria-label', 'Sender');
    context.append(h('label', 'field-label', 'Sender', sender));
  }
  context.append(h('label', 'field-label', 'At block', at));
  wrap.append(context);
  for (const f of s.forms)
    wrap.append(
      workbenchForm(
        f,
        () => sender?.value ?? '',
        () => at.value,
      ),
    );
  return wrap;
}

function argInput(a: ArgField): HTMLInputElement | HTMLSelectElement {
  if (a.input === 'bool') {
    const sel = h('select', 'wb-input');
    for (const v of ['false', 'true']) {
      const o = h('option', undefined, v);
      o.value = v;
      sel.append(o);
    }
    return sel;
  }
  const i = h('input', 'wb-input');
  i.type = 'text';
  i.spellcheck = false;
  i.placeholder = a.hint;
  i.autocomplete = 'off';
  if (a.input === 'uint') i.inputMode = 'numeric';
  return i;
}

function workbenchForm(f: WorkbenchForm, sender: () => string, at: () => string): HTMLElement {
  const details = h('details', 'wb-form');
  details.dataset.form = f.id;
  const what = f.kind === 'fn' ? `→ ${f.returns}` : `${f.kind === 'var' ? 'data variable' : f.kind}: ${f.returns}`;
  details.append(h('summary', 'wb-head', h('code', 'wb-name', f.name), h('span', 'hint', what)));
  let built: ReturnType<FormView['body']> | undefined;
  const body = (): ReturnType<FormView['body']> => {
    if (built) return built;
    const form = h('form', 'wb-body');
    const inputs: Array<HTMLInputElement | HTMLSelectElement> = [];
    const errors: HTMLElement[] = [];
    const args = h('div', 'wb-args');
    for (const a of f.args) {
      const input = argInput(a);
      input.setAttribute('aria-label', `${a.name} (${a.type})`);
      const error = h('div', 'wb-error');
      error.setAttribute('role', 'alert');
      inputs.push(input);
      errors.push(error);
      args.append(h('label', 'wb-arg', h('span', 'wb-arg-name', a.name), h('code', 'wb-type', a.type), input, error));
    }
    const run = h(
      'button',
      'button primary',
      icon(f.kind === 'fn' ? 'play' : 'eye'),
      f.kind === 'fn' ? 'Call' : 'Read',
    );
    run.type = 'submit';
    const out = h('div', 'wb-result');
    out.setAttribute('aria-live', 'polite');
    form.append(args, h('div', 'wb-actions', run), out);
    const saved = draftHere(false)?.values[f.id];
    inputs.forEach((input, i) => {
      const v = saved?.[i];
      if (v !== undefined && (input.tagName !== 'SELECT' || v === 'true' || v === 'false')) input.value = v;
      const record = () => recordDraft((d) => (d.values[f.id] = inputs.map((x) => x.value)));
      input.addEventListener('input', record);
      input.addEventListener('change', record);
    });
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const values = inputs.map((i) => i.value);
      if (f.kind === 'fn') post({ type: 'call', fn: f.name, args: values, sender: sender(), at: at() });
      else
        post({
          type: 'read',
          what: f.kind,
          name: f.name,
          ...(f.kind === 'map' ? { key: values[0] ?? '' } : {}),
          at: at(),
        });
    });
    details.append(form);
    built = { form, inputs, out, errors };
    return built;
  };
  details.addEventListener('toggle', () => {
    if (details.open) body();
    const wasOpen = draftHere(false)?.open.includes(f.id) ?? false;
    if (details.open !== wasOpen)
      recordDraft((d) => {
        d.open = d.open.filter((id) => id !== f.id);
        if (details.open) d.open.push(f.id);
      });
  });
  forms.set(f.id, { details, body });
  return details;
}

function showResult(r: FormResult): void {
  const view = forms.get(r.form);
  if (!view) return;
  view.details.open = true;
  const f = view.body();
  view.details.classList.remove('busy');
  view.details.dataset.result = r.state;
  f.errors.forEach((e, i) => {
    const m = r.fields?.[i];
    e.textContent = m ?? '';
    f.inputs[i]?.setAttribute('aria-invalid', m ? 'true' : 'false');
  });
  const at = r.at ? h('div', 'hint', `At the ${r.at}`) : undefined;
  if (r.state === 'ok') {
    const text = r.text ?? '';
    f.out.replaceChildren(
      h(
        'div',
        'wb-value',
        h('code', 'code long', text),
        button('Copy result', 'copy', () => post({ type: 'copy', text }), { iconOnly: true, cls: 'wb-copy' }),
      ),
      r.tree?.children ? h('div', 'cv', clarityNode(r.tree, 0)) : '',
      at ?? '',
    );
  } else {
    const tone = r.state === 'failed' ? 'failed' : r.state === 'invalid' ? 'warning' : 'failed';
    f.out.replaceChildren(
      h(
        'div',
        `notice tone-${tone}`,
        icon(r.state === 'invalid' ? 'warning' : 'error'),
        h('span', undefined, r.message ?? ''),
      ),
      at ?? '',
    );
  }
}

/** The forms that were open in the draft of this place open again, with what was typed. */
function reopenForms(): void {
  for (const id of draftHere(false)?.open ?? []) {
    const view = forms.get(id);
    if (!view || view.details.open) continue;
    view.details.open = true;
    view.body();
  }
}

function formBusy(id: string): void {
  const view = forms.get(id);
  if (!view) return;
  const f = view.body();
  view.details.classList.add('busy');
  f.out.replaceChildren(h('div', 'hint', icon('loading', 'codicon-modifier-spin'), ' Asking the node…'));
}

/** The form a panel was opened at (a CodeLens, the command): in view, its first field focused. */
function focusForm(fn: string | undefined): void {
  if (!fn) return;
  const view = forms.get(`fn:${fn}`);
  if (!view) return;
  view.details.open = true;
  const f = view.body();
  view.details.classList.add('focused');
  view.details.scrollIntoView({ block: 'start' });
  (f.inputs[0] ?? f.form.querySelector('button'))?.focus();
}

function fieldTable(rows: Field[]): HTMLElement {
  const t = h('table', 'kv');
  for (const r of rows) t.append(h('tr', undefined, h('th', undefined, r.label), h('td', undefined, values(r.values))));
  return t;
}

function actionButton(a: Action): HTMLButtonElement {
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
        r.expand.open ? 'Hide events' : 'Show events',
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
    button('First page', 'debug-step-back', () => go(0), { iconOnly: true, disabled: p.offset <= 0 }),
    button('Previous page', 'chevron-left', () => go(Math.max(0, p.offset - p.limit)), {
      iconOnly: true,
      disabled: p.offset <= 0,
    }),
    h(
      'span',
      'range',
      `${from.toLocaleString('en-US')}–${to.toLocaleString('en-US')} of ${p.total.toLocaleString('en-US')}`,
    ),
    button('Next page', 'chevron-right', () => go(p.offset + p.limit), {
      iconOnly: true,
      disabled: p.offset + p.limit >= p.total,
    }),
    ...(p.sequential
      ? []
      : [button('Last page', 'debug-step-over', () => go(last), { iconOnly: true, disabled: p.offset >= last })]),
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
  input.placeholder = 'Block height or hash';
  input.pattern = '\\d+|0x[0-9a-fA-F]{64}';
  input.title = 'A block height or a block hash (0x + 64 hex digits)';
  input.setAttribute('aria-label', 'Balance at block');
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
  const apply = h('button', 'button', icon('history'), 'Show balance');
  apply.type = 'submit';
  form.append(
    h('label', 'field-label', 'Balance at block', input),
    h('label', 'check', check, 'Include unanchored (microblock) data'),
    apply,
  );
  if (untilBlock || unanchored)
    form.append(
      button('Current balance', 'discard', () => post({ type: 'page', params: { untilBlock: '', unanchored: false } })),
    );
  return form;
}

// ---- states --------------------------------------------------------------------------------

function toolbar(f: Frame): HTMLElement {
  const explorer = f.explorer;
  return h(
    'header',
    'toolbar',
    button('Back', 'arrow-left', () => post({ type: 'back' }), { iconOnly: true, disabled: !f.canBack }),
    button('Forward', 'arrow-right', () => post({ type: 'forward' }), { iconOnly: true, disabled: !f.canForward }),
    button('Refresh', 'refresh', () => post({ type: 'refresh' }), { iconOnly: true }),
    h('span', 'source', icon('globe'), h('span', undefined, f.network), h('span', 'hint', f.baseUrl)),
    explorer &&
      button('Open in web explorer', 'link-external', () => post({ type: 'openExternal', target: explorer }), {
        iconOnly: true,
      }),
  );
}

function header(m: ViewModel): HTMLElement {
  return h(
    'div',
    'title',
    h('h1', undefined, icon(m.icon), h('span', undefined, m.title)),
    m.subject && h('div', 'subject', value(m.subject)),
    m.badges.length > 0 && h('div', 'badges', ...m.badges.map(value)),
  );
}

function render(m: HostMessage): void {
  if (m.type === 'result') return showResult(m.result);
  if (m.type === 'formBusy') return formBusy(m.form);
  if (m.type === 'busy') {
    app.classList.add('busy');
    app.setAttribute('aria-busy', 'true');
    return;
  }
  const same = shown && shown.kind === m.state.kind && shown.id === m.state.id && shown.network === m.state.network;
  const scroll = same ? window.scrollY : 0;
  shown = m.state;
  saveState();
  app.classList.remove('busy');
  app.removeAttribute('aria-busy');
  app.dataset.state = m.type;
  forms = new Map();
  const children: HTMLElement[] = [toolbar(m.frame)];
  if (m.type === 'loading') {
    children.push(
      h('div', 'state loading', icon('loading', 'codicon-modifier-spin'), h('p', undefined, `Loading ${m.title}…`)),
    );
  } else if (m.type === 'error') {
    children.push(
      h(
        'div',
        'state error',
        icon('error'),
        h('h1', undefined, m.title),
        h('p', 'message', m.message),
        h('div', 'actions', ...m.actions.map(actionButton)),
      ),
    );
  } else {
    app.dataset.kind = m.model.kind;
    children.push(header(m.model), ...m.model.sections.map(section));
  }
  app.replaceChildren(...children);
  window.scrollTo(0, same ? scroll : 0);
  if (m.type === 'render') {
    reopenForms();
    focusForm(m.state.params?.fn);
  }
  // A frame callback runs before the paint; a task queued from it runs once the frame is painted.
  if (m.type !== 'loading') requestAnimationFrame(() => setTimeout(() => post({ type: 'painted' }), 0));
}

window.addEventListener('message', (ev: MessageEvent) => {
  const m = ev.data as HostMessage | undefined;
  if (m && typeof m === 'object' && typeof m.type === 'string') render(m);
});

// Alt+Left / Alt+Right move back and forward, as in the editor.
window.addEventListener('keydown', (ev) => {
  if (ev.altKey && ev.key === 'ArrowLeft') post({ type: 'back' });
  if (ev.altKey && ev.key === 'ArrowRight') post({ type: 'forward' });
});

post({ type: 'ready' });
