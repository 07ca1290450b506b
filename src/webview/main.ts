/**
 * The browser side of the detail panel: one small renderer for every view model the host posts.
 * Every string from the host is chain data written by strangers: it goes into the page only as
 * text (`textContent`, `append(string)`, attributes set through the DOM). No HTML is parsed.
 */
import './panel.css';
import type { Frame, HostMessage, ViewModel } from '../protocol';
import { button, h, icon } from './dom';
import { post } from './host';
import { place, showPlace } from './place';
import { actionButton, section } from './sections';
import { value } from './values';
import { focusForm, formBusy, reopenForms, resetForms, showResult } from './workbench';
import { t } from './l10n';
import { showTrace } from './trace';

const app = document.getElementById('app') as HTMLElement;

function toolbar(f: Frame): HTMLElement {
  const explorer = f.explorer;
  return h(
    'header',
    'toolbar',
    button(t('Back'), 'arrow-left', () => post({ type: 'back' }), { iconOnly: true, disabled: !f.canBack }),
    button(t('Forward'), 'arrow-right', () => post({ type: 'forward' }), { iconOnly: true, disabled: !f.canForward }),
    button(t('Refresh'), 'refresh', () => post({ type: 'refresh' }), { iconOnly: true }),
    h('span', 'source', icon('globe'), h('span', undefined, f.network), h('span', 'hint', f.baseUrl)),
    explorer &&
      button(t('Open in web explorer'), 'link-external', () => post({ type: 'openExternal', target: explorer }), {
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
  if (m.type === 'trace') return showTrace(m.trace, app);
  if (m.type === 'busy') {
    app.classList.add('busy');
    app.setAttribute('aria-busy', 'true');
    return;
  }
  const shown = place();
  const same = shown && shown.kind === m.state.kind && shown.id === m.state.id && shown.network === m.state.network;
  const scroll = same ? window.scrollY : 0;
  showPlace(m.state);
  app.classList.remove('busy');
  app.removeAttribute('aria-busy');
  app.dataset.state = m.type;
  resetForms();
  const children: HTMLElement[] = [toolbar(m.frame)];
  if (m.type === 'loading') {
    children.push(
      h(
        'div',
        'state loading',
        icon('loading', 'codicon-modifier-spin'),
        h('p', undefined, t('Loading {0}…', m.title)),
      ),
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
