/**
 * What the host does for one message from the detail panel's webview, decided without touching
 * the editor. A webview is untrusted (a script injected into it could post anything): the message
 * must parse as the protocol, targets must pass the identifier rules, a copy must be of a value
 * the panel shows, and an external link goes only to the configured explorer (a Bitcoin link only
 * to the configured Bitcoin explorer, and only for a Bitcoin id the panel shows). Pure, so every
 * message, random and hostile ones included, is tested in plain Node
 * (test/unit/panel-messages.fuzz.test.ts); `PanelManager.handle` carries the decision out.
 */
import { bitcoinUrl, checkExplorerBase, explorerUrl } from '../../chain/explorer';
import { checkBlockRef } from '../../chain/identifiers';
import type { NetworkId, Target } from '../../chain/target';
import { Commands } from '../../constants';
import { clip } from '../../chain/format';
import {
  type HostMessage,
  type TraceLine,
  Section,
  Value,
  ViewModel,
  WebviewMessage,
  WorkbenchForm,
} from '../../protocol';
import { Entry, mergeParams } from './places';
import { checkTarget } from '../shared/targets';
import * as l10n from '../../chain/l10n';

export interface Navigation {
  push?: boolean;
  move?: 'back' | 'forward';
  reuse?: boolean;
}

export type Decision =
  /** Nothing to do; `why` is logged when set. */
  | { do: 'ignore'; why?: string }
  /** The webview (re)loaded: post the last state again. */
  | { do: 'replay' }
  /** The webview painted the last state: timing only, nothing changes. */
  | { do: 'painted' }
  | { do: 'warn'; message: string }
  | { do: 'navigate'; entry: Entry; how: Navigation }
  | { do: 'copy'; text: string }
  | { do: 'openExternal'; url: string }
  | { do: 'openSource'; target: Target }
  /** Open the line of a failed call's error the panel offers (ui/drift/errorLine.ts checks it again). */
  | { do: 'openErrorLine'; line: Extract<WebviewMessage, { type: 'openErrorLine' }>['line'] }
  | { do: 'runCommand'; command: typeof Commands.selectNetwork | typeof Commands.setApiKey }
  /** Watch the transaction the panel shows (its place, never an id from the message). */
  | { do: 'watch'; target: Target }
  /**
   * Call a read-only function of the contract shown: one the panel offers a form for, with as many
   * arguments as the form has fields. The host checks and encodes the arguments before sending.
   */
  | { do: 'call'; target: Target; fn: string; args: string[]; sender: string; at: string }
  /** Simulate a public function of the contract shown, one the panel offers a form for. */
  | {
      do: 'simulate';
      target: Target;
      fn: string;
      args: string[];
      sender: string;
      at: string;
      postConditions?: { mode: 'deny' | 'allow' | 'originator'; code: string };
    }
  /** Re-simulate the failed transaction the panel shows (its place, never an id from the message). */
  | { do: 'resimulate'; target: Target; when: 'now' | 'before' }
  /** Read a data variable, constant or map entry the panel offers a form for. */
  | { do: 'read'; target: Target; what: 'var' | 'constant' | 'map'; name: string; key: string | undefined; at: string }
  /**
   * The Trace section (src/ui/trace): trace the transaction shown (its place, never an id from the
   * message; `earlier` only as the section offers it), cancel that, open the failing line it shows
   * (the runner checks it is the one it posted), or the buttons shown when no Clarinet SDK was found.
   */
  | {
      do: 'trace';
      act:
        | { kind: 'run'; target: Target; earlier: boolean }
        | { kind: 'cancel' }
        | { kind: 'open'; line: TraceLine }
        | { kind: 'setup'; what: 'install' | 'setPath' };
    };

