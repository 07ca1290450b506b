/**
 * The contract workbench's forms: made when first opened, what is typed kept as a draft of the
 * place shown (drafts.ts), and the node's answer shown under the form.
 */
import type { ArgField, FormResult, WorkbenchForm, WorkbenchSection } from '../protocol';
import { button, h, icon } from './dom';
import { post } from './host';
import { draftHere, recordDraft } from './place';
import { simulationView, type PastedPcs } from './simulation';
import { clarityNode } from './values';
import { t } from './l10n';

interface FormView {
  details: HTMLDetailsElement;
  /** The form's inputs, made the first time it opens: a contract of 100 functions paints 100 summaries. */
  body(): {
    form: HTMLFormElement;
    inputs: Array<HTMLInputElement | HTMLSelectElement>;
    out: HTMLElement;
    errors: HTMLElement[];
  };
  /** Simulates the form again as typed, with pasted post-conditions (public functions). */
  simulate?: (p: PastedPcs) => void;
  /** The last simulation shown, and the post-conditions last sent from its paste box. */
  shown?: { simulation: FormResult['simulation']; pasted?: PastedPcs } | undefined;
}
/** The forms of the panel shown, by form id (a Map: names from the chain never become selectors). */
let forms = new Map<string, FormView>();

/** A new model is shown: its forms replace the old ones. */
export function resetForms(): void {
  forms = new Map();
}

export function workbench(s: WorkbenchSection): HTMLElement {
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
  at.title = t('A block height or hash; empty for the latest block');
  at.setAttribute('aria-label', t('At block'));
  const context = h('div', 'wb-context');
  let sender: HTMLInputElement | undefined;
  if (s.sender) {
    sender = h('input', 'wb-sender');
    sender.type = 'text';
    sender.value = draft?.sender ?? s.sender;
    sender.spellcheck = false;
    const typed = sender;
    typed.addEventListener('input', () => recordDraft((d) => (d.sender = typed.value)));
    sender.setAttribute('aria-label', t('Sender'));
    context.append(h('label', 'field-label', t('Sender'), sender));
  }
  context.append(h('label', 'field-label', t('At block'), at));
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
  const what =
    f.kind === 'fn' || f.kind === 'public'
      ? `→ ${f.returns}`
      : `${f.kind === 'var' ? t('data variable') : f.kind === 'constant' ? t('constant') : f.kind === 'map' ? t('map') : f.kind}: ${f.returns}`;
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
      icon(f.kind === 'fn' ? 'play' : f.kind === 'public' ? 'beaker' : 'eye'),
      f.kind === 'fn' ? t('Call') : f.kind === 'public' ? t('Simulate') : t('Read'),
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
      else if (f.kind === 'public') post({ type: 'simulate', fn: f.name, args: values, sender: sender(), at: at() });
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
  const view: FormView = { details, body };
  if (f.kind === 'public')
    view.simulate = (pcs) => {
      view.shown = { ...view.shown, simulation: view.shown?.simulation, pasted: pcs };
      const values = body().inputs.map((i) => i.value);
      post({ type: 'simulate', fn: f.name, args: values, sender: sender(), at: at(), postConditions: pcs });
    };
  forms.set(f.id, view);
  return details;
}

export function showResult(r: FormResult): void {
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
        button(t('Copy result'), 'copy', () => post({ type: 'copy', text }), { iconOnly: true, cls: 'wb-copy' }),
      ),
      r.tree?.children ? h('div', 'cv', clarityNode(r.tree, 0)) : '',
      r.simulation ? simulationView(r.simulation, view.simulate) : '',
      at ?? '',
    );
    view.shown = r.simulation ? { simulation: r.simulation } : undefined;
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
      // A paste that could not be sent: the last simulation stays below, its box holding what was pasted.
      pastedAgain(view),
    );
  }
}

function pastedAgain(view: FormView): HTMLElement | '' {
  const last = view.shown;
  if (!last?.simulation || !last.pasted || !view.simulate) return '';
  return simulationView({ ...last.simulation, pasted: last.pasted }, view.simulate);
}

/** The forms that were open in the draft of this place open again, with what was typed. */
export function reopenForms(): void {
  for (const id of draftHere(false)?.open ?? []) {
    const view = forms.get(id);
    if (!view || view.details.open) continue;
    view.details.open = true;
    view.body();
  }
}

export function formBusy(id: string): void {
  const view = forms.get(id);
  if (!view) return;
  const f = view.body();
  view.details.classList.add('busy');
  const what = id.startsWith('public:') ? ' Simulating…' : ' Asking the node…';
  f.out.replaceChildren(h('div', 'hint', icon('loading', 'codicon-modifier-spin'), what));
}

/** The form a panel was opened at (a CodeLens, the command): in view, its first field focused. */
export function focusForm(fn: string | undefined): void {
  if (!fn) return;
  const view = forms.get(`fn:${fn}`);
  if (!view) return;
  view.details.open = true;
  const f = view.body();
  view.details.classList.add('focused');
  view.details.scrollIntoView({ block: 'start' });
  (f.inputs[0] ?? f.form.querySelector('button'))?.focus();
}