/** What the host knows when a message arrives. */
export interface PanelSituation {
  /** The place shown, the one before and the one after it. */
  here: Entry | undefined;
  previous: Entry | undefined;
  next: Entry | undefined;
  /** The model the webview shows now; undefined while it shows a loading or an error state. */
  shown: ViewModel | undefined;
  /** The selected network, for a target that names none and no place to take it from. */
  selected: NetworkId;
  /** The explorer base (the checked setting); read only for an explorer link. */
  explorerBase: () => string;
  /** The Bitcoin explorer base (the checked setting); read only for a Bitcoin link. */
  bitcoinExplorerBase: () => string;
  apiUrl: (network: NetworkId) => string;
  /** The texts of the workbench results shown under the forms of the place shown. */
  resultTexts?: ReadonlySet<string>;
}

export function decide(raw: unknown, s: PanelSituation): Decision {
  const parsed = WebviewMessage.safeParse(raw);
  if (!parsed.success) return { do: 'ignore', why: 'a message that is not part of the protocol' };
  const m = parsed.data;
  const here = s.here;
  switch (m.type) {
    case 'ready':
      return { do: 'replay' };
    case 'painted':
      return { do: 'painted' };
    case 'open': {
      const t = checkTarget(m.target);
      if (!t) return { do: 'ignore', why: 'a link to an invalid target' };
      const network = t.network ?? here?.target.network ?? s.selected;
      return { do: 'navigate', entry: { target: { ...t, network }, params: {} }, how: { push: true } };
    }
    case 'page': {
      if (!here) return { do: 'ignore' };
      const params = mergeParams(here.params, m.params);
      if (params.untilBlock) {
        const b = checkBlockRef(params.untilBlock);
        if (!b.ok || b.value.kind === 'latest')
          return {
            do: 'warn',
            message: b.ok ? l10n.t('Give a block height or hash to see the balance at that block.') : b.reason,
          };
      }
      return { do: 'navigate', entry: { target: here.target, params }, how: { reuse: true } };
    }
    case 'copy':
      return (s.shown && copyableTexts(s.shown).has(m.text)) || s.resultTexts?.has(m.text)
        ? { do: 'copy', text: m.text }
        : { do: 'ignore', why: 'a copy of text the panel does not show' };
    case 'openExternal': {
      const t = checkTarget(m.target);
      if (!t) return { do: 'ignore', why: 'an explorer link to an invalid target' };
      const network = t.network ?? here?.target.network ?? s.selected;
      const base = s.explorerBase();
      const url = explorerUrl(base, t, network, s.apiUrl(network));
      return url && isUnderExplorer(url, base)
        ? { do: 'openExternal', url }
        : { do: 'ignore', why: 'an explorer link outside the configured explorer' };
    }
    case 'openBitcoin': {
      // Only an id the panel offers as a Bitcoin link: a webview cannot make the host open any page.
      if (!s.shown || !bitcoinRefs(s.shown).has(`${m.ref.kind}|${m.ref.id}`))
        return { do: 'ignore', why: 'a Bitcoin link the panel does not show' };
      const base = s.bitcoinExplorerBase();
      const url = bitcoinUrl(base, m.ref.kind, m.ref.id);
      return url && isUnderExplorer(url, base)
        ? { do: 'openExternal', url }
        : { do: 'ignore', why: 'a Bitcoin explorer link outside the configured Bitcoin explorer' };
    }
    case 'openSource': {
      const t = checkTarget(m.target);
      if (!t || t.kind !== 'contract') return { do: 'ignore', why: 'a source link to an invalid contract' };
      const network = t.network ?? here?.target.network;
      return { do: 'openSource', target: { ...t, ...(network ? { network } : {}) } };
    }
    case 'openErrorLine': {
      // Only a line the panel offers: a webview cannot make the host open any contract's source.
      const offered = s.shown?.sections.some(
        (x) => x.type === 'actions' && x.actions.some((a) => JSON.stringify(a.intent) === JSON.stringify(m)),
      );
      return offered ? { do: 'openErrorLine', line: m.line } : { do: 'ignore', why: 'a line the panel does not offer' };
    }
    case 'runCommand':
      return { do: 'runCommand', command: m.command === 'selectNetwork' ? Commands.selectNetwork : Commands.setApiKey };
    case 'retry':
      return here ? { do: 'navigate', entry: here, how: { reuse: true } } : { do: 'ignore' };
    case 'watch':
      return (here?.target.kind === 'tx' && s.shown?.kind === 'tx') ||
        (here?.target.kind === 'sbtcDeposit' && s.shown?.kind === 'sbtcDeposit')
        ? { do: 'watch', target: here.target }
        : { do: 'ignore', why: 'a watch while the panel shows no transaction' };
    case 'call': {
      const form = here?.target.kind === 'contract' && s.shown ? workbenchForm(s.shown, `fn:${m.fn}`) : undefined;
      if (!here || !form) return { do: 'ignore', why: 'a call of a function the panel offers no form for' };
      if (form.args.length !== m.args.length)
        return { do: 'ignore', why: 'a call with another number of arguments than its form' };
      return { do: 'call', target: here.target, fn: form.name, args: m.args, sender: m.sender, at: m.at };
    }
    case 'simulate': {
      const form = here?.target.kind === 'contract' && s.shown ? workbenchForm(s.shown, `public:${m.fn}`) : undefined;
      if (!here || !form) return { do: 'ignore', why: 'a simulation of a function the panel offers no form for' };
      if (form.args.length !== m.args.length)
        return { do: 'ignore', why: 'a simulation with another number of arguments than its form' };
      const pcs = m.postConditions ? { postConditions: m.postConditions } : {};
      return { do: 'simulate', target: here.target, fn: form.name, args: m.args, sender: m.sender, at: m.at, ...pcs };
    }
    case 'resimulate': {
      const offered = s.shown?.sections.some(
        (x) => x.type === 'actions' && x.actions.some((a) => JSON.stringify(a.intent) === JSON.stringify(m)),
      );
      return here?.target.kind === 'tx' && offered
        ? { do: 'resimulate', target: here.target, when: m.when }
        : { do: 'ignore', why: 'a re-simulation the panel does not offer' };
    }
    case 'read': {
      const form =
        here?.target.kind === 'contract' && s.shown ? workbenchForm(s.shown, `${m.what}:${m.name}`) : undefined;
      if (!here || !form) return { do: 'ignore', why: 'a read of state the panel offers no form for' };
      if ((m.what === 'map') !== (m.key !== undefined))
        return { do: 'ignore', why: 'a map read without a key, or a key for a variable' };
      return { do: 'read', target: here.target, what: m.what, name: form.name, key: m.key, at: m.at };
    }
    case 'trace': {
      const offered = s.shown?.sections.some(
        (x) => x.type === 'actions' && x.actions.some((a) => a.intent.type === 'trace'),
      );
      return here?.target.kind === 'tx' && offered
        ? { do: 'trace', act: { kind: 'run', target: here.target, earlier: m.earlier === true } }
        : { do: 'ignore', why: 'a trace the panel does not offer' };
    }
    case 'traceCancel':
      return { do: 'trace', act: { kind: 'cancel' } };
    case 'openTraceLine':
      return { do: 'trace', act: { kind: 'open', line: m.line } };
    case 'traceSetup':
      return { do: 'trace', act: { kind: 'setup', what: m.what } };
    case 'refresh':
      return here ? { do: 'navigate', entry: here, how: {} } : { do: 'ignore' };
    case 'back':
      return s.previous ? { do: 'navigate', entry: s.previous, how: { move: 'back' } } : { do: 'ignore' };
    case 'forward':
      return s.next ? { do: 'navigate', entry: s.next, how: { move: 'forward' } } : { do: 'ignore' };
  }
}

/** A link on the explorer's own origin, under its base path, with no user name or password. */
export function isUnderExplorer(url: string, base: string): boolean {
  const b = checkExplorerBase(base);
  if (!b.ok) return false;
  const u = new URL(url);
  const root = new URL(b.url);
  const under = root.pathname.endsWith('/') ? root.pathname : `${root.pathname}/`;
  return u.origin === root.origin && !u.username && !u.password && `${u.pathname}/`.startsWith(under);
}

/** The workbench form of a model with this id (`fn:<name>`, `var:<name>`, …). */
export function workbenchForm(model: ViewModel, id: string): WorkbenchForm | undefined {
  for (const sec of model.sections) if (sec.type === 'workbench') for (const f of sec.forms) if (f.id === id) return f;
  return undefined;
}

const copyable = new WeakMap<ViewModel, Set<string>>();
const bitcoinLinks = new WeakMap<ViewModel, Set<string>>();

/** Every value of a model, tables' cells and expanded rows included. */
function eachValue(model: ViewModel, f: (v: Value | undefined) => void): void {
  const walk = (sections: readonly Section[]) => {
    for (const s of sections) {
      if (s.type === 'fields') for (const r of s.rows) r.values.forEach(f);
      else if (s.type === 'table')
        for (const r of s.rows) {
          for (const cell of r.cells) cell.forEach(f);
          if (r.detail) walk(r.detail);
        }
    }
  };
  f(model.subject);
  model.badges.forEach(f);
  walk(model.sections);
}

/** The Bitcoin links the panel offers, as `kind|id`. */
export function bitcoinRefs(model: ViewModel): Set<string> {
  const known = bitcoinLinks.get(model);
  if (known) return known;
  const found = new Set<string>();
  eachValue(model, (v) => {
    if (v?.bitcoin) found.add(`${v.bitcoin.kind}|${v.bitcoin.id}`);
  });
  bitcoinLinks.set(model, found);
  return found;
}

/** The values the panel offers to copy: the full value of every identifier it shows. */
export function copyableTexts(model: ViewModel): Set<string> {
  const known = copyable.get(model);
  if (known) return known;
  const found = new Set<string>();
  eachValue(model, (v) => {
    if (v?.t === 'id') found.add(v.full ?? v.text);
  });
  copyable.set(model, found);
  return found;
}

// ---- what the host posts ---------------------------------------------------------------------

/** The most bytes of one message posted to a panel (its JSON, UTF-8). */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

/** The bytes of `m` as the webview receives it: its JSON in UTF-8. */
export function messageBytes(m: HostMessage): number {
  const json = JSON.stringify(m);
  // A UTF-16 unit is at most 3 bytes of UTF-8 (a pair, 2 units, is 4): a short text needs no count.
  if (json.length * 3 <= MAX_MESSAGE_BYTES) return json.length;
  let bytes = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < json.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/**
 * `m` when it is at most `max` bytes; otherwise what the panel shows instead, which says so: a
 * form's answer becomes an error under the form, a page an error state, an error's own text is cut.
 */
export function fitMessage(m: HostMessage, max = MAX_MESSAGE_BYTES): HostMessage {
  const bytes = messageBytes(m);
  if (bytes <= max) return m;
  switch (m.type) {
    case 'result':
      return {
        type: 'result',
        result: {
          form: clip(m.result.form, 200),
          state: 'error',
          message: l10n.t(
            'The answer is too large to show: {0} MB, and a panel shows at most {1} MB.',
            mb(bytes),
            mb(max),
          ),
          ...(m.result.at ? { at: clip(m.result.at, 500) } : {}),
        },
      };
    case 'render':
      return {
        type: 'error',
        title: clip(m.model.title, 200),
        message: l10n.t(
          'This page is too large to show: {0} MB, and a panel shows at most {1} MB.',
          mb(bytes),
          mb(max),
        ),
        actions: m.frame.canBack ? [{ label: l10n.t('Back'), icon: 'arrow-left', intent: { type: 'back' } }] : [],
        frame: m.frame,
        state: m.state,
      };
    case 'error':
      return { ...m, title: clip(m.title, 200), message: clip(m.message, 10_000) };
    case 'loading':
      return { ...m, title: clip(m.title, 200) };
    case 'formBusy':
      return { ...m, form: clip(m.form, 200) };
    case 'busy':
      return m;
    case 'trace':
      return {
        type: 'trace',
        trace: {
          state: 'failed',
          message: l10n.t(
            'The trace is too large to show: {0} MB, and a panel shows at most {1} MB.',
            mb(bytes),
            mb(max),
          ),
        },
      };
  }
}
